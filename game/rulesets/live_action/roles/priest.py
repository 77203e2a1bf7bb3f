"""Priest (R28, R19 step 2): keeps a sinner list and a saint list; a sinner killing a saint is
told to the priest; a saint killing a sinner ends the priest's powers and investigates as no.

Decision no ruling spells out: trimming only counts names; it does not drop dead players from
the lists.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from game.rulesets.base import RoleSpec
from game.rulesets.live_action.facts import Alignment, Falsified, Frame, Kill, PowerUse
from game.rulesets.reasons import Reason

LIST_SHARE_PERCENT: Final = 20
SAINT_KILLED_SINNER: Final = Reason("priest", "priest: no (a saint killed a sinner)")


@dataclass(frozen=True)
class PriestLists:
    """One priest's lists, each in the order names were added (R28)."""

    saints: Collection[int] = ()
    sinners: Collection[int] = ()

    def __post_init__(self) -> None:
        if len(set(self.sinners)) != len(self.sinners) or len(set(self.saints)) != len(self.saints):
            raise ValueError("a name appears once on a list")
        if set(self.sinners) & set(self.saints):
            raise ValueError("no player is on both the sinner and the saint list (R28)")


@dataclass(frozen=True)
class ListEntry:
    """A name a priest put on a list at `added_at`, taken off at `removed_at` (None: still on)."""

    priest: int
    player: int
    saint: bool
    added_at: datetime
    removed_at: datetime | None = None


def lists_at(entries: Iterable[ListEntry], moment: datetime) -> dict[int, PriestLists]:
    """Each priest's saint and sinner lists as they stood at `moment` (R28)."""
    saints: dict[int, list[int]] = defaultdict(list)
    sinners: dict[int, list[int]] = defaultdict(list)
    for entry in entries:
        if entry.added_at <= moment and (entry.removed_at is None or entry.removed_at > moment):
            (saints if entry.saint else sinners)[entry.priest].append(entry.player)
    return {
        pk: PriestLists(saints=frozenset(saints[pk]), sinners=frozenset(sinners[pk]))
        for pk in set(saints) | set(sinners)
    }


def list_limit(living_count: int) -> int:
    """R28: each list holds at most ceil(20% of living players)."""
    return -(-living_count * LIST_SHARE_PERCENT // 100)


def lists_trimmed(lists: PriestLists, living_count: int) -> PriestLists:
    """R28: at day end, remove the last-added names of a list that is over the limit."""
    limit = list_limit(living_count)
    return PriestLists(saints=tuple(lists.saints)[:limit], sinners=tuple(lists.sinners)[:limit])


def saint_killed_sinner(killer: int, victim: int, priests: Iterable[PriestLists]) -> bool:
    """R28: a saint killed a sinner on the same priest's lists."""
    return any(killer in lists.saints and victim in lists.sinners for lists in priests)


def falsified(
    suspect: int, kill: Kill, frames: Collection[Frame], uses: Collection[PowerUse] = ()
) -> Falsified | None:
    """R19 step 2: "did saint kill sinner" answers no."""
    if kill.made_by(suspect) and kill.saint_killed_sinner:
        return Falsified(False, "priest", SAINT_KILLED_SINNER)
    return None


ROLE = RoleSpec(
    code="priest",
    name="Priest",
    alignment=Alignment.TOWN,
    summary="You keep a list of sinners and a list of saints (R28).",
    card=(
        "If a sinner kills a saint you are told the killer was a sinner (R28).",
        "If a saint kills a sinner you lose your powers (R28).",
    ),
    default_count=1,
    falsify=falsified,
    falsify_step=2,
)
