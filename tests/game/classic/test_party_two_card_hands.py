"""Hands declared in one place (tests/rulesets/party: `PAIRS`): the party dealt two cards a
player plays on the same engine as its hands of one. Both cards act, a death takes the top card
and a second death the player, two deaths in one night take both cards, and a werewolf card
dealt in either place fixes the side (as M2-M5 for Chiang Mai)."""

import pytest

from game.models import Player
from game.rulesets import registry
from game.rulesets.base import MAFIA
from game.rulesets.hands import HAND
from game.services.lobby.setup import game_start, role_set
from tests.factories import START, make_game, moderator_of, sign_up
from tests.game.classic.helpers import act, end_phase
from tests.rulesets.party import PARTY, PARTY_PAIRS
from tests.rulesets.party.roles.healer import VILLAGE

HANDS = {
    "wolf": ["peasant", "werewolf"],
    "healer": ["healer", "peasant"],
    "shooter": ["vigilante", "peasant"],
    "pair": ["peasant", "healer"],
    "peas1": ["peasant", "peasant"],
    "peas2": ["peasant", "peasant"],
}


def test_the_declaration_says_which_cards_act_what_a_death_takes_and_the_side():
    wolf = {HAND: HANDS["wolf"]}
    assert PARTY_PAIRS.active_roles("werewolf", wolf) == ("peasant", "werewolf")
    assert PARTY.active_roles("werewolf", wolf) == ("peasant",)
    assert PARTY_PAIRS.side_of("werewolf", wolf) == MAFIA
    assert PARTY_PAIRS.side_of("peasant", {HAND: ["peasant", "healer"]}) == VILLAGE
    assert PARTY_PAIRS.hands.after_deaths(("peasant", "healer")) == ("healer",)
    assert PARTY_PAIRS.hands.after_deaths(("peasant", "healer"), 2) == ()
    assert PARTY.hands.after_deaths(("peasant",)) == ()
    assert PARTY_PAIRS.hands.deaths_stack and not PARTY.hands.deaths_stack


@pytest.fixture
def pairs(monkeypatch):
    monkeypatch.setitem(registry.RULESETS, PARTY_PAIRS.code, PARTY_PAIRS)
    game = make_game(ruleset=PARTY_PAIRS.code, night_ends_when_all_in=False)
    players = dict(zip(HANDS, sign_up(game, len(HANDS)), strict=True))
    mod = moderator_of(game)
    for name, player in players.items():
        role_set(game_id=game.pk, player_id=player.pk, role=HANDS[name][1], by=mod, now=START)
    game_start(game_id=game.pk, by=mod, now=START)
    for name, player in players.items():
        Player.objects.filter(pk=player.pk).update(name=name, state={HAND: HANDS[name]})
    game.refresh_from_db()
    return game, {name: Player.objects.get(pk=p.pk) for name, p in players.items()}


def hand_and_alive(player: Player) -> tuple[list[str], bool]:
    player.refresh_from_db()
    return player.state.get(HAND), player.alive


@pytest.mark.django_db
def test_a_death_takes_the_top_card_and_the_card_under_it_acts_from_then_on(pairs):
    game, p = pairs
    act(game, p["wolf"], p["pair"])
    end_phase(game)
    assert hand_and_alive(p["pair"]) == (["healer"], True)
    end_phase(game)
    act(game, p["wolf"], p["pair"])
    end_phase(game)
    assert hand_and_alive(p["pair"]) == (["healer"], False)


@pytest.mark.django_db
def test_two_deaths_of_one_player_in_one_night_take_both_cards(pairs):
    game, p = pairs
    act(game, p["wolf"], p["peas1"])
    act(game, p["shooter"], p["peas1"])
    end_phase(game)
    assert hand_and_alive(p["peas1"]) == (["peasant", "peasant"], False)
    assert hand_and_alive(p["peas2"]) == (["peasant", "peasant"], True)
