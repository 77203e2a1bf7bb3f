"""The private groups a rule set declares: players who know each other and share a board of
their own (the Mafia Den, R51; HP's mafias, detectives and healers, H1). Pure Python, no Django.

A group is a name, a title and a membership rule: a pure function of what the rules know of a
player (their role, alignment, hand and state). Whether a member may read or post now (alive,
the game running or over) is the forums' board table (forums/access.py), the same for every
group."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.rulesets.hands import hand_of
from game.rulesets.specs import MAFIA


@dataclass(frozen=True)
class Candidate:
    """What a group's membership rule sees of a player."""

    role: str
    alignment: str
    hand: tuple[str, ...]
    state: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class PrivateGroup:
    """A group of a rule set with a private board: `belongs` says who is a member. The Mafia
    Den (`den`) is also open to whoever the mafia add (R51) and keeps its board's own name in
    links and the API."""

    code: str
    title: str
    belongs: Callable[[Candidate], bool]
    den: bool = False


def mafia_aligned(candidate: Candidate) -> bool:
    """The Mafia Den's members: the mafia-aligned, conscripts included (R16, R39, R51)."""
    return candidate.alignment == MAFIA


MAFIA_DEN = PrivateGroup(code="mafia", title="Mafia Den", belongs=mafia_aligned, den=True)
"""The live-action and classic rule sets' one private group (R51; C7: the mafiosi share it)."""


def holding(role: str) -> Callable[[Candidate], bool]:
    """A group of the players who hold a card of `role` (H1: the mafias, the detectives, the
    healers each know their own)."""

    def belongs(candidate: Candidate) -> bool:
        return role in candidate.hand

    belongs.__doc__ = f"The players holding a {role} card (H1)."
    return belongs


class GroupRules(Protocol):
    """What the membership rules read of a rule set (ruleset.Ruleset, which holds the groups)."""

    private_groups: tuple[PrivateGroup, ...]

    def has_role(self, code: str) -> bool: ...

    def alignment_of(self, role: str, *, conscripted: bool = False) -> str: ...


def candidate_of(
    ruleset: GroupRules, role: str, state: Mapping[str, Any] | None, *, conscripted: bool = False
) -> Candidate | None:
    """A dealt player as the membership rules see them; None before the deal."""
    if not role or not ruleset.has_role(role):
        return None
    return Candidate(
        role=role,
        alignment=ruleset.alignment_of(role, conscripted=conscripted),
        hand=hand_of(role, state),
        state=dict(state or {}),
    )


def groups_of(ruleset: GroupRules, candidate: Candidate | None) -> frozenset[str]:
    """The codes of the rule set's private groups the player belongs to by its rules."""
    if candidate is None:
        return frozenset()
    return frozenset(g.code for g in ruleset.private_groups if g.belongs(candidate))
