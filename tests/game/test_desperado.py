"""Going desperado by the player's own request (R25), through the services and the day end."""

import datetime as dt

import pytest

from game.errors import GameRuleError
from game.models import DesperadoRequest, DueEvent, LogEntry
from game.rulesets.live_action import Capacity, DeathCause
from game.rulesets.live_action.kills import TARGET_DESPERADO, kill_violations
from game.rulesets.live_action.roles import desperado as rules
from game.services.days.day_end_undo import day_end_undo
from game.services.investigating.desperado import desperado_cancel, desperado_request
from game.services.investigating.investigative_roles import desperado_mark
from game.services.killing.deaths import player_die
from game.services.killing.kills import kill_report
from game.snapshots.investigations import capacities_of
from game.snapshots.kill_facts import kill_context, kill_report_facts
from tests.game.helpers import current_day, end_day
from tests.game.kills_setup import town
from tests.game.test_day_end import mafia_kill

pytestmark = pytest.mark.django_db


def next_day(t) -> None:
    mafia_kill(t.game, current_day(t.game).number)
    end_day(t.game)
    t.refresh()


def during_today(t, minutes: int = 60) -> dt.datetime:
    return current_day(t.game).started_at + dt.timedelta(minutes=minutes)


def ask(t, player=None, minutes: int = 60):
    player = player or t.desperado
    return desperado_request(game_id=t.game.pk, by=player.user, now=during_today(t, minutes))


def test_a_request_on_day_2_makes_a_desperado_from_day_3_who_dies_at_the_end_of_day_4():
    t = town()
    next_day(t)
    ask(t)
    assert t.desperado.desperado_since_day is None
    assert Capacity.DESPERADO not in capacities_of(t.desperado, 2)
    next_day(t)
    assert t.desperado.desperado_since_day == 3
    assert Capacity.DESPERADO in capacities_of(t.desperado, 3)
    told = LogEntry.objects.get(game=t.game, kind="desperado_started")
    assert list(told.recipients.all()) == [t.desperado]
    assert "start of day 3" in told.text and "end of day 4" in told.text
    next_day(t)
    assert t.desperado.alive
    next_day(t)
    assert not t.desperado.alive
    assert (t.desperado.death_cause, t.desperado.death_day) == (DeathCause.DESPERADO, 4)


def test_a_desperado_is_immune_to_kills_from_the_day_the_request_takes_effect():
    t = town()
    ask(t)
    next_day(t)
    at = during_today(t)
    kill = kill_report(
        game_id=t.game.pk,
        by=t.mafia.user,
        side="killer",
        other_player_id=t.desperado.pk,
        method="free_kill",
        location="the market",
        happened_at=at,
        now=at + dt.timedelta(minutes=1),
    )
    assert TARGET_DESPERADO in kill_violations(kill_report_facts(kill_context(t.game), kill))


def test_a_request_cancelled_before_the_day_end_changes_nothing():
    t = town()
    next_day(t)
    ask(t)
    cancelled = desperado_cancel(game_id=t.game.pk, by=t.desperado.user, now=during_today(t, 90))
    assert cancelled.cancelled_at is not None
    next_day(t)
    assert t.desperado.desperado_since_day is None
    assert not DueEvent.objects.filter(kind=DueEvent.Kind.DESPERADO_DEATH).exists()
    assert not LogEntry.objects.filter(kind="desperado_started").exists()


def test_a_cancelled_request_can_be_made_again_the_same_day():
    t = town()
    ask(t)
    desperado_cancel(game_id=t.game.pk, by=t.desperado.user, now=during_today(t, 90))
    ask(t, minutes=120)
    next_day(t)
    assert t.desperado.desperado_since_day == 2


def test_a_second_request_is_refused_while_one_waits_and_after_going_desperado():
    t = town()
    ask(t)
    with pytest.raises(GameRuleError, match="already asked"):
        ask(t, minutes=70)
    next_day(t)
    with pytest.raises(GameRuleError, match="once per game"):
        ask(t)
    assert DesperadoRequest.objects.filter(player=t.desperado).count() == 1


def test_players_who_are_not_living_desperados_are_refused_with_a_clear_message():
    t = town()
    with pytest.raises(GameRuleError, match="Only a desperado"):
        ask(t, t.investigator)
    player_die(game=t.game, player=t.desperado, at=during_today(t), cause=DeathCause.KILL, day=1)
    with pytest.raises(GameRuleError, match="Dead players cannot go desperado"):
        ask(t)
    assert not DesperadoRequest.objects.exists()


def test_cancelling_without_a_waiting_request_is_refused():
    t = town()
    with pytest.raises(GameRuleError, match=rules.NOTHING_TO_CANCEL.text[:30]):
        desperado_cancel(game_id=t.game.pk, by=t.desperado.user, now=during_today(t))


def test_a_desperado_who_dies_before_the_day_end_does_not_go_desperado():
    t = town()
    ask(t)
    at = during_today(t, 90)
    player_die(game=t.game, player=t.desperado, at=at, cause=DeathCause.KILL, day=1)
    next_day(t)
    assert t.desperado.desperado_since_day is None
    assert DesperadoRequest.objects.get().cancelled_at is not None


def test_a_moderators_record_overrides_a_waiting_request():
    t = town()
    ask(t)
    desperado_mark(game_id=t.game.pk, player_id=t.desperado.pk, by=t.mod, now=during_today(t, 90))
    next_day(t)
    assert t.desperado.desperado_since_day == 1
    assert DesperadoRequest.objects.get().applied_at is None
    assert DueEvent.objects.filter(kind=DueEvent.Kind.DESPERADO_DEATH).count() == 1


def test_undoing_the_day_end_puts_the_request_back_to_waiting():
    t = town()
    ask(t)
    next_day(t)
    day_end_undo(game_id=t.game.pk, by=t.mod, now=during_today(t), reason="wrong vote count")
    t.refresh()
    assert t.desperado.desperado_since_day is None
    assert DesperadoRequest.objects.get().waiting
    assert not DueEvent.objects.filter(kind=DueEvent.Kind.DESPERADO_DEATH).exists()
