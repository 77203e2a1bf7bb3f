"""Inactivity handled (docs/forum-play.md): prods that escalate (a notice, a warning, a request
for a replacement to the moderators), a vacation notice that holds a player's prods for a span
the moderators allow, the moderators' activity overview per day, and replacements counted per
user for the moderators of later games."""

import datetime as dt
import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from forums.access import forum_viewer_for
from forums.errors import ForbiddenError
from forums.models import Notification, NotificationKind, ProdStep, SlotActivity
from forums.notification_texts import notification_item
from forums.selectors.activity import activity_overview
from forums.services.posts import post_create
from forums.services.prods import prod_key, prods_arm
from forums.services.replacements import slot_replace
from forums.services.vacations import vacation_announce
from game.errors import GameRuleError
from game.models import DueEvent, Game, LogEntry
from game.services.deadlines import process_due_events
from tests.conftest import client_for
from tests.factories import UserFactory, moderator_of
from tests.forums.forum_play.helpers import day_thread, forum_game

pytestmark = pytest.mark.django_db

HOURS = dt.timedelta(hours=1)


def prodded_game(**settings):
    """A forum game whose prods (every 2 hours) start with day 1: day 0's silence, which the
    set-up runs through at once, is nobody's."""
    game, p = forum_game(**settings)
    Game.objects.filter(pk=game.pk).update(prod_hours=2)
    game.refresh_from_db()
    prods_arm(game=game, at=day_start(game))
    return game, p


def day_start(game):
    return game.phases.get(code="day", number=1).started_at


def told(user) -> list[str]:
    return [
        notification_item(n).text
        for n in Notification.objects.filter(user=user, kind=NotificationKind.INACTIVITY).order_by(
            "id"
        )
    ]


def speak(player, when, body="here"):
    post_create(thread_id=day_thread(player.game).pk, by=player.user, body=body, now=when)


def test_silence_escalates_from_a_prod_to_a_warning_to_a_replacement_request_once_each():
    game, p = prodded_game()
    start = day_start(game)
    for name in ("maf1", "maf2", "cop", "doc", "vil1", "vil3", "vil4"):
        speak(p[name], start + 7 * HOURS)  # everyone else is active all along
    Notification.objects.all().delete()
    process_due_events(now=start + 2 * HOURS + dt.timedelta(minutes=1))
    assert told(p["vil2"].user) == [
        "Prod: you have not posted in Town Square for 2 hours. "
        "Post, or ask the moderators for a replacement."
    ]
    process_due_events(now=start + 4 * HOURS + dt.timedelta(minutes=1))
    assert told(p["vil2"].user)[1].startswith(
        "Warning: you have not posted in Town Square for 4 hours. If you stay silent 2 more hours"
    )
    mod = moderator_of(game)
    assert not Notification.objects.filter(user=mod, kind=NotificationKind.REPLACEMENT_REQUEST)
    process_due_events(now=start + 6 * HOURS + dt.timedelta(minutes=1))
    [request] = Notification.objects.filter(user=mod, kind=NotificationKind.REPLACEMENT_REQUEST)
    item = notification_item(request)
    assert item.text.startswith("vil2 has not posted in Town Square for 6 hours")
    assert item.url == f"/forums/games/{game.pk}/activity/"
    # The request is the moderators' alone, and nothing more follows it.
    assert not LogEntry.objects.filter(kind="replacement_requested", visibility="public")
    process_due_events(now=start + 12 * HOURS)
    assert len(told(p["vil2"].user)) == 2
    assert Notification.objects.filter(kind=NotificationKind.REPLACEMENT_REQUEST).count() == 1
    assert SlotActivity.objects.get(player=p["vil2"]).step == ProdStep.REPLACEMENT_REQUESTED
    overview = activity_overview(forum_viewer_for(mod, game))
    assert [r.name for r in overview.requests] == ["vil2"]


def test_a_post_ends_the_escalation_and_the_next_silence_starts_with_a_prod_again():
    game, p = prodded_game()
    start = day_start(game)
    for hours in (2, 4):
        process_due_events(now=start + hours * HOURS + dt.timedelta(minutes=1))
    assert SlotActivity.objects.get(player=p["vil2"]).step == ProdStep.WARNING
    speak(p["vil2"], start + 5 * HOURS)
    assert SlotActivity.objects.get(player=p["vil2"]).step == ProdStep.NONE
    Notification.objects.all().delete()
    process_due_events(now=start + 7 * HOURS + dt.timedelta(minutes=1))
    assert told(p["vil2"].user)[0].startswith("Prod: ")


def test_a_vacation_notice_holds_the_prods_until_it_ends_then_they_escalate_from_the_start():
    game, p = prodded_game(vacation_days=3)
    start = day_start(game)
    vacation_announce(
        game_id=game.pk, by=p["vil2"].user, days=1, note="Moving house", now=start + HOURS
    )
    assert LogEntry.objects.get(kind="vacation_announced").text == (
        "vil2 is away for 1 day: Moving house"
    )
    Notification.objects.all().delete()
    process_due_events(now=start + 12 * HOURS)
    assert told(p["vil2"].user) == []
    assert told(p["vil1"].user)  # the others are prodded as ever
    back = start + HOURS + dt.timedelta(days=1)
    process_due_events(now=back + dt.timedelta(minutes=30))
    assert told(p["vil2"].user) == []
    # The day ended meanwhile; on a later day, the prod falls prod_hours after the return.
    game.refresh_from_db()
    activity = SlotActivity.objects.get(player=p["vil2"])
    assert activity.away_until == back and activity.step == ProdStep.NONE
    prod = DueEvent.objects.get(key=prod_key(game, p["vil2"].pk))
    assert prod.due_at == back + 2 * HOURS


def test_a_vacation_longer_than_the_moderators_allow_or_in_a_game_without_them_is_refused():
    game, p = prodded_game(vacation_days=3)
    start = day_start(game)
    with pytest.raises(GameRuleError, match="from 1 to 3 days"):
        vacation_announce(game_id=game.pk, by=p["vil2"].user, days=4, note="", now=start)
    with pytest.raises(ForbiddenError, match="Only living players"):
        vacation_announce(game_id=game.pk, by=moderator_of(game), days=1, note="", now=start)
    other, q = prodded_game()
    with pytest.raises(ForbiddenError, match="allow no vacation"):
        vacation_announce(game_id=other.pk, by=q["vil2"].user, days=1, note="", now=start)
    assert not SlotActivity.objects.filter(away_until__isnull=False).exists()
    response = client_for(p["vil2"].user).post(
        f"/api/v1/forums/games/{game.pk}/vacation",
        json.dumps({"days": 99}),
        content_type="application/json",
    )
    assert response.status_code in (400, 409, 422)
    assert "from 1 to 3 days" in response.json()["detail"]


def test_the_activity_overview_counts_posts_and_words_per_day_and_last_posts():
    game, p = prodded_game()
    start = day_start(game)
    speak(p["vil1"], start + HOURS, "one two three")
    speak(p["vil1"], start + 2 * HOURS, "four five")
    speak(p["cop"], start + 3 * HOURS, "hello")
    response = client_for(moderator_of(game)).get(f"/api/v1/forums/games/{game.pk}/activity")
    assert response.status_code == 200
    rows = {r["name"]: r for r in response.json()["players"]}
    assert response.json()["days"] == [1]
    assert rows["vil1"]["days"] == [{"posts": 2, "words": 5}]
    assert rows["cop"]["days"] == [{"posts": 1, "words": 1}]
    assert rows["vil2"]["days"] == [{"posts": 0, "words": 0}] and rows["vil2"]["last_seen"] is None
    assert rows["vil1"]["last_seen"].startswith((start + 2 * HOURS).strftime("%Y-%m-%dT%H:%M"))
    page = client_for(moderator_of(game)).get(f"/forums/games/{game.pk}/activity/")
    assert "2 posts, 5 words" in page.content.decode()


def test_only_the_moderators_read_the_activity_overview():
    game, p = forum_game()
    assert client_for(p["vil1"].user).get(f"/forums/games/{game.pk}/activity/").status_code == 404
    api = client_for(p["vil1"].user).get(f"/api/v1/forums/games/{game.pk}/activity")
    assert api.status_code == 404


def overview_queries(game) -> int:
    fv = forum_viewer_for(moderator_of(game), game)
    with CaptureQueriesContext(connection) as queries:
        activity_overview(fv)
    return len(queries)


def test_the_activity_overview_costs_the_same_whatever_the_players_and_posts():
    small, p = forum_game()
    speak(p["vil1"], day_start(small) + HOURS)
    big, q = forum_game()
    for n, player in enumerate(q.values()):
        for k in range(3):
            speak(player, day_start(big) + HOURS + dt.timedelta(minutes=n * 3 + k), f"w {k}")
    slot_replace(
        game_id=big.pk,
        by=moderator_of(big),
        player_id=q["vil3"].pk,
        substitute=UserFactory().username,
        now=day_start(big) + 2 * HOURS,
    )
    assert overview_queries(small) == overview_queries(big)


def test_replacements_are_counted_per_user_for_the_moderators_of_later_games():
    flaky = UserFactory()
    for _ in range(2):
        game, p = forum_game()
        sub = p["vil4"].user
        slot_replace(
            game_id=game.pk,
            by=moderator_of(game),
            player_id=p["vil4"].pk,
            substitute=flaky.username,
            now=day_start(game) + HOURS,
        )
        slot_replace(
            game_id=game.pk,
            by=moderator_of(game),
            player_id=p["vil4"].pk,
            substitute=sub.username,
            now=day_start(game) + 2 * HOURS,
        )
    later, q = forum_game()
    slot_replace(
        game_id=later.pk,
        by=moderator_of(later),
        player_id=q["cop"].pk,
        substitute=flaky.username,
        now=day_start(later) + HOURS,
    )
    rows = {
        r.name: r for r in activity_overview(forum_viewer_for(moderator_of(later), later)).players
    }
    assert rows["cop"].replaced_before == 2
    assert rows["vil1"].replaced_before == 0
