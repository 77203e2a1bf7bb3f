"""The night engine (game.rulesets.nights) and players' hands and state (game.rulesets.hands),
with the classic seed's roles (C2-C4) and the shapes the next rule sets need: a hand whose
every card acts (M4), a heal that revives, declared choice restrictions and use limits."""

from dataclasses import replace

import pytest

from game.rulesets.base import MAFIA, NightActionSpec, RoleSpec
from game.rulesets.classic import CLASSIC
from game.rulesets.hands import HAND, Hands, StateError, StateField, every_card, hand_of
from game.rulesets.nights import Choice, Kind, NightState, overridden, resolve
from game.rulesets.phases import draw_rng, night_choice_refusal
from game.rulesets.reasons import Reason

ALIGNMENTS = {1: MAFIA, 2: MAFIA, 3: "village", 4: "village", 5: "village", 6: "village"}
ROLES = {1: ("mafioso",), 2: ("mafioso",), 3: ("cop",), 4: ("doctor",)}
ROLES |= {5: ("villager",), 6: ("villager",)}


def state(choices, roles=ROLES) -> NightState:
    return NightState(1, frozenset(range(1, 7)), roles, ALIGNMENTS, [Choice(*c) for c in choices])


def test_every_card_of_a_hand_acts_when_the_rule_set_says_so():
    """M4: a player may act twice in a night, once for each active card."""
    both = replace(CLASSIC, hands=Hands(active=every_card))
    night = state(
        [(1, "kill", 5), (2, "kill", 5), (3, "investigate", 1), (3, "protect", 5)],
        ROLES | {3: both.hands.active_roles(("cop", "doctor"))},
    )
    outcome = resolve(night, both, draw_rng("s", "night 1"))
    assert outcome.victims == ()
    assert [o.kind for o in outcome.outcomes] == [Kind.SAVED, Kind.RESULT]
    assert outcome.results[0].told.render({1: "Randy"}) == (
        "Investigations showed that Randy is mafia-aligned."
    )
    top_only = resolve(
        state([(1, "kill", 5), (2, "kill", 5), (3, "protect", 5)], ROLES | {3: ("cop",)}),
        CLASSIC,
        draw_rng("s", "night 1"),
    )
    assert top_only.victims == (5,)


def test_the_classic_night_resolves_in_priority_order():
    assert [a.code for a in CLASSIC.night_order] == ["protect", "kill", "investigate"]


def test_a_heal_that_revives_cancels_the_nights_death():
    night = state([])
    night.kill(5, Reason("shot", "{v} was shot.")(players={"v": 5}))
    night.heal(5, 1, Reason("revived", "{v} was revived.")(players={"v": 5}), revives=True)
    night.player_state[5] = {"hp": 1}
    outcome = night.outcome()
    assert outcome.victims == () and outcome.of_kind(Kind.HEAL)[0].revives
    assert [r.code for r in outcome.reasons] == ["shot", "revived"]
    assert outcome.player_state[5] == {"hp": 1}


def test_the_override_names_several_victims_or_nobody_and_the_killed_are_told_nothing():
    outcome = resolve(state([(3, "investigate", 1)]), CLASSIC, draw_rng("s", "n"))
    several = overridden(outcome, [3, 6])
    assert several.victims == (3, 6) and several.results == ()
    assert [r.code for r in several.reasons][-2:] == ["overridden", "overridden"]
    nobody = overridden(outcome, [])
    assert nobody.victims == () and len(nobody.results) == 1


SEER = NightActionSpec(
    code="see",
    prompt="Whom do you see?",
    not_roles=("mafioso",),
    not_roles_refusal="The mafia hide from you.",
    uses=2,
    uses_refusal="You have seen twice this game.",
)
SEER_ROLE = RoleSpec("seer", "Seer", "village", "Sees.", night_action=SEER)


def test_choice_restrictions_and_use_limits_are_declared_not_coded():
    def refusal(**given) -> str:
        facts = dict(actor_alive=True, choosing_self=False, target_alive=True)
        return night_choice_refusal(SEER_ROLE, earlier_self_choices=0, **(facts | given))

    assert refusal(target_roles=("mafioso",)) == "The mafia hide from you."
    assert refusal(earlier_uses=1) == ""
    assert refusal(earlier_uses=2) == "You have seen twice this game."
    assert refusal(earlier_uses=2, choosing_someone=False) == ""
    dead_allowed = replace(SEER_ROLE, night_action=replace(SEER, living_only=False))
    assert "living" in refusal(target_alive=False)
    assert (
        night_choice_refusal(
            dead_allowed,
            actor_alive=True,
            choosing_self=False,
            target_alive=False,
            earlier_self_choices=0,
        )
        == ""
    )


def test_a_players_state_is_checked_against_the_rule_set():
    fields = (StateField("hp", int, 3, minimum=0), StateField("vaccinated", bool, False))
    hp = replace(CLASSIC, player_state=fields)
    assert hp.state_of({}) == {"hp": 3, "vaccinated": False}
    assert hp.state_of({"hp": 1, HAND: ["cop", "doctor"]})[HAND] == ["cop", "doctor"]
    for bad, words in (
        ({"mana": 1}, "Unknown"),
        ({"hp": "3"}, "whole number"),
        ({"hp": True}, "whole number"),
        ({"hp": -1}, "below 0"),
        ({HAND: ["wizard"]}, "role cards"),
    ):
        with pytest.raises(StateError, match=words):
            hp.state_of(bad)


def test_a_hand_of_one_is_the_players_role():
    assert hand_of("cop", {}) == ("cop",)
    assert hand_of("cop", {HAND: ["doctor", "cop"]}) == ("doctor", "cop")
    assert hand_of("", None) == ()
    assert CLASSIC.active_roles("cop", {HAND: ["doctor", "cop"]}) == ("doctor",)
