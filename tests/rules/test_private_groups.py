"""The private groups each rule set declares (R51, H1): who belongs, by the rules alone."""

from __future__ import annotations

import pytest

from game.rulesets.chiang_mai import CHIANG_MAI
from game.rulesets.classic import CLASSIC
from game.rulesets.groups import candidate_of, groups_of
from game.rulesets.hp import HP
from game.rulesets.live_action import LIVE_ACTION
from game.rulesets.registry import RULESETS


def groups(ruleset, role: str, *, conscripted: bool = False, state=None) -> frozenset[str]:
    return groups_of(ruleset, candidate_of(ruleset, role, state, conscripted=conscripted))


@pytest.mark.parametrize(
    ("role", "expected"),
    [
        ("mafia", {"mafias"}),
        ("detective", {"detectives"}),
        ("healer", {"healers"}),
        ("commoner", set()),
    ],
)
def test_each_hp_group_is_its_roles_holders(role, expected) -> None:
    """H1: mafias know the mafias, detectives the detectives, healers the healers."""
    assert groups(HP, role) == expected


def test_hp_declares_its_three_groups_in_the_order_the_night_calls_them() -> None:
    assert [(g.code, g.title) for g in HP.private_groups] == [
        ("mafias", "Mafias"),
        ("detectives", "Detectives"),
        ("healers", "Healers"),
    ]
    assert not any(g.den for g in HP.private_groups)


@pytest.mark.parametrize("ruleset", [LIVE_ACTION, CLASSIC], ids=lambda r: r.code)
def test_the_live_action_and_classic_sets_declare_the_den_alone(ruleset) -> None:
    assert [(g.code, g.title, g.den) for g in ruleset.private_groups] == [
        ("mafia", "Mafia Den", True)
    ]


@pytest.mark.parametrize(
    ("role", "conscripted", "expected"),
    [
        ("mafia", False, {"mafia"}),
        ("townie", False, set()),
        ("townie", True, {"mafia"}),  # R39: a conscript gains the Mafia Den
        ("serial_killer", False, set()),  # R16: not mafia-aligned; the mafia may add them
    ],
)
def test_the_den_is_the_mafia_aligned(role, conscripted, expected) -> None:
    assert groups(LIVE_ACTION, role, conscripted=conscripted) == expected


def test_classic_mafiosi_share_the_den_and_villagers_do_not() -> None:
    assert groups(CLASSIC, "mafioso") == {"mafia"}
    assert groups(CLASSIC, "cop") == set()


def test_chiang_mai_declares_no_group() -> None:
    """No ruling gives Chiang Mai's Killers or Policemen a board: they wake together at the
    host's table (M3, M4, M12)."""
    assert CHIANG_MAI.private_groups == ()


def test_a_player_before_the_deal_belongs_to_no_group() -> None:
    assert groups(HP, "") == frozenset()
    assert groups(LIVE_ACTION, "") == frozenset()


@pytest.mark.parametrize("ruleset", list(RULESETS.values()), ids=lambda r: r.code)
def test_group_codes_are_unique_and_none_is_a_public_board(ruleset) -> None:
    codes = [g.code for g in ruleset.private_groups]
    assert len(codes) == len(set(codes))
    assert not set(codes) & {"town_square", "graveyard", "mafia_den", "group"}
    assert sum(g.den for g in ruleset.private_groups) <= 1
