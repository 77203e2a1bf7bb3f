"""Tasers reported by their holders (R44), and what a tazing does to the target's kills (R12)."""

import datetime as dt

import pytest

from game.errors import GameRuleError
from game.models import Item, LogEntry, Tazing
from game.rulesets.live_action import DeathCause
from game.rulesets.live_action.items import ItemKind
from game.rulesets.live_action.kills import KILLER_TAZED, kill_violations
from game.services.killing.deaths import player_die
from game.services.killing.kills import kill_report
from game.services.killing.tazings import taser_use, taser_write
from game.snapshots.kill_facts import kill_context, kill_report_facts
from tests.game.helpers import current_day, end_day
from tests.game.kills_setup import town
from tests.game.test_day_end import mafia_kill

pytestmark = pytest.mark.django_db


def give_taser(t, player) -> Item:
    return Item.objects.create(game=t.game, kind=ItemKind.TASER, holder=player)


def at(t, minutes: int) -> dt.datetime:
    return current_day(t.game).started_at + dt.timedelta(minutes=minutes)


def write(t, taser, holder, target, minutes: int = 10) -> Item:
    return taser_write(
        game_id=t.game.pk, by=holder.user, item_id=taser.pk, target_id=target.pk, now=at(t, minutes)
    )


def use(t, taser, holder, target, minutes: int = 20) -> Tazing:
    return taser_use(
        game_id=t.game.pk, by=holder.user, item_id=taser.pk, target_id=target.pk, now=at(t, minutes)
    )


def reported_kill(t, killer, victim, minutes: int):
    kill = kill_report(
        game_id=t.game.pk,
        by=killer.user,
        side="killer",
        other_player_id=victim.pk,
        method="vigilante",
        location="the bridge",
        happened_at=at(t, minutes),
        now=at(t, minutes + 1),
    )
    return kill_violations(kill_report_facts(kill_context(t.game), kill))


def test_writing_a_name_is_final():
    t = town()
    holder = t.townies[0]
    taser = give_taser(t, holder)
    written = write(t, taser, holder, t.vigilante)
    assert (written.taser_target, written.taser_target_written_at) == (t.vigilante, at(t, 10))
    with pytest.raises(GameRuleError, match="cannot be erased"):
        write(t, taser, holder, t.mafia, minutes=11)
    taser.refresh_from_db()
    assert taser.taser_target == t.vigilante


def test_using_the_taser_before_five_minutes_is_refused():
    t = town()
    holder = t.townies[0]
    taser = give_taser(t, holder)
    write(t, taser, holder, t.vigilante, minutes=10)
    with pytest.raises(GameRuleError, match="5 minutes"):
        use(t, taser, holder, t.vigilante, minutes=14)
    assert not Tazing.objects.exists()
    use(t, taser, holder, t.vigilante, minutes=15)
    assert Tazing.objects.count() == 1


def test_the_taser_tazes_only_the_name_written_on_it():
    t = town()
    holder = t.townies[0]
    taser = give_taser(t, holder)
    write(t, taser, holder, t.vigilante)
    with pytest.raises(GameRuleError, match="only taze the player whose name"):
        use(t, taser, holder, t.mafia)
    taser.refresh_from_db()
    assert taser.destroyed_at is None and not Tazing.objects.exists()


def test_a_tazed_killer_is_flagged_the_same_day_but_not_the_next():
    t = town()
    holder = t.townies[0]
    taser = give_taser(t, holder)
    write(t, taser, holder, t.vigilante)
    tazing = use(t, taser, holder, t.vigilante)
    taser.refresh_from_db()
    assert taser.destroyed_at == at(t, 20)
    assert (tazing.target, tazing.tazer, tazing.day) == (t.vigilante, holder, 1)
    told = LogEntry.objects.get(kind="tazed")
    assert list(told.recipients.all()) == [t.vigilante]
    assert KILLER_TAZED in reported_kill(t, t.vigilante, t.mafia, minutes=30)
    mafia_kill(t.game, 1)
    end_day(t.game)
    assert KILLER_TAZED not in reported_kill(t, t.vigilante, t.mafia2, minutes=30)


def test_a_used_taser_cannot_be_used_again():
    t = town()
    holder = t.townies[0]
    taser = give_taser(t, holder)
    write(t, taser, holder, t.vigilante)
    use(t, taser, holder, t.vigilante)
    with pytest.raises(GameRuleError, match="has been used"):
        use(t, taser, holder, t.vigilante, minutes=25)
    assert Tazing.objects.count() == 1


def test_a_dead_holder_cannot_write_or_use_a_taser():
    t = town()
    holder = t.townies[0]
    taser = give_taser(t, holder)
    write(t, taser, holder, t.vigilante)
    player_die(game=t.game, player=holder, at=at(t, 12), cause=DeathCause.MODERATOR, day=1)
    with pytest.raises(GameRuleError, match="Dead players"):
        use(t, taser, holder, t.vigilante)
    assert not Tazing.objects.exists()


def test_a_player_of_another_game_is_refused():
    t, other = town(), town()
    taser = give_taser(t, t.townies[0])
    with pytest.raises(GameRuleError, match="not playing in this game"):
        taser_write(
            game_id=t.game.pk,
            by=other.townies[0].user,
            item_id=taser.pk,
            target_id=t.vigilante.pk,
            now=at(t, 10),
        )
    with pytest.raises(GameRuleError, match="not in this game"):
        write(t, taser, t.townies[0], other.vigilante)
    taser.refresh_from_db()
    assert taser.taser_target is None


def test_a_taser_of_another_player_or_game_is_refused():
    t, other = town(), town()
    someone_elses = give_taser(t, t.townies[1])
    other_games = give_taser(other, other.townies[0])
    with pytest.raises(GameRuleError, match="not in this game"):
        write(t, someone_elses, t.townies[0], t.vigilante)
    with pytest.raises(GameRuleError, match="not in this game"):
        write(t, other_games, t.townies[0], t.vigilante)
    shovel = t.give_shovel(t.townies[0])
    with pytest.raises(GameRuleError, match="not in this game"):
        write(t, shovel, t.townies[0], t.vigilante)
    assert not Item.objects.filter(taser_target__isnull=False).exists()


def test_a_taser_that_changed_hands_keeps_its_name_and_its_clock():
    t = town()
    first, second = t.townies[0], t.townies[1]
    taser = give_taser(t, first)
    write(t, taser, first, t.vigilante, minutes=10)
    Item.objects.filter(pk=taser.pk).update(holder=second)
    with pytest.raises(GameRuleError, match="not in this game"):
        use(t, taser, first, t.vigilante, minutes=16)
    assert use(t, taser, second, t.vigilante, minutes=16).tazer == second
