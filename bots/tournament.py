"""`make bots`: N classic games (default 100) of 8 bots (SEATS), played through the JSON API
against the app as `make run` serves it (started here on BOTS_PORT unless BOTS_URL is given),
with the seed's score table printed at the end, then the mafia's rate over the finished games
beside the balance estimate's for the same setup (the same programs in memory,
game/rulesets/classic/bot_table.py).

Each game, the moderator (a token of its own) creates a classic game, the bot accounts sign
up under their bots' names, the deal and the start follow; then each phase gives every living
bot its turns (by day `rounds` runs each, the first with the dawn) and the moderator ends the
phase at once. The bots run here, each in its own folder under var/bots/."""

import argparse
import json
import logging
import os
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from bots.game_view import DAY, Refused
from bots.http_api import HttpGameApi, ModeratorApi
from bots.http_client import JsonClient, ServerError
from bots.local_app import REPOSITORY, LocalApp, api_tokens
from bots.player import BotPlayer
from bots.programs import DEFAULT_ROUNDS, FOLDERS, MAX_PHASES, SEATS, seating
from bots.runner import BotFolder
from bots.scores import MAFIA, VILLAGE, Seat, render_table, score_table, winning_sides
from game.rulesets.balance import play_range, variants
from game.rulesets.balance.simulations import CLASSIC
from game.rulesets.wilson import Rate, wilson

log = logging.getLogger("bots")

FINISHED = "finished"
MODERATOR = "bots-moderator"
DEFAULT_PORT = 8950
WORK = REPOSITORY / "var" / "bots"
# Games of the balance estimate the bots' rate is shown beside.
ESTIMATE_GAMES = 1000
# The table so far is printed (on stderr) after every this many games.
PROGRESS_TABLE_EVERY = 10


@dataclass(frozen=True)
class Entrant:
    program: str
    name: str
    client: JsonClient


def play_game(
    moderator: ModeratorApi,
    accounts: Sequence[JsonClient],
    game_index: int,
    rounds: int,
    rng: random.Random,
    work: Path = WORK,
    programs: Sequence[str] = tuple(FOLDERS),
    bots_seed: str = "",
    seat_count: int = SEATS,
) -> list[Seat]:
    """One game of `programs` in `seat_count` seats; the bots' folders are under `work`. With
    `bots_seed`, each bot draws from its own seed (`runner.BotFolder`), named by it and its
    player's name."""
    game_id = moderator.game_create(f"Bots {game_index + 1}")
    seats = seating(game_index, rng, programs, seat_count)
    entrants = [
        Entrant(program, name, account)
        for (program, name), account in zip(seats, accounts, strict=True)
    ]
    for entrant in entrants:
        moderator.signup(entrant.client, game_id, entrant.name)
    moderator.start(game_id)
    folder = work / f"game-{game_id}" / "players"
    players = [
        BotPlayer(
            HttpGameApi(entrant.client, game_id),
            BotFolder.install(
                FOLDERS[entrant.program],
                folder / entrant.name,
                seed=f"{bots_seed} {entrant.name}" if bots_seed else "",
            ),
        )
        for entrant in entrants
    ]
    for _ in range(MAX_PHASES):
        phase = moderator.phase(game_id)
        if phase[0] is None:
            break
        for turn in range(rounds if phase[0] == DAY else 1):
            # The players of a round look and act at the same time, each on their own, as
            # players on their own machines would.
            with ThreadPoolExecutor(max_workers=len(players)) as pool:
                list(pool.map(lambda player, idle=turn > 0: player.step(run_idle=idle), players))
        if moderator.phase(game_id) == phase:
            try:
                moderator.phase_end_now(game_id, phase)
            except Refused as refusal:
                # The night may have ended itself once every action was in (C1).
                log.info("game %s: %s", game_id, refusal.message)
    status, roles, living = moderator.outcome(game_id)
    return seats_of(entrants, roles, living, status)


def seats_of(
    entrants: Sequence[Entrant], roles: dict[str, str], living: set[str], status: str
) -> list[Seat]:
    """Each bot's side and whether it won (C6: no mafioso alive, the village won; otherwise the
    game ended because the mafia won). A game that did not end counts for no one."""
    if status != FINISHED:
        log.warning("A game did not end within %s phases; it counts for no one.", MAX_PHASES)
        return []
    village_won = not any(roles[name] == "mafioso" for name in living)
    seats = []
    for entrant in entrants:
        side = MAFIA if roles[entrant.name] == "mafioso" else VILLAGE
        seats.append(Seat(entrant.program, side, won=(side == VILLAGE) == village_won))
    return seats


def tournament(
    url: str,
    tokens: dict[str, str],
    games: int,
    rounds: int,
    seed: int,
    programs: Sequence[str] = tuple(FOLDERS),
    seat_count: int = SEATS,
) -> str:
    rng = random.Random(seed)
    moderator = ModeratorApi(JsonClient(url, tokens[MODERATOR]))
    accounts = [JsonClient(url, tokens[_bot_user(seat)]) for seat in range(seat_count)]
    seats: list[Seat] = []
    winners: list[str] = []
    failed = 0
    started = time.monotonic()
    for index in range(games):
        try:
            played = play_game(
                moderator, accounts, index, rounds, rng, programs=programs, seat_count=seat_count
            )
            seats += played
            winners += winning_sides(played)
        except (ServerError, Refused) as error:
            # One game's failure (a server error, a refused set-up) costs that game only.
            failed += 1
            log.error("game %s failed and counts for no one: %s", index + 1, error)
        elapsed = time.monotonic() - started
        print(f"game {index + 1}/{games} done ({elapsed:.0f} s)", file=sys.stderr, flush=True)
        if (index + 1) % PROGRESS_TABLE_EVERY == 0 and index + 1 < games:
            print(render_table(score_table(seats)), file=sys.stderr, flush=True)
    summary = (
        f"{games - failed} games played, {failed} failed, {time.monotonic() - started:.0f} s\n"
    )
    comparison = estimate_comparison(winners, seat_count) if set(programs) == set(FOLDERS) else ""
    return render_table(score_table(seats)) + summary + comparison


def estimate_comparison(
    winners: Sequence[str], seat_count: int, estimate_games: int = ESTIMATE_GAMES
) -> str:
    """The mafia's rate over the finished games, and the balance estimate's for the same setup
    (the classic counts for `seat_count`, C7), played by the same programs in memory as the
    estimate plays them."""
    bots = wilson(winners.count(MAFIA), len(winners))
    setup = variants(CLASSIC, CLASSIC.defaults(seat_count), seat_count)[0]
    won = play_range(CLASSIC, setup, "make bots", 0, estimate_games)
    estimate = wilson(won[MAFIA], estimate_games)
    inside = "within" if bots.low <= estimate.rate <= bots.high else "OUTSIDE"
    return (
        f"The mafia won {bots.wins} of the {bots.games} finished games: {_rate(bots)}.\n"
        f"The balance estimate of this setup, {estimate_games} games of the same bots in memory: "
        f"{_rate(estimate)}, {inside} the bots' interval.\n"
    )


def _rate(rate: Rate) -> str:
    return f"{rate.rate:.3f} [{rate.low:.3f}, {rate.high:.3f}] (95 %)"


def _bot_user(seat: int) -> str:
    return f"bot-{seat + 1}"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=int(os.environ.get("GAMES", 100)))
    parser.add_argument("--rounds", type=int, default=int(os.environ.get("ROUNDS", DEFAULT_ROUNDS)))
    parser.add_argument(
        "--seats",
        type=int,
        default=int(os.environ.get("SEATS", SEATS)),
        help="players a game (6 or more, C7); the classic counts for that number",
    )
    parser.add_argument("--seed", type=int, default=int(os.environ.get("SEED", 2)))
    parser.add_argument(
        "--programs",
        default=os.environ.get("PROGRAMS", ",".join(FOLDERS)),
        help=f"the programs that play, comma-separated, among {', '.join(FOLDERS)}",
    )
    parser.add_argument("--url", default=os.environ.get("BOTS_URL", ""))
    parser.add_argument(
        "--tokens",
        type=Path,
        default=os.environ.get("BOTS_TOKENS") or None,
        help="with --url: a JSON file {username: token} for bots-moderator and bot-1 … bot-8, "
        "as `manage.py api_tokens` prints it",
    )
    parser.add_argument("--port", type=int, default=int(os.environ.get("BOTS_PORT", DEFAULT_PORT)))
    args = parser.parse_args(argv)
    programs = [name for name in args.programs.split(",") if name]
    if not programs or set(programs) - set(FOLDERS):
        parser.error(f"--programs: choose among {', '.join(FOLDERS)}")
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    users = [MODERATOR, *(_bot_user(seat) for seat in range(args.seats))]
    if args.url:
        if args.tokens is None:
            parser.error("--url needs --tokens")
        table = tournament(
            args.url,
            json.loads(args.tokens.read_text()),
            args.games,
            args.rounds,
            args.seed,
            programs,
            args.seats,
        )
    else:
        with LocalApp(args.port, WORK / "app.log") as app:
            tokens = api_tokens(users, port=args.port)
            table = tournament(
                app.url, tokens, args.games, args.rounds, args.seed, programs, args.seats
            )
    print(table, end="")


if __name__ == "__main__":
    main()
