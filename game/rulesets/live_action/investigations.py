"""Investigation answers of the live-action ruleset (R19, R20, R31, R42).

Pure Python. The caller describes the investigated kill as a `Kill` (who truly made it and which
deceptions touch it) plus the frames made so far, and gets an `InvestigationAnswer`: the answer and
the chain of reasons the moderator dashboard shows (R20). The Don's hidden kills come from
`don_hidden_kills`, the priest's step from `saint_killed_sinner`.

Decisions no ruling spells out:
- The kill that ends the Don powers (the second Don kill within three consecutive mafia kills) was
  made while Don, so it stays hidden too (R42 "earlier Don kills stay hidden" covers every kill made
  before the powers ended, and the powers end only once that kill is made).
- "Two of three consecutive mafia kills" is met as soon as two Don kills are at most two places
  apart in the sequence of mafia kills; it does not wait for a third kill.
- Hitman kills are mafia kills in that sequence (R38); they are never Don kills.
- Reasons list every step whose condition holds, even when it does not change the answer (the press
  on a death already answered no), so the moderator sees every deception in play.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeAlias

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


@dataclass(frozen=True)
class InvestigationAnswer:
    """The answer to "did X kill Y?" and why (R20). `decided_by` names the last step that set it."""

    answer: bool
    reasons: tuple[str, ...]
    decided_by: str = "truth"

    @property
    def summary(self) -> str:
        """What the dashboard shows, e.g. "yes (framed)" or "no"."""
        word = "yes" if self.answer else "no"
        return word if self.decided_by == "truth" else f"{word} ({self.decided_by})"


@dataclass(frozen=True)
class GroupInvestigationAnswer:
    """A group investigation (R31): yes when any member would get yes, with each member's chain."""

    answer: bool
    members: tuple[tuple[int, InvestigationAnswer], ...]

    @property
    def reasons(self) -> tuple[str, ...]:
        return tuple(
            f"{player}: {reason}" for player, result in self.members for reason in result.reasons
        )


@dataclass(frozen=True)
class MafiaKill:
    """One mafia kill in time order. `by_don` is whether the killer was the designated Don when they
    made it (whether or not the Don powers had ended); `killer` is None for a hitman."""

    victim: int
    killer: int | None
    by_don: bool = False

    def __post_init__(self) -> None:
        if self.killer is None and self.by_don:
            raise ValueError("a hitman is never the Don")


@dataclass(frozen=True)
class DonRecord:
    """The victims whose kills investigate as no for the Don, and whether the powers ended (R42)."""

    hidden_victims: frozenset[int]
    powers_ended: bool


@dataclass(frozen=True)
class PriestLists:
    """One priest's lists at the time of a kill (R28)."""

    saints: frozenset[int]
    sinners: frozenset[int]


def don_hidden_kills(kills: Sequence[MafiaKill]) -> DonRecord:
    """R42: kills made by the Don while the Don powers last are hidden. The powers end once two of
    three consecutive mafia kills are Don kills; the kills made before that stay hidden.

    `kills` are all mafia kills (mafia-aligned killers, conscripts included, and hitmen) in the
    order they happened.
    """
    hidden: set[int] = set()
    last_don_index: int | None = None
    ended = False
    for index, kill in enumerate(kills):
        if ended or not kill.by_don:
            continue
        hidden.add(kill.victim)
        if last_don_index is not None and index - last_don_index <= 2:
            ended = True
        last_don_index = index
    return DonRecord(frozenset(hidden), ended)


def saint_killed_sinner(killer: int, victim: int, priests: Iterable[PriestLists]) -> bool:
    """R28: a saint killed a sinner on the same priest's lists."""
    return any(killer in lists.saints and victim in lists.sinners for lists in priests)


def investigation_answer(
    suspect: int,
    kill: Kill,
    frames: Collection[Frame] = (),
    *,
    gay_knight_guess: bool = False,
) -> InvestigationAnswer:
    """R19: "did `suspect` kill `kill.victim`?" — the truth (a hitman kill was made by no player),
    then the Don (R42), the priest (R28), Manipulate the Press and Frame (R37), in that order.
    A Gay Knight guess (R26) skips every deception and gets the truth.
    """
    made_it = kill.killer is not None and kill.killer == suspect
    truth = "yes" if made_it else "no"
    hitman = " (hitman kill)" if kill.killer is None else ""
    reasons = [f"truth: {truth}{hitman}"]
    if gay_knight_guess:
        reasons.append("Gay Knight guess: deceptions do not apply")
        return InvestigationAnswer(made_it, tuple(reasons))

    answer, decided_by = made_it, "truth"
    if made_it and kill.don_hidden:
        answer, decided_by = False, "Don"
        reasons.append("Don: no (killed while Don)")
    if made_it and kill.saint_killed_sinner:
        answer, decided_by = False, "priest"
        reasons.append("priest: no (a saint killed a sinner)")
    if kill.press_manipulated:
        answer, decided_by = False, "press"
        reasons.append("press manipulated: no")
    if (suspect, kill.victim) in frames:
        answer, decided_by = True, "framed"
        reasons.append(f"framed ({suspect}, {kill.victim}): yes")
    return InvestigationAnswer(answer, tuple(reasons), decided_by)


def group_investigation_answer(
    suspects: Iterable[int], kill: Kill, frames: Collection[Frame] = ()
) -> GroupInvestigationAnswer:
    """R31: yes when any member of the set would get yes in a regular investigation, each member
    going through the whole R19 chain."""
    members = tuple(
        (suspect, investigation_answer(suspect, kill, frames)) for suspect in sorted(set(suspects))
    )
    if not members:
        raise ValueError("a group investigation needs at least one suspect")
    return GroupInvestigationAnswer(any(result.answer for _, result in members), members)
