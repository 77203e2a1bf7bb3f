import pytest

from game.errors import GameRuleError
from game.models import LogEntry, MafiaPowerUse, ResultStatus, Visibility
from game.permissions import viewer_for
from game.selectors.mafia import mafia_state
from game.services.items_offices.shovels import shovel_result_send, shovel_use
from game.services.mafia_powers.mafia import mafia_manipulate_press
from game.services.mafia_powers.powers import mafia_designate_don, mafia_frame, mafia_plant_evidence
from tests.game.kills_setup import confirmed_kill, reported_kill, town

pytestmark = pytest.mark.django_db


def frame(t, by, minutes=5):
    return mafia_frame(
        game_id=t.game.pk,
        by=by.user,
        suspect_id=t.townies[0].pk,
        victim_id=t.townies[1].pk,
        now=t.at(minutes),
    )


def test_frame_has_four_uses_shared_by_the_mafia_and_shown_to_all_of_them():
    t = town()
    for minutes, who in enumerate([t.mafia, t.mafia2, t.mafia, t.mafia2]):
        frame(t, who, minutes)
    with pytest.raises(GameRuleError, match="no Frame a Townsperson left"):
        frame(t, t.mafia, 9)
    state = mafia_state(viewer_for(t.mafia2.user, t.game))
    assert state.uses_left["frame"] == 0 and state.uses_left["plant_evidence"] == 2
    assert state.uses_left["manipulate_press"] == 1 and state.uses_left["don"] == 1
    assert LogEntry.objects.filter(kind="mafia_frame", visibility=Visibility.MAFIA).count() == 4


def test_townies_cannot_use_or_see_mafia_powers():
    from django.http import Http404

    t = town()
    with pytest.raises(GameRuleError, match="mafia-aligned"):
        frame(t, t.investigator)
    with pytest.raises(Http404):
        mafia_state(viewer_for(t.investigator.user, t.game))
    assert MafiaPowerUse.objects.count() == 0


def test_press_works_on_a_past_mafia_kill_only_and_once():
    t = town()
    sk_kill = confirmed_kill(t, t.serial_killer, t.townies[0], "serial_killer", 30)
    with pytest.raises(GameRuleError, match="past mafia kill"):
        mafia_manipulate_press(
            game_id=t.game.pk, by=t.mafia.user, kill_id=sk_kill.pk, location="x", now=t.at(40)
        )
    kill = confirmed_kill(t, t.mafia, t.townies[1], "free_kill", 50)
    mafia_manipulate_press(
        game_id=t.game.pk, by=t.mafia.user, kill_id=kill.pk, location="", now=t.at(60)
    )
    assert MafiaPowerUse.objects.filter(power="manipulate_press", kill=kill).exists()
    with pytest.raises(GameRuleError, match="no Manipulate the Press left"):
        mafia_manipulate_press(
            game_id=t.game.pk, by=t.mafia.user, kill_id=kill.pk, location="", now=t.at(61)
        )


def test_the_don_is_a_living_mafia_aligned_player_designated_once():
    t = town()
    with pytest.raises(GameRuleError, match="Don must be"):
        mafia_designate_don(game_id=t.game.pk, by=t.mafia.user, don_id=t.townies[0].pk, now=t.at(1))
    mafia_designate_don(game_id=t.game.pk, by=t.mafia.user, don_id=t.mafia2.pk, now=t.at(2))
    with pytest.raises(GameRuleError, match="no Designate the Don left"):
        mafia_designate_don(game_id=t.game.pk, by=t.mafia.user, don_id=t.mafia.pk, now=t.at(3))


def test_a_shovel_returns_the_role_and_is_destroyed():
    t = town()
    shovel = t.give_shovel(t.investigator)
    confirmed_kill(t, t.mafia, t.townies[0], "free_kill", 30)
    use = shovel_use(
        game_id=t.game.pk, by=t.investigator.user, dead_player_id=t.townies[0].pk, now=t.at(40)
    )
    shovel.refresh_from_db()
    assert shovel.destroyed_at == t.at(40)
    assert (use.role, use.alignment, use.conscripted, use.planted) == (
        "townie",
        "town",
        False,
        False,
    )
    assert use.status == ResultStatus.PENDING
    shovel_result_send(game_id=t.game.pk, shovel_use_id=use.pk, by=t.mod, now=t.at(41))
    use.refresh_from_db()
    assert use.status == ResultStatus.SENT


def test_a_shovel_on_planted_evidence_returns_what_was_planted():
    t = town()
    t.give_shovel(t.investigator)
    mafia_plant_evidence(
        game_id=t.game.pk,
        by=t.mafia.user,
        target_id=t.mafia2.pk,
        role="investigator",
        alignment="town",
        now=t.at(5),
    )
    confirmed_kill(t, t.vigilante, t.mafia2, "vigilante", 30)
    use = shovel_use(
        game_id=t.game.pk, by=t.investigator.user, dead_player_id=t.mafia2.pk, now=t.at(40)
    )
    assert (use.role, use.alignment, use.planted) == ("investigator", "town", True)


@pytest.mark.parametrize("case", ["no shovel", "alive target", "dead digger"])
def test_bad_shovel_uses_change_nothing(case):
    t = town()
    confirmed_kill(t, t.mafia, t.townies[0], "free_kill", 30)
    digger, target = t.investigator, t.townies[0]
    if case != "no shovel":
        shovel = t.give_shovel(digger)
    if case == "alive target":
        target = t.townies[1]
    if case == "dead digger":
        confirmed_kill(t, t.serial_killer, digger, "serial_killer", 35)
    with pytest.raises(GameRuleError):
        shovel_use(game_id=t.game.pk, by=digger.user, dead_player_id=target.pk, now=t.at(40))
    if case != "no shovel":
        shovel.refresh_from_db()
        assert shovel.destroyed_at is None


def test_press_before_the_announcement_sets_the_announced_location():
    from game.models import LogEntry
    from game.services.killing.kill_decisions import kill_confirm

    t = town()
    kill = reported_kill(t, t.mafia, t.townies[0], "free_kill", 30, location="Lobby 7")
    mafia_manipulate_press(
        game_id=t.game.pk, by=t.mafia2.user, kill_id=kill.pk, location="Killian Court", now=t.at(32)
    )
    kill_confirm(game_id=t.game.pk, kill_id=kill.pk, by=t.mod, now=t.at(40))
    announcement = LogEntry.objects.get(kind="kill_announced")
    assert "Killian Court" in announcement.text and "Lobby 7" not in announcement.text
    told = LogEntry.objects.get(kind="press_location")
    assert list(told.recipients.all()) == [t.townies[0]]


def test_press_cannot_move_an_announced_location():
    t = town()
    kill = confirmed_kill(t, t.mafia, t.townies[0], "free_kill", 30)
    with pytest.raises(GameRuleError, match="already announced"):
        mafia_manipulate_press(
            game_id=t.game.pk, by=t.mafia.user, kill_id=kill.pk, location="elsewhere", now=t.at(40)
        )
