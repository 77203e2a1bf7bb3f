"""The phase engine is a part of the rule set package, not of classic: a party rule set of the
tests (tests/rulesets/party) that begins at night 1, has its own roles and their night effects,
is played on it and on the night engine without copying them."""

import datetime as dt

import pytest

from game.errors import GameRuleError
from game.models import GamePhase
from game.rulesets import registry
from game.rulesets.phases import PhaseId, first_phase, night_choice_refusal, phase_after
from game.services.lobby.setup import game_start, role_set
from tests.factories import START, make_game, moderator_of, sign_up
from tests.game.classic.helpers import act, end_phase
from tests.rulesets.party import PARTY
from tests.rulesets.party.roles.healer import ROLE as HEALER


@pytest.fixture
def party(monkeypatch):
    monkeypatch.setitem(registry.RULESETS, PARTY.code, PARTY)
    return PARTY


def test_the_engines_cycle_and_choices_serve_the_party_rule_set():
    assert first_phase(PARTY) == PhaseId(1, "night")
    assert phase_after(PARTY, PhaseId(1, "night")) == PhaseId(1, "day")
    assert phase_after(PARTY, PhaseId(1, "day")) == PhaseId(2, "night")
    refusal = night_choice_refusal(
        HEALER, actor_alive=True, choosing_self=True, target_alive=True, earlier_self_choices=0
    )
    assert refusal == "Healers cannot heal themselves."


@pytest.mark.django_db
def test_a_party_game_is_played_on_the_phase_engine(party):
    game = make_game(ruleset="party", night_ends_when_all_in=False)
    wolf, healer, *peasants = sign_up(game, 5)
    mod = moderator_of(game)
    for player, role in zip(
        (wolf, healer, *peasants), ("werewolf", "healer", *["peasant"] * 3), strict=True
    ):
        role_set(game_id=game.pk, player_id=player.pk, role=role, by=mod, now=START)
    game_start(game_id=game.pk, by=mod, now=START)
    game.refresh_from_db()
    assert (game.current_phase, game.current_day) == ("night", 1)
    with pytest.raises(GameRuleError, match="Healers cannot heal themselves."):
        act(game, healer, healer)
    act(game, wolf, peasants[0])
    act(game, healer, peasants[1])
    end_phase(game)
    peasants[0].refresh_from_db()
    assert not peasants[0].alive
    assert (game.current_phase, game.current_day) == ("day", 1)
    end_phase(game, late=dt.timedelta(hours=1))
    assert list(GamePhase.objects.filter(game=game).values_list("code", "number")) == [
        ("night", 1),
        ("day", 1),
        ("night", 2),
    ]
