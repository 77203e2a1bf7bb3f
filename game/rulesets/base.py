"""The types every rule set is built from. Pure Python, no Django.

A rule set is a value (`Ruleset`): its roles, the shared powers of a side, its items and offices,
its death causes, its investigation capacities, its phases and the orders its rules fix. Each
role, power and item is one module of its rule set holding one spec (`RoleSpec`, `PowerSpec`,
`ItemSpec`) with its card text, default count, what it may do and its refusal texts; the rule
set's package lists them, one line each. Rules return structured reasons (`reasons.Reason`);
a game's counts and the deal are in `setup`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from typing import Any, Final

from game.rulesets.reasons import Reason
from game.rulesets.setup import RoleDeal, Setup, SetupError, counts_checked, deal_by_counts

MAFIA: Final = "mafia"
"""The alignment whose living members share the Mafia Den and the mafia powers (R16, R51)."""


@dataclass(frozen=True)
class KillMethodSpec:
    """A way to kill (R11): `check` lists what this method's own rules forbid about a reported
    kill (R12); `role` is the role whose players hold it (None: a shared power); `mafia` marks
    the mafia's shared kill powers (R33); `uses_free_kill` those that spend the day's free kill."""

    code: str
    label: str
    check: Callable[[Any], list[Reason]]
    role: str | None = None
    wrong_killer: Reason | None = None
    mafia: bool = False
    uses_free_kill: bool = False
    needs_player_killer: bool = True


@dataclass(frozen=True)
class CapacitySpec:
    """An investigative capacity (R22): what it asks and the limits it has. `check` adds this
    capacity's own refusals after the shared ones (R21-R24); `missing` refuses a player who does
    not hold it. A role holds it from the deal unless `held_from_deal` is off (the desperado's
    holds it only while gone desperado, R25); offices give theirs while held (R48)."""

    code: str
    label: str
    missing: Reason
    check: Callable[[Any], list[Reason]] | None = None
    daily: bool = True
    needs_visit: bool = True
    once_per_death: bool = True
    single_suspect: bool = True
    truthful: bool = False
    investigative: bool = True
    held_from_deal: bool = True


@dataclass(frozen=True)
class DeathCauseSpec:
    """How a player died. An end-of-day death (`event_kind` set) is scheduled as a due event of
    that kind (R4) and announced as "X died at the end of day N" (R15)."""

    code: str
    label: str
    event_kind: str = ""

    @property
    def at_day_end(self) -> bool:
        return bool(self.event_kind)


KILLED: Final = DeathCauseSpec("kill", "Killed")
EXECUTED: Final = DeathCauseSpec("execution", "Executed")
REMOVED: Final = DeathCauseSpec("moderator", "Removed by the moderators")


@dataclass(frozen=True)
class NightActionSpec:
    """What a role does at night in a night-and-day rule set (C2-C4): the question its card
    asks, whether it may choose its own player (`self_choices`: 0 never, None always, n at most
    n nights a game) and the refusal of a choice of oneself."""

    code: str
    prompt: str
    self_choices: int | None = None
    self_refusal: str = ""


@dataclass(frozen=True)
class RoleSpec:
    """One role: its card, its team, how many the deal gives by default and what it may do.
    `group_size` 2 deals the role in partnered pairs (a count is then a number of pairs);
    `not_yet` says which of its actions players cannot take in the app yet."""

    code: str
    name: str
    alignment: str
    summary: str
    card: tuple[str, ...] = ()
    default_count: int = 0
    group_size: int = 1
    count_label: str = ""
    kills: tuple[KillMethodSpec, ...] = ()
    capacities: tuple[CapacitySpec, ...] = ()
    not_yet: str = ""
    night_action: NightActionSpec | None = None
    reveal: str = ""


@dataclass(frozen=True)
class PowerSpec:
    """A power shared by a side (the mafia's, R33-R42): `charges` uses per game (None: no such
    limit), `per_day` uses a day (None: no such limit). Powers used through a kill report (the
    kills they allow, a disarm claim) set `via_kill_report`; the others are recorded as uses."""

    code: str
    name: str
    summary: str
    charges: int | None = None
    per_day: int | None = None
    kills: tuple[KillMethodSpec, ...] = ()
    via_kill_report: bool = False
    not_yet: str = ""


@dataclass(frozen=True)
class ItemSpec:
    code: str
    name: str
    summary: str
    default_count: int = 0
    not_yet: str = ""


@dataclass(frozen=True)
class OfficeSpec:
    """An elected office (R46-R48)."""

    code: str
    name: str
    summary: str
    card: tuple[str, ...] = ()
    capacities: tuple[CapacitySpec, ...] = ()
    not_yet: str = ""


@dataclass(frozen=True)
class Phase:
    """A part of the game's cycle (a day; the night of night-and-day rule sets). `end_steps`
    names, in order, the effectful steps the app runs when it ends (services register one
    function per name)."""

    code: str
    name: str
    end_steps: tuple[str, ...] = ()


@dataclass(frozen=True)
class PlayerStatus:
    """A player as the win check sees them (R16, R17)."""

    id: int
    role: str
    alive: bool = True
    conscripted: bool = False


Deal = Callable[["Ruleset", Sequence[int], Setup, random.Random], RoleDeal]
Winner = Callable[[Iterable[PlayerStatus]], str | None]


def fitting_deal(
    ruleset: Ruleset, player_ids: Sequence[int], setup: Setup, rng: random.Random
) -> RoleDeal:
    """The plain deal: the setup's counts, pairs for roles dealt in pairs, the filler role for
    everyone else; refused when the counts need more players than signed up."""
    counts = {code: n for code, n in setup.roles.items() if ruleset.role(code).group_size == 1}
    pairs = {code: n for code, n in setup.roles.items() if ruleset.role(code).group_size == 2}
    needed = sum(counts.values()) + 2 * sum(pairs.values())
    if needed > len(player_ids):
        raise SetupError(
            f"These counts need {needed} players but only {len(player_ids)} signed up."
        )
    roles, dealt = deal_by_counts(player_ids, counts, pairs, ruleset.filler_role, rng)
    return RoleDeal(dict(roles), dealt)


@dataclass(frozen=True)
class SetupCheck:
    """A setup against the players signed up, shown before the deal: how many roles the counts
    name (the filler role takes the rest) and how many items there are, with what is wrong."""

    players: int
    counted: int
    filler: int
    items: int
    problems: tuple[str, ...]


def setup_check(ruleset: Ruleset, setup: Setup, players: int) -> SetupCheck:
    """The counted roles must fit the players (the filler role takes the others), and the items
    must not outnumber them. No ruling sets the item limit: a second item before everyone has
    one would make the deal unfair, so the moderators are told before they deal."""
    counted = sum(n * ruleset.role(code).group_size for code, n in setup.roles.items())
    items = sum(setup.items.values())
    problems = []
    if players == 0:
        # Nothing to lower yet: the counts are checked against the sign-ups once there are any.
        return SetupCheck(players, counted, 0, items, ())
    if counted > players:
        problems.append(
            f"The role counts name {counted} roles for {players} players: lower them by "
            f"{counted - players} before dealing."
        )
    if items > players:
        problems.append(
            f"The item counts name {items} items for {players} players: lower them by "
            f"{items - players} before dealing."
        )
    return SetupCheck(players, counted, max(players - counted, 0), items, tuple(problems))


def alignment_in(roles: Mapping[str, RoleSpec], role: str, *, conscripted: bool = False) -> str:
    """A player's alignment: their role's, or the mafia's once conscripted (R16, R39)."""
    return MAFIA if conscripted else roles[role].alignment


def codes_enum(name: str, specs: Iterable[Any]) -> type[StrEnum]:
    """A StrEnum of the specs' codes (ROLE.code "gay_knight" -> NAME.GAY_KNIGHT), for code that
    names them; the specs stay the one definition."""
    return StrEnum(name, [(spec.code.upper(), spec.code) for spec in specs])


@dataclass(frozen=True)
class Ruleset:
    """A rule set: everything the app reads to deal, show and check a game of it.

    A night-and-day rule set (`night_and_day`) plays its `phases` in turn from day
    `first_day` on the phase engine (`phases.py`); `counts_for` gives default role counts that
    follow the number of players, `item_counts_for` the same for items; `win_texts` say how each
    side's win is announced; a game starts with at least `min_players`; `deaths_reveal_roles`
    makes every death's role public at once (C6), where other rule sets keep it until the game
    ends (R10, R50)."""

    code: str
    name: str
    roles: tuple[RoleSpec, ...]
    filler_role: str
    alignments: tuple[tuple[str, str], ...]
    winner: Winner
    phases: tuple[Phase, ...]
    powers: tuple[PowerSpec, ...] = ()
    items: tuple[ItemSpec, ...] = ()
    offices: tuple[OfficeSpec, ...] = ()
    death_causes: tuple[DeathCauseSpec, ...] = (KILLED, EXECUTED, REMOVED)
    deal: Deal = fitting_deal
    night_and_day: bool = False
    first_day: int = 1
    counts_for: Callable[[int], Mapping[str, int]] | None = None
    item_counts_for: Callable[[int], Mapping[str, int]] | None = None
    win_texts: tuple[tuple[str, str], ...] = ()
    min_players: int = 0
    deaths_reveal_roles: bool = False

    @cached_property
    def capacities(self) -> tuple[CapacitySpec, ...]:
        """Every investigative capacity of the rule set: of its roles, then of its offices."""
        found: dict[str, CapacitySpec] = {}
        for holder in (*self.roles, *self.offices):
            for capacity in holder.capacities:
                found.setdefault(capacity.code, capacity)
        return tuple(found.values())

    @cached_property
    def kill_methods(self) -> tuple[KillMethodSpec, ...]:
        return tuple(m for holder in (*self.powers, *self.roles) for m in holder.kills)

    @cached_property
    def _by_code(self) -> dict[str, dict[str, Any]]:
        kinds = {
            "role": self.roles,
            "power": self.powers,
            "capacity": self.capacities,
            "kill method": self.kill_methods,
            "phase": self.phases,
        }
        return {kind: {spec.code: spec for spec in specs} for kind, specs in kinds.items()}

    def _spec(self, kind: str, code: str) -> Any:
        try:
            return self._by_code[kind][code]
        except KeyError:
            raise KeyError(f"{self.name} has no {kind} {code!r}") from None

    def deal_roles(self, player_ids: Sequence[int], setup: Setup, rng: random.Random) -> RoleDeal:
        return self.deal(self, player_ids, setup, rng)

    def role(self, code: str) -> RoleSpec:
        """The role with this code; KeyError when the rule set has none (so for the others)."""
        return self._spec("role", code)

    def has_role(self, code: str) -> bool:
        return code in self._by_code["role"]

    def role_name(self, code: str) -> str:
        return self.role(code).name if self.has_role(code) else code

    def power(self, code: str) -> PowerSpec:
        return self._spec("power", code)

    def has_power(self, code: str) -> bool:
        return code in self._by_code["power"]

    def capacity(self, code: str) -> CapacitySpec:
        return self._spec("capacity", code)

    def kill_method(self, code: str) -> KillMethodSpec:
        return self._spec("kill method", code)

    def phase(self, code: str) -> Phase:
        return self._spec("phase", code)

    @property
    def end_of_day_causes(self) -> tuple[DeathCauseSpec, ...]:
        """The end-of-day death causes in the order the rules announce them (R15)."""
        return tuple(cause for cause in self.death_causes if cause.at_day_end)

    def team_label(self, alignment: str) -> str:
        return dict(self.alignments).get(alignment, alignment)

    def alignment_of(self, role: str, *, conscripted: bool = False) -> str:
        return alignment_in(self._by_code["role"], role, conscripted=conscripted)

    def is_mafia_aligned(self, role: str, *, conscripted: bool = False) -> bool:
        """Mafia-aligned means the mafia's alignment, conscripts included (R16)."""
        return self.alignment_of(role, conscripted=conscripted) == MAFIA

    @property
    def countable_roles(self) -> tuple[RoleSpec, ...]:
        """The roles a setup counts: all but the one that fills the rest."""
        return tuple(role for role in self.roles if role.code != self.filler_role)

    def default_setup(self, players: int | None = None) -> Setup:
        """The default counts; a rule set whose counts follow the number of players
        (`counts_for`: C7 in the classic set; in the live-action set `setup_counts`, where no
        ruling speaks) gives them for `players` when it is known."""
        roles = {role.code: role.default_count for role in self.countable_roles}
        items = {item.code: item.default_count for item in self.items}
        if self.counts_for is not None and players is not None:
            roles.update(self.counts_for(players))
        if self.item_counts_for is not None and players is not None:
            items.update(self.item_counts_for(players))
        return Setup(roles, items)

    def setup_of(self, raw: Mapping[str, Any] | None, players: int | None = None) -> Setup:
        """A stored or submitted setup, checked against the rule set; the rule set's defaults
        (for `players` players, when known) fill in what it leaves out. SetupError says what is
        wrong."""
        raw = raw or {}
        if not isinstance(raw, Mapping) or set(raw) - {"roles", "items"}:
            raise SetupError("A setup holds role counts and item counts.")
        default = self.default_setup(players)
        roles = counts_checked(raw.get("roles"), default.roles, "role", self.name)
        items = counts_checked(raw.get("items"), default.items, "item", self.name)
        return Setup(roles, items)
