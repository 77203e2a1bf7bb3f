"""Computer players of the classic rule set (as HP's, H10): each chooses at random among what
the rules allow and what its role lets it know, always chooses and always votes, every draw
from the game's seed (C8) named by the seat's place. Mafiosi know each other (C7) and never
pick or vote for an ally; the cop investigates a player it has not checked yet, votes for a
mafioso it found and never for a player it found village-aligned; the doctor saves itself at
most once (C3). Nobody talks: the day is its votes alone. Pure Python."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from game.rulesets.classic.roles.cop import VILLAGE
from game.rulesets.classic.roles.doctor import SELF_SAVES
from game.rulesets.phases import NO_ONE, Pick, draw_rng

MAFIOSO, COP, DOCTOR = "mafioso", "cop", "doctor"


@dataclass
class Knowledge:
    """What each seat has learned by its role: the cops' results, the doctors' self-saves."""

    found: dict[int, dict[int, str]] = field(default_factory=dict)
    self_saves: dict[int, int] = field(default_factory=dict)


def _others(living: Sequence[int], roles: Mapping[int, str], me: int) -> list[int]:
    """The living players a seat may turn on: never itself, never an ally if it is a mafioso."""
    if roles[me] == MAFIOSO:
        return [p for p in living if roles[p] != MAFIOSO]
    return [p for p in living if p != me]


def night_pick(
    me: int,
    living: Sequence[int],
    roles: Mapping[int, str],
    known: Knowledge,
    seed: str,
    night: int,
) -> Pick:
    """A mafioso's victim, a cop's investigation or a doctor's save tonight (C2-C4)."""
    rng = draw_rng(seed, f"computer night {night} {me}")
    options = _others(living, roles, me)
    if roles[me] == COP:
        unchecked = [p for p in options if p not in known.found.get(me, {})]
        options = unchecked or options
    elif roles[me] == DOCTOR and known.self_saves.get(me, 0) < SELF_SAVES:
        options = [*options, me]
    return rng.choice(options) if options else NO_ONE


def day_vote(
    me: int, living: Sequence[int], roles: Mapping[int, str], known: Knowledge, seed: str, day: int
) -> Pick:
    """A living player's vote (C5): a cop's found mafioso first, else a random other player
    that the seat's knowledge does not clear."""
    found = known.found.get(me, {})
    guilty = [p for p in living if found.get(p) not in (None, VILLAGE)]
    if guilty:
        return guilty[0]
    options = [p for p in _others(living, roles, me) if found.get(p) != VILLAGE]
    options = options or _others(living, roles, me)
    return draw_rng(seed, f"computer day {day} {me}").choice(options) if options else NO_ONE
