"""Investigation answers of the live-action rule set (R19, R20, R26, R31).

The caller describes the investigated kill as a `facts.Kill` (who truly made it and which
deceptions touch it) plus the frames made so far, and gets an `InvestigationAnswer`: the answer and
the chain of reasons the moderator dashboard shows (R20). The steps of the chain are those of the
Don, the priest, Manipulate the Press and Frame, in the order of `FALSIFICATION_CHAIN`.

Decision no ruling spells out: reasons list every step whose condition holds, even when it does
not change the answer (the press on a death already answered no), so the moderator sees every
deception in play.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from game.rulesets.live_action import FALSIFICATION_CHAIN
from game.rulesets.live_action.facts import Frame, Kill, PowerUse
from game.rulesets.reasons import Reason

TRUTH: Final = Reason("truth", "truth: {answer}")
HITMAN_TRUTH: Final = Reason("truth_hitman", "truth: no (hitman kill)")
GUESS: Final = Reason("gay_knight_guess", "Gay Knight guess: deceptions do not apply")
MEMBER: Final = "{member}: "


@dataclass(frozen=True)
class InvestigationAnswer:
    """The answer to "did X kill Y?" and why (R20). `decided_by` names the last step that set it."""

    answer: bool
    reasons: tuple[Reason, ...]
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
    def reasons(self) -> tuple[Reason, ...]:
        return tuple(
            Reason(r.code, MEMBER + r.text, (("member", player), *r.players), r.values)
            for player, result in self.members
            for r in result.reasons
        )


def investigation_answer(
    suspect: int,
    kill: Kill,
    frames: Collection[Frame] = (),
    *,
    gay_knight_guess: bool = False,
    uses: Collection[PowerUse] = (),
    chain: Sequence[Callable[..., Any]] = FALSIFICATION_CHAIN,
) -> InvestigationAnswer:
    """R19: "did `suspect` kill `kill.victim`?" — the truth (a hitman kill was made by no player),
    then each step of the falsification chain in order (the game's rule set's, of its roles and
    powers, with the powers' `uses`). A Gay Knight guess (R26) skips every deception and gets the
    truth.
    """
    made_it = kill.made_by(suspect)
    truth = HITMAN_TRUTH if kill.killer is None else TRUTH(answer="yes" if made_it else "no")
    reasons = [truth]
    if gay_knight_guess:
        reasons.append(GUESS)
        return InvestigationAnswer(made_it, tuple(reasons))
    answer, decided_by = made_it, "truth"
    for step in chain:
        falsified = step(suspect, kill, frames, uses)
        if falsified is not None:
            answer, decided_by = falsified.answer, falsified.step
            reasons.append(falsified.reason)
    return InvestigationAnswer(answer, tuple(reasons), decided_by)


def group_investigation_answer(
    suspects: Iterable[int],
    kill: Kill,
    frames: Collection[Frame] = (),
    *,
    uses: Collection[PowerUse] = (),
    chain: Sequence[Callable[..., Any]] = FALSIFICATION_CHAIN,
) -> GroupInvestigationAnswer:
    """R31: yes when any member of the set would get yes in a regular investigation, each member
    going through the whole R19 chain."""
    members = tuple(
        (suspect, investigation_answer(suspect, kill, frames, uses=uses, chain=chain))
        for suspect in sorted(set(suspects))
    )
    if not members:
        raise ValueError("a group investigation needs at least one suspect")
    return GroupInvestigationAnswer(any(result.answer for _, result in members), members)
