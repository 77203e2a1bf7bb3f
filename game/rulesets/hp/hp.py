"""Hit points (H4-H6): the mafias' attack and the damage they absorb, the heal, and how HP is
shown. HP is kept exactly, as fractions (H5)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

HEAL_HP = 500
"""H6: what a heal gives."""
HP_KEY = "hp"
"""The player state's key of the exact HP, kept as a fraction's text ("6500/3", H5)."""


def shown_hp(hp: Fraction) -> int:
    """H5: HP is shown rounded down to a whole number."""
    return math.floor(hp)


def target_hp_after_attack(mafia_hp: Sequence[Fraction], target_hp: Fraction) -> Fraction:
    """H4: A = the living mafias' summed HP, X = the target's HP; A ≥ X leaves the target at 0,
    otherwise at X − A."""
    combined = sum(mafia_hp, Fraction(0))
    return Fraction(0) if combined >= target_hp else target_hp - combined


def absorbed_damage(mafia_hp: Sequence[Fraction], damage: Fraction) -> tuple[Fraction, ...]:
    """H4: the mafias absorb X: split equally among those above 0 HP; one whose share exceeds
    their HP loses all of it and the rest is split among the others, until X is absorbed or
    every mafia is at 0. HP never goes below 0 (100 and 200 absorbing 250 end at 0 and 50)."""
    hp = list(mafia_hp)
    remaining = Fraction(damage)
    while remaining > 0:
        bearing = [i for i, h in enumerate(hp) if h > 0]
        if not bearing:
            break
        share = remaining / len(bearing)
        short = [i for i in bearing if hp[i] < share]
        if not short:
            for i in bearing:
                hp[i] -= share
            break
        for i in short:
            remaining -= hp[i]
            hp[i] = Fraction(0)
    return tuple(hp)


def healed_hp(hp: Fraction) -> Fraction:
    """H6: the healed player gains 500 HP, with no ceiling; at 0 after the attack they revive at
    500."""
    return hp + HEAL_HP


def hp_in(state: Mapping[str, Any]) -> Fraction:
    """A player's exact HP from their rule-set state."""
    return Fraction(state.get(HP_KEY, "0"))
