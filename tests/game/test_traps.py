"""Set a Trap and Slaughter the Weak (R36) in the mafia's hands."""

import datetime as dt
import json

import pytest
from django.test import Client

from game.errors import GameRuleError
from game.models import LogEntry, MafiaPowerUse, Visibility
from game.permissions import viewer_for
from game.rulesets.live_action.powers import set_a_trap
from game.selectors.mafia import mafia_state
from game.services.killing.kill_decisions import kill_confirm
from game.services.mafia_powers.mafia import mafia_trap_set
from game.services.mafia_powers.power_uses import uses_left
from tests.conftest import client_for
from tests.game.helpers import end_day
from tests.game.kills_setup import confirmed_kill, reported_kill, town

pytestmark = pytest.mark.django_db
T0 = dt.datetime(2026, 10, 5, 14, 0, tzinfo=dt.UTC)


def trap(power, target, right, alive=True, day=1, minutes=0):
    return set_a_trap.Trap(power, target, right, day, T0 + dt.timedelta(minutes=minutes), alive)


def test_the_rules_example_wrong_spends_right_is_stored_and_comes_back_at_death():
    traps = [trap("set_trap", 1, False), trap("set_trap", 2, True)]
    assert set_a_trap.charges_left("set_trap", 3, traps) == 1
    traps[1] = trap("set_trap", 2, True, alive=False)
    assert set_a_trap.charges_left("set_trap", 3, traps) == 2
    assert set_a_trap.charges_left("slaughter_the_weak", 1, traps) == 1


def test_a_charge_is_held_from_the_right_guess_on():
    traps = [trap("set_trap", 2, True, minutes=10), trap("set_trap", 3, False, minutes=10)]
    assert not set_a_trap.held_charge_at(2, T0 + dt.timedelta(minutes=5), traps)
    assert set_a_trap.held_charge_at(2, T0 + dt.timedelta(minutes=10), traps)
    assert not set_a_trap.held_charge_at(3, T0 + dt.timedelta(minutes=20), traps)


def test_the_rule_refuses_once_a_day_dead_targets_held_charges_and_no_charge():
    base = dict(power="Set a Trap", target=4, target_alive=True, used_today=False, left=3)
    assert set_a_trap.trap_refusals(**base, target_holds=False) == []
    for change, code in [
        ({"used_today": True}, "trap_today"),
        ({"target_alive": False}, "trap_target_dead"),
        ({"target_holds": True}, "trap_held"),
        ({"left": 0}, "trap_none_left"),
    ]:
        (reason,) = set_a_trap.trap_refusals(**{**base, "target_holds": False, **change})
        assert reason.code == code and "R36" in reason.render({4: "Casey"})


def set_trap(t, by, target, role, minutes=10, power="set_trap"):
    return mafia_trap_set(
        game_id=t.game.pk,
        by=by.user,
        power=power,
        target_id=target.pk,
        guessed_role=role,
        now=t.at(minutes),
    )


def test_a_right_guess_stores_the_charge_the_kill_spares_the_free_kill_and_the_charge_returns():
    t = town()
    use = set_trap(t, t.mafia, t.townies[1], "townie")
    assert use.guess_right
    assert uses_left(t.game, "set_trap") == 2
    state = mafia_state(viewer_for(t.mafia2.user, t.game))
    assert [(p.pk, name) for p, name in state.stored_charges] == [(t.townies[1].pk, "Set a Trap")]
    told = LogEntry.objects.get(kind="mafia_set_trap", visibility=Visibility.MAFIA)
    assert "Right:" in told.text and "(2 of 3 Set a Trap left.)" in told.text
    confirmed_kill(t, t.mafia, t.townies[0], "free_kill", 30)
    confirmed_kill(t, t.mafia2, t.townies[1], "free_kill", 40)
    assert not t.townies[1].alive, "the trapped player's kill does not use the free kill"
    assert uses_left(t.game, "set_trap") == 3, "the charge comes back at death"
    third = reported_kill(t, t.mafia, t.townies[2], "free_kill", 50)
    with pytest.raises(GameRuleError, match="free kill"):
        kill_confirm(game_id=t.game.pk, kill_id=third.pk, by=t.mod, now=t.at(52))


def test_a_wrong_guess_spends_the_charge_and_the_mafia_read_wrong_and_one_trap_a_day():
    t = town()
    use = set_trap(t, t.mafia, t.townies[1], "investigator")
    assert use.guess_right is False and uses_left(t.game, "set_trap") == 2
    assert "Wrong:" in LogEntry.objects.get(kind="mafia_set_trap", visibility="mafia").text
    with pytest.raises(GameRuleError, match="once a day"):
        set_trap(t, t.mafia2, t.townies[2], "townie", minutes=20)
    assert MafiaPowerUse.objects.filter(power="set_trap").count() == 1
    end_day(t.game)
    set_trap(t, t.mafia2, t.townies[2], "townie", minutes=24 * 60)
    assert uses_left(t.game, "set_trap") == 1


def test_slaughter_the_weak_on_a_non_child_is_a_wrong_guess_and_on_a_child_stores_it():
    t = town()
    use = set_trap(t, t.mafia, t.townies[0], "", power="slaughter_the_weak")
    assert use.guess_right is False and uses_left(t.game, "slaughter_the_weak") == 0
    with pytest.raises(GameRuleError, match="no Slaughter the Weak charge"):
        set_trap(t, t.mafia, t.townies[1], "", power="slaughter_the_weak", minutes=20)
    t2 = town()
    child = t2.townies[0]
    child.role = "innocent_child"
    child.save(update_fields=["role"])
    use = set_trap(t2, t2.mafia, child, "townie", power="slaughter_the_weak")
    assert use.guessed_role == "innocent_child" and use.guess_right


@pytest.mark.parametrize("case", ["townie", "dead mafia", "dead target", "held charge"])
def test_refused_traps_change_nothing(case):
    t = town()
    by, target = t.mafia, t.townies[0]
    if case == "townie":
        by = t.townies[1]
    if case == "dead mafia":
        confirmed_kill(t, t.vigilante, t.mafia2, "vigilante", 5)
        by = t.mafia2
    if case == "dead target":
        confirmed_kill(t, t.serial_killer, target, "serial_killer", 5)
    if case == "held charge":
        target.role = "innocent_child"
        target.save(update_fields=["role"])
        assert set_trap(t, t.mafia, target, "", power="slaughter_the_weak", minutes=5).guess_right
    uses = MafiaPowerUse.objects.count()
    with pytest.raises(GameRuleError):
        set_trap(t, by, target, "townie", minutes=20)
    assert MafiaPowerUse.objects.count() == uses


def test_the_api_sets_a_trap_and_hides_the_operation_from_others():
    t = town()
    url = f"/api/v1/games/{t.game.pk}/mafia/trap"
    body = json.dumps({"power": "set_trap", "target_id": t.townies[0].pk, "guessed_role": "townie"})
    for outsider in (client_for(t.townies[1].user), client_for(t.investigator.user), Client()):
        answer = outsider.post(url, body, content_type="application/json")
        assert (
            answer.status_code in (401, 403, 404) and "trap" not in answer.content.decode().lower()
        )
    done = client_for(t.mafia.user).post(url, body, content_type="application/json")
    assert done.status_code == 201
    assert (done.json()["guess_right"], done.json()["charges_left"]) == (True, 2)


def test_the_trap_form_asks_with_the_target_and_refuses_on_its_page():
    t = town()
    client = client_for(t.mafia.user)
    page = client.get(f"/games/{t.game.pk}/mafia/").content.decode()
    assert "Set a trap on {target}?" in page and 'data-confirm-target="target"' in page
    url = f"/games/{t.game.pk}/mafia/trap/"
    done = client.post(
        url, {"power": "set_trap", "target": t.townies[0].pk, "guessed_role": "mafia"}
    )
    assert done.status_code == 302
    again = client.post(
        url, {"power": "set_trap", "target": t.townies[1].pk, "guessed_role": "mafia"}
    )
    assert again.status_code == 422 and "once a day" in again.content.decode()
    town_page = client_for(t.townies[0].user).get(f"/games/{t.game.pk}/log/").content.decode()
    assert "trap" not in town_page.lower()
