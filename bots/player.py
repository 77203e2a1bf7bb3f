"""One seed-002 bot playing one game as a player: at each phase it gets the seed's messages in
its `from_server` file, and its answers become the player's votes, sayings in Town Square and
night actions, through a `GameApi`. The bot runs on this machine; the server sees only the
actions."""

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bots import protocol
from bots.game_view import (
    DAY,
    NIGHT,
    Event,
    GameApi,
    GameView,
    Investigated,
    Refused,
    Revealed,
    Said,
    Voted,
)
from bots.protocol import DAY_ACTIONS, NightChoice, Nonsense, Pass, Say, Vote
from bots.runner import BotFolder

log = logging.getLogger(__name__)

NIGHT_ROLES = frozenset(protocol.NIGHT_PROMPTS)


@dataclass(frozen=True)
class Turn:
    """What happened in one run of the bot: the message it read, what it answered, the command
    that answer became and, when the answer was refused or nonsense, why."""

    phase: tuple[str, int]
    from_server: str
    to_server: str
    command: object
    problem: str | None = None


class BotPlayer:
    def __init__(self, api: GameApi, folder: BotFolder, day_actions: int = DAY_ACTIONS) -> None:
        self.api = api
        self.folder = folder
        self.day_actions = day_actions
        self.phase: tuple[str, int] | None = None
        self.actions_today = 0
        self.cursor: str | None = None
        self.alive_at_last_phase: set[str] = set()
        self.results: dict[int, Investigated] = {}
        self.revealed: dict[str, str] = {}
        self.players_written = False
        self.turns: list[Turn] = []

    @property
    def name(self) -> str:
        return self.folder.path.name

    def step(self, run_idle: bool = True) -> list[Turn]:
        """One look at the game. A new phase gives the bot its opening messages (the end of the
        day's vote, the night's prompt, the dawn); by day the bot then runs again with what was
        voted and said since its last run, or with nothing when `run_idle`, until its actions for
        the day are spent. Dead players and finished games run nothing."""
        view = self.api.view()
        if not view.running:
            return []
        if not self.players_written:
            self.folder.write_players(view.names)
            self.players_written = True
        events, self.cursor = self.api.events_since(self.cursor)
        lines = self._heard(events, view)
        if view.me not in view.alive:
            return []
        phase = (view.phase, view.number)
        if phase != self.phase:
            turns = self._phase_opens(view, lines)
            self.phase = phase
            self.alive_at_last_phase = set(view.alive)
            return turns
        if view.phase == DAY and (lines or run_idle) and self.actions_today < self.day_actions:
            return [self._day_turn(view, _text(lines))]
        return []

    def _heard(self, events: Sequence[Event], view: GameView) -> list[str]:
        lines = []
        for event in events:
            if isinstance(event, Voted):
                lines.append(protocol.vote_line(event.voter, event.target))
            elif isinstance(event, Said):
                if protocol.parse_said(event.text, view.names) is not None:
                    lines.append(protocol.say_line(event.speaker, event.text))
            elif isinstance(event, Investigated):
                self.results[event.night] = event
            elif isinstance(event, Revealed):
                self.revealed[event.name] = event.role
        return lines

    def _phase_opens(self, view: GameView, lines: list[str]) -> list[Turn]:
        turns = []
        died = sorted(self.alive_at_last_phase - set(view.alive))
        if view.phase == NIGHT:
            if self.phase is not None and self.phase[1] > 0:
                turns.append(self._told(view, self._vote_result(view, died)))
            if view.role in NIGHT_ROLES:
                turns.append(self._night_turn(view))
            return turns
        self.actions_today = 0
        if view.number == 0:
            opening = protocol.day_zero_message(view.role or "villager", view.allies)
        else:
            victim = died[0] if died else None
            opening = protocol.dawn_message(
                view.number,
                view.alive,
                victim=victim,
                victim_role=self._role_of(view, victim) if victim else None,
                investigation=self._investigation(view.number - 1),
            )
        return [self._day_turn(view, opening)]

    def _vote_result(self, view: GameView, died: list[str]) -> str:
        executed = died[0] if died else None
        role = self._role_of(view, executed) if executed else None
        return protocol.execution_message(executed, role)

    def _role_of(self, view: GameView, name: str) -> str | None:
        """The role the death revealed (C6), or the one the player's view shows; None, which
        the protocol refuses to word, if the server told neither."""
        seat = view.seat(name)
        return self.revealed.get(name) or (seat.role if seat is not None else None)

    def _investigation(self, night: int) -> protocol.Investigation | None:
        found = self.results.get(night)
        return protocol.Investigation(found.target, found.alignment) if found else None

    def _told(self, view: GameView, message: str) -> Turn:
        """A message the bot reads and whose answer is ignored (the seed's end of the day)."""
        answer = self.folder.ask(message)
        turn = Turn((view.phase, view.number), message, answer.to_server, None, answer.problem)
        self.turns.append(turn)
        return turn

    def _night_turn(self, view: GameView) -> Turn:
        message = protocol.night_message(view.role)
        answer = self.folder.ask(message)
        choice = protocol.parse_night_answer(answer.to_server, view.names)
        problem = answer.problem
        if isinstance(choice, Nonsense):
            problem = self._nonsense(choice)
            choice = NightChoice(None)
        try:
            self.api.night_action(view.number, choice.target)
        except Refused as refusal:
            problem = self._refused(choice, refusal)
            choice = NightChoice(None)
            self._no_one(lambda: self.api.night_action(view.number, None))
        turn = Turn((view.phase, view.number), message, answer.to_server, choice, problem)
        self.turns.append(turn)
        return turn

    def _day_turn(self, view: GameView, message: str) -> Turn:
        answer = self.folder.ask(message)
        command = protocol.parse_day_answer(answer.to_server, view.names)
        problem = answer.problem
        if not isinstance(command, Pass):
            self.actions_today += 1
        if isinstance(command, Nonsense):
            problem = self._nonsense(command)
            command = Vote(None)
        try:
            self._act(view, command)
        except Refused as refusal:
            problem = self._refused(command, refusal)
            if isinstance(command, Vote) and command.target is not None:
                command = Vote(None)
                self._no_one(lambda: self._act(view, command))
        turn = Turn((view.phase, view.number), message, answer.to_server, command, problem)
        self.turns.append(turn)
        return turn

    def _act(self, view: GameView, command: object) -> None:
        if isinstance(command, Say):
            self.api.say(view.number, command.text)
        elif isinstance(command, Vote) and view.number > 0:
            self.api.vote(view.number, command.target)

    def _nonsense(self, nonsense: Nonsense) -> str:
        problem = f"nonsense {nonsense.line!r}: {nonsense.why} Taken as 'no one'."
        log.warning("%s: %s", self.name, problem)
        return problem

    def _refused(self, command: object, refusal: Refused) -> str:
        problem = f"{command} refused: {refusal.message}"
        log.warning("%s: %s", self.name, problem)
        return problem

    def _no_one(self, act: Callable[[], None]) -> None:
        try:
            act()
        except Refused as refusal:
            log.warning("%s: 'no one' refused too: %s", self.name, refusal.message)


def _text(lines: list[str]) -> str:
    return "".join(f"{line}\n" for line in lines)
