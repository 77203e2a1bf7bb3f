"""Texts real players stumbled on: a vote after the game ended, an item card not yet offered,
the taser's card, doubled "(required)" labels and the time-zone list."""

from pathlib import Path

import pytest
from django.utils.html import strip_tags

from game.forms.games import COMMON_TIME_ZONES, GameCreateForm
from game.forms.nights import NightOverrideForm
from game.models import GameStatus, Item
from game.rulesets.live_action.items import ItemKind
from tests.conftest import client_for
from tests.factories import running_game
from tests.game.helpers import current_day

pytestmark = pytest.mark.django_db


def test_a_vote_after_the_game_ended_says_the_game_is_over_and_names_no_day():
    game, (_m, voter, target, _c) = running_game(4)
    game.status = GameStatus.FINISHED
    game.save(update_fields=["status"])
    client = client_for(voter.user)
    page = client.get(f"/games/{game.pk}/vote/").content.decode()
    assert "The game is over: votes are closed." in page
    assert "your vote counts for day" not in page
    refused = client.post(
        f"/games/{game.pk}/vote/", {"day": current_day(game).number, "target": target.pk}
    )
    assert "The game is over: votes are closed." in refused.content.decode()
    assert "Only living players of a running game" not in refused.content.decode()


def test_an_item_card_not_offered_says_to_ask_the_holder_to_offer_it():
    game, (_m, holder, scanner, _c) = running_game(4)
    taser = Item.objects.create(game=game, kind=ItemKind.TASER, holder=holder)
    response = client_for(scanner.user).get(
        f"/games/{game.pk}/items/{taser.pk}/claim/{taser.card_secret}/"
    )
    assert response.status_code == 404
    text = response.content.decode()
    assert "ask them to tap <strong>Offer</strong>" in text and "(R45)" in strip_tags(text)
    assert holder.name not in text, "the answer names nobody: not yours reads as not found"


def test_the_taser_card_has_no_literal_placeholder():
    game, (_m, holder, _b, _c) = running_game(4)
    Item.objects.create(game=game, kind=ItemKind.TASER, holder=holder)
    page = client_for(holder.user).get(f"/games/{game.pk}/me/").content.decode()
    assert "Write a target" in page and "{name}" not in page


def test_no_label_says_required_itself_since_the_style_adds_it_once():
    assert "(required)" not in NightOverrideForm().fields["reason"].label
    assert "(required)" not in Path("templates/game/night.html").read_text()


def test_the_time_zone_list_starts_with_common_zones_and_leaves_out_oddities():
    choices = GameCreateForm().fields["time_zone"].choices
    (common_label, common), (_all_label, rest) = choices
    assert common_label == "Common time zones"
    assert [zone for zone, _ in common] == list(COMMON_TIME_ZONES)
    zones = {zone for zone, _ in rest}
    assert "Europe/Madrid" in zones and not zones & set(COMMON_TIME_ZONES)
    assert not zones & {"Factory", "localtime", "EST5EDT", "UTC"}
