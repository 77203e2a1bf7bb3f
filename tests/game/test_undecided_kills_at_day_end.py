"""R52: a kill counts for the day it happened whenever it is decided, so the mafia kill clock
(R18) waits for a day's undecided kill reports; moderators are told at the day end, and "End the
day now" names those reports first."""

import datetime as dt

import pytest
from django.urls import reverse

from game.models import GameStatus, LogEntry, Visibility
from game.rulesets.base import PlayerStatus
from game.rulesets.live_action.roles import Role
from game.rulesets.live_action.win import Winner, outcome_at_day_end
from game.services.killing.kill_decisions import kill_confirm, kill_reject
from game.services.killing.kills import kill_report
from tests.conftest import client_for
from tests.factories import make_game, moderator_of, running_game, sign_up, start_game
from tests.game.helpers import current_day, end_day

pytestmark = pytest.mark.django_db


def test_the_clock_counts_a_day_with_undecided_reports_as_a_day_that_may_have_had_a_kill():
    players = [PlayerStatus(1, "mafia"), PlayerStatus(2, "townie"), PlayerStatus(3, "townie")]
    assert outcome_at_day_end(players, 2, kill_days=set(), undecided_days={2}) is None
    assert outcome_at_day_end(players, 3, kill_days={1}, undecided_days={3}) is None
    assert outcome_at_day_end(players, 2, kill_days=set(), undecided_days=()) == Winner.TOWN


def reported_mafia_kill(game, mafia, victim):
    """Both parties' places differ, so the report waits for a moderator (R11)."""
    day = current_day(game)
    happened = day.started_at + dt.timedelta(hours=2)
    return kill_report(
        game_id=game.pk,
        by=mafia.user,
        side="killer",
        other_player_id=victim.pk,
        method="free_kill",
        location="Killian Court",
        happened_at=happened,
        now=happened + dt.timedelta(minutes=1),
    )


def day_two_ends_with_an_undecided_report():
    game, (mafia, *town) = running_game(6)
    end_day(game)
    kill = reported_mafia_kill(game, mafia, town[0])
    day = end_day(game)
    return game, mafia, town, kill, day


def test_a_day_end_with_an_undecided_report_hands_out_no_win_and_tells_the_moderators():
    game, _, town, kill, day = day_two_ends_with_an_undecided_report()
    assert game.status == GameStatus.RUNNING and game.current_day == 3
    told = LogEntry.objects.get(game=game, kind="clock_waits")
    assert told.visibility == Visibility.MODERATORS
    assert town[0].name in told.text and "R52" in told.text


def test_rejecting_the_waiting_report_runs_the_clock_it_waited_for():
    game, _, _, kill, day = day_two_ends_with_an_undecided_report()
    kill_reject(
        game_id=game.pk,
        kill_id=kill.pk,
        by=moderator_of(game),
        now=day.ended_at + dt.timedelta(minutes=5),
        reason="No such kill",
    )
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED and game.winner == "town"
    assert "R18" in LogEntry.objects.get(game=game, kind="game_over").text


def test_a_disarm_decided_after_the_day_end_runs_the_clock_it_waited_for():
    """The disarmed shot (R40) is no kill: once decided, the clock that waited for it (R52) finds
    two days without a mafia kill (R18), within the same confirmation."""
    game = make_game()
    players = sign_up(game, 6)
    mafia, serial_killer = players[0], players[1]
    start_game(game, {mafia: Role.MAFIA, serial_killer: Role.SERIAL_KILLER})
    end_day(game)
    day = current_day(game)
    happened = day.started_at + dt.timedelta(hours=2)
    kill = kill_report(
        game_id=game.pk,
        by=mafia.user,
        side="victim",
        other_player_id=serial_killer.pk,
        method="serial_killer",
        location="Lobby 7",
        happened_at=happened,
        now=happened + dt.timedelta(minutes=1),
        disarm_claimed=True,
    )
    ended = end_day(game)
    game.refresh_from_db()
    assert game.status == GameStatus.RUNNING
    kill_confirm(
        game_id=game.pk,
        kill_id=kill.pk,
        by=moderator_of(game),
        now=ended.ended_at + dt.timedelta(minutes=5),
    )
    game.refresh_from_db()
    kill.refresh_from_db()
    assert kill.disarmed
    assert game.status == GameStatus.FINISHED and game.winner == "town"
    assert "R18" in LogEntry.objects.get(game=game, kind="game_over").text


def test_confirming_the_waiting_report_counts_the_kill_for_its_day_and_the_game_goes_on():
    game, _, town, kill, day = day_two_ends_with_an_undecided_report()
    kill_confirm(
        game_id=game.pk,
        kill_id=kill.pk,
        by=moderator_of(game),
        now=day.ended_at + dt.timedelta(minutes=5),
    )
    game.refresh_from_db()
    town[0].refresh_from_db()
    assert not town[0].alive and town[0].death_day == 2
    assert game.status == GameStatus.RUNNING


def test_end_the_day_now_names_the_days_undecided_reports_before_it_runs():
    game, (mafia, *town) = running_game(6)
    reported_mafia_kill(game, mafia, town[1])
    client = client_for(moderator_of(game))
    for name in ("mod_dashboard", "mod_queue"):
        page = client.get(reverse(name, args=[game.pk])).content.decode()
        assert f"still undecided ({town[1].name})" in page and "R52" in page
