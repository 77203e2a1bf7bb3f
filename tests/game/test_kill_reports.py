import datetime as dt

import pytest

from forums.models import Post, PostKind
from game.errors import GameRuleError
from game.models import Day, Item, Kill, KillStatement, KillStatus, LogEntry, Visibility
from game.rulesets.live_action import kills as kill_rules
from game.rulesets.live_action.powers.free_kill import USED as FREE_KILL_USED
from game.selectors.kills import confirmed_kills
from game.services.killing.kill_decisions import (
    kill_confirm,
    kill_edit,
    kill_reject,
    kill_violations_of,
)
from game.services.killing.kills import kill_announce_by_victim, kill_report, kill_respond
from tests.factories import START, UserFactory, running_game
from tests.game.kills_setup import confirmed_kill, town

pytestmark = pytest.mark.django_db


def report(t, reporter, other, *, side="killer", method="free_kill", minutes=60, **extra):
    return kill_report(
        game_id=t.game.pk,
        by=reporter.user,
        side=side,
        other_player_id=other.pk if other else None,
        method=method,
        location="Lobby 7",
        happened_at=t.at(minutes),
        now=t.at(minutes + 1),
        **extra,
    )


def test_a_killer_report_opens_a_pending_kill_and_asks_the_victim_to_confirm():
    t = town()
    kill = report(t, t.mafia, t.townies[0])
    assert kill.status == KillStatus.PENDING
    assert kill.killer == t.mafia and kill.victim == t.townies[0] and kill.day == 1
    note = LogEntry.objects.get(kind="kill_to_confirm")
    assert note.visibility == Visibility.PLAYERS
    assert list(note.recipients.all()) == [t.townies[0]]


def test_the_victim_confirms_and_the_statements_sit_side_by_side():
    t = town()
    kill = report(t, t.mafia, t.townies[0])
    kill_respond(
        game_id=t.game.pk, kill_id=kill.pk, by=t.townies[0].user, agrees=True, now=t.at(70)
    )
    assert [s.agrees for s in kill.statements.all()] == [None, True]


def test_a_dispute_needs_a_note():
    t = town()
    kill = report(t, t.mafia, t.townies[0])
    with pytest.raises(GameRuleError, match="dispute"):
        kill_respond(
            game_id=t.game.pk, kill_id=kill.pk, by=t.townies[0].user, agrees=False, now=t.at(70)
        )


def test_a_victim_can_report_an_unknown_killer_and_the_killer_report_joins_it():
    t = town()
    first = report(t, t.townies[0], None, side="victim", method="")
    assert first.killer is None
    second = report(t, t.mafia, t.townies[0])
    assert second.pk == first.pk
    first.refresh_from_db()
    assert first.killer == t.mafia and first.method == "free_kill"
    assert KillStatement.objects.filter(kill=first).count() == 2


@pytest.mark.parametrize(
    ("case", "message"),
    [
        ("self", "yourself"),
        ("dead", "already dead"),
        ("other game", "not in this game"),
        ("future", "future"),
        ("before start", "before the game started"),
        ("no location", "where"),
    ],
)
def test_bad_reports_get_a_clear_message_and_store_nothing(case, message):
    t = town()
    target, minutes, location = t.townies[0], 60, "Lobby 7"
    if case == "self":
        target = t.mafia
    if case == "dead":
        confirmed_kill(t, t.mafia, t.townies[1], "free_kill", 30)
        target = t.townies[1]
    if case == "other game":
        _, others = running_game(3)
        target = others[0]
    if case == "no location":
        location = " "
    happened = {"future": t.at(120), "before start": START - dt.timedelta(minutes=1)}.get(
        case, t.at(minutes)
    )
    before = Kill.objects.count()
    with pytest.raises(GameRuleError, match=message):
        kill_report(
            game_id=t.game.pk,
            by=t.mafia.user,
            side="killer",
            other_player_id=target.pk,
            method="free_kill",
            location=location,
            happened_at=happened,
            now=t.at(61),
        )
    assert Kill.objects.count() == before


def test_someone_outside_the_game_cannot_report():
    t = town()
    with pytest.raises(GameRuleError, match="not playing"):
        kill_report(
            game_id=t.game.pk,
            by=UserFactory(),
            side="killer",
            other_player_id=t.townies[0].pk,
            method="free_kill",
            location="x",
            now=t.at(5),
        )


def test_the_same_person_cannot_report_the_same_kill_twice():
    t = town()
    report(t, t.mafia, t.townies[0])
    with pytest.raises(GameRuleError, match="already reported"):
        report(t, t.mafia, t.townies[0], minutes=61)
    assert Kill.objects.count() == 1


def test_confirming_kills_the_victim_at_the_time_it_happened_and_passes_items():
    t = town()
    shovel = t.give_shovel(t.townies[0])
    kill = confirmed_kill(t, t.mafia, t.townies[0], "free_kill", 60)
    assert kill.status == KillStatus.CONFIRMED
    assert not t.townies[0].alive and t.townies[0].died_at == t.at(60)
    shovel.refresh_from_db()
    assert shovel.holder == t.mafia
    announcement = LogEntry.objects.get(kind="kill_announced")
    assert announcement.visibility == Visibility.PUBLIC and "Lobby" not in announcement.text
    assert "the Infinite" in announcement.text


def test_a_hitman_victims_items_go_to_a_living_mafia():
    t = town()
    from game.services.mafia_powers.mafia import mafia_hitman_hire
    from tests.game.helpers import end_day

    mafia_hitman_hire(game_id=t.game.pk, by=t.mafia.user, hitman_name="a stranger", now=t.at(1))
    end_day(t.game)
    shovel = t.give_shovel(t.townies[0])
    kill = report(t, t.townies[0], None, side="victim", method="hitman", minutes=20 * 60)
    kill_confirm(game_id=t.game.pk, kill_id=kill.pk, by=t.mod, now=t.at(20 * 60 + 5))
    shovel.refresh_from_db()
    assert shovel.holder in (t.mafia, t.mafia2)


def test_a_second_free_kill_the_same_day_is_listed_and_refused_without_override():
    t = town()
    confirmed_kill(t, t.mafia, t.townies[0], "free_kill", 30)
    kill = report(t, t.mafia2, t.townies[1])
    assert kill_violations_of(t.game, kill) == [FREE_KILL_USED]
    with pytest.raises(GameRuleError, match="free kill"):
        kill_confirm(game_id=t.game.pk, kill_id=kill.pk, by=t.mod, now=t.at(70))
    t.refresh()
    assert t.townies[1].alive
    kill_confirm(
        game_id=t.game.pk,
        kill_id=kill.pk,
        by=t.mod,
        now=t.at(71),
        override=True,
        reason="moderator ruling",
    )
    t.refresh()
    assert not t.townies[1].alive


def test_a_failed_mafia_attempt_blocks_that_target_for_the_day():
    t = town()
    kill = report(t, t.mafia, t.townies[0])
    kill_reject(
        game_id=t.game.pk,
        kill_id=kill.pk,
        by=t.mod,
        now=t.at(62),
        reason="missed",
        attempt_failed=True,
    )
    again = report(t, t.mafia2, t.townies[0], minutes=80)
    assert kill_rules.MAFIA_FAILED_TARGET in kill_violations_of(t.game, again)


def test_a_serial_killer_on_cooldown_is_listed():
    t = town()
    confirmed_kill(t, t.serial_killer, t.townies[0], "serial_killer", 30)
    kill = report(t, t.serial_killer, t.townies[1], method="serial_killer")
    assert "until day 4" in " ".join(map(str, kill_violations_of(t.game, kill)))


def test_a_dead_killer_and_a_desperado_target_are_listed():
    t = town()
    from game.services.investigating.investigative_roles import desperado_mark

    desperado_mark(game_id=t.game.pk, player_id=t.desperado.pk, by=t.mod, now=t.at(1))
    kill = report(t, t.vigilante, t.desperado, method="vigilante", minutes=40)
    confirmed_kill(t, t.mafia, t.vigilante, "free_kill", 50)
    assert kill_violations_of(t.game, kill) == [kill_rules.TARGET_DESPERADO]
    late = report(t, t.townies[2], t.vigilante, side="victim", method="vigilante", minutes=60)
    assert kill_rules.KILLER_DEAD in kill_violations_of(t.game, late)


def test_a_disarm_against_a_serial_killer_keeps_the_mafia_alive():
    t = town()
    kill = report(
        t, t.mafia, t.serial_killer, side="victim", method="serial_killer", disarm_claimed=True
    )
    kill_confirm(game_id=t.game.pk, kill_id=kill.pk, by=t.mod, now=t.at(70))
    kill.refresh_from_db()
    t.refresh()
    assert kill.status == KillStatus.FAILED and kill.disarmed and t.mafia.alive
    assert [k.disarmed for k in confirmed_kills(t.game)] == [True]


def test_a_disarm_against_anyone_else_fails_and_the_mafia_dies():
    t = town()
    kill = report(t, t.mafia, t.vigilante, side="victim", method="vigilante", disarm_claimed=True)
    kill_confirm(game_id=t.game.pk, kill_id=kill.pk, by=t.mod, now=t.at(70))
    t.refresh()
    assert not t.mafia.alive


def test_a_kill_announced_in_the_last_hour_extends_the_day():
    t = town()
    day = Day.objects.get(game=t.game, number=1)
    late = int((day.ends_at - START).total_seconds() // 60) - 30
    confirmed_kill(t, t.mafia, t.townies[0], "free_kill", late - 5)
    day.refresh_from_db()
    assert day.ends_at == t.at(late - 3) + dt.timedelta(hours=1)


def test_the_victim_may_announce_after_thirty_minutes_only():
    t = town()
    kill = report(t, t.townies[0], t.mafia, side="victim")
    with pytest.raises(GameRuleError, match="30 minutes"):
        kill_announce_by_victim(
            game_id=t.game.pk, kill_id=kill.pk, by=t.townies[0].user, now=t.at(75)
        )
    kill_announce_by_victim(game_id=t.game.pk, kill_id=kill.pk, by=t.townies[0].user, now=t.at(92))
    assert LogEntry.objects.filter(kind="kill_announced_by_victim").count() == 1
    post = Post.objects.get(kind=PostKind.VICTIM_ANNOUNCEMENT)
    assert (post.author_player, post.as_moderator) == (t.townies[0], False)


def test_moderator_edit_and_reject_are_logged_with_reason():
    t = town()
    kill = report(t, t.townies[0], None, side="victim", method="")
    kill_edit(
        game_id=t.game.pk,
        kill_id=kill.pk,
        by=t.mod,
        now=t.at(70),
        reason="asked them",
        killer_id=t.mafia.pk,
        method="free_kill",
    )
    kill_reject(game_id=t.game.pk, kill_id=kill.pk, by=t.mod, now=t.at(71), reason="a joke")
    reasons = list(
        LogEntry.objects.filter(visibility="moderators", kind__startswith="kill_").values_list(
            "reason", flat=True
        )
    )
    assert "asked them" in reasons and "a joke" in reasons


def test_confirmed_kills_gives_plain_facts_for_the_day_end():
    t = town()
    confirmed_kill(t, t.mafia, t.townies[0], "free_kill", 30)
    [fact] = confirmed_kills(t.game)
    assert (fact.killer_id, fact.killer_role, fact.killer_mafia_aligned, fact.day) == (
        t.mafia.pk,
        "mafia",
        True,
        1,
    )
    assert Item.objects.count() == 0


def test_a_tazed_killer_is_listed_for_the_rest_of_the_day():
    from game.services.killing.tazings import tazing_record

    t = town()
    tazing_record(game_id=t.game.pk, by=t.mod, target_id=t.mafia.pk, now=t.at(10))
    kill = report(t, t.mafia, t.townies[0])
    assert kill_violations_of(t.game, kill) == [kill_rules.KILLER_TAZED]


def test_a_kill_that_ends_the_game_is_still_announced_without_extending_the_day():
    from game.models import Game, GameStatus
    from game.services.killing import deaths

    def game_over(game, player, at):
        Game.objects.filter(pk=game.pk).update(status=GameStatus.FINISHED)

    t = town()
    day = Day.objects.get(game=t.game, number=1)
    late = int((day.ends_at - START).total_seconds() // 60) - 30
    deaths.DEATH_HOOKS.append(game_over)
    try:
        confirmed_kill(t, t.mafia, t.townies[0], "free_kill", late - 5)
    finally:
        deaths.DEATH_HOOKS.remove(game_over)
    ends = day.ends_at
    day.refresh_from_db()
    assert day.ends_at == ends
    assert LogEntry.objects.filter(kind="kill_announced").count() == 1
