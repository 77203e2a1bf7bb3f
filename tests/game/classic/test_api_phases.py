"""The API operations of a classic game (phase_state, night_action_submit, vote_cast,
vote_tally, phase_end_now, night_override_set) and their secrecy (R50): a villager never sees
night actions, the cop's result is the cop's alone, the mafia's picks are the mafia's and the
moderators'."""

import json

import pytest
from django.utils import timezone

from game.models import GameStatus, LogEntry
from tests.conftest import client_for
from tests.factories import UserFactory, moderator_of
from tests.game.classic.helpers import classic_game, end_phase

pytestmark = pytest.mark.django_db


def post(user, path: str, body: dict):
    url = f"/api/v1/games/{path}" if path else "/api/v1/games"
    return client_for(user).post(url, json.dumps(body), content_type="application/json")


def state(user, game):
    return client_for(user).get(f"/api/v1/games/{game.pk}/phase")


def test_a_classic_game_is_created_through_the_api():
    response = post(
        UserFactory(),
        "",
        {"name": "Forum game", "ruleset": "classic", "phase_minutes": 60},
    )
    assert response.status_code == 201
    assert response.json()["ruleset"] == "classic"


def test_phase_state_tells_each_viewer_what_they_may_do():
    game, p = classic_game(start=timezone.now())
    day0 = state(p["vil1"].user, game).json()
    assert (day0["code"], day0["number"], day0["label"], day0["can_vote"]) == (
        "day",
        0,
        "Day 0",
        False,
    )
    assert day0["night_action"] is None and day0["night_actions"] is None
    end_phase(game)
    cop = state(p["cop"].user, game).json()
    assert cop["night_action"]["prompt"] == "It is night. Who would you like to investigate?"
    assert cop["night_action"]["chosen"] is False
    doctor = state(p["doc"].user, game).json()
    assert doctor["night_action"]["prompt"] == "It is night. Who would you like to save?"
    mafioso = state(p["maf1"].user, game).json()
    assert mafioso["night_action"]["prompt"] == "It is night. Vote for a victim."
    assert state(p["vil1"].user, game).json()["night_action"] is None


def test_night_actions_through_the_api_and_their_refusals():
    game, p = classic_game(start=timezone.now())
    response = post(p["maf1"].user, f"{game.pk}/night-action", {"target_id": p["vil1"].pk})
    assert response.status_code == 409
    end_phase(game)
    assert (
        post(p["vil1"].user, f"{game.pk}/night-action", {"target_id": p["vil2"].pk}).status_code
        == 400
    )
    dead_target = post(p["cop"].user, f"{game.pk}/night-action", {"target_id": 10**6})
    assert dead_target.status_code == 400 and "player of this game" in dead_target.json()["detail"]
    themself = post(p["cop"].user, f"{game.pk}/night-action", {"target_id": p["cop"].pk})
    assert themself.status_code == 201  # C9
    ok = post(p["maf1"].user, f"{game.pk}/night-action", {"target_id": p["vil1"].pk})
    assert ok.status_code == 201 and ok.json()["target_id"] == p["vil1"].pk
    assert post(p["maf2"].user, f"{game.pk}/night-action", {"no_one": True}).status_code == 201
    mine = state(p["maf1"].user, game).json()["night_action"]
    assert (mine["chosen"], mine["target_name"]) == (True, "vil1")
    end_phase(game)
    late = post(p["maf1"].user, f"{game.pk}/night-action", {"target_id": p["vil2"].pk, "night": 0})
    assert late.status_code == 409


def test_votes_through_the_api_offer_no_one_and_are_public():
    game, p = classic_game(start=timezone.now())
    day0 = post(p["vil1"].user, f"{game.pk}/votes", {"target_id": p["maf1"].pk})
    assert day0.status_code == 400 and "day 0" in day0.json()["detail"]
    end_phase(game)
    end_phase(game)
    assert post(p["vil1"].user, f"{game.pk}/votes", {"target_id": p["maf1"].pk}).status_code == 201
    assert post(p["vil2"].user, f"{game.pk}/votes", {"no_one": True}).status_code == 201
    tally = client_for(p["vil3"].user).get(f"/api/v1/games/{game.pk}/votes/1").json()
    ballots = {b["voter"]: b["target"] for b in tally["ballots"]}
    assert ballots["vil1"] == "maf1" and ballots["vil2"] == "No one"
    assert state(p["vil1"].user, game).json()["vote_target_id"] == p["maf1"].pk
    end_phase(game)
    late = post(p["vil1"].user, f"{game.pk}/votes", {"target_id": p["maf1"].pk, "day": 1})
    assert late.status_code == 409


def test_phase_end_now_is_for_moderators_and_answers_409_for_an_ended_phase():
    game, p = classic_game(start=timezone.now())
    mod = moderator_of(game)
    assert post(p["vil1"].user, f"{game.pk}/phase/end", {}).status_code == 404
    first = post(mod, f"{game.pk}/phase/end", {"code": "day", "number": 0})
    assert first.status_code == 200 and first.json()["ended_at"] is not None
    again = post(mod, f"{game.pk}/phase/end", {"code": "day", "number": 0})
    assert again.status_code == 409


def test_night_actions_are_the_moderators_and_mafia_picks_the_mafias():
    game, p = classic_game(start=timezone.now())
    end_phase(game)
    post(p["maf1"].user, f"{game.pk}/night-action", {"target_id": p["vil1"].pk})
    post(p["maf2"].user, f"{game.pk}/night-action", {"target_id": p["vil1"].pk})
    post(p["doc"].user, f"{game.pk}/night-action", {"target_id": p["vil1"].pk})
    post(p["cop"].user, f"{game.pk}/night-action", {"target_id": p["maf2"].pk})
    for someone in ("vil1", "vil2", "cop", "doc"):
        seen = state(p[someone].user, game).json()
        assert seen["night_actions"] is None and seen["mafia_picks"] is None
        assert seen["dawn"] is None and seen["seed"] is None
    mafia_view = state(p["maf2"].user, game).json()
    picks = [(r["actor"], r["target"]) for r in mafia_view["mafia_picks"]]
    assert picks == [("maf1", "vil1"), ("maf2", "vil1")]
    assert mafia_view["night_actions"] is None
    mod_view = state(moderator_of(game), game).json()
    assert {r["actor"] for r in mod_view["night_actions"]} == {"maf1", "maf2", "doc", "cop"}
    assert "vil1 was saved by the doctor." in mod_view["dawn"]["reasons"]
    assert mod_view["seed"] == game.random_seed
    outsider = UserFactory()
    assert state(outsider, game).status_code == 404
    log = client_for(p["vil2"].user).get(f"/api/v1/games/{game.pk}/log").json()
    assert not any("picks" in entry["text"] for entry in log)


def test_the_cops_result_is_the_cops_alone():
    game, p = classic_game(start=timezone.now())
    end_phase(game)
    post(p["cop"].user, f"{game.pk}/night-action", {"target_id": p["maf2"].pk})
    end_phase(game)
    result = "Investigations showed that maf2 is mafia-aligned."
    for someone in ("vil1", "doc", "maf1", "maf2"):
        log = client_for(p[someone].user).get(f"/api/v1/games/{game.pk}/log").json()
        assert result not in [entry["text"] for entry in log]
    cop_log = client_for(p["cop"].user).get(f"/api/v1/games/{game.pk}/log").json()
    assert result in [entry["text"] for entry in cop_log]


def test_the_override_is_for_moderators_and_everyone_sees_the_seed_after_the_game():
    game, p = classic_game(start=timezone.now())
    mod = moderator_of(game)
    end_phase(game)
    body = {"nobody": True, "reason": "Tie rule mix-up"}
    assert post(p["maf1"].user, f"{game.pk}/night/override", body).status_code == 404
    assert post(mod, f"{game.pk}/night/override", body).status_code == 200
    assert state(mod, game).json()["dawn"]["overridden"] is True
    game.status = GameStatus.FINISHED
    game.save(update_fields=["status"])
    assert state(p["vil1"].user, game).json()["seed"] == game.random_seed
    assert LogEntry.objects.filter(game=game, kind="night_overridden").count() == 1
