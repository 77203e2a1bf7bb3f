"""The night engine of night-and-day rule sets: a night's state, the order its actions resolve
in, and one `resolve` that runs each action's effect (the role module's own function) in that
order. Pure Python, no Django.

How a rule set uses it:
- a role's `NightActionSpec` (specs.py) declares its choice restrictions, its `priority`, whether
  its holders choose together (`group`, C2) and its `effect`, a function of the role module;
- the services read a night into a `NightState` (the living players, each one's active cards and
  alignment, their rule-set state from `Player.state`, and the choices: a missing one is "no one"),
  call `resolve(state, ruleset, rng)` with the night's seeded draw (C8), and apply the
  `NightOutcome`: deaths, damage, heals, private results and the per-player state, each outcome
  with its reasons (codes and player ids; the words are rendered at the edge);
- an effect reads the state and writes outcomes through its methods: `kill` (a death unless a
  protection stands, C3; a second one of the same player counts when the rule set's hands lose
  a card per death, M5), `protect`, `damage`, `heal` (which may revive), `tell` and `tell_all`
  (a private result, C4; to each member of a group, M4), `note` (a reason for the moderators),
  `flag` (a missing duty the moderators must see, M4), and `player_state[pk]` for anything the
  rule set keeps per player (hit points, doses, charges).
The moderators may replace the deaths of a night (`overridden`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import wraps
from typing import Any

from game.rulesets.base import KILLED, NightActionSpec
from game.rulesets.phases import NO_ONE, Pick, plurality
from game.rulesets.reasons import Reason
from game.rulesets.ruleset import Ruleset
from game.rulesets.specs import NightEffect

OVERRIDDEN = Reason("overridden", "The moderators decided instead that {victim} dies.")
OVERRIDDEN_NOBODY = Reason("overridden", "The moderators decided instead that nobody dies.")


class Kind(StrEnum):
    """What a night does to a player."""

    DEATH = "death"
    DAMAGE = "damage"
    HEAL = "heal"
    SAVED = "saved"
    RESULT = "result"


@dataclass(frozen=True)
class Choice:
    """A living actor's choice for one of their night actions (None: no one)."""

    actor: int
    action: str
    target: Pick


@dataclass(frozen=True)
class Act:
    """One run of an action's effect: its actors (one player, or the members of a group in
    player order), their target (None: no one) and, for a group, the options tied for most
    before the seeded draw settled it (C2)."""

    action: NightActionSpec
    actors: tuple[int, ...]
    target: Pick
    tied: tuple[Pick, ...] = ()

    @property
    def actor(self) -> int:
        return self.actors[0]


@dataclass(frozen=True)
class Outcome:
    """What the night does to `player`, and why. A death carries its `cause` (a death cause
    code); damage and heals an `amount`; a private result the words `told` to `player` and the
    log `entry` kind that keeps them."""

    kind: Kind
    player: int
    reasons: tuple[Reason, ...] = ()
    amount: int = 0
    cause: str = KILLED.code
    revives: bool = False
    told: Reason | None = None
    entry: str = ""


@dataclass(frozen=True)
class NightOutcome:
    """Everything a night's resolution decided: its outcomes in the order they were decided,
    every reason in that order, and each player's rule-set state after the night."""

    outcomes: tuple[Outcome, ...]
    reasons: tuple[Reason, ...]
    player_state: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)
    flags: tuple[Reason, ...] = ()

    def of_kind(self, kind: Kind) -> tuple[Outcome, ...]:
        return tuple(o for o in self.outcomes if o.kind == kind)

    @property
    def victims(self) -> tuple[int, ...]:
        """The players who die at dawn, in the order the night decided."""
        return tuple(o.player for o in self.of_kind(Kind.DEATH))

    @property
    def results(self) -> tuple[Outcome, ...]:
        return self.of_kind(Kind.RESULT)


@dataclass
class NightState:
    """A night as its effects read and change it. `roles` holds the roles of each player's
    active cards (one for the classic and live-action rule sets); `player_state` a copy of each
    player's rule-set state that effects may change and the dawn stores; `seats` the players in
    seat order, which holders act in (C9; empty: in id order). `deaths_stack` (set by `resolve`
    from the rule set's hands) makes a second death of one player in one night a death too."""

    number: int
    living: frozenset[int]
    roles: Mapping[int, tuple[str, ...]]
    alignments: Mapping[int, str]
    choices: Sequence[Choice]
    player_state: dict[int, dict[str, Any]] = field(default_factory=dict)
    outcomes: list[Outcome] = field(default_factory=list)
    reasons: list[Reason] = field(default_factory=list)
    protections: dict[int, Reason] = field(default_factory=dict)
    seats: tuple[int, ...] = ()
    deaths_stack: bool = False
    flags: list[Reason] = field(default_factory=list)

    def note(self, reason: Reason) -> None:
        """A reason for the moderators that changes nothing."""
        self.reasons.append(reason)

    def flag(self, reason: Reason) -> None:
        """A duty left undone that the moderators must see (M4: an Assassin who must act and
        did not)."""
        self.flags.append(reason)

    def _add(self, outcome: Outcome) -> None:
        self.outcomes.append(outcome)
        self.reasons.extend(outcome.reasons)

    def dies(self, player: int) -> bool:
        """Whether the night has so far decided that `player` dies."""
        return any(o.kind == Kind.DEATH and o.player == player for o in self.outcomes)

    def protect(self, player: int, saved: Reason) -> None:
        """`player` is protected for the rest of the night: a later `kill` of them is cancelled
        with the reason `saved` (C3)."""
        self.protections.setdefault(player, saved)

    def kill(self, player: int, reason: Reason, *, cause: str = KILLED.code) -> bool:
        """`player` dies at dawn for `reason`, unless protected (then saved, C3) or already
        dying where a second death takes nothing more. True when this kill stands."""
        if player in self.protections:
            self.note(reason)
            self._add(Outcome(Kind.SAVED, player, (self.protections[player],)))
            return False
        if self.dies(player) and not self.deaths_stack:
            self.note(reason)
            return False
        self._add(Outcome(Kind.DEATH, player, (reason,), cause=cause))
        return True

    def damage(self, player: int, amount: int, reason: Reason) -> None:
        """`player` loses `amount` (hit points, doses: the rule set's effect keeps the count in
        `player_state`)."""
        self._add(Outcome(Kind.DAMAGE, player, (reason,), amount=amount))

    def heal(self, player: int, amount: int, reason: Reason, *, revives: bool = False) -> None:
        """`player` gains `amount`; `revives` cancels a death the night decided earlier."""
        if revives:
            self.outcomes = [
                o for o in self.outcomes if not (o.kind == Kind.DEATH and o.player == player)
            ]
        self._add(Outcome(Kind.HEAL, player, (reason,), amount=amount, revives=revives))

    def tell(self, player: int, told: Reason, reason: Reason, *, entry: str = "result") -> None:
        """A private result for `player` alone (`told`), kept in the log as `entry`; `reason`
        says it to the moderators (C4)."""
        self._add(Outcome(Kind.RESULT, player, (reason,), told=told, entry=entry))

    def tell_all(
        self, players: Sequence[int], told: Reason, reason: Reason, *, entry: str = "result"
    ) -> None:
        """The same private result for each of `players` (a group that acted together, M4),
        said once to the moderators."""
        self.note(reason)
        for player in players:
            self.outcomes.append(Outcome(Kind.RESULT, player, (reason,), told=told, entry=entry))

    def outcome(self) -> NightOutcome:
        return NightOutcome(
            tuple(self.outcomes), tuple(self.reasons), dict(self.player_state), tuple(self.flags)
        )


def holders(state: NightState, spec: NightActionSpec, ruleset: Ruleset) -> list[int]:
    """The living players one of whose active cards takes `spec`, in seat order (else in id
    order)."""
    order = [pk for pk in state.seats if pk in state.living] or sorted(state.living)
    return [
        pk
        for pk in order
        if any(spec.code in ruleset.night_action_codes(role) for role in state.roles.get(pk, ()))
    ]


def acts_of(
    spec: NightActionSpec, members: Sequence[int], picks: Mapping[int, Pick], rng: random.Random
) -> list[Act]:
    """The runs of `spec`'s effect: once for a group, with the plurality of its members' picks
    (a missing pick is no one, or does not count when the spec says so; ties drawn by `rng`,
    C2, M4), else once per member."""
    if spec.group:
        if not members:
            return []
        if spec.missing_is_no_one:
            made = [picks.get(pk, NO_ONE) for pk in members]
        else:
            made = [picks[pk] for pk in members if pk in picks]
        target, tied = plurality(made, rng)
        return [Act(spec, tuple(members), target, tied)]
    return [Act(spec, (pk,), picks.get(pk, NO_ONE)) for pk in members]


def when_chosen(effect: NightEffect) -> NightEffect:
    """`effect` run only for an act with a target: no one chosen (a group none of whose
    members picked, H3; no pointing, M4) does nothing."""

    @wraps(effect)
    def chosen_effect(state: NightState, act: Act) -> None:
        if act.target is not NO_ONE:
            effect(state, act)

    return chosen_effect


def resolve(state: NightState, ruleset: Ruleset, rng: random.Random) -> NightOutcome:
    """What dawn brings: each action of the rule set's `night_order` runs its effect for its
    living holders, in that order; the draws of group ties come from `rng` in the same order,
    so that one seed gives one night (C8). A second death of one player counts when the rule
    set's hands lose a card per death (M5)."""
    state.deaths_stack = ruleset.hands.deaths_stack
    for spec in ruleset.night_order:
        if spec.effect is None:
            continue
        picks = {c.actor: c.target for c in state.choices if c.action == spec.code}
        for act in acts_of(spec, holders(state, spec, ruleset), picks, rng):
            spec.effect(state, act)
    return state.outcome()


def overridden(outcome: NightOutcome, victims: Sequence[int]) -> NightOutcome:
    """The moderators' decision replaces the night's deaths by `victims` (none: nobody dies);
    the other outcomes stay, but a player the decision kills is told nothing (C4)."""
    dying = set(victims)
    kept = tuple(
        o
        for o in outcome.outcomes
        if o.kind != Kind.DEATH and not (o.kind == Kind.RESULT and o.player in dying)
    )
    decided = tuple(
        Outcome(Kind.DEATH, pk, (OVERRIDDEN(players={"victim": pk}),)) for pk in victims
    )
    reasons = tuple(r for o in decided for r in o.reasons) or (OVERRIDDEN_NOBODY,)
    return replace(outcome, outcomes=kept + decided, reasons=outcome.reasons + reasons)


def dawn_text(day: int, victims: Sequence[tuple[str, str]], living: Sequence[str]) -> str:
    """The dawn post (seed 002): each victim and their role (C6) when someone died, else that
    nobody was killed; then the living players. Private results are their recipients' alone
    (C4)."""
    lines = [f"Dawn of day {day}."]
    if not victims:
        lines.append("Last night, nobody was killed.")
    for name, reveal in victims:
        lines.append(f"Last night, {name} was killed. They were {reveal}.")
    lines.append(f"These players are still alive: {', '.join(living)}")
    return "\n".join(lines)
