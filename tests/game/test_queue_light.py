"""The moderators' queue stays light as a game grows: its query count does not grow with the
players or the pending items, no row carries the whole list of players (one list, searched as
the moderator types, serves every row's killer field), and the oldest 20 items are shown."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from game.forms.kills import KillEditForm
from game.services.killing.kills import kill_report
from tests.conftest import client_for
from tests.factories import START, moderator_of
from tests.game.test_query_counts import build

pytestmark = pytest.mark.django_db


def queue_with(players: int, pending: int) -> tuple[str, int, list]:
    game, people = build(players)
    for n, victim in enumerate(people[2 : 2 + pending]):
        kill_report(
            game_id=game.pk, by=victim.user, side="victim", other_player_id=None,
            method="free_kill", location=f"Hall {n}", now=START,
        )  # fmt: skip
    client = client_for(moderator_of(game))
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("mod_queue", args=[game.pk]))
    assert response.status_code == 200
    return response.content.decode(), len(queries), people


def test_the_queue_costs_the_same_queries_at_10_and_60_players_and_pending_items():
    _, small, _ = queue_with(10, 3)
    page, large, people = queue_with(60, 30)
    assert small == large
    # The oldest 20 are shown, with how many more wait.
    assert page.count("Edit the facts") == 20
    assert "10 more are waiting, oldest first" in page
    # No player is listed on the page: every row's killer field searches the one shared list
    # as the moderator types (tests/game/test_moderator_pages_light.py).
    name = people[-1].name
    assert page.count(f">{name}</option>") + page.count(f'<option value="{name} #') == 0
    assert page.count('list="player-options"') == 20 + 1  # the killers' fields, the tazing's


@pytest.mark.parametrize(
    ("typed", "killer"), [("", None), ("Alice #12", 12), ("12", 12), (" Bob Smith # 7 ", 7)]
)
def test_the_killer_field_takes_a_choice_of_the_list_or_an_id(typed, killer):
    form = KillEditForm({"killer": typed, "reason": "Fixed."})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["killer"] == killer


def test_a_killer_typed_but_not_chosen_is_refused_with_a_clear_message():
    form = KillEditForm({"killer": "Alice", "reason": "Fixed."})
    assert not form.is_valid()
    assert form.errors["killer"] == ["Choose the killer from the list of players."]
