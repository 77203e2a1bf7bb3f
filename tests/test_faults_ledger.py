"""The comparison `make faults` makes between what clients were told and what was counted."""

from faults.ledger import (
    Answer,
    Discrepancy,
    StoredVote,
    day_end_compared,
    end_now_compared,
    votes_compared,
)

VOTER, OTHER = 1, 2
V, W = 10, 11


def test_every_acknowledged_vote_stored_for_its_day_is_clean():
    answers = [Answer(VOTER, V, 201, 1), Answer(VOTER, W, 201, 1), Answer(OTHER, W, 201, 2)]
    stored = [StoredVote(VOTER, V, 1, 1), StoredVote(VOTER, W, 1, 2), StoredVote(OTHER, W, 2, 3)]
    assert votes_compared(answers, stored) == Discrepancy(0, 0)


def test_an_acknowledged_vote_not_stored_is_lost():
    answers = [Answer(VOTER, V, 201, 1), Answer(VOTER, W, 201, 1)]
    assert votes_compared(answers, [StoredVote(VOTER, V, 1, 1)]) == Discrepancy(1, 0)


def test_a_refused_vote_that_was_stored_is_duplicated():
    answers = [Answer(VOTER, V, 201, 1), Answer(VOTER, W, 409)]
    stored = [StoredVote(VOTER, V, 1, 1), StoredVote(VOTER, W, 1, 2)]
    assert votes_compared(answers, stored) == Discrepancy(0, 1)


def test_a_vote_filed_for_another_day_than_its_answer_said_is_lost_and_duplicated():
    """R5: the vote counts for the day the voter was told, or it moved."""
    answers = [Answer(VOTER, V, 201, 1)]
    assert votes_compared(answers, [StoredVote(VOTER, V, 2, 1)]) == Discrepancy(1, 1)


def test_votes_stored_in_another_order_than_acknowledged_count_the_wrong_latest():
    """R5: only the latest vote counts, so the order of one voter's changes matters."""
    answers = [Answer(VOTER, V, 201, 1), Answer(VOTER, W, 201, 1)]
    stored = [StoredVote(VOTER, W, 1, 1), StoredVote(VOTER, V, 1, 2)]
    assert votes_compared(answers, stored) == Discrepancy(1, 0)


def test_a_stored_vote_whose_request_went_unanswered_is_not_a_duplicate():
    answers = [Answer(VOTER, V, 201, 1), Answer(VOTER, W, 0)]
    stored = [StoredVote(VOTER, V, 1, 1), StoredVote(VOTER, W, 1, 2)]
    assert votes_compared(answers, stored) == Discrepancy(0, 0)


def test_a_day_ends_once_with_its_execution_alone():
    """R4: a day ends exactly once."""
    assert day_end_compared(1, {V}, {V}) == Discrepancy(0, 0)
    assert day_end_compared(0, {V}, set()) == Discrepancy(2, 0)
    assert day_end_compared(2, {V}, {V, W}) == Discrepancy(0, 2)


def test_two_end_now_requests_end_one_day():
    assert end_now_compared([200, 409]) == Discrepancy(0, 0)
    assert end_now_compared([200, 200]) == Discrepancy(0, 1)
    assert end_now_compared([409, 409]) == Discrepancy(1, 0)
    assert end_now_compared([200, 500]) == Discrepancy(1, 0)
