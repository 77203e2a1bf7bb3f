"""A classic game (seed 002, C1-C8) played in memory by this repository's bot programs, as
`make bots` plays one through the app: the same programs (`respond`, bots/programs.py), the same
client (`BotPlayer`, which composes the seed's messages and reads the answers, C10), seated and
given turns as `make bots` gives them, against the classic rule set's own pure rules: the night
through `nights.resolve`, the day through `day_outcome`, the win through `win.winner`, and every
refusal the app gives a bot's action. The balance estimate plays thousands of these in the
worker (balance/simulations.py); nothing here touches a database or a file.

The players of a turn look and act at the same time, as the threads of `make bots` do: what one
of them does in a turn, the others read from the next turn on."""

import datetime as dt
import random
from collections.abc import Mapping, Sequence
from pathlib import PurePath

from bots.game_view import (
    DAY,
    EXECUTED,
    KILLED,
    NIGHT,
    RUNNING,
    Death,
    GameView,
    Investigated,
    Refused,
    Said,
    Seat,
    Voted,
)
from bots.player import BotPlayer
from bots.programs import DEFAULT_ROUNDS, FOLDERS, MAX_PHASES, RESPONDERS, Respond, seating
from bots.runner import BotAnswer
from game.rulesets.base import PlayerStatus
from game.rulesets.classic import CLASSIC
from game.rulesets.classic.day import CLASSIC_DAY, day_outcome
from game.rulesets.classic.roles.mafioso import ROLE as MAFIOSO
from game.rulesets.nights import Choice, NightState, resolve
from game.rulesets.phases import draw_rng, night_choice_refusal
from game.rulesets.setup import deal_by_counts

FINISHED = "finished"
START = dt.datetime(2000, 1, 1, tzinfo=dt.UTC)


class MemoryGame:
    """One classic game's state, and each seat's view of it through `SeatApi`."""

    def __init__(self, roles: Mapping[str, str], seed: str) -> None:
        self.names = list(roles)  # in seat order (C9)
        self.roles = dict(roles)
        # The rules count players by number: each name's seat, from 1.
        self.ids = {name: seat for seat, name in enumerate(self.names, 1)}
        self.specs = {name: CLASSIC.role(role) for name, role in self.roles.items()}
        self.seed = seed
        self.living = set(roles)
        self.status, self.phase, self.number = RUNNING, DAY, 0
        self.winner: str | None = None
        self.deaths: list[Death] = []
        self.votes: list[tuple[int, Voted]] = []  # (the turn it was cast in, the vote)
        self.said: list[tuple[int, int, Said]] = []  # (turn, day, saying)
        self.ballots: dict[str, str | None] = {}
        self.choices: dict[str, str | None] = {}
        self.self_choices: dict[str, int] = {}
        self.results: dict[str, list[Investigated]] = {}
        self.turn = 0
        self.events = 0

    def end_turn(self) -> None:
        self.turn += 1

    def stamp(self) -> tuple[int, str]:
        """A new event's id and moment, in the order events happen."""
        self.events += 1
        return self.events, (START + dt.timedelta(microseconds=self.events)).isoformat()

    def end_phase(self) -> None:
        """C1: the day's vote (from day 1), then the night, each followed by the win check."""
        if self.phase == DAY:
            if self.number > 0:
                self._count_votes()
            self.phase, self.choices = NIGHT, {}
        else:
            self._resolve_night()
            self.phase, self.number, self.ballots = DAY, self.number + 1, {}
        self._check_win()

    def _count_votes(self) -> None:
        """C5: every living player's latest vote, a missing one for no one; ties drawn (C8)."""
        ids = self.ids
        ballots = {ids[v]: ids.get(t) for v, t in self.ballots.items() if v in self.living}
        living = sorted(ids[name] for name in self.living)
        executed = day_outcome(ballots, living, draw_rng(self.seed, f"day {self.number}")).executed
        if executed is not None:
            self._die(self.names[executed - 1], EXECUTED)

    def _resolve_night(self) -> None:
        """C2-C4 by the roles' own effects; a cop alive at dawn learns the alignment."""
        ids, specs = self.ids, self.specs
        state = NightState(
            number=self.number,
            living=frozenset(ids[name] for name in self.living),
            roles={ids[name]: (role,) for name, role in self.roles.items()},
            alignments={ids[name]: spec.alignment for name, spec in specs.items()},
            choices=[
                Choice(ids[actor], specs[actor].night_action.code, ids.get(target))
                for actor, target in self.choices.items()
            ],
            seats=tuple(ids.values()),
        )
        outcome = resolve(state, CLASSIC, draw_rng(self.seed, f"night {self.number}"))
        for actor, target in self.choices.items():
            if actor == target:
                self.self_choices[actor] = self.self_choices.get(actor, 0) + 1
        for result in outcome.results:
            cop = self.names[result.player - 1]
            target = self.choices[cop]
            found = Investigated(self.number, target, specs[target].alignment)
            self.results.setdefault(cop, []).append(found)
        for victim in outcome.victims:
            self._die(self.names[victim - 1], KILLED)

    def _die(self, name: str, cause: str) -> None:
        self.living.discard(name)
        self.deaths.append(Death(name, self.number, cause, self.roles[name]))

    def _check_win(self) -> None:
        """C6."""
        self.winner = CLASSIC.winner(
            PlayerStatus(seat, self.roles[name], name in self.living)
            for seat, name in enumerate(self.names, 1)
        )
        if self.winner is not None:
            self.status, self.phase = FINISHED, None

    def view(self, me: str) -> GameView:
        """What `me` sees: their role and allies (C7), the dead's roles (C6), every vote and
        their own results; what others did this turn shows from the next."""
        mafia = [name for name in self.names if self.roles[name] == MAFIOSO.code]
        allies = tuple(a for a in mafia if a != me) if me in mafia else ()
        known = {me, *allies, *(death.name for death in self.deaths)}
        return GameView(
            status=self.status,
            phase=self.phase,
            number=self.number,
            me=me,
            role=self.roles[me],
            allies=allies,
            seats=tuple(
                Seat(n, n in self.living, self.roles[n] if n in known else None, n)
                for n in self.names
            ),
            deaths=tuple(self.deaths),
            votes=tuple(vote for turn, vote in self.votes if turn < self.turn),
            results=tuple(self.results.get(me, ())),
        )


class SeatApi:
    """One seat's `GameApi` on a `MemoryGame`: the refusals are the app's (C1-C5, C9)."""

    def __init__(self, game: MemoryGame, me: str) -> None:
        self.game = game
        self.me = me

    def view(self) -> GameView:
        return self.game.view(self.me)

    def sayings(self, day: int) -> Sequence[Said]:
        return [s for turn, d, s in self.game.said if d == day and turn < self.game.turn]

    def _today(self, day: int) -> None:
        game = self.game
        if game.phase != DAY or game.number != day:
            raise Refused(CLASSIC_DAY.texts.closed.format(day=day))
        if self.me not in game.living:
            raise Refused(CLASSIC_DAY.texts.dead_voter)

    def vote(self, day: int, target: str | None) -> None:
        self._today(day)
        if day == 0:
            raise Refused(CLASSIC_DAY.texts.no_vote_day)
        if target is not None and target not in self.game.living:
            raise Refused(CLASSIC_DAY.texts.dead_target.format(name=target, what="your vote"))
        self.game.ballots[self.me] = target
        event, at = self.game.stamp()
        self.game.votes.append((self.game.turn, Voted(event, day, self.me, target, at)))

    def say(self, day: int, text: str) -> None:
        self._today(day)
        event, at = self.game.stamp()
        self.game.said.append((self.game.turn, day, Said(event, self.me, text, at)))

    def night_action(self, night: int, target: str | None) -> None:
        game = self.game
        if game.phase != NIGHT or game.number != night:
            raise Refused(f"Night {night} is not open.")
        refusal = night_choice_refusal(
            game.specs[self.me],
            actor_alive=self.me in game.living,
            choosing_self=target == self.me,
            target_alive=target is None or target in game.living,
            earlier_self_choices=game.self_choices.get(self.me, 0),
        )
        if refusal:
            raise Refused(refusal)
        game.choices[self.me] = target


class MemoryFolder:
    """A bot program run in this process instead of in its folder: `respond` with what it
    remembers between runs, and each run's seed as `BotFolder` gives it (`BOT_SEED`)."""

    def __init__(self, name: str, respond: Respond, seed: str) -> None:
        self.path = PurePath(name)
        self.respond = respond
        self.seed = seed
        self.runs = 0
        self.memory: dict = {}
        self.players: list[str] = []

    def write_players(self, names: Sequence[str]) -> None:
        self.players = list(names)

    def ask(self, from_server: str) -> BotAnswer:
        self.runs += 1
        rng = random.Random(f"{self.seed} {self.runs}")
        try:
            return BotAnswer(
                self.respond(self.memory, self.players, self.path.name, from_server, rng)
            )
        except Exception as error:  # noqa: BLE001 (a failing program answers nothing, as in its folder)
            return BotAnswer("", f"failed: {error!r}")

    def log_problem(self, turn: str, to_server: str, problem: str, *, warn: bool = True) -> None:
        """A game of thousands keeps no bot's log."""


def play(
    roles: Mapping[str, str],
    programs: Mapping[str, str],
    seed: str,
    rounds: int = DEFAULT_ROUNDS,
) -> MemoryGame:
    """One game of `programs` (player name: program) dealt `roles`, played turn by turn as
    `make bots` plays it; its `winner` is None when it has not ended in `MAX_PHASES` phases."""
    game = MemoryGame(roles, seed)
    players = [
        BotPlayer(
            SeatApi(game, name), MemoryFolder(name, RESPONDERS[programs[name]], f"{seed} {name}")
        )
        for name in roles
    ]
    for _ in range(MAX_PHASES):
        if game.status != RUNNING:
            break
        for turn in range(rounds if game.phase == DAY else 1):
            order = list(players)
            draw_rng(seed, f"turn {game.phase} {game.number} {turn}").shuffle(order)
            for player in order:
                player.step(run_idle=turn > 0)
            game.end_turn()
        game.end_phase()
    return game


def winner_of(counts: Mapping[str, int], players: int, seed: str) -> str | None:
    """One game of the seed's bots for the balance estimate: seated as `make bots` seats them
    (the programs in turn from a drawn place), the classic counts dealt at random (C7, C8)."""
    offset = draw_rng(seed, "seating").randrange(len(FOLDERS))
    seats = seating(offset, draw_rng(seed, "seats"), seats=players)
    programs = dict((name, program) for program, name in seats)
    dealt, _ = deal_by_counts(list(programs), counts, {}, "villager", draw_rng(seed, "deal"))
    return play({name: dealt[name] for name in programs}, programs, seed).winner
