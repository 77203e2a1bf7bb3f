"""Petitions for the elected offices (R46, R47): an election of a named player to an empty office,
or the impeachment of its holder; signed once per player; usable by the player who holds it
while more than 50% of the living players are living signers; and ended, with a reason, when the
office changes so that it can no longer be used.

Decisions no ruling spells out:
- The player who starts a petition holds it (the rules' "the player who has the petition"); only
  they may use it, and only while alive. Starting it does not sign it: they sign like anyone.
- A signature may be withdrawn while the petition is open; the player may sign it again later.
  A petition never holds two signatures of one player (R47's "at most once").
- A petition ends when its holder dies (nobody else may use it), and an election petition ends
  when the player it would elect dies.
- A player may hold both offices at once; nothing in the rules forbids it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from game.rulesets.reasons import Reason


class PetitionKind(StrEnum):
    ELECTION = "election"
    IMPEACHMENT = "impeachment"


class EndReason(StrEnum):
    RIVAL_ELECTED = "rival_elected"
    HOLDER_LEFT_OFFICE = "holder_left_office"
    HOLDER_DIED = "petition_holder_died"
    CANDIDATE_DIED = "candidate_died"


END_TEXTS: Final = {
    EndReason.RIVAL_ELECTED: "Ended: someone else was elected to the office (R46).",
    EndReason.HOLDER_LEFT_OFFICE: "Ended: the officeholder left office (R46).",
    EndReason.HOLDER_DIED: "Ended: the player holding the petition died, so nobody can use it.",
    EndReason.CANDIDATE_DIED: "Ended: the player it would elect died.",
}

DEAD_STARTER: Final = Reason("petition_dead_starter", "Dead players cannot start petitions.")
OFFICE_FILLED: Final = Reason(
    "petition_office_filled",
    "The office is filled: an election petition can be started only while it is empty (R46). "
    "Start an impeachment petition instead.",
)
NOT_HOLDER: Final = Reason(
    "petition_not_officeholder",
    "{candidate} does not hold this office: an impeachment petition names its holder (R46).",
)
DEAD_CANDIDATE: Final = Reason(
    "petition_dead_candidate", "{candidate} is dead and cannot be elected."
)
DEAD_SIGNER: Final = Reason("petition_dead_signer", "Dead players cannot sign petitions (R47).")
ALREADY_SIGNED: Final = Reason(
    "petition_already_signed", "You have already signed this petition: once per player (R47)."
)
NOT_SIGNED: Final = Reason("petition_not_signed", "You have not signed this petition.")
CLOSED: Final = Reason("petition_closed", "This petition is no longer open.")
NOT_PETITION_HOLDER: Final = Reason(
    "petition_not_yours", "Only the player who holds a petition may use it (R47)."
)
DEAD_USER: Final = Reason("petition_dead_user", "Dead players cannot use petitions.")
TOO_FEW: Final = Reason(
    "petition_too_few_signers",
    "This petition has {signers} living signers of {living} living players; it needs more than "
    "50%, that is {needed}: {more} more (R47).",
)


@dataclass(frozen=True)
class OpenPetition:
    """An open petition as the endings see it."""

    id: int
    kind: PetitionKind
    office: str
    candidate: int
    holder: int


def signatures_needed(living_players: int) -> int:
    """R47: more than 50% of the living players. 10 living: 6; 9 living: 5."""
    return living_players // 2 + 1


def living_signers(signers: Iterable[int], living: Iterable[int]) -> int:
    """R47: only living signers count, so a signer's death drops the count."""
    return len(set(signers) & set(living))


def start_refusal(
    *,
    kind: PetitionKind,
    starter_alive: bool,
    office_holder: int | None,
    candidate: int,
    candidate_alive: bool,
) -> Reason | None:
    """R46: an election only while the office is empty, an impeachment only of its holder.
    None: allowed; otherwise the reason it is not."""
    if not starter_alive:
        return DEAD_STARTER
    if kind is PetitionKind.ELECTION:
        if office_holder is not None:
            return OFFICE_FILLED
        if not candidate_alive:
            return DEAD_CANDIDATE(players={"candidate": candidate})
        return None
    if office_holder != candidate:
        return NOT_HOLDER(players={"candidate": candidate})
    return None


def sign_refusal(*, is_open: bool, signer_alive: bool, already_signed: bool) -> Reason | None:
    """R47: each living player signs a petition at most once."""
    if not is_open:
        return CLOSED
    if not signer_alive:
        return DEAD_SIGNER
    if already_signed:
        return ALREADY_SIGNED
    return None


def withdraw_refusal(*, is_open: bool, signed: bool) -> Reason | None:
    """A signature may be withdrawn until the petition is used or ends."""
    if not is_open:
        return CLOSED
    if not signed:
        return NOT_SIGNED
    return None


def use_refusal(
    *, is_open: bool, by_holder: bool, holder_alive: bool, signers: int, living: int
) -> Reason | None:
    """R47: the holder uses a petition when more than 50% of the living players are living
    signers; a refusal says how many more are needed."""
    if not is_open:
        return CLOSED
    if not by_holder:
        return NOT_PETITION_HOLDER
    if not holder_alive:
        return DEAD_USER
    needed = signatures_needed(living)
    if signers < needed:
        return TOO_FEW(signers=signers, living=living, needed=needed, more=needed - signers)
    return None


def endings_on_taking_office(
    petitions: Iterable[OpenPetition], *, office: str, used: int | None = None
) -> dict[int, EndReason]:
    """R46: when someone is elected, every other open election petition for that office ends."""
    return {
        p.id: EndReason.RIVAL_ELECTED
        for p in petitions
        if p.id != used and p.office == office and p.kind is PetitionKind.ELECTION
    }


def endings_on_leaving_office(
    petitions: Iterable[OpenPetition], *, office: str, former: int, used: int | None = None
) -> dict[int, EndReason]:
    """R46: when a holder leaves office (impeached or dead), every impeachment petition against
    them ends."""
    return {
        p.id: EndReason.HOLDER_LEFT_OFFICE
        for p in petitions
        if p.id != used
        and p.office == office
        and p.kind is PetitionKind.IMPEACHMENT
        and p.candidate == former
    }


def endings_on_death(petitions: Iterable[OpenPetition], *, dead: int) -> dict[int, EndReason]:
    """A dead player's petitions can no longer be used, and nobody elects the dead (no ruling;
    R46's endings for a dead officeholder are `endings_on_leaving_office`)."""
    endings = {}
    for p in petitions:
        if p.holder == dead:
            endings[p.id] = EndReason.HOLDER_DIED
        elif p.kind is PetitionKind.ELECTION and p.candidate == dead:
            endings[p.id] = EndReason.CANDIDATE_DIED
    return endings
