"""The specs a rule set is built from, one per role, power, item, office, capacity, kill
method, death cause, night action and phase: each holds its card text, counts, charges and
refusal texts, and (for a night action) its choice restrictions, priority and effect. Pure
Python, no Django; `ruleset.Ruleset` gathers them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from game.rulesets.reasons import Reason

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


NightEffect = Callable[[Any, Any], None]
"""A night action's effect: `effect(state, act)` with a `nights.NightState` and a `nights.Act`
(typed loosely here so that this module does not import the engine built on it)."""


@dataclass(frozen=True)
class NightActionSpec:
    """What a role does at night in a night-and-day rule set (C2-C4), resolved by the night
    engine (`nights.resolve`) in the order of `priority` (lowest first; equal priorities in the
    order of the rule set's roles).

    The choice: the question its card asks; the restrictions declared here, not coded per role
    (`night_choice_refusal` reads them): a living target only (`living_only`), its own player
    (`self_choices`: 0 never, None always, n at most n nights a game, refused with
    `self_refusal`), players of the roles in `not_roles` never (`not_roles_refusal`), and at
    most `uses` nights a game with a target (None: every night; `uses_refusal`).

    The resolution: `group` makes the living holders of the action choose together (their
    plurality, "no one" included, seeded ties: C2), the effect then running once for the
    group; a member's missing pick counts as "no one" unless `missing_is_no_one` is off (then
    only the picks made count: Chiang Mai's Killers agree by pointing, M4); otherwise it runs
    once for each living holder, in player order. `effect` is the
    role module's own function (None: the choice is recorded and does nothing). `label` names
    the action in the moderators' lists."""

    code: str
    prompt: str
    self_choices: int | None = None
    self_refusal: str = ""
    priority: int = 50
    effect: NightEffect | None = None
    group: bool = False
    uses: int | None = None
    uses_refusal: str = "You have used this action as often as a game allows."
    not_roles: tuple[str, ...] = ()
    not_roles_refusal: str = "You cannot choose that player for this action."
    living_only: bool = True
    label: str = ""
    missing_is_no_one: bool = True


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
    more_night_actions: tuple[NightActionSpec, ...] = ()
    falsify: Callable[..., Any] | None = None
    falsify_step: int = 0

    @property
    def night_actions(self) -> tuple[NightActionSpec, ...]:
        """Every action the role takes at night, its main one first; a rule set with several
        actions a card a night (M4) lists the others in `more_night_actions`."""
        main = (self.night_action,) if self.night_action is not None else ()
        return main + self.more_night_actions


class Choice(StrEnum):
    """What a power's form asks for: a player (of a given kind), a role, an alignment, one of
    the mafia's kills, or a short text."""

    PLAYER = "player"
    LIVING = "living"
    LIVING_NOT_MAFIA = "living_not_mafia"
    LIVING_MAFIA = "living_mafia"
    ROLE = "role"
    ALIGNMENT = "alignment"
    MAFIA_KILL = "mafia_kill"
    TEXT = "text"

    @property
    def is_player(self) -> bool:
        return self in (Choice.PLAYER, Choice.LIVING, Choice.LIVING_NOT_MAFIA, Choice.LIVING_MAFIA)


@dataclass(frozen=True)
class PowerInput:
    """One field of a power's form and API body: its name, its label, what it asks for (whose
    options the form lists; the power's `check` refuses what its rule forbids), the column of
    the use it is kept in
    (`store`: target, second_target, kill, planted_role, planted_alignment, guessed_role,
    hitman_name, location). `html_id` is the suffix of the field's id on the page."""

    name: str
    label: str
    choice: Choice
    store: str
    required: bool = True
    html_id: str = ""


@dataclass(frozen=True)
class ChosenPlayer:
    """A player named in a power's request, as its rule sees them."""

    id: int
    alive: bool
    mafia_aligned: bool
    role: str


@dataclass(frozen=True)
class PowerRequest:
    """A use of a power as its rule checks it: the day, the acting player (None: the
    moderators' override), the players the form names by input, and its other values."""

    day: int
    actor: int | None
    players: Mapping[str, ChosenPlayer]
    values: Mapping[str, str]


@dataclass(frozen=True)
class PowerSpec:
    """A power shared by a side (the mafia's, R33-R42): `charges` uses per game (None: no such
    limit), `per_day` uses a day (None: no such limit). Powers used through a kill report (the
    kills they allow, a disarm claim) set `via_kill_report`; the others are recorded as uses.

    A power used through its own form declares it: `inputs` (the form's fields and the API
    body), `help` (what the form explains), `confirm` (the question asked before sending; "{x}"
    names the choice in field x, "{left_after}" and "{charges}" the uses, "{next_day}" the
    next day's number, in `help` too), `verb` (its button),
    `done` (what the user reads after), `log` (the log line: "{actor}" and the inputs' names),
    `override` (the moderators may use it for the mafia, with a reason) and `check` (its rule's
    refusals of a `PowerRequest`). `falsify` is its step in the investigations' chain (R19),
    at place `falsify_step`."""

    code: str
    name: str
    summary: str
    charges: int | None = None
    per_day: int | None = None
    kills: tuple[KillMethodSpec, ...] = ()
    via_kill_report: bool = False
    not_yet: str = ""
    inputs: tuple[PowerInput, ...] = ()
    help: str = ""
    confirm: str = ""
    verb: str = ""
    done: str = ""
    log: str = ""
    override: bool = False
    check: Callable[[PowerRequest], list[Reason]] | None = None
    falsify: Callable[..., Any] | None = None
    falsify_step: int = 0
    prefix: str = ""

    @property
    def used_by_form(self) -> bool:
        """Whether players use it through its own form (not a kill report, in the app)."""
        return bool(self.inputs) and not (self.via_kill_report or self.not_yet)

    @property
    def html_prefix(self) -> str:
        return self.prefix or self.code


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
    function per name); `clock` the phase whose end time it keeps (HP's repeated
    vote ends at the day's time; empty: its own code's); `announced`: the log says when it
    begins and ends (HP's transcript has its own words for them, H2); `host_ended`: the host's
    step at the table ends it, never a clock (a Chiang Mai night or day, M10, M12), so it has no
    deadline."""

    code: str
    name: str
    end_steps: tuple[str, ...] = ()
    clock: str = ""
    announced: bool = True
    host_ended: bool = False


@dataclass(frozen=True)
class PlayerStatus:
    """A player as the win check sees them (R16, R17)."""

    id: int
    role: str
    alive: bool = True
    conscripted: bool = False
