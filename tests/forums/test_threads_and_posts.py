import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from forums.errors import ForbiddenError
from forums.models import Notification, Post, PostKind, Thread
from forums.services import (
    announcement_post,
    den_member_add,
    post_create,
    post_delete,
    post_edit,
    thread_create,
    thread_pin,
    victim_announcement_post,
)
from game.errors import GameRuleError
from tests.conftest import client_for
from tests.factories import moderator_of, running_game
from tests.forums.helpers import LATER, START_KINDS, kill

TS = "town_square"


@pytest.fixture
def game_and_players(db):
    game, players = running_game(6, mafia=2)
    game.refresh_from_db()
    return game, players


def start_thread(game, player, body="Hello **town**", title="Who did it?"):
    return thread_create(
        game_id=game.pk, board_kind=TS, by=player.user, title=title, body=body, now=LATER
    )


def test_a_thread_page_shows_rendered_markdown_and_marks_moderator_posts(game_and_players):
    game, players = game_and_players
    thread = start_thread(game, players[2])
    post_create(thread_id=thread.pk, by=moderator_of(game), body="Be nice.", now=LATER)
    page = client_for(players[3].user).get(reverse("forums:thread_detail", args=[thread.pk]))
    html = page.content.decode()
    assert "<strong>town</strong>" in html
    assert 'class="badge mod">moderator' in html
    assert Post.objects.filter(thread=thread, as_moderator=True).count() == 1


def test_a_reply_through_the_page_is_posted(game_and_players):
    game, players = game_and_players
    thread = start_thread(game, players[2])
    client = client_for(players[3].user)
    response = client.post(reverse("forums:thread_detail", args=[thread.pk]), {"body": "I agree"})
    assert response.status_code == 302
    assert thread.posts.last().body == "I agree"


def test_an_empty_post_changes_nothing_and_says_why(game_and_players):
    game, players = game_and_players
    thread = start_thread(game, players[2])
    with pytest.raises(GameRuleError, match="Write something"):
        post_create(thread_id=thread.pk, by=players[3].user, body="   ", now=LATER)
    assert thread.posts.count() == 1


def test_posts_can_be_edited_for_ten_minutes_and_moderators_see_the_history(game_and_players):
    game, players = game_and_players
    thread = start_thread(game, players[2], body="first words")
    post = thread.posts.get()
    post_edit(
        post_id=post.pk,
        by=players[2].user,
        body="second words",
        now=LATER + dt.timedelta(minutes=9),
    )
    with pytest.raises(ForbiddenError, match="10 minutes"):
        post_edit(
            post_id=post.pk, by=players[2].user, body="third", now=LATER + dt.timedelta(minutes=11)
        )
    post.refresh_from_db()
    assert post.body == "second words"
    assert post.edited_at is not None
    history = reverse("forums:post_history", args=[post.pk])
    assert "first words" in client_for(moderator_of(game)).get(history).content.decode()
    assert client_for(players[2].user).get(history).status_code == 404


def test_only_the_author_edits_a_post(game_and_players):
    game, players = game_and_players
    post = start_thread(game, players[2]).posts.get()
    with pytest.raises(ForbiddenError):
        post_edit(post_id=post.pk, by=players[3].user, body="mine now", now=LATER)


def test_a_dead_author_can_no_longer_edit_a_town_square_post(game_and_players):
    game, players = game_and_players
    post = start_thread(game, players[2]).posts.get()
    kill(players[2])
    with pytest.raises(ForbiddenError, match="Dead players tell no tales"):
        post_edit(post_id=post.pk, by=players[2].user, body="from beyond", now=LATER)


def test_moderators_delete_with_a_reason_and_players_no_longer_see_the_text(game_and_players):
    game, players = game_and_players
    post = start_thread(game, players[2], body="role claim: investigator").posts.get()
    moderator = moderator_of(game)
    with pytest.raises(GameRuleError, match="reason"):
        post_delete(post_id=post.pk, by=moderator, reason=" ", now=LATER)
    with pytest.raises(ForbiddenError):
        post_delete(post_id=post.pk, by=players[3].user, reason="spam", now=LATER)
    post_delete(post_id=post.pk, by=moderator, reason="screenshots are forbidden", now=LATER)
    url = reverse("forums:thread_detail", args=[post.thread_id])
    player_page = client_for(players[3].user).get(url).content.decode()
    assert "role claim" not in player_page
    assert "Removed by the moderators" in player_page
    mod_page = client_for(moderator).get(url).content.decode()
    assert "screenshots are forbidden" in mod_page


def test_moderators_pin_threads_and_pinned_threads_come_first(game_and_players):
    game, players = game_and_players
    first = start_thread(game, players[2], title="Old")
    start_thread(game, players[3], title="New")
    with pytest.raises(ForbiddenError):
        thread_pin(thread_id=first.pk, by=players[2].user, pinned=True, now=LATER)
    thread_pin(thread_id=first.pk, by=moderator_of(game), pinned=True, now=LATER)
    assert list(Thread.objects.filter(board__game=game).values_list("title", flat=True)) == [
        "Old",
        "New",
    ]


def test_quoting_fills_the_reply_with_the_quoted_post(game_and_players):
    game, players = game_and_players
    post = start_thread(game, players[2], body="I was at the library").posts.get()
    url = reverse("forums:thread_detail", args=[post.thread_id]) + f"?quote={post.pk}"
    html = client_for(players[3].user).get(url).content.decode()
    assert f"&gt; **{players[2].name} wrote:**" in html
    assert "&gt; I was at the library" in html


def test_a_mention_notifies_the_player_named(game_and_players):
    game, players = game_and_players
    start_thread(game, players[2], body=f"What do you think, @{players[3].name}?")
    assert Notification.objects.filter(user=players[3].user, kind="mention").count() == 1
    assert not Notification.objects.filter(user=players[4].user).exclude(kind__in=START_KINDS)


def test_unread_markers_follow_what_the_user_has_seen(game_and_players):
    game, players = game_and_players
    thread = start_thread(game, players[2])
    reader = client_for(players[3].user)
    board_url = reverse("forums:board_detail", args=[game.pk, TS])
    assert "badge unread" in reader.get(board_url).content.decode()
    page = reader.get(reverse("forums:thread_detail", args=[thread.pk]))
    assert "badge unread" in reader.get(board_url).content.decode()
    read_up_to = thread.posts.get().pk
    assert f'name="last_post_id" value="{read_up_to}"' in page.content.decode()
    reader.post(
        reverse("forums:thread_read", args=[thread.pk]),
        {"last_post_id": read_up_to},
        HTTP_HX_REQUEST="true",
    )
    assert "badge unread" not in reader.get(board_url).content.decode()
    post_create(thread_id=thread.pk, by=players[2].user, body="more", now=LATER)
    assert "badge unread" in reader.get(board_url).content.decode()


def test_polling_returns_only_the_posts_after_the_last_one_seen(game_and_players):
    game, players = game_and_players
    thread = start_thread(game, players[2], body="old news")
    last = thread.posts.get().pk
    post_create(thread_id=thread.pk, by=players[3].user, body="fresh news", now=LATER)
    html = (
        client_for(players[4].user)
        .get(reverse("forums:thread_poll", args=[thread.pk]) + f"?after={last}")
        .content.decode()
    )
    assert "fresh news" in html
    assert "old news" not in html


def test_the_mafia_add_a_player_to_the_den_but_a_townie_cannot(game_and_players):
    game, players = game_and_players
    with pytest.raises(ForbiddenError):
        den_member_add(game_id=game.pk, by=players[2].user, player_id=players[3].pk, now=LATER)
    den_member_add(game_id=game.pk, by=players[0].user, player_id=players[3].pk, now=LATER)
    url = reverse("forums:board_detail", args=[game.pk, "mafia_den"])
    assert client_for(players[3].user).get(url).status_code == 200
    with pytest.raises(GameRuleError, match="already"):
        den_member_add(game_id=game.pk, by=players[0].user, player_id=players[1].pk, now=LATER)


def test_kill_announcements_are_moderator_posts_in_town_square_that_notify_everyone(
    game_and_players,
):
    game, players = game_and_players
    post = announcement_post(
        game=game,
        text="p-x was killed at 3 PM in Lobby 7.",
        now=LATER,
        kind=PostKind.KILL_ANNOUNCEMENT,
    )
    assert post.as_moderator
    assert post.thread.board.kind == TS
    assert post.thread.title.startswith("Kill announcement")
    assert Notification.objects.filter(post=post).count() == len(players)
    html = client_for(players[2].user).get(reverse("forums:thread_detail", args=[post.thread_id]))
    assert "Lobby 7" in html.content.decode()


def test_the_victim_may_post_their_own_announcement_though_dead(game_and_players):
    game, players = game_and_players
    victim = players[2]
    kill(victim)
    post = victim_announcement_post(
        game=game, victim=victim, text="I died at 4 PM in the Infinite.", now=LATER
    )
    assert post.author_player == victim
    assert not post.as_moderator
    assert post.kind == PostKind.VICTIM_ANNOUNCEMENT
    other_game, others = running_game(3, mafia=1)
    with pytest.raises(GameRuleError):
        victim_announcement_post(game=game, victim=others[1], text="not here", now=LATER)


def test_search_finds_posts_only_in_boards_the_viewer_reads(game_and_players):
    game, players = game_and_players
    start_thread(game, players[2], body="the library plan")
    thread_create(
        game_id=game.pk, board_kind="mafia_den", by=players[0].user, title="Den",
        body="library kill", now=LATER,
    )  # fmt: skip
    url = reverse("forums:search", args=[game.pk]) + "?q=library"
    townie = client_for(players[3].user).get(url).content.decode()
    assert "the library plan" in townie and "library kill" not in townie
    mafia = client_for(players[1].user).get(url).content.decode()
    assert "library kill" in mafia


def thread_queries(client, thread) -> int:
    url = reverse("forums:thread_detail", args=[thread.pk]) + "?page=last"
    client.get(url)  # the read marker exists from now on
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_the_thread_page_costs_the_same_queries_at_20_and_500_posts(game_and_players):
    game, players = game_and_players
    short = start_thread(game, players[2], title="Short")
    long = start_thread(game, players[2], title="Long")
    for number in range(19):
        post_create(thread_id=short.pk, by=players[3].user, body=f"post {number}", now=LATER)
    for number in range(499):
        post_create(thread_id=long.pk, by=players[3].user, body=f"post {number}", now=LATER)
    long.refresh_from_db()
    assert long.post_count == 500
    client = client_for(players[4].user)
    assert thread_queries(client, short) == thread_queries(client, long)


def test_a_mention_in_a_post_shows_the_name_not_asterisks(game_and_players):
    game, players = game_and_players
    post = start_thread(game, players[2], body=f"Hi @**{players[3].name}**").posts.get()
    assert post.body_html == f'<p>Hi <span class="mention">@{players[3].name}</span></p>\n'
    assert Notification.objects.filter(user=players[3].user, kind="mention").count() == 1
