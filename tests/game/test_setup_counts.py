"""A live-action game's default role counts follow the sign-ups until the moderators set a count
(no ruling sizes a live-action game; README, "Where no ruling speaks"): what the dashboard's
check says, what the deal gives, and what saving the counts form keeps following."""

from collections import Counter

import pytest

from game.rulesets.live_action.setup_counts import counts_for, item_counts_for
from game.services.lobby.setup import roles_assign
from tests.conftest import client_for
from tests.factories import START, make_game, moderator_of, seeded, sign_up

pytestmark = pytest.mark.django_db


def setup_check_of(game) -> str:
    html = client_for(moderator_of(game)).get(f"/games/{game.pk}/mod/").content.decode()
    start = html.index('id="setup-check">') + len('id="setup-check">')
    return html[start : html.index("</p>", start)]


def test_the_dashboards_default_counts_follow_the_sign_ups():
    game = make_game()
    sign_up(game, 100)
    # Twice the reference game's roles; the Gay Knights count as pairs.
    assert setup_check_of(game).startswith("100 signed up: the counts name 34 roles, 66 ")


def test_before_anyone_signs_up_the_counts_name_no_role_and_warn_of_none():
    game = make_game(setup={"items": {"shovel": 0, "taser": 0}})
    html = client_for(moderator_of(game)).get(f"/games/{game.pk}/mod/").content.decode()
    assert setup_check_of(game).startswith("0 signed up: the counts name 0 roles")
    assert "lower them" not in html


def test_the_deal_gives_the_counts_of_the_players_signed_up_when_it_is_made():
    game = make_game()
    sign_up(game, 20)
    assert setup_check_of(game).startswith("20 signed up: the counts name 4 roles, 16 ")
    roles_assign(game_id=game.pk, by=moderator_of(game), now=START, rng=seeded())
    dealt = Counter(game.players.values_list("role", flat=True))
    assert {role: dealt[role] for role in counts_for(20)} == counts_for(20)
    assert dealt["townie"] == 16


def test_a_count_changed_in_the_form_stays_and_the_others_keep_following():
    game = make_game()
    sign_up(game, 30)
    moderator = client_for(moderator_of(game))
    form = {f"role_{role}": count for role, count in counts_for(30).items()}
    form |= {f"item_{item}": count for item, count in item_counts_for(30).items()}
    form |= {"role_mafia": 6}
    assert moderator.post(f"/games/{game.pk}/mod/counts/", form).status_code == 302
    game.refresh_from_db()
    assert game.setup == {"roles": {"mafia": 6}, "items": {}}
    sign_up(game, 70)
    assert game.role_setup.roles == {**counts_for(100), "mafia": 6}
    assert setup_check_of(game).startswith("100 signed up: the counts name 30 roles, 70 ")


def test_before_anyone_signs_up_the_default_items_warn_of_nothing():
    game = make_game()
    html = client_for(moderator_of(game)).get(f"/games/{game.pk}/mod/").content.decode()
    assert "lower them" not in html


def test_a_12_player_game_is_dealt_items_in_proportion_not_one_each():
    game = make_game()
    sign_up(game, 12)
    assert game.role_setup.items == {"shovel": 2, "taser": 1}
    assert setup_check_of(game).endswith("; 3 items.")
