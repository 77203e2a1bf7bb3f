"""The rule set: a value (`Ruleset`) holding its roles, the shared powers of a side, its items
and offices, its death causes, its investigation capacities, its phases and the orders its
rules fix, built from the specs' types (`specs`, named in `base` too); and the plain deal that
a rule set uses unless it brings its own. Pure Python, no Django."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from game.rulesets.announcements import Line
from game.rulesets.days import DaySpec
from game.rulesets.groups import PrivateGroup
from game.rulesets.hands import Hands, StateField, hand_of, state_checked
from game.rulesets.pages import Pages
from game.rulesets.setup import RoleDeal, Setup, SetupError, counts_checked, deal_by_counts
from game.rulesets.specs import (
    EXECUTED,
    KILLED,
    MAFIA,
    REMOVED,
    CapacitySpec,
    DeathCauseSpec,
    ItemSpec,
    KillMethodSpec,
    NightActionSpec,
    OfficeSpec,
    Phase,
    PlayerStatus,
    PowerSpec,
    RoleSpec,
)

DAY_ONE, FIRST_PHASE = "day_one", "first_phase"  # the beginnings of the two clocks

Deal = Callable[["Ruleset", Sequence[int], Setup, random.Random], RoleDeal]
NextPhase = Callable[[str, int, Mapping[str, Any]], tuple[str, int, dict[str, Any]] | None]
"""A rule set's choice of the phase after phase (`code`, `number`) from the state its end
steps left in it (`GamePhase.state`): the next phase's code, number and own state, or None
for the rule set's plain cycle."""
Winner = Callable[[Iterable[PlayerStatus]], str | None]
GameOver = Callable[[str, Sequence[PlayerStatus], int], tuple[Line, ...]]
"""How a rule set announces its game's end: the lines for the winning side, given the players
in seat order and the current day (HP's round)."""


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


def alignment_in(roles: Mapping[str, RoleSpec], role: str, *, conscripted: bool = False) -> str:
    """A player's alignment: their role's, or the mafia's once conscripted (R16, R39)."""
    return MAFIA if conscripted else roles[role].alignment


@dataclass(frozen=True)
class Ruleset:
    """A rule set: everything the app reads to deal, show and check a game of it.

    A night-and-day rule set (`night_and_day`) plays its `phases` in turn from day `first_day`
    on the phase engine (`phases.py`); `counts_for` gives default role counts that follow the
    number of players, `item_counts_for` the same for items; `win_texts` say how each side's win
    is announced; a game starts with at least `min_players`; `deaths_reveal_roles` makes every
    death's role public at once (C6), where other rule sets keep it until the game ends (R10,
    R50); a `host_run` game starts from its host's own deal (M12), never from the generic start.
    Each player holds a hand of cards, declared in `hands` (`hands.Hands`: how many, which act,
    the role of each card, what a death does and how a side is fixed); `player_state` declares
    the values the rule set keeps per player (stored in `Player.state`). `death_hooks` names, in
    order, the follow-ups of a death in its games (the services register one function per name;
    the win check, R17, last). `next_phase` chooses the phase after a phase from the game's
    state (HP's tied vote repeated, H8; Chiang Mai's night after its deal, M10), else in turn.
    `begins` names how a dealt game begins, where the default (`beginning`) does not fit.
    `game_over` words the game's end in the rule set's own lines (HP's closing list, H9);
    without it the app says who won in `win_texts`. `day` is its day vote (`days.DaySpec`): the
    ballot, who votes for whom, what ends the day, and the words and rulings of each refusal and
    outcome. `private_groups` are its groups with a board of their own (the Mafia Den, R51; HP's
    three groups, H1), in the order the forums list them. `pages` are the pages its players and
    moderators use (`pages.Pages`: the menu, the bottom bar, the overview's cards, the
    dashboard, the boards' text, the rulings its pages cite); a game of it serves no other."""

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
    begins: str = ""
    first_day: int = 1
    counts_for: Callable[[int], Mapping[str, int]] | None = None
    item_counts_for: Callable[[int], Mapping[str, int]] | None = None
    win_texts: tuple[tuple[str, str], ...] = ()
    min_players: int = 0
    deaths_reveal_roles: bool = False
    host_run: bool = False
    player_state: tuple[StateField, ...] = ()
    death_hooks: tuple[str, ...] = ("pending_events_cancel", "win_check")
    game_over: GameOver | None = None
    next_phase: NextPhase | None = None
    day: DaySpec = DaySpec()
    hands: Hands = Hands()
    private_groups: tuple[PrivateGroup, ...] = ()
    pages: Pages = Pages()

    @cached_property
    def capacities(self) -> tuple[CapacitySpec, ...]:
        """Every investigative capacity of the rule set: of its roles, then of its offices."""
        found: dict[str, CapacitySpec] = {}
        for holder in (*self.roles, *self.offices):
            for capacity in holder.capacities:
                found.setdefault(capacity.code, capacity)
        return tuple(found.values())

    @cached_property
    def night_order(self) -> tuple[NightActionSpec, ...]:
        """The night actions of the rule set's roles, each once, in the order they resolve:
        by priority, then in the order of the roles."""
        found: dict[str, NightActionSpec] = {}
        for role in self.roles:
            for action in role.night_actions:
                found.setdefault(action.code, action)
        return tuple(sorted(found.values(), key=lambda action: action.priority))

    def night_action_codes(self, role: str) -> tuple[str, ...]:
        """The codes of the night actions a card of `role` takes (none for an unknown role)."""
        if not self.has_role(role):
            return ()
        return tuple(action.code for action in self.role(role).night_actions)

    @cached_property
    def falsification_chain(self) -> tuple[Callable[..., Any], ...]:
        """The steps that falsify an investigation's answer (R19), of its roles and powers, in
        the order of their `falsify_step`: a new power with a step joins the chain."""
        steps = [s for s in (*self.roles, *self.powers) if s.falsify is not None]
        return tuple(s.falsify for s in sorted(steps, key=lambda s: s.falsify_step))

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
            "office": self.offices,
        }
        return {kind: {spec.code: spec for spec in specs} for kind, specs in kinds.items()}

    def _spec(self, kind: str, code: str) -> Any:
        try:
            return self._by_code[kind][code]
        except KeyError:
            raise KeyError(f"{self.name} has no {kind} {code!r}") from None

    def state_of(self, raw: Mapping[str, Any] | None) -> dict[str, Any]:
        """A player's state checked against the rule set (`player_state`, the hand's cards);
        hands.StateError says what is wrong."""
        return state_checked(self.player_state, raw, tuple(self._by_code["role"]))

    def active_roles(self, role: str, state: Mapping[str, Any] | None) -> tuple[str, ...]:
        """The roles of the cards of a player's hand that act now (`hands.active`: the top one
        by default)."""
        return self.hands.active_roles(self.hands.held(role, state))

    def side_of(self, role: str, state: Mapping[str, Any] | None) -> str:
        """A player's side: the one their hand's deal fixed (`hands.side`, M3), else their
        role's alignment."""
        if self.hands.side is not None:
            return self.hands.side(hand_of(role, state))
        return self.alignment_of(role)

    def night_action_of(
        self, role: str, state: Mapping[str, Any] | None, code: str | None = None
    ) -> tuple[RoleSpec | None, NightActionSpec | None]:
        """The active card of a player (`role`, `state`) that takes the night action `code`
        (their first action when None) and that action; (None, None) when none takes it."""
        for card in self.active_roles(role, state):
            if not self.has_role(card):
                continue
            spec = self.role(card)
            for action in spec.night_actions:
                if code is None or action.code == code:
                    return spec, action
        return None, None

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

    def office(self, code: str) -> OfficeSpec:
        return self._spec("office", code)

    def capacity(self, code: str) -> CapacitySpec:
        return self._spec("capacity", code)

    def kill_method(self, code: str) -> KillMethodSpec:
        return self._spec("kill method", code)

    def phase(self, code: str) -> Phase:
        return self._spec("phase", code)

    @property
    def day_clock(self) -> bool:
        """Its games run on the day clock (R1-R4, with the mafia's kill clock, R18), the phase
        engine's other mode; a night-and-day rule set's play its `phases` in turn (C1)."""
        return not self.night_and_day

    @property
    def seeded(self) -> bool:
        """Its games draw from a seed fixed at their creation, to be replayed (C8)."""
        return self.night_and_day

    @property
    def beginning(self) -> str:
        """How a dealt game begins: its `begins`, else the first step of its clock."""
        return self.begins or (DAY_ONE if self.day_clock else FIRST_PHASE)

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
