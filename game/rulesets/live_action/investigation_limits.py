"""Who may ask which investigation, and when (R21-R24, R26, R31).

Pure Python. The caller describes the asker (`Asker`), the death asked about (`InvestigatedDeath`),
the capacity used and the past investigations; `investigation_refusals` returns every reason to
refuse, each citing its ruling (an empty list means the investigation may be asked).

Decisions no ruling spells out:
- A dead player may not investigate in any capacity (the rules: "Dead players tell no tales").
- The serial killer's R24 investigation is not limited to one a day (R22 does not list it): each
  gained investigation is one question about that death (R23), asked whenever they like.
- Gay Knight guesses are not capped per day and R23 does not apply to them: both guesses may be
  about the partner's death, since that is the only death they can be about (R26).
- A Gay Knight guess also needs the partner to have been killed: an executed partner or one who
  died at a day end has no killer to guess (R21: only kills are investigated).
- For R24 a player's visits count once; the serial killer's own earlier visits never count against
  them; a serial killer who gains an investigation counts toward the three ("any role that visits a
  kill site in order to gain investigative powers counts"). Visits at the same time keep the order
  given.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Final

GROUP_FIRST_DAY: Final = 0
"""The group investigator is considered to have investigated on day 0 (R3, R31)."""
SERIAL_KILLER_VISIT_LIMIT: Final = 3
GAY_KNIGHT_GUESSES: Final = 2


class Capacity(StrEnum):
    """An investigative capacity. The first five are limited to one a day each (R22, R31)."""

    INVESTIGATOR = "investigator"
    DESPERADO = "desperado"
    MAYOR = "mayor"
    POLICE_OFFICER = "police officer"
    GROUP_INVESTIGATOR = "group investigator"
    SERIAL_KILLER = "serial killer"
    GAY_KNIGHT = "Gay Knight"


DAILY_CAPACITIES: Final = frozenset(
    {Capacity.INVESTIGATOR, Capacity.DESPERADO, Capacity.MAYOR, Capacity.POLICE_OFFICER}
)
MISSING_CAPACITY: Final = {
    Capacity.INVESTIGATOR: "You are not an investigator (R22).",
    Capacity.DESPERADO: "You have not gone desperado (R25).",
    Capacity.MAYOR: "You are not the mayor (R22).",
    Capacity.POLICE_OFFICER: "You are not the police officer (R22).",
    Capacity.GROUP_INVESTIGATOR: "You are not a group investigator (R31).",
    Capacity.SERIAL_KILLER: "You are not a serial killer (R24).",
    Capacity.GAY_KNIGHT: "You are not a Gay Knight (R26).",
}
DEAD_ASKER: Final = 'Dead players cannot investigate (the rules: "Dead players tell no tales").'
NOT_A_KILL: Final = (
    "Only kills can be investigated: executions and end-of-day deaths have no kill site (R21)."
)
NO_VISIT: Final = "You must report a visit to this kill site before investigating it (R21)."
ALREADY_ASKED: Final = "You have already asked about this death (R23)."
ONE_SUSPECT: Final = "Name exactly one suspect (R19)."
NO_SUSPECTS: Final = "Name at least one suspect (R31)."
GROUP_TODAY: Final = "You have already made a group investigation today (R31)."
GROUP_YESTERDAY: Final = (
    "You made a group investigation yesterday: never on two days in a row (R31)."
)
NOT_PARTNER: Final = (
    "A Gay Knight may only guess who killed their partner, once the partner is dead (R26)."
)
NO_GUESSES_LEFT: Final = "You have used both Gay Knight guesses (R26)."
NO_GRANT: Final = (
    "You gained no investigation about this death: a serial killer gains one by visiting the "
    "kill site before three investigators have (R24)."
)


@dataclass(frozen=True)
class Asker:
    """The player asking. `capacities` are those held now (desperado only while gone desperado);
    `visited_sites` are the victims whose kill sites they reported visiting, at any time (a visit
    before becoming mayor counts, R21); `serial_killer_grants` the deaths R24 gave them."""

    player: int
    alive: bool = True
    capacities: frozenset[Capacity] = frozenset()
    visited_sites: frozenset[int] = frozenset()
    serial_killer_grants: frozenset[int] = frozenset()
    gay_knight_partner: int | None = None


@dataclass(frozen=True)
class InvestigatedDeath:
    """The death asked about. `watched_by`: the police officers whose watch list held the victim
    when they died (R23)."""

    victim: int
    is_kill: bool
    watched_by: frozenset[int] = frozenset()


@dataclass(frozen=True)
class PastInvestigation:
    asker: int
    capacity: Capacity
    day: int
    victim: int


@dataclass(frozen=True)
class SiteVisit:
    """A reported visit to a kill site. `investigative`: the visitor held an investigative capacity
    at the time (or made the visit to gain one); `serial_killer`: the visitor is a serial killer."""

    visitor: int
    at: datetime
    investigative: bool = False
    serial_killer: bool = False


def group_set_limit(last_day: int, day: int) -> int:
    """R31: with the last group investigation on `last_day` (day 0 counts), the set on `day` may
    hold at most 1 + 2 + ... + m players, m = day - last_day, and nothing when m is 1 (or 0)."""
    m = day - last_day
    if m <= 1:
        return 0
    return m * (m + 1) // 2


def last_group_investigation_day(player: int, history: Iterable[PastInvestigation]) -> int:
    """The day of `player`'s last group investigation, day 0 when none yet (R31)."""
    days = [
        past.day
        for past in history
        if past.asker == player and past.capacity is Capacity.GROUP_INVESTIGATOR
    ]
    return max(days, default=GROUP_FIRST_DAY)


def serial_killers_gaining_investigation(
    killer: int | None, visits: Iterable[SiteVisit]
) -> frozenset[int]:
    """R24: the serial killers who gain one investigation about this kill: those who visited its
    site (not being its killer) while fewer than 3 players with investigative powers had."""
    counted: set[int] = set()
    gained: set[int] = set()
    for visit in sorted(visits, key=lambda v: v.at):
        who = visit.visitor
        if (
            visit.serial_killer
            and who != killer
            and who not in gained
            and len(counted - {who}) < SERIAL_KILLER_VISIT_LIMIT
        ):
            gained.add(who)
        if visit.investigative or who in gained:
            counted.add(who)
    return frozenset(gained)


def investigation_refusals(
    *,
    asker: Asker,
    capacity: Capacity,
    day: int,
    death: InvestigatedDeath,
    suspects: Collection[int],
    history: Iterable[PastInvestigation],
) -> list[str]:
    """Every reason `asker` may not ask, in `capacity` on `day`, whether `suspects` killed
    `death.victim` (R21-R24, R26, R31). An empty list means the investigation is allowed."""
    mine = [past for past in history if past.asker == asker.player]
    same_capacity = [past for past in mine if past.capacity is capacity]
    refusals: list[str] = []
    if not asker.alive:
        refusals.append(DEAD_ASKER)
    if capacity not in asker.capacities:
        refusals.append(MISSING_CAPACITY[capacity])
    if not death.is_kill:
        refusals.append(NOT_A_KILL)
    elif capacity is not Capacity.GAY_KNIGHT and death.victim not in asker.visited_sites:
        refusals.append(NO_VISIT)
    if capacity in DAILY_CAPACITIES and any(past.day == day for past in same_capacity):
        refusals.append(f"You have already used today's {capacity} investigation (R22).")
    if capacity is not Capacity.GAY_KNIGHT and _asked_before(asker, capacity, death, same_capacity):
        refusals.append(ALREADY_ASKED)
    refusals.extend(_suspect_refusals(asker.player, capacity, day, suspects, same_capacity))
    if capacity is Capacity.GAY_KNIGHT:
        if death.victim != asker.gay_knight_partner:
            refusals.append(NOT_PARTNER)
        if len(same_capacity) >= GAY_KNIGHT_GUESSES:
            refusals.append(NO_GUESSES_LEFT)
    if capacity is Capacity.SERIAL_KILLER and death.victim not in asker.serial_killer_grants:
        refusals.append(NO_GRANT)
    return refusals


def _asked_before(
    asker: Asker,
    capacity: Capacity,
    death: InvestigatedDeath,
    same_capacity: Iterable[PastInvestigation],
) -> bool:
    """R23, with the police officer's exception for a victim who died on their watch list."""
    if capacity is Capacity.POLICE_OFFICER and asker.player in death.watched_by:
        return False
    return any(past.victim == death.victim for past in same_capacity)


def _suspect_refusals(
    player: int,
    capacity: Capacity,
    day: int,
    suspects: Collection[int],
    same_capacity: Iterable[PastInvestigation],
) -> list[str]:
    """One suspect for every capacity but the group investigator's set (R19, R31)."""
    if capacity is not Capacity.GROUP_INVESTIGATOR:
        return [] if len(set(suspects)) == 1 else [ONE_SUSPECT]
    last_day = last_group_investigation_day(player, same_capacity)
    limit = group_set_limit(last_day, day)
    if day == last_day:
        return [GROUP_TODAY]
    if day - last_day == 1:
        return [GROUP_YESTERDAY]
    size = len(set(suspects))
    if size == 0:
        return [NO_SUSPECTS]
    if size > limit:
        return [f"Today the set may hold at most {limit} players (R31)."]
    return []
