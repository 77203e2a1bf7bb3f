"""Last wills, replacements, modkills and prods of a classic game played in the threads
(docs/forum-play.md)."""

import datetime as dt

import pytest
from django.core import mail
from django.urls import reverse

from forums.access import can_read, can_read_will, forum_viewer_for
from forums.errors import ForbiddenError
from forums.models import (
    BoardKind,
    LastWill,
    Notification,
    NotificationKind,
    NotificationSetting,
    Post,
    PostKind,
)
from forums.notification_texts import notification_item
from forums.services.posts import post_create
from forums.services.push import push_payload
from forums.services.wills import will_save
from game.errors import GameRuleError
from game.models import LogEntry, Visibility
from game.services.deadlines import process_due_events
from game.services.lobby.replacements import player_modkill, player_replace
from tests.conftest import client_for
from tests.factories import UserFactory, moderator_of
from tests.forums.forum_play.helpers import at, day_thread, forum_game, say
from tests.game.classic.helpers import act, classic_game, end_phase

pytestmark = pytest.mark.django_db


def will_posts(game):
    return list(
        Post.objects.filter(thread__board__game=game, kind=PostKind.LAST_WILL).values_list(
            "body", flat=True
        )
    )


def test_a_will_is_read_by_its_writer_alone_until_it_is_posted_at_death():
    game, p = forum_game(majority_ends_day=True)
    will = will_save(game_id=game.pk, by=p["cop"].user, body="maf1 is mafia.", now=at(game))
    will_save(game_id=game.pk, by=p["cop"].user, body="maf1 is MAFIA.", now=at(game, 6))
    assert LastWill.objects.get(pk=will.pk).body == "maf1 is MAFIA."
    for other in ("maf1", "vil1"):
        assert not can_read_will(forum_viewer_for(p[other].user, game), p["cop"], posted=False)
    assert can_read_will(forum_viewer_for(p["cop"].user, game), p["cop"], posted=False)
    assert will_posts(game) == []
    for name in ("vil1", "vil2", "vil3", "vil4", "maf1"):
        say(p[name], "VOTE: cop")
    assert will_posts(game) == ["The last will of cop:\n\nmaf1 is MAFIA."]


def test_the_night_kill_destroys_the_will_in_that_variant():
    game, p = classic_game(last_wills="not_night_kill")
    will_save(game_id=game.pk, by=p["doc"].user, body="I saved nobody.", now=game.started_at)
    end_phase(game)
    act(game, p["maf1"], p["doc"])
    act(game, p["maf2"], p["doc"])
    end_phase(game)
    assert will_posts(game) == ["doc's last will was destroyed by the killers."]


def test_no_will_without_the_setting():
    game, p = forum_game(last_wills="")
    with pytest.raises(ForbiddenError):
        will_save(game_id=game.pk, by=p["cop"].user, body="x", now=at(game))


def test_a_substitute_takes_the_slot_with_its_role_and_den_and_the_replaced_user_loses_them():
    game, p = forum_game()
    old = p["maf1"].user
    sub = UserFactory()
    player_replace(
        game_id=game.pk,
        by=moderator_of(game),
        player_id=p["maf1"].pk,
        substitute=sub.username,
        now=at(game),
    )
    p["maf1"].refresh_from_db()
    assert (p["maf1"].user_id, p["maf1"].role) == (sub.pk, "mafioso")
    assert can_read(forum_viewer_for(sub, game), BoardKind.MAFIA_DEN)
    assert not can_read(forum_viewer_for(old, game), BoardKind.MAFIA_DEN)
    assert not can_read(forum_viewer_for(old, game), BoardKind.TOWN_SQUARE)
    announced = day_thread(game).posts.filter(body__contains="replaces").get()
    assert announced.body.endswith("in the slot of maf1.")
    say(p["maf1"], "VOTE: cop")
    assert p["maf1"].votes_cast.get().target_id == p["cop"].pk


def test_the_substitute_is_told_of_their_role_as_at_the_deal_and_the_replaced_user_is_not(
    django_capture_on_commit_callbacks,
):
    """Bell, e-mail and push alike read the notice of the dealt role, which names no role; the
    replaced user's own notice of the deal no longer shows, nor does the role card open."""
    game, p = forum_game()
    old = p["maf1"].user
    sub = UserFactory()
    NotificationSetting.objects.create(user=sub, email=True)
    with django_capture_on_commit_callbacks(execute=True):
        player_replace(
            game_id=game.pk,
            by=moderator_of(game),
            player_id=p["maf1"].pk,
            substitute=sub.username,
            now=at(game),
        )
    [email] = [m for m in mail.outbox if sub.email in m.to]
    assert "Your role has been dealt: read your role card." in email.body
    assert "mafia" not in email.body.lower()
    [dealt] = Notification.objects.filter(user=sub, kind=NotificationKind.ROLE_DEALT)
    item = notification_item(dealt)
    assert item.text == "Your role has been dealt: read your role card."
    assert item.url == reverse("role_card", args=[game.pk])
    assert "mafioso" not in item.text.lower() and "mafia" not in item.text.lower()
    assert push_payload(item)["body"] == item.text
    assert client_for(sub).get(item.url).status_code == 200
    [old_dealt] = Notification.objects.filter(user=old, kind=NotificationKind.ROLE_DEALT)
    assert notification_item(old_dealt) is None
    assert client_for(old).get(item.url).status_code == 404
    slot = LogEntry.objects.get(game=game, kind="slot_taken")
    assert slot.visibility == Visibility.PLAYERS and list(slot.recipients.all()) == [p["maf1"]]
    assert not Notification.objects.filter(user=old, log_entry=slot).exists()


def test_a_replacement_is_refused_for_a_player_of_the_game_or_by_a_player():
    game, p = forum_game()
    with pytest.raises(GameRuleError, match="already plays"):
        player_replace(
            game_id=game.pk,
            by=moderator_of(game),
            player_id=p["maf1"].pk,
            substitute=p["vil1"].user.username,
            now=at(game),
        )
    with pytest.raises(GameRuleError, match="Only the moderators"):
        player_replace(
            game_id=game.pk,
            by=p["vil1"].user,
            player_id=p["maf1"].pk,
            substitute=UserFactory().username,
            now=at(game),
        )


def test_a_modkill_removes_the_player_with_the_reason_logged():
    game, p = forum_game()
    with pytest.raises(GameRuleError, match="reason"):
        player_modkill(
            game_id=game.pk, by=moderator_of(game), player_id=p["vil4"].pk, reason=" ", now=at(game)
        )
    player_modkill(
        game_id=game.pk,
        by=moderator_of(game),
        player_id=p["vil4"].pk,
        reason="No substitute found.",
        now=at(game),
    )
    p["vil4"].refresh_from_db()
    assert not p["vil4"].alive and p["vil4"].death_cause == "moderator"
    entry = LogEntry.objects.get(game=game, kind="modkill")
    assert entry.reason == "No substitute found." and entry.visibility == Visibility.PUBLIC
    assert "They were a villager." in entry.text


def test_a_silent_player_is_prodded_once_and_a_post_moves_the_prod():
    game, p = forum_game(prod_hours=3)
    start = game.phases.get(code="day", number=1).started_at
    Notification.objects.all().delete()
    post_create(
        thread_id=day_thread(game).pk,
        by=p["vil1"].user,
        body="here",
        now=start + dt.timedelta(hours=2),
    )
    process_due_events(now=start + dt.timedelta(hours=3, minutes=1))
    prodded = set(
        Notification.objects.filter(kind=NotificationKind.INACTIVITY).values_list(
            "user_id", flat=True
        )
    )
    assert p["vil2"].user_id in prodded and p["vil1"].user_id not in prodded
    process_due_events(now=start + dt.timedelta(hours=3, minutes=2))
    assert (
        Notification.objects.filter(kind=NotificationKind.INACTIVITY, user=p["vil2"].user).count()
        == 1
    )
    process_due_events(now=start + dt.timedelta(hours=5, minutes=1))
    assert (
        Notification.objects.filter(kind=NotificationKind.INACTIVITY, user=p["vil1"].user).count()
        == 1
    )
