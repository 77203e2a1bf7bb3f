"""`make bots RULESET=hp`: GAMES HP games (seed 000, default 100) of bots at each number of
players in PLAYERS (default 10; e.g. 5,10,20), played through the JSON API against the app as
`make run` serves it (started here on BOTS_PORT unless BOTS_URL is given), with the mafias' win
ratio printed for each number of players.

Each game, the moderator (a token of its own) creates an HP game with bots, the bot accounts
sign up under their bots' names, the deal (H1) and the start follow; then at each step (a night,
a vote) every living bot asked to choose runs (bots.hp_player), and when the step still waits
for a bot whose answers were no action, the moderator ends it at once, as its deadline would."""

import argparse
import json
import logging
import os
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bots.game_view import Refused
from bots.hp_player import HpBotPlayer, HttpHpApi
from bots.http_api import ModeratorApi
from bots.http_client import JsonClient, ServerError
from bots.local_app import LocalApp, api_tokens
from bots.programs import seating
from bots.runner import BOT_PROGRAMS, BotFolder
from bots.tournament import DEFAULT_PORT, MODERATOR, WORK

log = logging.getLogger("bots")

# The programs that play HP games, by the name their players take (with a number).
PROGRAMS = {"Randy": BOT_PROGRAMS / "randy"}
DEFAULT_PLAYERS = (10,)
MAX_PLAYERS = 20
MAFIA = "mafia"
# Every round ends with one player out (H8): a game of n players has at most n rounds of a
# night and three votes.
MAX_STEPS = 4 * MAX_PLAYERS


class HpModeratorApi(ModeratorApi):
    """What `make bots RULESET=hp` does as the moderator of its HP games."""

    def game_create(self, name: str) -> int:
        return self.client.post(
            "/games", {"name": name, "ruleset": "hp", "phase_minutes": 60 * 24, "bots": True}
        )["id"]

    def step(self, game_id: int) -> tuple[int, str, int] | None:
        """The open step (round, night or day, vote); None once the game is over."""
        seen = self.client.get(f"/games/{game_id}/hp")
        return None if seen["finished"] else (seen["number"], seen["phase"], seen["ballot"])

    def step_end_now(self, game_id: int, step: tuple[int, str, int]) -> None:
        number, phase, ballot = step
        self.client.post(
            f"/games/{game_id}/hp/step/end",
            {"number": number, "phase": phase, "ballot": max(ballot, 1)},
        )

    def mafias_won(self, game_id: int) -> bool | None:
        """H9: whether the mafias won; None for a game that has not ended."""
        game = self.client.get(f"/games/{game_id}")["game"]
        return None if game["status"] != "finished" else game["winner"] == MAFIA


def play_hp_game(
    moderator: HpModeratorApi,
    accounts: Sequence[JsonClient],
    game_index: int,
    rng: random.Random,
    work: Path = WORK,
    programs: Sequence[str] = tuple(PROGRAMS),
) -> bool | None:
    """One HP game of len(accounts) bots; whether the mafias won (None: it did not end)."""
    game_id = moderator.game_create(f"HP bots {game_index + 1}")
    seats = seating(game_index, rng, programs, seats=len(accounts))
    for (_, name), account in zip(seats, accounts, strict=True):
        moderator.signup(account, game_id, name)
    moderator.start(game_id)
    folder = work / f"hp-game-{game_id}" / "players"
    players = [
        HpBotPlayer(
            HttpHpApi(account, game_id), BotFolder.install(PROGRAMS[program], folder / name)
        )
        for (program, name), account in zip(seats, accounts, strict=True)
    ]
    for _ in range(MAX_STEPS):
        step = moderator.step(game_id)
        if step is None:
            break
        # Everyone asked looks and answers at once, as players on their own machines would.
        with ThreadPoolExecutor(max_workers=len(players)) as pool:
            list(pool.map(HpBotPlayer.step, players))
        if moderator.step(game_id) == step:
            try:
                moderator.step_end_now(game_id, step)
            except Refused as refusal:
                log.info("game %s: %s", game_id, refusal.message)
    return moderator.mafias_won(game_id)


def win_ratio_line(players: int, mafia_wins: int, games: int, failed: int) -> str:
    ratio = f"{mafia_wins / games:.3f}" if games else "-"
    return f"{players:>7}  {games:>5}  {mafia_wins:>10}  {ratio:>11}  {failed:>6}\n"


def tournament(
    url: str,
    tokens: dict[str, str],
    games: int,
    sizes: Sequence[int],
    seed: int,
    programs: Sequence[str] = tuple(PROGRAMS),
) -> str:
    rng = random.Random(seed)
    moderator = HpModeratorApi(JsonClient(url, tokens[MODERATOR]))
    table = "players  games  mafia wins  mafia ratio  failed\n"
    started = time.monotonic()
    for size in sizes:
        accounts = [JsonClient(url, tokens[bot_user(seat)]) for seat in range(size)]
        ended = mafia_wins = failed = 0
        for index in range(games):
            try:
                won = play_hp_game(moderator, accounts, index, rng, programs=programs)
            except (ServerError, Refused) as error:
                won = None
                log.error("game %s failed and counts for no one: %s", index + 1, error)
            if won is None:
                failed += 1
            else:
                ended, mafia_wins = ended + 1, mafia_wins + won
            elapsed = time.monotonic() - started
            print(f"{size} players: game {index + 1}/{games} ({elapsed:.0f} s)", file=sys.stderr)
        table += win_ratio_line(size, mafia_wins, ended, failed)
    return table + f"{time.monotonic() - started:.0f} s\n"


def bot_user(seat: int) -> str:
    return f"bot-{seat + 1}"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=int(os.environ.get("GAMES", 100)))
    parser.add_argument(
        "--players",
        default=os.environ.get("PLAYERS", ",".join(map(str, DEFAULT_PLAYERS))),
        help=f"numbers of players, comma-separated, from 5 to {MAX_PLAYERS}",
    )
    parser.add_argument("--seed", type=int, default=int(os.environ.get("SEED", 2)))
    parser.add_argument("--url", default=os.environ.get("BOTS_URL", ""))
    parser.add_argument(
        "--tokens",
        type=Path,
        default=os.environ.get("BOTS_TOKENS") or None,
        help="with --url: a JSON file {username: token} for bots-moderator and bot-1 … bot-N",
    )
    parser.add_argument("--port", type=int, default=int(os.environ.get("BOTS_PORT", DEFAULT_PORT)))
    args = parser.parse_args(argv)
    sizes = [int(size) for size in args.players.split(",") if size.strip()]
    if not sizes or any(not 5 <= size <= MAX_PLAYERS for size in sizes):
        parser.error(f"--players: numbers from 5 to {MAX_PLAYERS} (H1)")
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    if args.url:
        if args.tokens is None:
            parser.error("--url needs --tokens")
        tokens = json.loads(args.tokens.read_text())
        print(tournament(args.url, tokens, args.games, sizes, args.seed), end="")
        return
    users = [MODERATOR, *(bot_user(seat) for seat in range(max(sizes)))]
    with LocalApp(args.port, WORK / "app.log") as app:
        tokens = api_tokens(users, port=args.port)
        print(tournament(app.url, tokens, args.games, sizes, args.seed), end="")


if __name__ == "__main__":
    main()
