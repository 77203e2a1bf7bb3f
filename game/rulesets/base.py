"""The types every rule set is built from. Pure Python, no Django.

A rule set is a value (`ruleset.Ruleset`): its roles, the shared powers of a side, its items and
offices, its death causes, its investigation capacities, its phases and the orders its rules
fix. Each role, power and item is one module of its rule set holding one spec (`RoleSpec`,
`PowerSpec`, `ItemSpec`) with its card text, default count, what it may do and its refusal
texts; the rule set's package lists them, one line each. Rules return structured reasons
(`reasons.Reason`); a game's counts and the deal are in `setup`. The specs are defined in
`specs` and named here too, where the rule sets' modules, one per role, power and item, import
them from.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import Any

from game.rulesets.specs import (
    EXECUTED,
    KILLED,
    MAFIA,
    REMOVED,
    CapacitySpec,
    Choice,
    ChosenPlayer,
    DeathCauseSpec,
    ItemSpec,
    KillMethodSpec,
    NightActionSpec,
    OfficeSpec,
    Phase,
    PlayerStatus,
    PowerInput,
    PowerRequest,
    PowerSpec,
    RoleSpec,
)

__all__ = [
    "EXECUTED",
    "KILLED",
    "MAFIA",
    "REMOVED",
    "CapacitySpec",
    "Choice",
    "ChosenPlayer",
    "DeathCauseSpec",
    "ItemSpec",
    "KillMethodSpec",
    "NightActionSpec",
    "OfficeSpec",
    "Phase",
    "PlayerStatus",
    "PowerInput",
    "PowerRequest",
    "PowerSpec",
    "RoleSpec",
]


def codes_enum(name: str, specs: Iterable[Any]) -> type[StrEnum]:
    """A StrEnum of the specs' codes (ROLE.code "gay_knight" -> NAME.GAY_KNIGHT), for code that
    names them; the specs stay the one definition."""
    return StrEnum(name, [(spec.code.upper(), spec.code) for spec in specs])
