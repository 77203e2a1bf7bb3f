"""The stalker (R29), the mafia's Stalk (R41) and the innocent child's reveal (R27)."""

import json

import pytest
from django.test import Client

from forums.models import BoardKind, Post
from game.errors import GameRuleError
from game.models import LogEntry, Stalking, Visibility
from game.rulesets.live_action.roles import innocent_child, stalker
from game.services.mafia_powers.mafia import mafia_manipulate_press
from game.services.mafia_powers.stalking import (
    innocent_child_reveal,
    mafia_stalk,
    stalker_target_set,
)
from tests.conftest import client_for
from tests.game.helpers import end_day
from tests.game.kills_setup import confirmed_kill, town

pytestmark = pytest.mark.django_db
DAY_2 = 20 * 60


def test_the_rules_one_new_living_target_a_day_never_twice():
    stalks = [stalker.Stalk(target=5, day=1)]
    ok = dict(stalker=1, target=6, target_alive=True, day=2)
    assert stalker.stalk_refusals(**ok, stalks=stalks) == []
    assert [r.code for r in stalker.stalk_refusals(**{**ok, "day": 1}, stalks=stalks)] == [
        "stalk_today"
    ]
    (repeat,) = stalker.stalk_refusals(**{**ok, "target": 5}, stalks=stalks)
    assert (
        repeat.render({5: "Casey"})
        == "Casey was stalked before: never the same target twice (R29)."
    )
    assert stalker.stalk_refusals(**{**ok, "target": 1}, stalks=stalks)[0].code == "stalk_self"
    assert (
        stalker.stalk_refusals(**{**ok, "target_alive": False}, stalks=stalks)[0].code
        == "stalk_dead"
    )
    assert stalker.stalker_told(stalk_day=3, kill_day=3)
    assert not stalker.stalker_told(stalk_day=3, kill_day=4)


def test_the_rules_an_innocent_child_reveals_to_another_living_player():
    assert innocent_child.reveal_refusals(revealer=1, target=2, target_alive=True) == []
    assert (
        innocent_child.reveal_refusals(revealer=1, target=1, target_alive=True)[0].code
        == "reveal_self"
    )
    assert (
        innocent_child.reveal_refusals(revealer=1, target=2, target_alive=False)[0].code
        == "reveal_dead"
    )


def stalker_town():
    t = town()
    for player, role in ((t.townies[0], "stalker"), (t.townies[1], "innocent_child")):
        player.role = role
        player.save(update_fields=["role"])
    return t, t.townies[0], t.townies[1]


def test_the_stalker_is_told_of_their_targets_kill_that_day_whatever_the_press():
    t, stalker_player, _ = stalker_town()
    stalker_target_set(game_id=t.game.pk, by=stalker_player.user, target_id=t.mafia.pk, now=t.at(5))
    told = LogEntry.objects.get(kind="stalked")
    assert list(told.recipients.all()) == [t.mafia] and stalker_player.name not in told.text
    kill = confirmed_kill(t, t.mafia, t.townies[2], "free_kill", 30)
    mafia_manipulate_press(
        game_id=t.game.pk, by=t.mafia.user, kill_id=kill.pk, location="", now=t.at(40)
    )
    result = LogEntry.objects.get(kind="stalk_result")
    assert list(result.recipients.all()) == [stalker_player]
    assert t.mafia.name in result.text and t.townies[2].name in result.text
    with pytest.raises(GameRuleError, match="one target a day"):
        stalker_target_set(
            game_id=t.game.pk, by=stalker_player.user, target_id=t.mafia2.pk, now=t.at(50)
        )
    end_day(t.game)
    with pytest.raises(GameRuleError, match="never the same target twice"):
        stalker_target_set(
            game_id=t.game.pk, by=stalker_player.user, target_id=t.mafia.pk, now=t.at(DAY_2)
        )
    stalker_target_set(
        game_id=t.game.pk, by=stalker_player.user, target_id=t.mafia2.pk, now=t.at(DAY_2)
    )
    assert Stalking.objects.filter(stalker=stalker_player).count() == 2


def test_a_kill_made_on_another_day_is_not_told():
    t, stalker_player, _ = stalker_town()
    confirmed_kill(t, t.mafia, t.townies[2], "free_kill", 30)
    end_day(t.game)
    stalker_target_set(
        game_id=t.game.pk, by=stalker_player.user, target_id=t.mafia.pk, now=t.at(DAY_2)
    )
    assert not LogEntry.objects.filter(kind="stalk_result").exists()


def test_the_mafias_stalk_result_is_posted_in_the_mafia_den():
    t, _, _ = stalker_town()
    mafia_stalk(game_id=t.game.pk, by=t.mafia.user, target_id=t.vigilante.pk, now=t.at(5))
    confirmed_kill(t, t.vigilante, t.townies[3], "vigilante", 30)
    result = LogEntry.objects.get(kind="mafia_stalk_result")
    assert result.visibility == Visibility.MAFIA and t.vigilante.name in result.text
    den = Post.objects.filter(thread__board__kind=BoardKind.MAFIA_DEN, thread__board__game=t.game)
    assert [p.body for p in den] == [result.text]
    with pytest.raises(GameRuleError, match="one target a day"):
        mafia_stalk(game_id=t.game.pk, by=t.mafia2.user, target_id=t.priest.pk, now=t.at(40))
    town_square = Post.objects.filter(thread__board__kind=BoardKind.TOWN_SQUARE)
    assert not any("stalk" in p.body.lower() for p in town_square)


def test_only_the_living_stalker_stalks_and_only_the_mafia_use_stalk():
    t, stalker_player, child = stalker_town()
    with pytest.raises(GameRuleError, match="Only a stalker"):
        stalker_target_set(game_id=t.game.pk, by=child.user, target_id=t.mafia.pk, now=t.at(5))
    with pytest.raises(GameRuleError, match="mafia-aligned"):
        mafia_stalk(game_id=t.game.pk, by=stalker_player.user, target_id=t.mafia.pk, now=t.at(5))
    confirmed_kill(t, t.mafia, stalker_player, "free_kill", 10)
    with pytest.raises(GameRuleError, match="dead"):
        stalker_target_set(
            game_id=t.game.pk, by=stalker_player.user, target_id=t.mafia.pk, now=t.at(20)
        )
    assert not Stalking.objects.exists()


def test_the_innocent_child_reveal_tells_that_player_only():
    t, _, child = stalker_town()
    innocent_child_reveal(
        game_id=t.game.pk, by=child.user, target_id=t.investigator.pk, now=t.at(5)
    )
    (told,) = LogEntry.objects.filter(kind="innocent_child_revealed", visibility=Visibility.PLAYERS)
    assert list(told.recipients.all()) == [t.investigator]
    assert f"{child.name} is an innocent child" in told.text
    for other in (t.mafia, t.townies[3], child):
        log = client_for(other.user).get(f"/games/{t.game.pk}/log/").content.decode()
        assert "innocent child:" not in log
    assert (
        "innocent child"
        in client_for(t.investigator.user).get(f"/games/{t.game.pk}/log/").content.decode()
    )
    with pytest.raises(GameRuleError, match="Only a living innocent child"):
        innocent_child_reveal(
            game_id=t.game.pk, by=t.mafia.user, target_id=t.investigator.pk, now=t.at(6)
        )


def test_the_role_card_forms_and_the_api():
    t, stalker_player, child = stalker_town()
    card = client_for(stalker_player.user).get(f"/games/{t.game.pk}/me/").content.decode()
    assert 'data-confirm="Stalk {target} today? You can never stalk them again."' in card
    assert 'id="reveal"' not in card
    card = client_for(child.user).get(f"/games/{t.game.pk}/me/").content.decode()
    assert 'data-confirm="Tell {target} that you are an innocent child?"' in card
    assert 'id="stalker"' not in card
    body = json.dumps({"target_id": t.mafia.pk})
    api = f"/api/v1/games/{t.game.pk}"
    for outsider in (client_for(child.user), client_for(t.mafia.user), Client()):
        answer = outsider.post(f"{api}/stalk", body, content_type="application/json")
        assert answer.status_code in (401, 404)
    done = client_for(stalker_player.user).post(
        f"{api}/stalk", body, content_type="application/json"
    )
    assert done.status_code == 201 and done.json()["day"] == 1
    again = client_for(stalker_player.user).post(
        f"{api}/stalk", body, content_type="application/json"
    )
    assert again.status_code == 400 and "R29" in again.json()["detail"]
    revealed = client_for(child.user).post(
        f"{api}/innocent-child/reveal", body, content_type="application/json"
    )
    assert revealed.status_code == 201 and revealed.json()["told_player_id"] == t.mafia.pk
    refused = client_for(child.user).post(f"/games/{t.game.pk}/me/reveal/", {"target": child.pk})
    assert refused.status_code == 422
    mafia_page = client_for(t.mafia.user)
    stalked = mafia_page.post(f"/games/{t.game.pk}/mafia/stalk/", {"target": t.investigator.pk})
    assert stalked.status_code == 302
