"""The bots' HTTP layer against a stand-in of the app's JSON API: the game and its record
(deaths, votes, results) read from `game_state` by protocol name, never from announcements'
text (C10); sayings from the day's Town Square thread; the operations sent as the API expects
them."""

import pytest

from bots.game_view import Death, Investigated, Refused, Said, Seat, Voted
from bots.http_api import HttpGameApi, ModeratorApi
from bots.http_client import JsonClient, ServerError
from tests.bots.fake_api import FakeApi

PLAYERS = [
    {"id": 12, "name": "Bob B", "protocol_name": "Bob", "seat": 1, "alive": True},
    {"id": 11, "name": "Alice", "protocol_name": "Alice", "seat": 2, "alive": True},
    {"id": 13, "name": "Carol", "protocol_name": "Carol", "seat": 3, "alive": False},
]


def game_state(phase="day", number=1, status="running"):
    return {
        "game": {
            "id": 5,
            "name": "Bots 1",
            "ruleset": "classic",
            "status": status,
            "time_zone": "UTC",
            "day_end_time": "23:00:00",
            "current_day": number,
            "current_phase": phase,
        },
        "day": None,
        "clock_paused": False,
        "players": PLAYERS,
        "you": {
            "player_id": 11,
            "role": "mafioso",
            "role_name": "Mafioso",
            "alignment": "mafia",
            "summary": "",
            "powers": [],
            "partner": None,
            "fellow_mafia": ["Bob B"],
            "items": [],
        },
        "roles": {"11": "mafioso", "12": "mafioso"},
        "deaths": [{"player_id": 13, "day": 0, "cause": "kill", "role": "cop"}],
        "votes": [
            {"id": 7, "day": 1, "voter_id": 11, "target_id": 12, "cast_at": "2026-11-26T06:00:07Z"},
            {
                "id": 9,
                "day": 1,
                "voter_id": 12,
                "target_id": None,
                "cast_at": "2026-11-26T06:00:09Z",
            },
        ],
        "results": [{"night": 0, "target_id": 12, "alignment": "mafia"}],
    }


def post(post_id, author, body, second, as_moderator=False):
    return {
        "id": post_id,
        "thread_id": 40,
        "author": author,
        "as_moderator": as_moderator,
        "kind": "post",
        "body": body,
        "body_html": None,
        "created_at": f"2026-11-26T06:00:{second:02d}Z",
        "edited_at": None,
        "deleted": False,
    }


@pytest.fixture
def fake():
    with FakeApi() as server:
        yield server


@pytest.fixture
def api(fake):
    return HttpGameApi(JsonClient(fake.url, "token-of-alice"), 5)


def test_the_view_and_its_record_are_read_from_game_state_by_protocol_name(fake, api):
    fake.answer("GET", "/games/5", game_state("night", 2))
    view = api.view()
    assert (view.status, view.phase, view.number, view.me) == ("running", "night", 2, "Alice")
    assert view.role == "mafioso"
    assert view.allies == ("Bob",)
    assert view.seats == (  # in seat order (C9)
        Seat("Bob", True, "mafioso", "Bob B"),
        Seat("Alice", True, "mafioso", "Alice"),
        Seat("Carol", False, None, "Carol"),
    )
    assert view.deaths == (Death("Carol", 0, "kill", "cop"),)
    assert view.votes == (
        Voted(7, 1, "Alice", "Bob", "2026-11-26T06:00:07Z"),
        Voted(9, 1, "Bob", None, "2026-11-26T06:00:09Z"),
    )
    assert view.results == (Investigated(0, "Bob", "mafia"),)
    assert fake.requests[0][3] == "Bearer token-of-alice"
    assert [path for _, path, _, _ in fake.requests] == ["/api/v1/games/5"]


def test_sayings_are_read_once_by_protocol_name_without_the_moderators_posts(fake, api):
    fake.answer("GET", "/games/5", game_state("day", 1))
    fake.answer(
        "GET",
        "/forums/games/5/boards/town_square/threads",
        [{"id": 39, "title": "Dawn: Dawn of day 1."}, {"id": 40, "title": "Day 1"}],
    )
    posts = [
        post(1, "Moderator", "Talk here", 1, as_moderator=True),
        post(2, "Bob B", "I am the cop", 8),
    ]
    fake.answers[("GET", "/api/v1/forums/threads/40/posts?page=1")] = lambda: (
        200,
        {"page": 1, "pages": 1, "posts": posts},
    )
    api.view()
    said = Said(2, "Bob", "I am the cop", "2026-11-26T06:00:08Z")
    assert api.sayings(1) == [said]
    posts.append(post(3, "Alice", "Yes", 9))
    assert api.sayings(1) == [said, Said(3, "Alice", "Yes", "2026-11-26T06:00:09Z")]
    assert api.sayings(2) == []


def test_a_vote_a_night_choice_and_no_one_are_sent_as_the_api_expects(fake, api):
    fake.answer("GET", "/games/5", game_state())
    fake.answer("POST", "/games/5/votes", {}, status=201)
    fake.answer("POST", "/games/5/night-action", {}, status=201)
    api.view()
    api.vote(1, "Bob")
    api.vote(1, None)
    api.night_action(1, "Bob")
    api.night_action(1, None)
    assert fake.sent("POST") == [
        ("/games/5/votes", {"target_id": 12, "no_one": False, "day": 1}),
        ("/games/5/votes", {"target_id": None, "no_one": True, "day": 1}),
        ("/games/5/night-action", {"target_id": 12, "no_one": False, "night": 1}),
        ("/games/5/night-action", {"target_id": None, "no_one": True, "night": 1}),
    ]


def test_the_first_to_speak_opens_the_days_thread_in_town_square(fake, api):
    threads = "/forums/games/5/boards/town_square/threads"
    fake.answer("GET", threads, [])
    fake.answer("POST", threads, {"id": 41}, status=201)
    fake.answer("POST", "/forums/threads/41/posts", {}, status=201)
    real_answer = fake.answers[("POST", f"/api/v1{threads}")]

    def opened_at_once_with_another_player():
        # Someone else opened "Day 2" (thread 41) a moment before this player's thread 42.
        fake.answer("GET", threads, [{"id": 42, "title": "Day 2"}, {"id": 41, "title": "Day 2"}])
        return real_answer

    fake.answers[("POST", f"/api/v1{threads}")] = opened_at_once_with_another_player
    api.say(2, "I am a normal villager")
    api.say(2, "Yes")
    assert fake.sent("POST") == [
        (
            "/forums/games/5/boards/town_square/threads",
            {"title": "Day 2", "body": "Talk of day 2."},
        ),
        ("/forums/threads/41/posts", {"body": "I am a normal villager"}),
        ("/forums/threads/41/posts", {"body": "Yes"}),
    ]


def test_a_refusal_carries_the_servers_reason(fake, api):
    fake.answer("GET", "/games/5", game_state())
    fake.answer("POST", "/games/5/votes", {"detail": "Dead players do not vote (R5)."}, status=400)
    api.view()
    with pytest.raises(Refused, match="Dead players do not vote") as refused:
        api.vote(1, "Bob")
    assert refused.value.status == 400


def test_a_name_that_is_no_player_is_refused_before_asking(fake, api):
    fake.answer("GET", "/games/5", game_state())
    api.view()
    with pytest.raises(Refused, match="'Zed' is not a player"):
        api.vote(1, "Zed")
    assert fake.sent("POST") == []


def test_a_server_failure_is_not_a_refusal(fake, api):
    fake.answer("GET", "/games/5", {"detail": "boom"}, status=500)
    with pytest.raises(ServerError):
        api.view()


def test_the_moderator_creates_starts_and_ends_phases(fake):
    moderator = ModeratorApi(JsonClient(fake.url, "token-of-the-moderator"))
    fake.answer("POST", "/games", {"id": 5}, status=201)
    fake.answer("GET", "/games/5/phase", {"code": "night", "number": 0, "ended": False})
    fake.answer("POST", "/games/5/phase/end", {"code": "night", "number": 0})
    assert moderator.game_create("Bots 1") == 5
    assert moderator.phase(5) == ("night", 0)
    moderator.phase_end_now(5, ("night", 0))
    assert fake.sent("POST")[0] == (
        "/games",
        {"name": "Bots 1", "ruleset": "classic", "phase_minutes": 1440, "bots": True},
    )
    assert fake.sent("POST")[1] == (
        "/games/5/phase/end",
        {"code": "night", "number": 0, "reason": "Bots."},
    )
