"""A moderator's extension of a forum game's day (C1, docs/forum-play.md): the day's end moves
later with its deadline, the extension is posted in the day's thread, and the thread's opening
post says when the day now ends."""

import datetime as dt
import json

import pytest

from forums.models import PostKind
from game.models import Day, DueEvent, LogEntry
from game.services.days.day_cycle import day_extend
from game.services.deadlines import process_due_events
from game.services.log import local_text
from tests.conftest import client_for
from tests.factories import moderator_of
from tests.forums.forum_play.helpers import at, day_thread, forum_game, forum_game_now
from tests.game.classic.helpers import phase_now

pytestmark = pytest.mark.django_db


def test_an_extended_day_ends_later_and_its_thread_says_so():
    game, p = forum_game()
    phase = phase_now(game)
    first_end = phase.ends_at
    new_end = first_end + dt.timedelta(hours=2)
    day_extend(
        game_id=game.pk, by=moderator_of(game), new_end=new_end, now=at(game), reason="Holiday"
    )
    phase.refresh_from_db()
    assert phase.ends_at == new_end
    assert Day.objects.get(game=game, number=1).ends_at == new_end
    assert DueEvent.objects.get(pk=phase.event_id).due_at == new_end
    thread = day_thread(game)
    opening = thread.posts.filter(kind=PostKind.PHASE_ANNOUNCEMENT).first()
    assert f"It ends {local_text(game, new_end)} (extended)." in opening.body
    assert local_text(game, first_end) not in opening.body
    assert thread.posts.filter(body__contains="Day 1 is extended: it now ends").exists()
    assert LogEntry.objects.get(kind="phase_extended").reason == "Holiday"
    # The day goes on past its first deadline and ends at the new one.
    process_due_events(now=first_end + dt.timedelta(minutes=1))
    phase.refresh_from_db()
    assert phase.ended_at is None
    process_due_events(now=new_end + dt.timedelta(minutes=1))
    phase.refresh_from_db()
    assert phase.ended_at == new_end


def test_an_extension_through_the_api_and_one_that_would_end_the_day_sooner():
    game, p = forum_game_now()
    client = client_for(moderator_of(game))
    response = client.post(
        f"/api/v1/games/{game.pk}/day/extend",
        json.dumps({"minutes": 30, "reason": "Late kill"}),
        content_type="application/json",
    )
    assert response.status_code == 200, response.content
    assert phase_now(game).ends_at == Day.objects.get(game=game, number=1).ends_at
    refused = client_for(p["vil1"].user).post(
        f"/api/v1/games/{game.pk}/day/extend",
        json.dumps({"minutes": 30, "reason": "Mine"}),
        content_type="application/json",
    )
    assert refused.status_code == 404
    assert LogEntry.objects.filter(kind="phase_extended").count() == 1
