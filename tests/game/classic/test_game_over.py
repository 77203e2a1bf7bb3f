"""The end of a classic game: the dead share their side's win (C6) and the seed of every draw is
published (C8) on the game-over page."""

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from game.models import GameStatus
from tests.conftest import client_for
from tests.game.classic.helpers import act, classic_game, end_phase
from tests.game.helpers import vote

pytestmark = pytest.mark.django_db

TOWN = ("vil1", "vil2", "vil3", "vil4", "cop", "doc")


def test_the_game_over_page_publishes_the_seed_and_the_dead_villager_wins_too():
    game, p = classic_game(start=timezone.now())
    end_phase(game)
    end_phase(game)
    for voter in TOWN:
        vote(game, p[voter], p["maf1"])
    end_phase(game)
    act(game, p["maf2"], p["vil1"])
    end_phase(game)
    for voter in TOWN[1:]:
        vote(game, p[voter], p["maf2"])
    end_phase(game)
    assert (game.status, game.winner) == (GameStatus.FINISHED, "village")
    page = client_for(p["vil1"].user).get(reverse("game_over", args=[game.pk])).content.decode()
    assert "The village wins." in page and game.random_seed in page
    rows = dict(re.findall(r"<tr><td>(\w+)</td>.*?<td>(won|lost)</td></tr>", page))
    assert rows["vil1"] == "won" and rows["cop"] == "won"
    assert rows["maf1"] == "lost" and rows["maf2"] == "lost"
    overview = client_for(p["vil2"].user).get(reverse("game_detail", args=[game.pk]))
    assert overview.status_code == 200


def test_the_overview_shows_the_open_phase_and_tonights_card():
    game, p = classic_game(start=timezone.now())
    end_phase(game)
    page = client_for(p["cop"].user).get(reverse("game_detail", args=[game.pk])).content.decode()
    assert "<strong>Night 0</strong> ends" in page
    assert reverse("night", args=[game.pk]) in page


def test_the_game_over_page_of_a_classic_game_names_roles_and_nightly_fates_without_kills():
    """Role names, not codes; a night death reads as a night kill; no live-action kill list."""
    game, p = classic_game(start=timezone.now())
    end_phase(game)
    act(game, p["maf1"], p["vil1"])
    act(game, p["maf2"], p["vil1"])
    end_phase(game)
    for voter in TOWN[1:]:
        vote(game, p[voter], p["maf1"])
    end_phase(game)
    act(game, p["maf2"], p["vil2"])
    end_phase(game)
    for voter in ("vil3", "vil4", "cop", "doc"):
        vote(game, p[voter], p["maf2"])
    end_phase(game)
    assert game.status == GameStatus.FINISHED
    page = client_for(p["vil1"].user).get(reverse("game_over", args=[game.pk])).content.decode()
    rows = {
        name: (role, fate)
        for name, role, fate in re.findall(
            r"<tr><td>(\w+)</td><td>([^<]*)</td><td>([^<]*)</td>", page
        )
    }
    assert rows["vil1"] == ("Villager", "killed during night 0")
    assert rows["maf1"] == ("Mafioso", "executed at the end of day 1")
    assert rows["cop"] == ("Cop", "alive")
    assert "No kill was confirmed" not in page and "<h2>Kills</h2>" not in page
