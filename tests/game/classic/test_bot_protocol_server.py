"""What the app gives seed 002's bots (C9, C10): protocol names checked at sign-up, seats from
the deal and lists in seat order, the cop's self-investigation, classic refusals citing classic
rulings, and the record as data in `game_state` with `log_list`'s `after`."""

import pytest
from django.urls import reverse

from game.errors import GameRuleError
from game.models import Game, LogEntry
from game.services.lobby.setup import roles_assign
from game.services.lobby.signups import signup_create
from tests.conftest import client_for
from tests.factories import START, UserFactory, make_game, moderator_of, sign_up
from tests.game.classic.helpers import act, classic_game, end_phase, vil1_killed_on_night_0
from tests.game.helpers import vote

pytestmark = pytest.mark.django_db


def join(game, name: str, protocol_name: str = ""):
    return signup_create(
        game_id=game.pk,
        user=UserFactory(),
        now=START,
        introduction="hi",
        name=name,
        protocol_name=protocol_name,
    )


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("no one", '"no one"'),
        ("No One", '"no one"'),
        ("Casey Jones", "letters, digits, dashes and underscores"),
        ("a,b", "letters, digits, dashes and underscores"),
        ("Zoë", "letters, digits, dashes and underscores"),
    ],
)
def test_a_bot_game_refuses_a_name_that_is_not_a_protocol_name(name, why):
    """C10: alphanumeric with dashes and underscores, never "no one"."""
    game = make_game(ruleset="classic", bots=True)
    with pytest.raises(GameRuleError, match=why) as refused:
        join(game, name)
    assert "C10" in refused.value.rulings
    with pytest.raises(GameRuleError, match=why):
        join(game, "Anyone", protocol_name=name)
    assert not game.players.exists()


def test_a_bot_game_gives_every_player_a_unique_protocol_name_beside_the_display_name():
    game = make_game(ruleset="classic", bots=True)
    assert join(game, "Randy1").protocol_name == "Randy1"
    casey = join(game, "Casey Jones", protocol_name="Casey_Jones")
    assert (casey.name, casey.protocol_name) == ("Casey Jones", "Casey_Jones")
    with pytest.raises(GameRuleError, match="already has the protocol name"):
        join(game, "Casey J", protocol_name="casey_jones")
    page = client_for(UserFactory()).get(f"/games/{game.pk}/").content.decode()
    assert "Casey Jones</span>" in page and "(Casey_Jones)" in page


def test_a_game_without_bots_takes_any_name_and_only_classic_games_have_bots():
    game = make_game(ruleset="classic")
    assert join(game, "Casey Jones").protocol_name == ""
    with pytest.raises(GameRuleError, match="classic and HP games only"):
        make_game(bots=True)


def test_seats_follow_the_order_of_joining_and_every_list_follows_the_seats():
    """C9: the deal seats the players in the order they joined; the players' list of
    `game_state` and the dawn's living players follow the seats, not the names."""
    game = make_game(ruleset="classic", bots=True)
    for name in ("Zed", "Amy", "Kim", "Bob", "Ann", "Lou", "Cy", "Dee"):
        join(game, name)
    roles_assign(game_id=game.pk, by=moderator_of(game), now=START)
    seats = dict(game.players.values_list("name", "seat"))
    assert seats == {"Zed": 1, "Amy": 2, "Kim": 3, "Bob": 4, "Ann": 5, "Lou": 6, "Cy": 7, "Dee": 8}
    state = client_for(game.players.get(name="Amy").user).get(f"/api/v1/games/{game.pk}").json()
    assert [p["protocol_name"] for p in state["players"]] == [
        "Zed", "Amy", "Kim", "Bob", "Ann", "Lou", "Cy", "Dee"
    ]  # fmt: skip
    assert [p["seat"] for p in state["players"]] == list(range(1, 9))


def test_the_cop_may_investigate_themself():
    """C9: the seed forbids nothing; the cop learns their own alignment at dawn (C4)."""
    game, p = classic_game()
    end_phase(game)
    act(game, p["cop"], p["cop"])
    end_phase(game)
    result = LogEntry.objects.get(game=game, kind="investigation_result")
    assert result.text == "Investigations showed that cop is village-aligned."
    state = client_for(p["cop"].user).get(f"/api/v1/games/{game.pk}").json()
    assert state["results"] == [{"night": 0, "target_id": p["cop"].pk, "alignment": "village"}]
    villager = client_for(p["vil1"].user).get(f"/api/v1/games/{game.pk}").json()
    assert villager["results"] == []


def test_a_classic_vote_for_a_dead_player_cites_the_classic_ruling():
    game, p = vil1_killed_on_night_0()
    with pytest.raises(GameRuleError, match=r"vil1 is dead") as refused:
        vote(game, p["vil2"], p["vil1"])
    assert refused.value.rulings == ["C5"]


def test_game_state_gives_the_revealed_roles_and_the_votes_as_data():
    """The record without its text (C5, C6): who died when, how and as what, and every vote."""
    game, p = vil1_killed_on_night_0()
    vote(game, p["maf1"], p["cop"])
    vote(game, p["vil2"], None)
    for voter in ("maf2", "doc", "vil3", "vil4"):
        vote(game, p[voter], p["cop"])
    end_phase(game)
    state = client_for(p["vil3"].user).get(f"/api/v1/games/{game.pk}").json()
    assert [(d["player_id"], d["day"], d["cause"], d["role"]) for d in state["deaths"]] == [
        (p["vil1"].pk, 0, "kill", "villager"),
        (p["cop"].pk, 1, "execution", "cop"),
    ]
    assert [(v["day"], v["voter_id"], v["target_id"]) for v in state["votes"]][:3] == [
        (1, p["maf1"].pk, p["cop"].pk),
        (1, p["vil2"].pk, None),
        (1, p["maf2"].pk, p["cop"].pk),
    ]
    assert state["roles"] == {str(p["vil3"].pk): "villager"}


def test_a_live_action_game_state_shows_no_votes_and_no_roles_of_the_dead():
    game = make_game()
    sign_up(game, 3)
    state = client_for(game.players.first().user).get(f"/api/v1/games/{game.pk}").json()
    assert (state["deaths"], state["votes"], state["results"]) == ([], [], [])


def test_log_list_after_gives_the_later_entries_oldest_first():
    game, p = classic_game()
    client = client_for(p["vil1"].user)
    everything = client.get(f"/api/v1/games/{game.pk}/log").json()
    assert [e["id"] for e in everything] == sorted((e["id"] for e in everything), reverse=True)
    first = everything[-1]["id"]
    end_phase(game)
    end_phase(game)
    later = client.get(f"/api/v1/games/{game.pk}/log", {"after": first}).json()
    assert [e["id"] for e in later] == sorted(e["id"] for e in later)
    assert all(e["id"] > first for e in later)
    assert "dawn" in [e["kind"] for e in later]
    assert client.get(f"/api/v1/games/{game.pk}/log", {"after": later[-1]["id"]}).json() == []
    assert client.get(f"/api/v1/games/{game.pk}/log", {"after": -1}).status_code == 422


def test_the_pages_make_a_bot_game_and_its_sign_up_asks_for_a_protocol_name():
    creator = client_for(UserFactory())
    made = creator.post(
        reverse("game_new"),
        {
            "name": "Bots night",
            "ruleset": "classic",
            "time_zone": "UTC",
            "day_end_time": "23:00",
            "night_end_time": "09:00",
            "bots": "on",
        },
    )
    assert made.status_code == 302
    game = Game.objects.get(name="Bots night")
    assert game.bots
    user = UserFactory()
    signup = reverse("signup", args=[game.pk])
    assert 'name="protocol_name"' in client_for(user).get(signup).content.decode()
    refused = client_for(user).post(signup, {"name": "Casey Jones", "introduction": "hi"})
    assert refused.status_code == 422
    assert "give a protocol name" in refused.content.decode()
    assert not game.players.exists()
    client_for(user).post(
        signup, {"name": "Casey Jones", "protocol_name": "Casey_J", "introduction": "hi"}
    )
    assert game.players.get().protocol_name == "Casey_J"
    plain = make_game(ruleset="classic")
    assert (
        'name="protocol_name"'
        not in client_for(user).get(reverse("signup", args=[plain.pk])).content.decode()
    )


def test_the_vote_api_refuses_a_dead_classic_voter_citing_the_classic_ruling():
    game, p = vil1_killed_on_night_0()
    url = f"/api/v1/games/{game.pk}/votes"
    dead = client_for(p["vil1"].user).post(
        url, {"target_id": p["maf1"].pk}, content_type="application/json"
    )
    assert dead.status_code in (400, 403) and "(C5)" in dead.json()["detail"]
    empty = client_for(p["vil2"].user).post(url, {}, content_type="application/json")
    assert (
        empty.status_code == 400 and empty.json()["detail"] == "Name a player, or set no_one (C5)."
    )
