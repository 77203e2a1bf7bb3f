"""The night, in the seed's order (M4): the Killers' poison, the Doctor's vaccine, the
Policemen's thumbs, the Assassin's kill; every card's activity is read from the hands as they
were at nightfall (M11). Pure Python: picks in, deaths and thumbs out."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from game.rulesets.chiang_mai.cards import KINGS
from game.rulesets.chiang_mai.table import (
    Hand,
    Table,
    active_assassins,
    active_doctors,
    active_killers,
    active_policemen,
)
from game.rulesets.phases import plurality
from game.rulesets.reasons import Reason

OVERDOSE_AT = 2

POISONED = Reason("poisoned", "The Killers poisoned {victim}.")
POISON_TIE = Reason("poison_tie", "The Killers' picks tied; the seeded draw chose {victim}.")
CURED = Reason("cured", "The Doctor {doctor} cured {victim} of the poison.")
DOSED = Reason("dosed", "The Doctor {doctor} gave {target} a dose ({doses} of 2).")
OVERDOSED = Reason("overdosed", "The Doctor {doctor} gave {target} a second dose: an overdose.")
THUMBS = Reason("thumbs", "The Policemen pointed at {target}: thumbs {thumbs}.")
POLICE_TIE = Reason("police_tie", "The Policemen's picks tied; the seeded draw chose {target}.")
ASSASSINATED = Reason("assassinated", "The Assassin {assassin} killed {victim}.")
REFRAINED = Reason("refrained", "The Assassin {assassin} refrained on night 1.")
ASSASSIN_MISSING = Reason(
    "assassin_missing",
    "The Assassin {assassin} must act from night 2 but made no choice: no kill (M4).",
)


@dataclass(frozen=True)
class NightPicks:
    """The pointings recorded tonight, by actor: each active Killer's and Policeman's pick, and
    each active Doctor's and Assassin's choice (missing: none made)."""

    number: int
    killers: Mapping[int, int] = field(default_factory=dict)
    doctors: Mapping[int, int] = field(default_factory=dict)
    policemen: Mapping[int, int] = field(default_factory=dict)
    assassins: Mapping[int, int] = field(default_factory=dict)


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


def assassin_may_refrain(night: int) -> bool:
    """M4: on night 1 the Assassin may refrain; from night 2 they must act."""
    return night == 1


def poison_victim(
    table: Table, picks: NightPicks, rng: random.Random
) -> tuple[int | None, list[Reason]]:
    """M4: the active Killers poison the player they picked most; a tie is a seeded draw."""
    valid = [t for a, t in picks.killers.items() if a in active_killers(table)]
    if not valid:
        return None, []
    victim, tied = plurality(valid, rng)
    reason = POISON_TIE if len(tied) > 1 else POISONED
    return victim, [reason(players={"victim": victim})]


def vaccinations(
    table: Table, picks: NightPicks, poisoned: int | None
) -> tuple[bool, dict[int, int], list[int], list[Reason]]:
    """M4, M11: each active Doctor, in seat order, vaccinates one player (themself allowed): the
    poisoned player is cured and gets no dose; anyone else gets a dose, and a second dose is an
    overdose, a death at dawn, after which their doses are 0. Doses outlast a lost card.
    Returns whether the poison was cured, the new doses, the overdosed and the reasons."""
    cured = False
    doses = {player: hand.doses for player, hand in table.items()}
    overdosed: list[int] = []
    reasons: list[Reason] = []
    for doctor in active_doctors(table):
        target = picks.doctors.get(doctor)
        if target is None:
            continue
        if target == poisoned:
            cured = True
            reasons.append(CURED(players={"doctor": doctor, "victim": target}))
            continue
        doses[target] += 1
        if doses[target] >= OVERDOSE_AT:
            doses[target] = 0
            overdosed.append(target)
            reasons.append(OVERDOSED(players={"doctor": doctor, "target": target}))
        else:
            reasons.append(DOSED(players={"doctor": doctor, "target": target}, doses=doses[target]))
    return cured, doses, overdosed, reasons


def thumbs(
    table: Table, picks: NightPicks, rng: random.Random
) -> tuple[Thumbs | None, list[Reason]]:
    """M4, M11: the active Policemen point together (plurality, ties drawn); thumbs up if that
    player's top card, as the hands were tonight, is a King. A Killer who lost their King shows
    thumbs down."""
    policemen = active_policemen(table)
    valid = [t for a, t in picks.policemen.items() if a in policemen]
    if not valid:
        return None, []
    target, tied = plurality(valid, rng)
    assert target is not None
    up = table[target].top in KINGS
    reasons = [POLICE_TIE(players={"target": target})] if len(tied) > 1 else []
    reasons.append(THUMBS(players={"target": target}, thumbs="up" if up else "down"))
    return Thumbs(tuple(policemen), target, up), reasons


def assassinations(table: Table, picks: NightPicks) -> tuple[list[int], list[Reason], list[Reason]]:
    """M4: each active Assassin kills one player, with no cure. On night 1 they may refrain;
    from night 2 a missing choice is no kill, flagged to the host."""
    deaths, reasons, flags = [], [], []
    for assassin in active_assassins(table):
        target = picks.assassins.get(assassin)
        if target is None:
            if assassin_may_refrain(picks.number):
                reasons.append(REFRAINED(players={"assassin": assassin}))
            else:
                flags.append(ASSASSIN_MISSING(players={"assassin": assassin}))
            continue
        deaths.append(target)
        reasons.append(ASSASSINATED(players={"assassin": assassin, "victim": target}))
    return deaths, reasons, flags


def resolve_night(table: Table, picks: NightPicks, rng: random.Random) -> NightOutcome:
    """The night in the seed's order (M4): poison, vaccine, thumbs, assassination. The deaths are
    the uncured poison, the overdoses and the assassinations, in that order."""
    poisoned, reasons = poison_victim(table, picks, rng)
    cured, doses, overdosed, doctor_reasons = vaccinations(table, picks, poisoned)
    seen, police_reasons = thumbs(table, picks, rng)
    killed, assassin_reasons, flags = assassinations(table, picks)
    deaths = ([poisoned] if poisoned is not None and not cured else []) + overdosed + killed
    return NightOutcome(
        deaths=tuple(deaths),
        doses=doses,
        thumbs=seen,
        poisoned=poisoned,
        reasons=tuple(reasons + doctor_reasons + police_reasons + assassin_reasons),
        flags=tuple(flags),
    )


def with_doses(table: Table, doses: Mapping[int, int]) -> dict[int, Hand]:
    """The table with the night's doses written into the hands (M11: doses outlast a card)."""
    return {p: replace(hand, doses=doses.get(p, hand.doses)) for p, hand in table.items()}
