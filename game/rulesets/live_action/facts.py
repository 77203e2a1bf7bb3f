"""The plain facts the live-action rules read, shared by the role, power and item modules and
the rules that list them: alignments, a reported kill (R12), an investigation asked (R21-R24),
a kill as investigations see it (R19). Pure Python; callers build these from the database."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Final, TypeAlias

from game.rulesets.base import MAFIA
from game.rulesets.reasons import Reason

ALREADY_ASKED: Final = Reason("already_asked", "You have already asked about this death (R23).")


class Alignment(StrEnum):
    """R16: mafia-aligned (mafia and conscripts), serial killers, and townies (everyone else)."""

    TOWN = "town"
    MAFIA = MAFIA
    SERIAL_KILLER = "serial_killer"


@dataclass(frozen=True)
class KillReport:
    """A reported kill, as plain facts of the moment it happened.

    `killer` is None for a hitman. `mafia_killers_today`: the mafia-aligned players who made a kill
    today; `serial_killer_last_kill_day`: the day of the serial killer's last kill or disarm;
    `vigilante_power_from_day`: from `vigilante_power_after_kill` (None: gone);
    `gay_knight_guessed_killer`: the player the Gay Knight correctly guessed, if any.
    """

    method: str
    killer: int | None
    target: int
    day: int
    killer_role: str | None = None
    killer_conscripted: bool = False
    killer_alive: bool = True
    target_alive: bool = True
    killer_tazed_today: bool = False
    target_gone_desperado: bool = False
    target_guessed_correctly: bool = False
    free_kill_used_today: bool = False
    target_holds_charge: bool = False
    target_failed_by_mafia_today: bool = False
    scheme_used: bool = False
    mafia_killers_today: frozenset[int] = frozenset()
    living_mafia: frozenset[int] = frozenset()
    hitman_hired_today: bool = False
    hitman_killed_today: bool = False
    serial_killer_last_kill_day: int | None = None
    serial_killer_tried_target_today: bool = False
    vigilante_power_from_day: int | None = 1
    gay_knight_guessed_killer: int | None = None


@dataclass(frozen=True)
class Asker:
    """The player asking. `capacities` are those held now (desperado only while gone desperado);
    `visited_sites` are the victims whose kill sites they reported visiting, at any time (a visit
    before becoming mayor counts, R21); `serial_killer_grants` the deaths R24 gave them."""

    player: int
    alive: bool = True
    capacities: frozenset[str] = frozenset()
    visited_sites: frozenset[int] = frozenset()
    serial_killer_grants: frozenset[int] = frozenset()
    gay_knight_partner: int | None = None


@dataclass(frozen=True)
class InvestigatedDeath:
    """The death asked about. `killed_at`: the moment of the confirmed kill that ended the victim's
    life, None for a victim who was not killed (alive, executed, dead at a day end: R21);
    `watched_by`: the police officers whose watch list held the victim when they died (R23)."""

    victim: int
    killed_at: datetime | None
    watched_by: frozenset[int] = frozenset()

    @property
    def is_kill(self) -> bool:
        return self.killed_at is not None


@dataclass(frozen=True)
class PlayerLife:
    """A player of the game as a suspect: alive now, or dead since `died_at`."""

    player: int
    alive: bool = True
    died_at: datetime | None = None

    def alive_at(self, moment: datetime) -> bool:
        """Whether the player was alive at `moment`: a player who died at that very moment was
        not. The kill checks (R12: the killer alive) and the suspects of a death read this."""
        return self.alive or (self.died_at is not None and self.died_at > moment)


@dataclass(frozen=True)
class PastInvestigation:
    asker: int
    capacity: str
    day: int
    victim: int


@dataclass(frozen=True)
class Question:
    """One investigation asked in one capacity, with the asker's earlier ones in that capacity:
    what a capacity's own limits read."""

    asker: Asker
    capacity: str
    day: int
    death: InvestigatedDeath
    suspects: Collection[int]
    same_capacity: tuple[PastInvestigation, ...]


@dataclass(frozen=True)
class SiteVisit:
    """A reported visit to a kill site. `investigative`: the visitor held an investigative capacity
    at the time (or made the visit to gain one); `serial_killer`: the visitor is a serial killer."""

    visitor: int
    at: datetime
    investigative: bool = False
    serial_killer: bool = False


@dataclass(frozen=True)
class PowerUse:
    """A use of a power as the investigations' chain reads it (R19): the power, the player it
    names and the second player it names (a frame's victim), if any."""

    power: str
    target: int | None
    second_target: int | None = None


Frame: TypeAlias = tuple[int, int]
"""A Frame (X, Y) (R37): "did X kill Y" answers yes."""


@dataclass(frozen=True)
class Kill:
    """A kill as investigations see it.

    `killer` is None for a hitman kill (no player made it). `don_hidden` is whether the victim is in
    `don_hidden_kills(...).hidden_victims`; `saint_killed_sinner` is the priest step decided with
    the priest lists of the time of the kill; `press_manipulated` is Manipulate the Press on it.
    """

    victim: int
    killer: int | None
    don_hidden: bool = False
    saint_killed_sinner: bool = False
    press_manipulated: bool = False

    def __post_init__(self) -> None:
        if self.killer is None and (self.don_hidden or self.saint_killed_sinner):
            raise ValueError("a hitman kill has no player killer to hide")

    def made_by(self, suspect: int) -> bool:
        """The truth (R19): a hitman kill was made by no player."""
        return self.killer is not None and self.killer == suspect


@dataclass(frozen=True)
class Falsified:
    """What one step of the R19 chain did to an answer: the new answer, the step's short name
    for the summary, and the reason the moderators read (R20)."""

    answer: bool
    step: str
    reason: Reason
