"""The pages of a classic game: the night card (C2-C4), the vote page with "no one" (C5), the
moderators' dashboard with the night actions, the dawn preview and the override, the game's
creation with the rule set "Classic"; and their secrecy (R50)."""

import pytest
from django.urls import reverse
from django.utils import timezone

from game.models import Game, NightAction, NightOverride
from tests.conftest import client_for
from tests.factories import UserFactory, moderator_of
from tests.game.classic.helpers import act, classic_game, end_phase

pytestmark = pytest.mark.django_db


def page(user, name: str, game) -> str:
    response = client_for(user).get(reverse(name, args=[game.pk]))
    assert response.status_code == 200
    return response.content.decode()


def night_game():
    game, p = classic_game(start=timezone.now())
    end_phase(game)
    return game, p


def test_a_classic_game_is_created_from_the_new_game_form():
    user = UserFactory()
    response = client_for(user).post(
        reverse("game_new"),
        {
            "name": "Forum night",
            "ruleset": "classic",
            "time_zone": "Europe/Paris",
            "day_end_time": "21:00",
            "night_end_time": "08:00",
            "phase_minutes": "",
            "night_ends_when_all_in": "on",
        },
    )
    assert response.status_code == 302
    game = Game.objects.get(name="Forum night")
    assert (game.ruleset, game.night_end_time.hour, game.night_ends_when_all_in) == (
        "classic",
        8,
        True,
    )
    assert len(game.random_seed) == 32


def test_the_night_card_asks_the_roles_question_and_shows_the_current_choice():
    game, p = night_game()
    cop_page = page(p["cop"].user, "night", game)
    assert "It is night. Who would you like to investigate?" in cop_page
    assert "none yet" in cop_page and "data-countdown" in cop_page
    response = client_for(p["cop"].user).post(
        reverse("night_action", args=[game.pk]), {"night": 0, "target": p["maf1"].pk}
    )
    assert response.status_code == 302
    assert '<strong id="current-choice">maf1</strong>' in page(p["cop"].user, "night", game)
    assert "You have no night action" in page(p["vil1"].user, "night", game)


def test_a_refused_night_choice_comes_back_with_422_and_changes_nothing():
    game, p = night_game()
    villager = client_for(p["vil1"].user).post(
        reverse("night_action", args=[game.pk]), {"night": 0, "target": p["vil2"].pk}
    )
    assert villager.status_code == 422
    assert "no night action" in villager.content.decode()
    assert not NightAction.objects.filter(game=game).exists()


def test_the_vote_page_offers_no_one_from_day_1():
    game, p = classic_game(start=timezone.now())
    assert "No voting will occur on day 0" in page(p["vil1"].user, "vote", game)
    end_phase(game)
    end_phase(game)
    vote_page = page(p["vil1"].user, "vote", game)
    assert '<option value="none">No one</option>' in vote_page
    response = client_for(p["vil1"].user).post(
        reverse("vote", args=[game.pk]), {"day": 1, "target": "none"}
    )
    assert response.status_code == 302
    assert "No one" in page(p["vil1"].user, "vote", game)
    assert "vil1 votes to kill no one." in page(p["vil2"].user, "game_log", game)


def test_the_dashboard_shows_the_phase_the_night_actions_and_the_dawn_with_its_reasons():
    game, p = night_game()
    act(game, p["maf1"], p["vil1"], now=timezone.now())
    act(game, p["maf2"], p["vil1"], now=timezone.now())
    act(game, p["doc"], p["vil1"], now=timezone.now())
    mod = moderator_of(game)
    board = page(mod, "mod_dashboard", game)
    assert "Night 0" in board and 'id="night-actions"' in board
    assert "Nobody dies." in board and "vil1 was saved by the doctor." in board
    assert game.random_seed in board
    response = client_for(mod).post(
        reverse("mod_night_override", args=[game.pk]),
        {"night": 0, "victim": p["vil1"].pk, "reason": "The doctor's choice came late"},
    )
    assert response.status_code == 302
    assert NightOverride.objects.get(game=game).victim == p["vil1"]
    refused = client_for(mod).post(
        reverse("mod_night_override", args=[game.pk]), {"night": 0, "victim": "none"}
    )
    assert refused.status_code == 422
    ended = client_for(mod).post(
        reverse("mod_phase_end", args=[game.pk]), {"code": "night", "number": 0}
    )
    assert ended.status_code == 302
    again = client_for(mod).post(
        reverse("mod_phase_end", args=[game.pk]), {"code": "night", "number": 0}
    )
    assert again.status_code == 409


def test_night_pages_keep_the_secrets():
    """R50: a villager never sees night actions, the mafia's picks are the mafia's and the
    moderators', the cop's result is the cop's alone; outsiders see nothing."""
    game, p = night_game()
    act(game, p["maf1"], p["vil1"], now=timezone.now())
    act(game, p["cop"], p["maf2"], now=timezone.now())
    for someone in ("vil1", "cop", "doc"):
        seen = page(p[someone].user, "night", game)
        assert "mafia's picks" not in seen and "maf1: vil1" not in seen
    assert "maf1: vil1" in page(p["maf2"].user, "night", game)
    for someone in ("vil1", "maf1", "cop"):
        assert (
            client_for(p[someone].user).get(reverse("mod_dashboard", args=[game.pk])).status_code
            == 404
        )
        assert (
            client_for(p[someone].user)
            .post(
                reverse("mod_night_override", args=[game.pk]),
                {"night": 0, "victim": "none", "reason": "x"},
            )
            .status_code
            == 404
        )
    outsider = UserFactory()
    assert client_for(outsider).get(reverse("night", args=[game.pk])).status_code == 404
    end_phase(game)
    result = "Investigations showed that maf2 is mafia-aligned."
    assert result in page(p["cop"].user, "game_log", game)
    for someone in ("vil2", "maf1", "doc"):
        assert result not in page(p[someone].user, "game_log", game)


def test_the_deaths_page_of_a_classic_game_shows_each_deaths_role_and_night():
    """C6: every death's role is public at once; a night kill happened during a night."""
    game, p = classic_game()
    end_phase(game)  # day 0
    act(game, p["maf1"], p["vil1"])
    act(game, p["maf2"], p["vil1"])
    end_phase(game)  # night 0: vil1 dies
    text = page(p["vil2"].user, "deaths", game)
    assert "vil1</strong>, Villager" in text
    assert "Killed during night 0" in text and "day 0" not in text
    assert "Mafioso" not in text
