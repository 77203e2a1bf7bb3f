"""A forum game's review links each vote made in a post to that post (C5), and its statistics
count each player's posts in their day."""

import re

import pytest
from django.urls import reverse

from tests.conftest import client_for
from tests.forums.forum_play.helpers import forum_game, say
from tests.game.review.helpers import finish

pytestmark = pytest.mark.django_db


def test_a_vote_made_in_a_post_links_to_its_post_and_posts_count_in_their_day():
    game, p = forum_game(majority_ends_day=False)
    post = say(p["vil1"], "I think it is maf1.\n\nVOTE: maf1")
    say(p["vil1"], "Still sure.")
    say(p["cop"], "Hm.")
    assert post.post_vote.vote_id is not None
    finish(game)
    page = client_for(p["vil2"].user).get(reverse("game_review", args=[game.pk])).content.decode()
    line = re.search(r"Day 1: vil1 voted for maf1 <a href=\"([^\"]+)\">the post</a>", page)
    assert line is not None
    assert line.group(1).endswith(f"?post={post.pk}#post-{post.pk}")
    assert client_for(p["vil2"].user).get(line.group(1)).status_code == 200
    stats = client_for(p["vil2"].user).get(reverse("game_stats", args=[game.pk])).content
    rows = re.findall(
        r"<tr><td>(\w+)</td><td>(\d+)</td><td>(\d+)</td><td>(\d+)</td>", stats.decode()
    )
    assert ("vil1", "1", "2", "1") in rows
    assert ("cop", "1", "1", "0") in rows
