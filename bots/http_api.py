"""The GameApi of one player over the app's JSON API, and the moderator's operations `make bots`
needs. Which operation answers what:

- the phase (day or night, its number), the players in seat order (C9) with their protocol
  names (C10), who is alive, the roles this player may see and their own card, and the record
  as data: the deaths and the roles they revealed, every vote as cast, this player's
  investigation results: `game_state` (the moderator asks `phase_state` too). No announcement's
  text is read;
- the sayings: posts in the day's thread of Town Square ("Day 1"), read with `post_list`,
  written with `post_create` (the thread made with `thread_create` by the first to speak);
- votes: `vote_cast` (no target: "no one"); night choices: `night_action_submit`."""

from collections.abc import Sequence
from typing import Any

from bots.game_view import Death, GameView, Investigated, Refused, Said, Seat, Voted
from bots.http_client import JsonClient

TOWN_SQUARE = "town_square"


def day_thread_title(day: int) -> str:
    return f"Day {day}"


class HttpGameApi:
    """One player's game through the JSON API, with this player's token."""

    def __init__(self, client: JsonClient, game_id: int) -> None:
        self.client = client
        self.game_id = game_id
        self._ids: dict[str, int] = {}
        self._protocol_names: dict[str, str] = {}  # display name -> protocol name
        self._day_threads: dict[int, int] = {}
        # Per day: the sayings read so far, the last post id read and the page it was on.
        self._read: dict[int, tuple[list[Said], int, int]] = {}

    def view(self) -> GameView:
        state = self.client.get(f"/games/{self.game_id}")
        game, card = state["game"], state["you"] or {}
        players = state["players"]
        name_of = {p["id"]: p.get("protocol_name") or p["name"] for p in players}
        self._ids = {name: pk for pk, name in name_of.items()}
        self._protocol_names = {p["name"]: name_of[p["id"]] for p in players}
        roles = {int(player_id): role for player_id, role in state["roles"].items()}
        return GameView(
            status=game["status"],
            phase=game["current_phase"] or None,
            number=game["current_day"],
            me=name_of.get(card.get("player_id"), ""),
            role=card.get("role"),
            allies=tuple(self._protocol_names.get(a, a) for a in card.get("fellow_mafia") or ()),
            seats=tuple(
                Seat(name_of[p["id"]], p["alive"], roles.get(p["id"]), p["name"]) for p in players
            ),
            deaths=tuple(
                Death(name_of[d["player_id"]], d["day"], d["cause"], d["role"])
                for d in state.get("deaths", ())
            ),
            votes=tuple(
                Voted(
                    v["id"],
                    v["day"],
                    name_of[v["voter_id"]],
                    name_of.get(v["target_id"]),
                    v["cast_at"],
                )
                for v in state.get("votes", ())
            ),
            results=tuple(
                Investigated(r["night"], name_of[r["target_id"]], r["alignment"])
                for r in state.get("results", ())
            ),
        )

    def sayings(self, day: int) -> Sequence[Said]:
        """The posts of the day's thread, read from where the last call stopped; posts by the
        moderators and deleted posts are nobody's saying."""
        said, after, page = self._read.get(day, ([], 0, 1))
        thread_id = self._day_thread(day, create=False)
        if thread_id:
            posts, page = self._posts_after(thread_id, after, page)
            for post in posts:
                after = post["id"]
                if post["body"] is not None and not post["as_moderator"]:
                    speaker = self._protocol_names.get(post["author"], post["author"])
                    said.append(Said(post["id"], speaker, post["body"].strip(), post["created_at"]))
            self._read[day] = (said, after, page)
        return list(said)

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


class ModeratorApi:
    """What `make bots` does as the moderator of its games."""

    def __init__(self, client: JsonClient) -> None:
        self.client = client

    def game_create(self, name: str) -> int:
        return self.client.post(
            "/games",
            {"name": name, "ruleset": "classic", "phase_minutes": 60 * 24, "bots": True},
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
