"""A Chiang Mai night on the night engine (M4, M11): the hands at nightfall and the pointings
the host recorded are read into a `nights.NightState`, the roles' own effects resolve in the
seed's order (`nights.resolve`), and the outcome is read back as the story needs it: the deaths
(a player may die twice), the doses, the thumbs and the host's flags. Pure Python."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from game.rulesets import nights
from game.rulesets.chiang_mai import CHIANG_MAI
from game.rulesets.chiang_mai.cards import HANDS
from game.rulesets.chiang_mai.roles.assassin import ASSASSINATE
from game.rulesets.chiang_mai.roles.doctor import DOSES, VACCINATE
from game.rulesets.chiang_mai.roles.killer import POISON_ACTION, POISON_TIE, POISONED
from game.rulesets.chiang_mai.roles.policeman import POINT, THUMBS_ENTRY
from game.rulesets.chiang_mai.table import Hand, Table
from game.rulesets.reasons import Reason

_POISON_CODES = frozenset({POISONED.code, POISON_TIE.code})


@dataclass(frozen=True)
class NightPicks:
    """The pointings recorded tonight, by actor: each active Killer's and Policeman's pick, and
    each active Doctor's and Assassin's choice (missing: none made)."""

    number: int
    killers: Mapping[int, int] = field(default_factory=dict)
    doctors: Mapping[int, int] = field(default_factory=dict)
    policemen: Mapping[int, int] = field(default_factory=dict)
    assassins: Mapping[int, int] = field(default_factory=dict)

    def choices(self) -> list[nights.Choice]:
        by_action = (
            (POISON_ACTION, self.killers),
            (VACCINATE, self.doctors),
            (POINT, self.policemen),
            (ASSASSINATE, self.assassins),
        )
        return [
            nights.Choice(actor, action.code, target)
            for action, picks in by_action
            for actor, target in picks.items()
        ]


@dataclass(frozen=True)
class Thumbs:
    """M4, M11: what the active Policemen learn: thumbs up when the target's top card at
    nightfall was a King."""

    policemen: tuple[int, ...]
    target: int
    up: bool


@dataclass(frozen=True)
class NightOutcome:
    """The deaths of the night (a player may die twice), the hands' new doses, the thumbs and
    the reasons for the host's log."""

    deaths: tuple[int, ...]
    doses: Mapping[int, int]
    thumbs: Thumbs | None
    poisoned: int | None
    reasons: tuple[Reason, ...]
    flags: tuple[Reason, ...] = ()


def pick_refusal(
    table: Table, holders: list[int], actor: int, target: int | None, *, may_pass: bool
) -> str:
    """Why a pointing is refused, or "": only a player whose card is active tonight points, and
    at a player still in the game; only the Assassin on night 1 may point at no one (M4)."""
    if actor not in holders:
        return "That player's card does not act tonight (M2)."
    if target is None:
        return "" if may_pass else "Point at a player (M4)."
    if target not in table or not table[target].in_game:
        return "Point at a player still in the game."
    return ""


def night_state(table: Table, picks: NightPicks) -> nights.NightState:
    """The night as the engine reads it (M2, M11): the players in game, in seat order, the roles
    of their active cards, their side, and their cards and doses as they were at nightfall."""
    in_game = [player for player, hand in table.items() if hand.in_game]
    return nights.NightState(
        number=picks.number,
        living=frozenset(in_game),
        roles={player: HANDS.active_roles(table[player].cards) for player in in_game},
        alignments={player: hand.side for player, hand in table.items()},
        choices=picks.choices(),
        player_state={
            player: {"cards": list(hand.cards), DOSES: hand.doses} for player, hand in table.items()
        },
        seats=tuple(table),
    )


def thumbs_of(outcome: nights.NightOutcome) -> Thumbs | None:
    """The Policemen's thumbs, read from the private result each of them was told."""
    told = [o for o in outcome.results if o.entry == THUMBS_ENTRY]
    if not told or told[0].told is None:
        return None
    said = told[0].told
    target = dict(said.players)["target"]
    up = dict(said.values)["thumbs"] == "up"
    return Thumbs(tuple(o.player for o in told), target, up)


def resolve_night(table: Table, picks: NightPicks, rng: random.Random) -> NightOutcome:
    """The night in the seed's order (M4), each role's effect run by the night engine: poison,
    vaccine, thumbs, assassination. The deaths are the uncured poison, the overdoses and the
    assassinations, in that order."""
    outcome = nights.resolve(night_state(table, picks), CHIANG_MAI, rng)
    poisoned = next(
        (dict(r.players)["victim"] for r in outcome.reasons if r.code in _POISON_CODES), None
    )
    return NightOutcome(
        deaths=outcome.victims,
        doses={player: int(state[DOSES]) for player, state in outcome.player_state.items()},
        thumbs=thumbs_of(outcome),
        poisoned=poisoned,
        reasons=outcome.reasons,
        flags=outcome.flags,
    )


def with_doses(table: Table, doses: Mapping[int, int]) -> dict[int, Hand]:
    """The table with the night's doses written into the hands (M11: doses outlast a card)."""
    return {p: replace(hand, doses=doses.get(p, hand.doses)) for p, hand in table.items()}
