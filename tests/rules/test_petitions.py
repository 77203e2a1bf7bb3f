"""Petitions (R46, R47) with the rules' own cases: 10 living players, 5 signers cannot use it, 6
elect; a signer's death drops the count; an election ends the rival petitions; the death of an
officeholder ends the impeachments against them."""

import pytest

from game.rulesets.live_action.petitions import (
    ALREADY_SIGNED,
    CLOSED,
    DEAD_SIGNER,
    DEAD_STARTER,
    NOT_HOLDER,
    NOT_PETITION_HOLDER,
    NOT_SIGNED,
    OFFICE_FILLED,
    TOO_FEW,
    EndReason,
    OpenPetition,
    PetitionKind,
    endings_on_death,
    endings_on_leaving_office,
    endings_on_taking_office,
    living_signers,
    sign_refusal,
    signatures_needed,
    start_refusal,
    use_refusal,
    withdraw_refusal,
)

ELECTION, IMPEACHMENT = PetitionKind.ELECTION, PetitionKind.IMPEACHMENT
TEN = list(range(1, 11))


def use(signers: list[int], living: list[int], **changes):
    facts = {"is_open": True, "by_holder": True, "holder_alive": True} | changes
    return use_refusal(signers=living_signers(signers, living), living=len(living), **facts)


@pytest.mark.parametrize(("living", "needed"), [(10, 6), (9, 5), (2, 2), (1, 1), (100, 51)])
def test_more_than_half_of_the_living_players_is_needed(living, needed):
    assert signatures_needed(living) == needed


def test_ten_living_five_signers_cannot_use_it_and_six_can():
    refusal = use([1, 2, 3, 4, 5], TEN)
    assert refusal.code == TOO_FEW.code
    assert "5 living signers of 10 living players" in str(refusal)
    assert "6: 1 more" in str(refusal)
    assert use([1, 2, 3, 4, 5, 6], TEN) is None


def test_a_signers_death_drops_the_count():
    six = [1, 2, 3, 4, 5, 6]
    living_after_death = [p for p in TEN if p != 6]
    assert living_signers(six, living_after_death) == 5
    # 9 living need 5: the five living signers still carry it.
    assert use(six, living_after_death) is None
    # A second signer dead: 4 of 8 living is not more than half.
    living_after_two = [p for p in living_after_death if p != 5]
    assert use(six, living_after_two).code == TOO_FEW.code


def test_only_the_living_holder_of_an_open_petition_uses_it():
    six = [1, 2, 3, 4, 5, 6]
    assert use(six, TEN, by_holder=False) == NOT_PETITION_HOLDER
    assert use(six, TEN, is_open=False) == CLOSED
    assert use(six, TEN, holder_alive=False).code == "petition_dead_user"


def test_an_election_needs_an_empty_office():
    facts = {"starter_alive": True, "candidate": 3, "candidate_alive": True}
    assert start_refusal(kind=ELECTION, office_holder=None, **facts) is None
    assert start_refusal(kind=ELECTION, office_holder=7, **facts) == OFFICE_FILLED
    dead = facts | {"candidate_alive": False}
    assert start_refusal(kind=ELECTION, office_holder=None, **dead).code == (
        "petition_dead_candidate"
    )


def test_an_impeachment_names_the_holder():
    facts = {"starter_alive": True, "candidate": 3, "candidate_alive": True}
    assert start_refusal(kind=IMPEACHMENT, office_holder=3, **facts) is None
    refusal = start_refusal(kind=IMPEACHMENT, office_holder=7, **facts)
    assert refusal.code == NOT_HOLDER.code
    assert refusal.render({3: "Ann"}).startswith("Ann does not hold this office")
    assert start_refusal(kind=IMPEACHMENT, office_holder=None, **facts).code == NOT_HOLDER.code


def test_dead_players_start_nothing():
    refusal = start_refusal(
        kind=ELECTION, starter_alive=False, office_holder=None, candidate=3, candidate_alive=True
    )
    assert refusal == DEAD_STARTER


@pytest.mark.parametrize(
    ("facts", "refusal"),
    [
        ({"is_open": True, "signer_alive": True, "already_signed": False}, None),
        ({"is_open": True, "signer_alive": True, "already_signed": True}, ALREADY_SIGNED),
        ({"is_open": True, "signer_alive": False, "already_signed": False}, DEAD_SIGNER),
        ({"is_open": False, "signer_alive": True, "already_signed": False}, CLOSED),
    ],
)
def test_each_living_player_signs_once(facts, refusal):
    assert sign_refusal(**facts) == refusal


def test_a_signature_is_withdrawn_only_from_an_open_petition_one_signed():
    assert withdraw_refusal(is_open=True, signed=True) is None
    assert withdraw_refusal(is_open=True, signed=False) == NOT_SIGNED
    assert withdraw_refusal(is_open=False, signed=True) == CLOSED


RIVALS = [
    OpenPetition(1, ELECTION, "mayor", candidate=5, holder=1),
    OpenPetition(2, ELECTION, "mayor", candidate=6, holder=2),
    OpenPetition(3, ELECTION, "police_officer", candidate=6, holder=3),
    OpenPetition(4, IMPEACHMENT, "police_officer", candidate=9, holder=4),
]


def test_an_election_ends_the_rival_election_petitions_for_that_office():
    assert endings_on_taking_office(RIVALS, office="mayor", used=1) == {2: EndReason.RIVAL_ELECTED}


def test_a_holder_leaving_office_ends_the_impeachments_against_them():
    assert endings_on_leaving_office(RIVALS, office="police_officer", former=9) == {
        4: EndReason.HOLDER_LEFT_OFFICE
    }
    assert endings_on_leaving_office(RIVALS, office="mayor", former=9) == {}


def test_a_death_ends_the_dead_players_petitions_and_their_elections():
    assert endings_on_death(RIVALS, dead=6) == {
        2: EndReason.CANDIDATE_DIED,
        3: EndReason.CANDIDATE_DIED,
    }
    assert endings_on_death(RIVALS, dead=1) == {1: EndReason.HOLDER_DIED}
