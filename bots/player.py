"""One seed-002 bot playing one game as a player: it reads, in order, every message the seed
says it receives since it last ran (C10), each in its own run as the seed's controller runs it,
composed from the game's record (the deaths and their roles, the votes, the sayings, its own
results), never guessed; its answers to the open phase become the player's votes, sayings in
Town Square and night actions, through a `GameApi`. An answer to a phase that has ended, and
any answer the protocol cannot read or the rules refuse, is no action (C10): it is written to
the bot's log (`<folder>.log`, beside its folder), for its author. The bot runs on this
machine; the server sees only the actions."""

from dataclasses import dataclass

from bots import protocol
from bots.game_view import (
    DAY,
    EXECUTED,
    KILLED,
    NIGHT,
    GameApi,
    GameView,
    Refused,
    Said,
    Voted,
    moment,
)
from bots.protocol import DAY_ACTIONS, Nonsense, Say, Vote
from bots.runner import BotFolder

NIGHT_ROLES = frozenset(protocol.NIGHT_PROMPTS)
LATE = "the phase has ended: the answer is no action (C10)."


@dataclass(frozen=True)
class Turn:
    """What happened in one run of the bot: the message it read, what it answered, the command
    that answer became (None: no action) and, when it became none, why."""

    phase: tuple[str, int]
    from_server: str
    to_server: str
    command: object
    problem: str | None = None


def position(phase: str, number: int) -> int:
    """Phases in order (C1): day 0, night 0, day 1, night 1, …"""
    return 2 * number + (1 if phase == NIGHT else 0)


def phase_at(index: int) -> tuple[str, int]:
    return (NIGHT if index % 2 else DAY), index // 2


class BotPlayer:
    def __init__(self, api: GameApi, folder: BotFolder, day_actions: int = DAY_ACTIONS) -> None:
        self.api = api
        self.folder = folder
        self.day_actions = day_actions
        self.opened = -1  # the last phase whose opening message the bot has read
        self.heard: set[tuple[str, int]] = set()  # the votes and sayings it has read
        self.actions: dict[int, int] = {}  # actions taken, by day
        self.players_written = False
        self.turns: list[Turn] = []

    @property
    def name(self) -> str:
        return self.folder.path.name

    def step(self, run_idle: bool = True) -> list[Turn]:
        """One look at the game. Every message of the phases that ended since the bot last ran
        comes first, one run each, its answer no action; then the open phase's opening (the
        dawn, the night's prompt), or by day what was voted and said since the bot's last run,
        or nothing when `run_idle`, until its actions for the day are spent. Dead players and
        finished games run nothing."""
        view = self.api.view()
        if not view.running:
            return []
        if not self.players_written:
            self.folder.write_players(view.names)
            self.players_written = True
        if view.me not in view.alive:
            return []
        now = position(view.phase, view.number)
        turns = [self._told(phase, message) for phase, message in self._missed(view, now)]
        if now > self.opened:
            self.opened = now
            if view.phase == DAY:
                opening = self._opening(view, view.number)
                turns.append(self._day_turn(view, opening))
            elif view.role in NIGHT_ROLES:
                turns.append(self._night_turn(view))
        elif view.phase == DAY and self.actions.get(view.number, 0) < self.day_actions:
            chatter = self._chatter(view, view.number)
            if chatter or run_idle:
                turns.append(self._day_turn(view, chatter))
        return turns

    def _missed(self, view: GameView, now: int) -> list[tuple[tuple[str, int], str]]:
        """The messages of the phases that ended since the bot last ran, in order: of a day, the
        rest of its votes and sayings and its result (from day 1); of a day it slept through,
        its dawn first. A night's prompt whose night has ended is not asked: its answer could
        not be taken."""
        missed = []
        for index in range(max(self.opened, 0), now):
            phase, number = phase_at(index)
            if phase != DAY:
                continue
            if index > self.opened:
                missed.append(((phase, number), self._opening(view, number)))
            chatter = self._chatter(view, number)
            if chatter:
                missed.append(((phase, number), chatter))
            if number > 0:
                missed.append(((phase, number), self._result(view, number)))
        return missed

    def _opening(self, view: GameView, day: int) -> str:
        """Day 0's greeting, or the dawn of `day` from the record: the night's victim and the
        role it revealed, the cop's own result, the players alive at that dawn in seat order."""
        if day == 0:
            return protocol.day_zero_message(view.role or "villager", view.allies)
        night = day - 1
        victim = next((d for d in view.deaths if d.cause == KILLED and d.day == night), None)
        # Night N's kill comes at the dawn of day N + 1, any other death of day N at its end:
        # either way before the dawn of day N + 1 (C1).
        gone = {d.name for d in view.deaths if d.day < day}
        result = next((r for r in view.results if r.night == night), None)
        return protocol.dawn_message(
            day,
            [seat.name for seat in view.seats if seat.alive or seat.name not in gone],
            victim=victim.name if victim else None,
            victim_role=victim.role if victim else None,
            investigation=protocol.Investigation(result.target, result.alignment)
            if result
            else None,
        )

    def _result(self, view: GameView, day: int) -> str:
        executed = next((d for d in view.deaths if d.cause == EXECUTED and d.day == day), None)
        return protocol.execution_message(
            executed.name if executed else None, executed.role if executed else None
        )

    def _chatter(self, view: GameView, day: int) -> str:
        """The day's votes and sayings the bot has not read yet, in the order they happened;
        a post that is not one of the seed's messages is nobody's saying."""
        events: list[Voted | Said] = [v for v in view.votes if v.day == day]
        events += [s for s in self.api.sayings(day) if protocol.parse_said(s.text, view.names)]
        lines = []
        for event in sorted(events, key=lambda e: (moment(e.at), isinstance(e, Said), e.id)):
            key = ("vote" if isinstance(event, Voted) else "said", event.id)
            if key in self.heard:
                continue
            self.heard.add(key)
            if isinstance(event, Voted):
                lines.append(protocol.vote_line(event.voter, event.target))
            else:
                lines.append(protocol.say_line(event.speaker, event.text))
        return "".join(f"{line}\n" for line in lines)

    def _told(self, phase: tuple[str, int], message: str) -> Turn:
        """A message of a phase that has ended: the bot reads it; its answer is no action."""
        answer = self.folder.ask(message)
        problem = answer.problem or (LATE if answer.to_server.strip() else None)
        return self._record(Turn(phase, message, answer.to_server, None, problem))

    def _night_turn(self, view: GameView) -> Turn:
        message = protocol.night_message(view.role)
        answer = self.folder.ask(message)
        choice = protocol.parse_night_answer(answer.to_server, view.names)
        problem = answer.problem
        command: object = choice
        if isinstance(choice, Nonsense):
            command, problem = None, _nonsense(choice)
        else:
            try:
                self.api.night_action(view.number, choice.target)
            except Refused as refusal:
                command, problem = None, _refused(choice, refusal)
        return self._record(Turn((NIGHT, view.number), message, answer.to_server, command, problem))

    def _day_turn(self, view: GameView, message: str) -> Turn:
        answer = self.folder.ask(message)
        command: object = protocol.parse_day_answer(answer.to_server, view.names)
        problem = answer.problem
        if isinstance(command, Nonsense):
            command, problem = None, _nonsense(command)
        elif isinstance(command, Vote) and view.number == 0:
            command, problem = None, "Votes are ignored on day 0, as the seed says (C1)."
        elif isinstance(command, Vote | Say):
            try:
                self._act(view, command)
            except Refused as refusal:
                command, problem = None, _refused(command, refusal)
            else:
                self.actions[view.number] = self.actions.get(view.number, 0) + 1
        return self._record(Turn((DAY, view.number), message, answer.to_server, command, problem))

    def _act(self, view: GameView, command: Vote | Say) -> None:
        if isinstance(command, Say):
            self.api.say(view.number, command.text)
        else:
            self.api.vote(view.number, command.target)

    def _record(self, turn: Turn) -> Turn:
        self.turns.append(turn)
        if turn.problem:
            self.folder.log_problem(
                f"{turn.phase[0]} {turn.phase[1]}",
                turn.to_server,
                turn.problem,
                # The seed's controller ignores answers to the day's result: no warning.
                warn=turn.problem != LATE,
            )
        return turn


def _nonsense(nonsense: Nonsense) -> str:
    return f"nonsense {nonsense.line!r}: {nonsense.why} No action (C10)."


def _refused(command: object, refusal: Refused) -> str:
    return f"{command} refused: {refusal.message} No action (C10)."
