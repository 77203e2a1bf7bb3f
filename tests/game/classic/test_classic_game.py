"""A classic game played through the services (C1-C8): phases as due events processed once,
the night's choices and their refusals, dawn, the day vote, the win and the seed."""

import datetime as dt
from collections import Counter

import pytest

from game.errors import ConflictError, GameRuleError
from game.models import DayResult, DueEvent, GamePhase, GameStatus, LogEntry, Visibility
from game.rulesets.phases import draw_rng
from game.services.deadlines import process_due_events
from game.services.lobby.setup import game_start, roles_assign
from game.services.nights.night_actions import night_action_submit, night_override_set
from game.services.nights.phases import phase_end_now
from tests.factories import START, make_game, moderator_of, sign_up
from tests.game.classic.helpers import (
    act,
    classic_game,
    end_phase,
    phase_now,
    refresh,
    vil1_killed_on_night_0,
)
from tests.game.helpers import vote

pytestmark = pytest.mark.django_db


def public_texts(game) -> list[str]:
    return list(
        LogEntry.objects.filter(game=game, visibility=Visibility.PUBLIC).values_list(
            "text", flat=True
        )
    )


def test_the_game_starts_on_day_0_and_the_phases_follow_as_due_events():
    """C1: day 0 (no vote), night 0, day 1, night 1, each ending at its deadline."""
    game, p = classic_game()
    assert (game.current_phase, game.current_day) == ("day", 0)
    assert any(t.startswith("Rise and shine! Today is day 0.") for t in public_texts(game))
    with pytest.raises(GameRuleError, match="No voting will occur on day 0"):
        vote(game, p["vil1"], p["maf1"])
    day0 = end_phase(game)
    assert day0.ended_at == day0.ends_at
    assert (game.current_phase, game.current_day) == ("night", 0)
    end_phase(game)
    assert (game.current_phase, game.current_day) == ("day", 1)
    phases = list(GamePhase.objects.filter(game=game).values_list("code", "number"))
    assert phases == [("day", 0), ("night", 0), ("day", 1)]
    # Local 23:00 and 09:00 in America/New_York (UTC-4 in October).
    hours = [ph.ends_at.astimezone(dt.UTC).hour for ph in GamePhase.objects.filter(game=game)]
    assert hours == [3, 13, 3]


def test_a_phase_end_is_processed_exactly_once_however_often_the_job_runs():
    # Without the reminder before the phase's end, its end is the only due event.
    game, _ = classic_game(action_reminder_minutes=0)
    phase = phase_now(game)
    assert process_due_events(now=phase.ends_at + dt.timedelta(minutes=1)) == 1
    assert process_due_events(now=phase.ends_at + dt.timedelta(minutes=2)) == 0
    assert GamePhase.objects.filter(game=game).count() == 2
    assert DueEvent.objects.filter(game=game, done_at__isnull=False).count() == 1


def test_phase_lengths_in_minutes_for_fast_games():
    game, _ = classic_game(phase_minutes=30)
    phase = phase_now(game)
    assert phase.ends_at - phase.started_at == dt.timedelta(minutes=30)


def test_the_mafia_kill_at_dawn_is_announced_with_the_role_and_the_living():
    """C2, C6 and the seed's dawn message."""
    game, p = classic_game()
    end_phase(game)
    act(game, p["maf1"], p["vil1"])
    act(game, p["maf2"], p["vil1"])
    act(game, p["doc"], p["vil2"])
    end_phase(game)
    p = refresh(p)
    assert not p["vil1"].alive and p["vil1"].death_cause == "kill"
    dawn = LogEntry.objects.get(game=game, kind="dawn")
    assert dawn.text.startswith(
        "Dawn of day 1.\nLast night, vil1 was killed. They were a villager."
    )
    # C9: in seat order, the order they joined in.
    assert "These players are still alive: maf1, maf2, cop, doc, vil2, vil3, vil4" in dawn.text


def test_the_dawn_lists_the_living_by_seat_not_by_sign_up_or_name():
    """C9: seats changed after the deal (reversed here) still order the dawn's list."""
    game, p = classic_game()
    players = sorted(p.values(), key=lambda player: player.seat)
    for seat, player in enumerate(reversed(players), start=1):
        type(player).objects.filter(pk=player.pk).update(seat=100 + seat)
    end_phase(game)
    act(game, p["maf1"], p["vil1"])
    act(game, p["maf2"], p["vil1"])
    end_phase(game)
    dawn = LogEntry.objects.get(game=game, kind="dawn")
    assert "These players are still alive: vil4, vil3, vil2, doc, cop, maf2, maf1" in dawn.text


def test_the_doctors_save_means_nobody_dies_and_the_reason_is_for_the_moderators():
    """C3: the doctor's save of the mafia's victim cancels the kill."""
    game, p = classic_game()
    end_phase(game)
    act(game, p["maf1"], p["vil1"])
    act(game, p["maf2"], p["vil1"])
    act(game, p["doc"], p["vil1"])
    end_phase(game)
    assert refresh(p)["vil1"].alive
    assert "Last night, nobody was killed." in LogEntry.objects.get(game=game, kind="dawn").text
    resolved = LogEntry.objects.get(game=game, kind="night_resolved")
    assert resolved.visibility == Visibility.MODERATORS
    assert "vil1 was saved by the doctor." in resolved.text


def test_the_doctors_second_self_save_is_refused_when_submitted():
    """C3: a doctor may choose themself once per game."""
    game, p = classic_game()
    end_phase(game)
    act(game, p["doc"], p["doc"])
    act(game, p["doc"], p["doc"])  # changing tonight's choice is not a second save
    end_phase(game)
    end_phase(game)
    with pytest.raises(GameRuleError, match="already saved yourself once"):
        act(game, p["doc"], p["doc"])
    act(game, p["doc"], p["vil2"])


def test_the_cop_alone_learns_the_alignment():
    """C4: the result goes to the cop only, in the seed's words."""
    game, p = classic_game()
    end_phase(game)
    act(game, p["cop"], p["maf2"])
    end_phase(game)
    result = LogEntry.objects.get(game=game, kind="investigation_result")
    assert result.text == "Investigations showed that maf2 is mafia-aligned."
    assert result.visibility == Visibility.PLAYERS
    assert list(result.recipients.all()) == [p["cop"]]
    assert "maf2 is mafia" not in " ".join(public_texts(game))


def test_refused_night_actions_change_nothing():
    """Bad input: a villager's or a dead player's action, an action by day or for a night that
    has ended (409)."""
    game, p = classic_game()
    with pytest.raises(ConflictError, match="night actions are taken at night"):
        act(game, p["maf1"], p["vil1"])
    end_phase(game)
    with pytest.raises(GameRuleError, match="no night action"):
        act(game, p["vil1"], p["vil2"])
    with pytest.raises(GameRuleError, match="player of this game"):
        night_action_submit(game_id=game.pk, player_id=p["maf1"].pk, target_id=10**30, now=START)
    act(game, p["maf1"], p["vil1"])
    act(game, p["maf2"], p["vil1"])
    end_phase(game)
    with pytest.raises(ConflictError):
        act(game, p["maf1"], p["vil2"], night=0)
    end_phase(game)
    with pytest.raises(GameRuleError, match="Dead players"):
        act(game, p["vil1"], p["vil2"])
    with pytest.raises(GameRuleError, match="living player"):
        act(game, p["maf1"], p["vil1"])
    assert game.night_actions.filter(night=1).count() == 0


def test_the_day_vote_executes_and_votes_are_public_as_cast():
    """C5, C6: "Casey votes to kill Dale"; the most voted is executed, role revealed."""
    game, p = classic_game()
    end_phase(game)
    end_phase(game)
    for voter in ("vil1", "vil2", "vil3", "vil4", "cop"):
        vote(game, p[voter], p["maf1"])
    vote(game, p["maf1"], None)
    assert "vil1 votes to kill maf1." in public_texts(game)
    assert "maf1 votes to kill no one." in public_texts(game)
    end_phase(game)
    assert not refresh(p)["maf1"].alive
    assert "The town has killed maf1!\nThey were a mafioso." in public_texts(game)
    result = DayResult.objects.get(game=game, day=1)
    assert result.totals == {str(p["maf1"].pk): 5, "none": 3}
    with pytest.raises(ConflictError, match="It is night"):
        vote(game, p["vil1"], p["maf2"], at=phase_now(game).started_at + dt.timedelta(minutes=1))


def test_a_vote_for_a_dead_player_is_refused_and_no_one_wins_without_votes():
    game, p = vil1_killed_on_night_0()
    with pytest.raises(GameRuleError, match="vil1 is dead"):
        vote(game, p["vil2"], p["vil1"])
    end_phase(game)
    assert "The town opted to lynch no one today." in public_texts(game)
    assert game.status == GameStatus.RUNNING


def test_the_mafia_win_after_a_death_and_the_dead_share_it_and_the_seed_is_published():
    """C6: the village no longer outnumbers the mafia; checked after each death. C8."""
    game, p = classic_game()
    for victim in ("vil1", "vil2", "vil3"):
        end_phase(game)  # to night
        act(game, p["maf1"], p[victim])
        act(game, p["maf2"], p[victim])
        end_phase(game)  # dawn
        if game.status != GameStatus.RUNNING:
            break
    # 8 players - 3 kills leaves 2 mafiosi against 3.
    assert game.status == GameStatus.RUNNING
    end_phase(game)
    act(game, p["maf1"], p["vil4"])
    act(game, p["maf2"], p["vil4"])
    end_phase(game)
    assert (game.status, game.winner) == (GameStatus.FINISHED, "mafia")
    over = LogEntry.objects.get(game=game, kind="game_over")
    assert "The mafia win" in over.text and game.random_seed in over.text
    assert not DueEvent.objects.filter(game=game, done_at__isnull=True, cancelled_at__isnull=True)


def test_the_village_wins_when_the_last_mafioso_is_executed():
    game, p = classic_game()
    end_phase(game)
    end_phase(game)
    for voter in ("vil1", "vil2", "vil3", "vil4", "cop", "doc"):
        vote(game, p[voter], p["maf1"])
    end_phase(game)
    end_phase(game)
    for voter in ("vil1", "vil2", "vil3", "vil4", "cop", "doc"):
        vote(game, p[voter], p["maf2"])
    end_phase(game)
    assert (game.status, game.winner) == (GameStatus.FINISHED, "village")
    assert "The village wins" in LogEntry.objects.get(game=game, kind="game_over").text


def test_the_night_ends_once_every_action_is_in_when_the_setting_says_so():
    """C1's setting: the night ends as soon as every living actor has chosen."""
    game, p = classic_game(night_ends_when_all_in=True)
    end_phase(game)
    act(game, p["maf1"], p["vil1"])
    act(game, p["maf2"], p["vil1"])
    act(game, p["cop"], p["maf1"])
    game.refresh_from_db()
    assert game.current_phase == "night"
    act(game, p["doc"], None)
    game.refresh_from_db()
    assert (game.current_phase, game.current_day) == ("day", 1)
    assert not refresh(p)["vil1"].alive


def test_moderators_end_a_phase_now_and_an_ended_phase_answers_409():
    game, p = classic_game()
    mod = moderator_of(game)
    at = phase_now(game).started_at + dt.timedelta(minutes=3)
    phase_end_now(game_id=game.pk, by=mod, now=at, code="day", number=0)
    game.refresh_from_db()
    assert (game.current_phase, game.current_day) == ("night", 0)
    with pytest.raises(ConflictError):
        phase_end_now(game_id=game.pk, by=mod, now=at, code="day", number=0)
    assert process_due_events(now=at + dt.timedelta(minutes=1)) == 0


def test_the_moderators_override_decides_the_dawn_with_a_reason():
    game, p = classic_game()
    mod = moderator_of(game)
    end_phase(game)
    act(game, p["maf1"], p["vil1"])
    with pytest.raises(GameRuleError, match="reason"):
        night_override_set(game_id=game.pk, victim_id=None, reason=" ", by=mod, now=START)
    night_override_set(game_id=game.pk, victim_id=None, reason="Rule mix-up", by=mod, now=START)
    end_phase(game)
    assert refresh(p)["vil1"].alive
    assert (
        "moderators decided instead that nobody dies"
        in LogEntry.objects.get(game=game, kind="night_resolved").text
    )


def test_the_deal_comes_from_the_games_seed_and_needs_six_players():
    """C7, C8: one third mafia; anyone with the seed repeats the deal."""
    game = make_game(ruleset="classic")
    players = sign_up(game, 9)
    mod = moderator_of(game)
    roles_assign(game_id=game.pk, by=mod, now=START)
    dealt = dict(game.players.values_list("pk", "role"))
    assert Counter(dealt.values()) == {"mafioso": 3, "cop": 1, "doctor": 1, "villager": 4}
    again = game.rules.deal_roles(
        sorted(dealt), game.role_setup, draw_rng(game.random_seed, "deal")
    )
    assert again.roles == dealt
    small = make_game(ruleset="classic")
    sign_up(small, 5)
    with pytest.raises(GameRuleError, match="at least 6 players"):
        roles_assign(game_id=small.pk, by=moderator_of(small), now=START)
    game_start(game_id=game.pk, by=mod, now=START)
    assert len(players) == 9


def test_the_live_action_day_clock_refuses_a_classic_game_instead_of_failing():
    """An extension is the exception: a classic day extends through the phase engine
    (tests/forums/forum_play/test_phase_extension.py)."""
    from game.services.days import day_cycle

    game, _ = classic_game()
    mod = moderator_of(game)
    for action in (
        lambda: day_cycle.day_end_now(game_id=game.pk, day=0, by=mod, now=START),
        lambda: day_cycle.clock_pause(game_id=game.pk, by=mod, now=START),
    ):
        with pytest.raises(GameRuleError, match="days and nights"):
            action()


def test_a_classic_game_does_not_start_with_fewer_than_six_players():
    """C7: "The game will not run without 6 or more players." even with roles set by hand."""
    from game.services.lobby.setup import role_set

    game = make_game(ruleset="classic")
    players = sign_up(game, 5)
    mod = moderator_of(game)
    for player, role in zip(
        players, ("mafioso", "cop", "doctor", "villager", "villager"), strict=True
    ):
        role_set(game_id=game.pk, player_id=player.pk, role=role, by=mod, now=START)
    with pytest.raises(GameRuleError, match="at least 6 players; 5 signed up"):
        game_start(game_id=game.pk, by=mod, now=START)
