"""The GameApi of one player over the app's JSON API, and the moderator's operations `make bots`
needs. Which operation answers what:

- the phase (day or night, its number), the players, who is alive, the roles this player may
  see and their own card: `game_state` (the moderator asks `phase_state` too);
- the public votes ("Casey votes to kill Dale."), the roles deaths reveal ("They were the
  cop.", in the dawn and execution entries) and the cop's results: `log_list` (`game_state`
  shows a running game's roles to moderators only);
- the sayings: posts in the day's thread of Town Square ("Day 1"), read with `post_list`,
  written with `post_create` (the thread made with `thread_create` by the first to speak);
- votes: `vote_cast` (no target: "no one"); night choices: `night_action_submit`."""

import re
from collections.abc import Sequence
from typing import Any

from bots.game_view import (
    DAY,
    Event,
    GameView,
    Investigated,
    Refused,
    Revealed,
    Said,
    Seat,
    Voted,
)
from bots.http_client import JsonClient
from bots.protocol import ROLE_WORDS

TOWN_SQUARE = "town_square"
VOTE_ENTRY = "vote_public"
RESULT_ENTRY = "investigation_result"
VOTE_TEXT = re.compile(r"^(?P<voter>.+?) votes to kill (?P<target>.+?)\.?$")
DEATH_ENTRIES = ("dawn", "execution")
DEATH_TEXT = re.compile(
    r"^(?:Last night, (?P<killed>.+) was killed\.|The town has killed (?P<executed>.+)!)\s*"
    r"They were (?P<reveal>an? \w+|the \w+)\.?$",
    re.MULTILINE,
)
ROLE_OF_WORDS = {words: role for role, words in ROLE_WORDS.items()}
RESULT_TEXT = re.compile(
    r"^Investigations showed that (?P<target>.+) is (?P<alignment>village|mafia)-aligned\.$"
)
NO_ONE = "no one"


def day_thread_title(day: int) -> str:
    return f"Day {day}"


class HttpGameApi:
    """One player's game through the JSON API, with this player's token."""

    def __init__(self, client: JsonClient, game_id: int) -> None:
        self.client = client
        self.game_id = game_id
        self._ids: dict[str, int] = {}
        self._day_threads: dict[int, int] = {}
        self._phase: tuple[str | None, int] = (None, 0)

    def view(self) -> GameView:
        state = self.client.get(f"/games/{self.game_id}")
        game, card = state["game"], state["you"] or {}
        me = next((p["name"] for p in state["players"] if p["id"] == card.get("player_id")), "")
        roles = {int(player_id): role for player_id, role in state["roles"].items()}
        self._ids = {p["name"]: p["id"] for p in state["players"]}
        self._phase = (game["current_phase"] or None, game["current_day"])
        return GameView(
            status=game["status"],
            phase=self._phase[0],
            number=self._phase[1],
            me=me,
            role=card.get("role"),
            allies=tuple(card.get("fellow_mafia") or ()),
            seats=tuple(Seat(p["name"], p["alive"], roles.get(p["id"])) for p in state["players"]),
        )

    def events_since(self, cursor: str | None) -> tuple[Sequence[Event], str | None]:
        """Since the cursor "<last log entry id>:<day thread id>:<last post id>:<its page>";
        the sayings are those of the day the last `view` saw."""
        log_after, thread_id, post_after, page = _cursor(cursor)
        entries = sorted(self.client.get(f"/games/{self.game_id}/log"), key=lambda e: e["id"])
        timed: list[tuple[str, Event]] = []
        for entry in entries:
            if entry["id"] <= log_after:
                continue
            log_after = entry["id"]
            event = _log_event(entry)
            if event is not None:
                timed.append((entry["created_at"], event))
        code, number = self._phase
        current = self._day_thread(number, create=False) if code == DAY else thread_id
        if current != thread_id:
            thread_id, post_after, page = current, 0, 1
        if thread_id:
            posts, page = self._posts_after(thread_id, post_after, page)
            for post in posts:
                post_after = post["id"]
                if post["body"] is not None and not post["as_moderator"]:
                    timed.append((post["created_at"], Said(post["author"], post["body"].strip())))
        timed.sort(key=lambda pair: pair[0])
        return [event for _, event in timed], f"{log_after}:{thread_id}:{post_after}:{page}"

    def vote(self, day: int, target: str | None) -> None:
        self.client.post(
            f"/games/{self.game_id}/votes",
            {"target_id": self._id(target), "no_one": target is None, "day": day},
        )

    def say(self, day: int, text: str) -> None:
        thread_id = self._day_thread(day, create=True)
        self.client.post(f"/forums/threads/{thread_id}/posts", {"body": text})

    def night_action(self, night: int, target: str | None) -> None:
        self.client.post(
            f"/games/{self.game_id}/night-action",
            {"target_id": self._id(target), "no_one": target is None, "night": night},
        )

    def _id(self, name: str | None) -> int | None:
        if name is None:
            return None
        if name not in self._ids:
            raise Refused(f"{name!r} is not a player of this game.")
        return self._ids[name]

    def _day_thread(self, day: int, create: bool) -> int:
        """The day's thread in Town Square (0 if none yet), opened when `create`. Two players
        who open it at once make two threads: everyone uses the first."""
        if day in self._day_threads:
            return self._day_threads[day]
        found = self._first_thread_titled(day_thread_title(day))
        if not found and create:
            self.client.post(self._threads_path, _thread_opening(day))
            found = self._first_thread_titled(day_thread_title(day))
        if found:
            self._day_threads[day] = found
        return found

    @property
    def _threads_path(self) -> str:
        return f"/forums/games/{self.game_id}/boards/{TOWN_SQUARE}/threads"

    def _first_thread_titled(self, title: str) -> int:
        return min(
            (t["id"] for t in self.client.get(self._threads_path) if t["title"] == title), default=0
        )

    def _posts_after(
        self, thread_id: int, after: int, page: int
    ) -> tuple[list[dict[str, Any]], int]:
        """The posts after `after`, read from `page` (where the last of them was) on, and the
        page where the last post now is."""
        posts, pages = [], page
        while page <= pages:
            answer = self.client.get(f"/forums/threads/{thread_id}/posts", page=page)
            pages = answer["pages"]
            posts += [post for post in answer["posts"] if post["id"] > after]
            page += 1
        return posts, page - 1


def _thread_opening(day: int) -> dict[str, str]:
    return {"title": day_thread_title(day), "body": f"Talk of day {day}."}


def _cursor(cursor: str | None) -> tuple[int, int, int, int]:
    if not cursor:
        return 0, 0, 0, 1
    log_after, thread_id, post_after, page = (int(part) for part in cursor.split(":"))
    return log_after, thread_id, post_after, page


def _log_event(entry: dict[str, Any]) -> Event | None:
    if entry["kind"] == VOTE_ENTRY and (match := VOTE_TEXT.match(entry["text"])):
        target = match["target"]
        return Voted(match["voter"], None if target == NO_ONE else target)
    if entry["kind"] == RESULT_ENTRY and (match := RESULT_TEXT.match(entry["text"])):
        return Investigated(entry["day"], match["target"], match["alignment"])
    if entry["kind"] in DEATH_ENTRIES and (match := DEATH_TEXT.search(entry["text"])):
        role = ROLE_OF_WORDS.get(match["reveal"])
        return Revealed(match["killed"] or match["executed"], role) if role else None
    return None


class ModeratorApi:
    """What `make bots` does as the moderator of its games."""

    def __init__(self, client: JsonClient) -> None:
        self.client = client

    def game_create(self, name: str) -> int:
        return self.client.post(
            "/games", {"name": name, "ruleset": "classic", "phase_minutes": 60 * 24}
        )["id"]

    def signup(self, player: JsonClient, game_id: int, name: str) -> None:
        player.post(f"/games/{game_id}/signups", {"name": name, "introduction": "A bot."})

    def start(self, game_id: int) -> None:
        self.client.post(f"/games/{game_id}/roles/assign")
        self.client.post(f"/games/{game_id}/start")

    def phase(self, game_id: int) -> tuple[str | None, int]:
        """The open phase; (None, 0) when none is (the game is over)."""
        phase = self.client.get(f"/games/{game_id}/phase")
        if phase["ended"]:
            return None, 0
        return phase["code"], phase["number"]

    def phase_end_now(self, game_id: int, phase: tuple[str, int]) -> None:
        code, number = phase
        self.client.post(
            f"/games/{game_id}/phase/end", {"code": code, "number": number, "reason": "Bots."}
        )

    def outcome(self, game_id: int) -> tuple[str, dict[str, str], set[str]]:
        """The game's status, every player's role (the moderator sees them all) and the living."""
        state = self.client.get(f"/games/{game_id}")
        names = {p["id"]: p["name"] for p in state["players"]}
        roles = {names[int(player_id)]: role for player_id, role in state["roles"].items()}
        return state["game"]["status"], roles, {p["name"] for p in state["players"] if p["alive"]}
