"""Forum settings people can read (docs/forum-play.md): on the create-game form and the
dashboard, in words with help texts and defaults that say what they do, saved from a button
beside them."""

import re

import pytest
from django.urls import reverse

from game.models import Game
from tests.conftest import client_for
from tests.factories import UserFactory, moderator_of
from tests.forums.forum_play.helpers import forum_game

pytestmark = pytest.mark.django_db


def fieldset(page: str, id_: str) -> str:
    match = re.search(rf'<fieldset[^>]*id="{id_}".*?</fieldset>', page, re.S)
    assert match, id_
    return match.group(0)


def test_the_create_form_offers_the_forum_settings_in_words_with_help():
    page = client_for(UserFactory()).get(reverse("game_new")).content.decode()
    forum = fieldset(page, "forum-settings")
    assert 'data-rulesets="classic' in forum
    for words in (
        "Votes written in posts",
        "A majority ends the day at once (the hammer)",
        "Vote counts in Town Square",
        "Only when the moderators ask",
        "After every 3 votes",
        "Prod silent players",
        "After 24 hours without a post",
        "Vacation notices",
        "Up to 7 days",
        "Last wills",
        "A thread for each day and night",
        "C5",
    ):
        assert words in forum, words
    assert "Vote count every" not in page and ">0<" not in forum
    assert 'value="09:00"' in page and 'value="09:00:00"' not in page


def test_a_game_is_created_with_the_forum_settings_chosen_on_the_form():
    client = client_for(UserFactory())
    form = {
        "name": "Forum game",
        "ruleset": "classic",
        "time_zone": "UTC",
        "day_end_time": "23:00",
        "night_end_time": "09:00",
        "votes_in_posts": "on",
        "majority_ends_day": "on",
        "vote_count_every": "3",
        "last_wills": "all",
        "phase_threads": "on",
        "prod_hours": "24",
        "vacation_days": "7",
    }
    response = client.post(reverse("game_new"), form)
    assert response.status_code == 302
    game = Game.objects.get(name="Forum game")
    assert (game.votes_in_posts, game.majority_ends_day, game.phase_threads) == (True,) * 3
    assert (game.vote_count_every, game.prod_hours, game.vacation_days) == (3, 24, 7)
    assert game.last_wills == "all"


def test_the_forum_settings_default_to_plain_play_when_left_alone():
    client = client_for(UserFactory())
    base = {"name": "Plain", "ruleset": "classic", "time_zone": "UTC", "day_end_time": "23:00"}
    assert client.post(reverse("game_new"), {**base, "night_end_time": "09:00"}).status_code == 302
    game = Game.objects.get(name="Plain")
    assert (game.votes_in_posts, game.vote_count_every, game.prod_hours) == (False, 0, 0)


def test_a_made_up_value_is_refused_on_the_form_and_nothing_is_created():
    client = client_for(UserFactory())
    form = {"name": "Odd", "ruleset": "classic", "time_zone": "UTC", "day_end_time": "23:00"}
    response = client.post(reverse("game_new"), {**form, "prod_hours": "-3"})
    assert response.status_code == 422
    assert not Game.objects.filter(name="Odd").exists()


def test_the_dashboard_shows_the_forum_settings_first_in_words_with_their_own_save_button():
    game, _ = forum_game(vote_count_every=7)
    page = client_for(moderator_of(game)).get(reverse("mod_dashboard", args=[game.pk]))
    body = page.content.decode()
    forum = fieldset(body, "forum-settings")
    assert "Vote counts in Town Square" in forum and "Save settings" in forum
    assert '<option value="7" selected>7</option>' in forum
    assert 'href="#forum-settings"' in body
    assert 'value="09:00:00"' not in body and 'value="09:00"' in body
