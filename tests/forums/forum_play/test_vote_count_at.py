"""Vote counts people can read (docs/forum-play.md): the vote count as of any Town Square post,
on a page reached from each post and through the API, and the app's posts with their line
breaks kept."""

import pytest

from forums.models import Post, PostKind
from game.models import Player
from game.rulesets.forum_play import time_left_text
from tests.conftest import client_for
from tests.factories import moderator_of
from tests.forums.forum_play.helpers import at, day_thread, forum_game, say, town_thread
from tests.game.classic.helpers import end_phase, phase_now

pytestmark = pytest.mark.django_db


def count_at(user, post: Post) -> str:
    response = client_for(user).get(f"/api/v1/forums/posts/{post.pk}/vote-count")
    assert response.status_code == 200, response.content
    return response.json()["vote_count"]


def test_the_count_as_of_each_post_holds_the_votes_up_to_that_post_and_no_later():
    game, p = forum_game(majority_ends_day=False)
    first = say(p["vil1"], "VOTE: maf1", when=at(game, 5))
    second = say(p["vil2"], "Agreed.\nVOTE: maf1", when=at(game, 6))
    talk = say(p["cop"], "Hmm.", when=at(game, 7))
    change = say(p["vil1"], "UNVOTE\nVOTE: cop", when=at(game, 8))
    reader = p["doc"].user

    assert "maf1 (1): vil1\n" in count_at(reader, first)
    assert "Not voting (7)" in count_at(reader, first)
    assert "maf1 (2): vil1, vil2\n" in count_at(reader, second)
    assert (
        count_at(reader, talk).split("Time left")[0]
        == count_at(reader, second).split("Time left")[0]
    )
    last = count_at(reader, change)
    assert "cop (1): vil1\n" in last and "maf1 (1): vil2\n" in last
    left = time_left_text((phase_now(game).ends_at - change.created_at).total_seconds())
    assert f"Time left: {left}." in count_at(moderator_of(game), change)


def test_the_count_of_a_past_day_lists_the_players_living_then():
    game, p = forum_game(majority_ends_day=False)
    vote = say(p["vil1"], "VOTE: maf1", when=at(game, 5))
    for name in ("vil2", "vil3", "vil4", "cop"):
        say(p[name], "VOTE: maf1", when=at(game, 6))
    end_phase(game)  # maf1 is executed at the day's end
    assert not Player.objects.get(pk=p["maf1"].pk).alive
    text = count_at(p["doc"].user, vote)
    assert text.startswith("Vote count, day 1:\nmaf1 (1): vil1\n")
    assert "With 8 alive" in text


def test_each_town_square_post_has_a_count_button_leading_to_its_count():
    game, p = forum_game(majority_ends_day=False)
    post = say(p["vil1"], "VOTE: maf1")
    client = client_for(p["vil2"].user)
    thread_page = client.get(f"/forums/threads/{day_thread(game).pk}/").content.decode()
    url = f"/forums/posts/{post.pk}/vote-count/"
    assert f'href="{url}"' in thread_page
    page = client.get(url)
    assert page.status_code == 200
    assert "maf1 (1): vil1\nNot voting (7)" in page.content.decode()


def test_nobody_outside_the_game_reads_a_count_as_of_its_posts():
    game, p = forum_game()
    post = say(p["vil1"], "VOTE: maf1")
    other, q = forum_game()
    outsider = client_for(q["vil1"].user)
    assert outsider.get(f"/api/v1/forums/posts/{post.pk}/vote-count").status_code == 404
    assert outsider.get(f"/forums/posts/{post.pk}/vote-count/").status_code == 404
    assert outsider.get("/api/v1/forums/posts/99999999/vote-count").status_code == 404


def test_the_count_as_of_a_night_post_says_no_day_was_open():
    game, p = forum_game(majority_ends_day=False, phase_threads=False)
    end_phase(game)
    night_post = say(p["vil1"], "Who did it?", thread=town_thread(game))
    response = client_for(p["vil2"].user).get(f"/api/v1/forums/posts/{night_post.pk}/vote-count")
    assert response.json()["day"] is None
    assert "No day was open" in response.json()["vote_count"]


def test_the_count_posted_at_the_hammer_keeps_its_line_breaks():
    game, p = forum_game()
    for name in ("vil1", "vil2", "vil3", "vil4", "cop"):
        say(p[name], "VOTE: maf1")
    count = Post.objects.get(thread=day_thread(game, 1), kind=PostKind.VOTE_COUNT)
    assert count.body.startswith("Vote count, day 1:\nmaf1 (5): cop, vil1, vil2, vil3, vil4\n")
    assert "maf1 (5): cop, vil1, vil2, vil3, vil4<br" in count.body_html
    assert "Not voting (3): doc, maf1, maf2<br" in count.body_html


def test_a_players_post_still_joins_its_lines_as_markdown_does():
    game, p = forum_game()
    post = say(p["vil1"], "one\ntwo")
    assert "<br" not in post.body_html
