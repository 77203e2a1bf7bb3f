"""One seed-002 bot playing an HP game (seed 000) as a player, by the protocol's HP lines
(bots.hp_protocol): asked to choose, it reads the log's lines it has not read and the prompt,
and its answer becomes its player's pick or vote through the JSON API; a refused answer is
asked again, as seed 000's program does, and after `ASKS` asks it is no action (C10), written to
the bot's log (`<folder>.log`, beside its folder)."""

from dataclasses import dataclass
from typing import Any

from bots.game_view import Refused
from bots.hp_protocol import ASKS, Chosen, message, parse_answer, protocol_lines
from bots.http_client import JsonClient
from bots.runner import BotFolder


@dataclass(frozen=True)
class HpSeat:
    id: int
    name: str  # the protocol name (C10)
    shown: str  # the name the app shows, which its log's lines use


class HttpHpApi:
    """One player's HP game through the JSON API, with this player's token."""

    def __init__(self, client: JsonClient, game_id: int) -> None:
        self.client = client
        self.game_id = game_id
        self._seats: list[HpSeat] = []

    def seats(self) -> list[HpSeat]:
        """The players in seat order (C9), read once: nobody joins a started game."""
        if not self._seats:
            players = self.client.get(f"/games/{self.game_id}")["players"]
            self._seats = [
                HpSeat(p["id"], p.get("protocol_name") or p["name"], p["name"]) for p in players
            ]
        return self._seats

    def round(self) -> dict[str, Any]:
        return self.client.get(f"/games/{self.game_id}/hp")

    def choose(self, player_id: int) -> None:
        self.client.post(f"/games/{self.game_id}/hp/choose", {"target_id": player_id})


@dataclass(frozen=True)
class HpTurn:
    """One run of the bot: what it read, what it wrote, the player it chose (None: no action)
    and, when none, why."""

    step: tuple[int, str, int]
    from_server: str
    to_server: str
    chosen: str | None
    problem: str | None = None


class HpBotPlayer:
    def __init__(self, api: HttpHpApi, folder: BotFolder) -> None:
        self.api = api
        self.folder = folder
        self.read = 0  # the log's lines read so far
        self.players_written = False
        self.turns: list[HpTurn] = []

    @property
    def name(self) -> str:
        return self.folder.path.name

    def step(self) -> list[HpTurn]:
        """One look at the game: when the round asks this player to choose, the bot runs (again
        after a refusal, up to ASKS runs). Dead players and finished games run nothing."""
        seen = self.api.round()
        if seen["finished"] or not seen["me"] or not seen["me"]["alive"] or not seen["prompt"]:
            return []
        seats = self.api.seats()
        if not self.players_written:
            self.folder.write_players([seat.name for seat in seats])
            self.players_written = True
        names = {seat.shown: seat.name for seat in seats}
        lines = protocol_lines(seen["lines"][self.read :], names)
        self.read = len(seen["lines"])
        step = (seen["number"], seen["phase"], seen["ballot"])
        turns, refusal = [], ""
        for ask in range(ASKS):
            from_server = message(lines if ask == 0 else [], seen["prompt"], refusal)
            answer = self.folder.ask(from_server)
            parsed = parse_answer(answer.to_server, seen["prompt"], [s.name for s in seats])
            if parsed is None:
                turns.append(self._record(HpTurn(step, from_server, "", None, "no answer")))
                break
            if isinstance(parsed, Chosen):
                try:
                    self.api.choose(next(s.id for s in seats if s.name == parsed.target))
                except Refused as refused:
                    refusal = refused.message
                else:
                    turns.append(
                        self._record(HpTurn(step, from_server, answer.to_server, parsed.target))
                    )
                    break
            else:
                refusal = parsed.why
            problem = f"{refusal} No action (C10)." if ask == ASKS - 1 else None
            turns.append(self._record(HpTurn(step, from_server, answer.to_server, None, problem)))
        return turns

    def _record(self, turn: HpTurn) -> HpTurn:
        self.turns.append(turn)
        if turn.problem:
            number, phase, ballot = turn.step
            self.folder.log_problem(
                f"round {number} {phase} {ballot}", turn.to_server, turn.problem, warn=False
            )
        return turn
