"""The pages of a game played in the threads (docs/forum-play.md): the vote in the post and
its notice to the author alone, the vote count page with posts per day, the will page and the
moderators' replacement."""

import pytest
from django.urls import reverse

from forums.models import LastWill
from tests.conftest import client_for
from tests.factories import UserFactory, moderator_of
from tests.forums.forum_play.helpers import day_thread, forum_game, say
from tests.forums.test_query_counts import queries

pytestmark = pytest.mark.django_db


def thread_page(user, game) -> str:
    url = reverse("forums:thread_detail", args=[day_thread(game).pk])
    return client_for(user).get(url + "?page=last").content.decode()


def test_the_post_shows_its_vote_and_only_the_author_reads_why_one_was_not_counted():
    game, p = forum_game()
    say(p["vil1"], "VOTE: maf1")
    say(p["vil2"], "VOTE: vil")
    page = thread_page(p["vil3"].user, game)
    assert "<mark>Vote: maf1</mark>" in page
    assert "could be vil1" not in page
    assert "could be vil1, vil2, vil3, vil4" in thread_page(p["vil2"].user, game)


def test_the_vote_count_page_shows_the_count_and_the_posts_per_day():
    game, p = forum_game(majority_ends_day=False)
    say(p["vil1"], "VOTE: maf1")
    say(p["vil1"], "Still sure.")
    page = client_for(p["cop"].user).get(reverse("forums:forum_day", args=[game.pk]))
    text = page.content.decode()
    assert "maf1 (1): vil1" in text
    assert '<th scope="row">vil1</th><td>0</td><td>2</td>' in text


def test_the_vote_count_page_costs_the_same_whatever_the_number_of_posts():
    game, p = forum_game(majority_ends_day=False)
    url = reverse("forums:forum_day", args=[game.pk])
    client = client_for(p["cop"].user)
    say(p["vil1"], "VOTE: maf1")
    few = queries(client, url)
    for name in ("vil2", "vil3", "maf2", "doc"):
        say(p[name], "VOTE: vil1")
        say(p[name], "hello")
    assert queries(client, url) == few


def test_a_will_page_shows_your_own_will_only_and_outsiders_get_nothing():
    game, p = forum_game()
    client = client_for(p["cop"].user)
    url = reverse("forums:will", args=[game.pk])
    client.post(url, {"body": "maf1 is SCUM"})
    assert LastWill.objects.get(player=p["cop"]).body == "maf1 is SCUM"
    assert "maf1 is SCUM" in client.get(url).content.decode()
    assert "maf1 is SCUM" not in client_for(p["vil1"].user).get(url).content.decode()
    assert client_for(UserFactory()).get(url).status_code == 404


def test_the_moderators_replace_a_player_from_the_page_and_players_may_not():
    game, p = forum_game()
    sub = UserFactory()
    action = reverse("forums:forum_day_action", args=[game.pk, "replace"])
    form = {"player": p["doc"].pk, "substitute": sub.username}
    assert client_for(p["vil1"].user).post(action, form).status_code == 403
    assert client_for(moderator_of(game)).post(action, form).status_code == 302
    p["doc"].refresh_from_db()
    assert p["doc"].user_id == sub.pk
    old = client_for(UserFactory())
    assert old.get(reverse("forums:forum_day", args=[game.pk])).status_code == 404


def test_the_moderators_turn_the_forum_settings_on_from_the_settings_page():
    game, p = forum_game(votes_in_posts=False, majority_ends_day=False)
    client = client_for(moderator_of(game))
    dashboard = client.get(reverse("mod_dashboard", args=[game.pk])).content.decode()
    assert 'name="votes_in_posts"' in dashboard and 'name="prod_hours"' in dashboard
    form = {
        "name": game.name,
        "vote_reminder_minutes": 0,
        "action_reminder_minutes": 60,
        "night_end_time": "09:00",
        "night_ends_when_all_in": "",
        "votes_in_posts": "on",
        "majority_ends_day": "on",
        "vote_count_every": 4,
        "last_wills": "not_night_kill",
        "phase_threads": "on",
        "prod_hours": 12,
    }
    client.post(reverse("mod_settings", args=[game.pk]), form)
    game.refresh_from_db()
    assert (game.votes_in_posts, game.majority_ends_day, game.vote_count_every) == (True, True, 4)
    assert (game.last_wills, game.prod_hours) == ("not_night_kill", 12)
