"""Forum Mafia through the API (docs/forum-play.md): a post's vote and its notice, the vote
count, the will and the moderators' replacement."""

import pytest

from tests.conftest import client_for
from tests.factories import UserFactory, moderator_of
from tests.forums.forum_play.helpers import day_thread, forum_game, say

pytestmark = pytest.mark.django_db

API = "/api/v1/forums"


def test_posts_carry_their_vote_and_the_notice_goes_to_the_author_alone():
    game, p = forum_game()
    say(p["vil1"], "VOTE: maf1")
    say(p["vil2"], "VOTE: vil")
    url = f"{API}/threads/{day_thread(game).pk}/posts"
    posts = client_for(p["vil3"].user).get(url).json()["posts"]
    assert [post.get("vote") for post in posts[-2:]] == ["maf1", None]
    assert all(post.get("vote_notice") is None for post in posts)
    own = client_for(p["vil2"].user).get(url).json()["posts"][-1]
    assert "could be vil1, vil2, vil3, vil4" in own["vote_notice"]


def test_the_vote_count_the_will_and_a_replacement_through_the_api():
    game, p = forum_game(majority_ends_day=False)
    say(p["vil1"], "VOTE: maf1")
    cop = client_for(p["cop"].user)
    count = cop.get(f"{API}/games/{game.pk}/vote-count").json()
    assert "maf1 (1): vil1" in count["vote_count"]
    assert cop.post(f"{API}/games/{game.pk}/vote-count").status_code == 403
    mod = client_for(moderator_of(game))
    assert mod.post(f"{API}/games/{game.pk}/vote-count").status_code == 200
    put = cop.put(
        f"{API}/games/{game.pk}/will", {"body": "maf1 is mafia"}, content_type="application/json"
    )
    assert put.status_code == 200
    assert cop.get(f"{API}/games/{game.pk}/will").json()["body"] == "maf1 is mafia"
    assert client_for(UserFactory()).get(f"{API}/games/{game.pk}/will").status_code == 404
    sub = UserFactory()
    answer = mod.post(
        f"{API}/games/{game.pk}/replacements",
        {"player_id": p["cop"].pk, "substitute": sub.username},
        content_type="application/json",
    )
    assert answer.status_code == 200
    assert client_for(sub).get(f"{API}/games/{game.pk}/will").json()["body"] == "maf1 is mafia"
    assert cop.get(f"{API}/games/{game.pk}/will").status_code == 404
