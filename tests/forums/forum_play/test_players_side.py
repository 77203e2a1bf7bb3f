"""The players' side of a forum game (docs/forum-play.md): a replaced player is told, and the
game's pages tell them so instead of "not found"; a vote written at night is answered with a
notice; a post answers what its vote did and leads back to it; the reply box is one tap from
the top of the thread; an edited post is marked and its first text kept for moderators."""

import json

import pytest
from django.test import TestCase

from forums.models import Notification, NotificationKind, Replacement
from forums.selectors.notifications import notification_items
from forums.services.posts import post_edit
from forums.services.replacements import slot_replace
from tests.conftest import client_for
from tests.factories import UserFactory, moderator_of
from tests.forums.forum_play.helpers import (
    at,
    day_thread,
    forum_game,
    forum_game_now,
    say,
    town_thread,
)
from tests.game.classic.helpers import end_phase

pytestmark = pytest.mark.django_db


def replaced_maf1(game, p):
    old = p["maf1"].user
    sub = UserFactory()
    with TestCase.captureOnCommitCallbacks(execute=True):
        slot_replace(
            game_id=game.pk,
            by=moderator_of(game),
            player_id=p["maf1"].pk,
            substitute=sub.username,
            now=at(game),
        )
    return old, sub


def test_a_replaced_player_is_told_with_a_link_to_what_they_may_still_read():
    game, p = forum_game()
    old, sub = replaced_maf1(game, p)
    [item] = notification_items(old)
    assert item.notification.kind == NotificationKind.REPLACED
    assert item.text.startswith("You were replaced: a substitute plays your slot.")
    assert item.url == f"/forums/games/{game.pk}/replaced/"
    page = client_for(old).get(item.url)
    assert page.status_code == 200
    body = page.content.decode()
    assert f"You were replaced in {game.name}" in body
    assert f'href="/games/{game.pk}/"' in body
    # Nothing of the game leaks through the notice: no role, no slot's name.
    assert "mafioso" not in body.lower() and "maf1" not in body
    assert Replacement.objects.get(game=game).replaced_user == old
    assert not Notification.objects.filter(user=sub, kind=NotificationKind.REPLACED).exists()


def test_the_game_answers_the_replaced_players_open_pages_with_the_notice_not_a_bare_404():
    game, p = forum_game()
    thread = day_thread(game)
    old, _ = replaced_maf1(game, p)
    client = client_for(old)
    for url in (f"/games/{game.pk}/", f"/forums/threads/{thread.pk}/", f"/games/{game.pk}/me/"):
        page = client.get(url)
        assert page.status_code == 404, url
        assert "You were replaced in" in page.content.decode(), url
    polled = client.get(f"/forums/threads/{thread.pk}/poll/?after=0", HTTP_HX_REQUEST="true")
    assert polled.headers.get("HX-Redirect") == f"/forums/games/{game.pk}/replaced/"
    # Anyone else still gets the one "not found".
    stranger = client_for(UserFactory()).get(f"/games/{game.pk}/")
    assert stranger.status_code == 404 and "replaced" not in stranger.content.decode()
    assert client_for(UserFactory()).get(f"/forums/games/{game.pk}/replaced/").status_code == 404


def test_a_replacement_through_the_api_tells_the_replaced_player_too():
    game, p = forum_game()
    old = p["cop"].user
    sub = UserFactory()
    response = client_for(moderator_of(game)).post(
        f"/api/v1/forums/games/{game.pk}/replacements",
        json.dumps({"player_id": p["cop"].pk, "substitute": sub.username}),
        content_type="application/json",
    )
    assert response.status_code == 200
    assert [i.notification.kind for i in notification_items(old)] == [NotificationKind.REPLACED]


def test_a_vote_written_at_night_is_answered_with_a_notice():
    game, p = forum_game(phase_threads=False)
    end_phase(game)
    post = say(p["vil1"], "VOTE: maf1", thread=town_thread(game))
    assert not post.post_vote.counted
    assert post.post_vote.notice.startswith("Your vote was not counted: It is night")
    page = client_for(p["vil1"].user).get(f"/forums/threads/{town_thread(game).pk}/")
    assert "Your vote was not counted: It is night" in page.content.decode()


def test_a_vote_written_in_the_nights_thread_is_answered_with_a_notice():
    game, p = forum_game()
    end_phase(game)
    night = day_thread(game, 1).board.threads.filter(title__startswith="Night 1").get()
    post = say(p["vil1"], "VOTE: maf1", thread=night)
    assert post.post_vote.notice == (
        "Your vote was not counted: It is night: day 1 has ended, and the town votes by day (C5)."
    )


def test_a_refused_vote_is_not_answered_posted_and_a_post_leads_back_to_itself():
    game, p = forum_game_now(phase_threads=False)
    client = client_for(p["vil1"].user)
    url = f"/forums/threads/{town_thread(game).pk}/"
    counted = client.post(url, {"body": "VOTE: maf1"}, follow=True)
    post_id = counted.redirect_chain[-1][0].split("#post-")[1]
    assert counted.redirect_chain[-1][0].endswith(f"?post={post_id}#post-{post_id}")
    assert "Posted, and your vote is counted." in counted.content.decode()
    refused = client.post(url, {"body": "VOTE: nobody at all"}, follow=True).content.decode()
    assert "Posted as talk: your vote was not counted." in refused
    assert "Posted.<" not in refused


def test_the_reply_box_is_one_tap_from_the_top_of_the_thread():
    game, p = forum_game()
    for n in range(30):
        say(p["vil1"], f"talk {n}")
    page = client_for(p["vil2"].user).get(f"/forums/threads/{day_thread(game).pk}/")
    body = page.content.decode()
    assert body.index('id="to-reply"') < body.index('id="posts"')
    assert 'href="?page=last#reply"' in body


def test_an_edited_post_is_marked_and_its_first_text_kept_for_the_moderators():
    game, p = forum_game()
    post = say(p["vil1"], "first words")
    post_edit(post_id=post.pk, by=p["vil1"].user, body="second words", now=at(game, 6))
    page = client_for(p["vil2"].user).get(f"/forums/threads/{day_thread(game).pk}/")
    assert '<span class="badge">edited</span>' in page.content.decode()
    history = f"/forums/posts/{post.pk}/history/"
    assert client_for(p["vil2"].user).get(history).status_code in (403, 404)
    assert "first words" in client_for(moderator_of(game)).get(history).content.decode()
