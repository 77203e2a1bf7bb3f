"""The periodic job keeps every event it is given: an event its handler moved to a later day is
not marked done behind its back (R49, R4), and one held decision that fails does not stop the
other games' day ends."""

import datetime as dt

import pytest

from game.models import DueEvent, LogEntry
from game.rulesets.live_action import DeathCause
from game.services.lobby.notices import inactivity_notice_send
from tests.factories import moderator_of, running_game
from tests.game.helpers import current_day, end_day
from tests.game.test_day_end import mafia_kill

pytestmark = pytest.mark.django_db


def test_an_eviction_its_day_end_moved_to_the_next_day_still_happens():
    game, (m, a, lazy, *_) = running_game(5)
    day_one = current_day(game)
    sent = day_one.ends_at - dt.timedelta(hours=1)
    inactivity_notice_send(game_id=game.pk, player_id=lazy.pk, by=moderator_of(game), now=sent)
    mafia_kill(game, 1)
    end_day(game)
    eviction = DueEvent.objects.get(game=game, kind="eviction")
    day_two = current_day(game)
    assert eviction.day == 2 and eviction.due_at == day_two.ends_at
    # The moderators moved day 2's end to before the notice's deadline, while the job was away:
    # the eviction (the older row) is claimed first, and its day end moves it to day 3 (R49).
    day_two.ends_at = sent + dt.timedelta(hours=23)
    day_two.save(update_fields=["ends_at"])
    mafia_kill(game, 2)
    end_day(game, late=dt.timedelta(hours=2))
    # Day 2 ended before the deadline (R49): the eviction waits for day 3, whose end (the next
    # 23:00, two hours later) the same run catches up.
    lazy.refresh_from_db()
    assert lazy.death_cause == DeathCause.EVICTION and lazy.death_day == 3
    assert LogEntry.objects.filter(text=f"{lazy.name} died at the end of day 3.").exists()
    assert DueEvent.objects.get(pk=eviction.pk).done_at is not None


def test_a_held_decision_that_breaks_unexpectedly_stops_no_day_end(monkeypatch):
    from game.models import HeldDecision
    from game.services import hold_effects

    games = [running_game(5)[0] for _ in range(2)]
    for game in games:
        mafia_kill(game, 1)
    day = current_day(games[0])
    holds_made = [
        HeldDecision.objects.create(
            game=game,
            kind="kill_confirm",
            subject_id=1000 + n,
            by=moderator_of(game),
            held_at=day.started_at,
            due_at=day.started_at + dt.timedelta(minutes=1),
        )
        for n, game in enumerate(games)
    ]
    taken = []

    def take_effect(hold, now):
        if hold.pk == holds_made[0].pk:
            raise RuntimeError("a bug in one decision")
        taken.append(hold.pk)

    monkeypatch.setattr(hold_effects, "_take_effect", take_effect)
    end_day(games[0])  # the one job run ends both games' days
    assert [current_day(game).number for game in games] == [2, 2]
    assert taken == [holds_made[1].pk]
    broken = HeldDecision.objects.get(pk=holds_made[0].pk)
    assert broken.applied_at is not None and "could not be applied" in broken.outcome
    told = LogEntry.objects.get(game=games[0], kind="held_decision_failed")
    assert told.visibility == "moderators"
