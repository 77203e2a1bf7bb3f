"""The night and its dawn (C2-C4): the mafia's plurality, the doctor's save, the cop's result,
and which night choices are refused. Pure Python: data in, decisions out."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from game.rulesets.phases import NO_ONE, Pick, plurality
from game.rulesets.reasons import Reason

KILLED_BY_MAFIA = Reason("mafia_kill", "The mafia picked {victim}.")
MAFIA_TIE = Reason(
    "mafia_tie", "The mafia's picks were tied between {count} options; the seeded draw settled it."
)
MAFIA_NO_ONE = Reason("mafia_no_one", "The mafia picked no one.")
SAVED = Reason("saved", "{victim} was saved by the doctor.")
INVESTIGATED = Reason("investigated", "The cop {cop} learns that {target} is {alignment}-aligned.")
COP_DIED = Reason("cop_died", "The cop {cop} died in the night and learns nothing.")
OVERRIDDEN = Reason("overridden", "The moderators decided instead that {victim} dies.")
OVERRIDDEN_NOBODY = Reason("overridden", "The moderators decided instead that nobody dies.")


@dataclass(frozen=True)
class NightFacts:
    """What a night's resolution reads: the living players, everyone's role and alignment, and
    the night's choices by the living actors (a missing choice is no one, C2)."""

    number: int
    living: frozenset[int]
    alignments: Mapping[int, str]
    kills: Mapping[int, Pick]
    protections: Mapping[int, Pick]
    investigations: Mapping[int, Pick]


@dataclass(frozen=True)
class CopResult:
    cop: int
    target: int
    alignment: str


@dataclass(frozen=True)
class NightOutcome:
    victim: int | None
    mafia_choice: Pick
    saved: int | None
    cop_results: tuple[CopResult, ...]
    reasons: tuple[Reason, ...]


def mafia_choice(facts: NightFacts, rng: random.Random) -> tuple[Pick, list[Reason]]:
    """C2: the option the living mafiosi picked most wins, "no one" included (a missing pick is
    no one); a tie is settled by the seeded draw among the tied options."""
    choice, tied = plurality(facts.kills.values(), rng)
    reasons = []
    if len(tied) > 1:
        reasons.append(MAFIA_TIE(count=len(tied)))
    reasons.append(
        MAFIA_NO_ONE if choice is NO_ONE else KILLED_BY_MAFIA(players={"victim": choice})
    )
    return choice, reasons


def is_saved(choice: Pick, facts: NightFacts) -> bool:
    """C3: a doctor's save of the mafia's chosen victim cancels that night's kill."""
    return choice is not NO_ONE and choice in facts.protections.values()


def cop_results(facts: NightFacts, victim: int | None) -> tuple[list[CopResult], list[Reason]]:
    """C4: each cop alive at dawn learns the alignment of the player they chose."""
    results, reasons = [], []
    for cop, target in sorted(facts.investigations.items()):
        if target is NO_ONE:
            continue
        if cop == victim:
            reasons.append(COP_DIED(players={"cop": cop}))
            continue
        result = CopResult(cop, target, facts.alignments[target])
        results.append(result)
        reasons.append(
            INVESTIGATED(players={"cop": cop, "target": target}, alignment=result.alignment)
        )
    return results, reasons


def resolve_night(facts: NightFacts, rng: random.Random) -> NightOutcome:
    """What dawn brings (C2-C4): the mafia's victim unless saved, and the cops' results."""
    choice, reasons = mafia_choice(facts, rng)
    saved = choice if is_saved(choice, facts) else None
    if saved is not None:
        reasons.append(SAVED(players={"victim": saved}))
    victim = None if saved is not None or choice is NO_ONE else choice
    results, cop_reasons = cop_results(facts, victim)
    return NightOutcome(victim, choice, saved, tuple(results), tuple(reasons + cop_reasons))


def overridden(outcome: NightOutcome, victim: int | None) -> NightOutcome:
    """The moderators' decision replaces the night's victim (their reason is logged); the cops'
    results stay, but a cop the decision kills learns nothing (C4)."""
    override = OVERRIDDEN_NOBODY if victim is None else OVERRIDDEN(players={"victim": victim})
    reasons = (*outcome.reasons, override)
    results = tuple(r for r in outcome.cop_results if r.cop != victim)
    return NightOutcome(victim, outcome.mafia_choice, outcome.saved, results, reasons)
