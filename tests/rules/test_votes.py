"""Votes and executions (R5-R9)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rulesets.live_action.votes import (
    MAYOR_VOTE_WEIGHT,
    NO_EXECUTION,
    Ballot,
    Condition,
    DayVotes,
    ExecutionReason,
    Target,
    VoteSource,
    counted_votes,
    execution_for_day,
    is_valid_target,
    latest_ballots,
    tally_day,
    vote_totals,
)

NOON = datetime(2025, 3, 4, 12, 0, tzinfo=UTC)


def at(minutes: int) -> datetime:
    return NOON + timedelta(minutes=minutes)


def counted_by_voter(votes: DayVotes) -> dict[int, tuple[Target, VoteSource]]:
    return {vote.voter: (vote.target, vote.source) for vote in counted_votes(votes)}


# R9: the execution, from the day's totals and the earlier days' totals.
@pytest.mark.parametrize(
    ("day", "totals_by_day", "executed", "reason", "description"),
    [
        pytest.param(
            2,
            {1: {1: 5}, 2: {1: 2, 2: 3, 3: 1}},
            2,
            ExecutionReason.MOST_VOTES,
            "most votes",
            id="most-votes-wins",
        ),
        pytest.param(
            3,
            {1: {}, 2: {1: 2, 2: 3}, 3: {1: 4, 2: 4, 3: 1}},
            2,
            ExecutionReason.TIE_BROKEN,
            "tie broken on day 2",
            id="tie-broken-on-previous-day",
        ),
        pytest.param(
            3,
            {1: {1: 1, 2: 4}, 2: {1: 2, 2: 2}, 3: {1: 4, 2: 4}},
            2,
            ExecutionReason.TIE_BROKEN,
            "tie broken on day 1",
            id="tie-broken-back-on-day-1",
        ),
        pytest.param(
            3,
            {1: {1: 3, 2: 3}, 2: {1: 2, 2: 2}, 3: {1: 4, 2: 4}},
            None,
            ExecutionReason.TIE_UNBROKEN,
            "tie unbroken",
            id="tied-every-day-executes-nobody",
        ),
        pytest.param(
            3,
            {1: {3: 9, 1: 1, 2: 0}, 2: {1: 3, 2: 3, 3: 1}, 3: {1: 2, 2: 2, 3: 2}},
            1,
            ExecutionReason.TIE_BROKEN,
            "tie broken on day 1",
            id="players-dropped-on-a-later-day-do-not-come-back",
        ),
        pytest.param(
            3,
            {2: {1: 1}, 3: {1: 2, 2: 2}},
            1,
            ExecutionReason.TIE_BROKEN,
            "tie broken on day 2",
            id="missing-days-count-as-no-votes",
        ),
        pytest.param(
            1,
            {1: {1: 3, 2: 3}},
            None,
            ExecutionReason.TIE_UNBROKEN,
            "tie unbroken",
            id="tie-on-day-1-executes-nobody",
        ),
        pytest.param(
            1,
            {1: {NO_EXECUTION: 4, 1: 3}},
            None,
            ExecutionReason.NO_EXECUTION,
            "no execution",
            id="no-execution-wins-on-day-1",
        ),
        pytest.param(
            1,
            {1: {NO_EXECUTION: 3, 1: 3}},
            None,
            ExecutionReason.TIED_WITH_NO_EXECUTION,
            "tied with no execution",
            id="no-execution-tied-with-a-player",
        ),
        pytest.param(
            1,
            {1: {NO_EXECUTION: 2, 1: 3}},
            1,
            ExecutionReason.MOST_VOTES,
            "most votes",
            id="player-beating-no-execution-is-executed",
        ),
        pytest.param(
            2,
            {2: {}},
            None,
            ExecutionReason.NO_VOTES,
            "no votes",
            id="nobody-voted",
        ),
    ],
)
def test_execution_follows_r9(
    day: int,
    totals_by_day: Mapping[int, Mapping[Target, int]],
    executed: int | None,
    reason: ExecutionReason,
    description: str,
) -> None:
    execution = execution_for_day(day, totals_by_day)
    assert execution.executed == executed
    assert execution.reason is reason
    assert execution.describe() == description


def test_execution_lists_everyone_tied_for_most_on_the_day() -> None:
    execution = execution_for_day(2, {1: {3: 1}, 2: {1: 2, 3: 2, 2: 1}})
    assert execution.leaders == (1, 3)
    assert execution.executed == 3
    assert execution.decided_on == 1


def test_tie_is_broken_by_previous_day_totals_through_the_tally() -> None:
    day1 = tally_day(DayVotes(1, frozenset({1, 2, 3}), (Ballot(1, 2),)))
    assert dict(day1.totals) == {2: 2, 3: 1}
    living = frozenset({1, 3, 4, 5})
    day2 = tally_day(
        DayVotes(2, living, (Ballot(1, 3), Ballot(3, 1), Ballot(4, 1), Ballot(5, 3))),
        {1: day1.totals},
    )
    assert dict(day2.totals) == {1: 2, 3: 2}
    assert day2.executed == 3  # 3 had one vote on day 1 (their own), 1 had none
    assert day2.reason == "tie broken on day 1"


def test_living_players_without_a_ballot_vote_for_themselves() -> None:
    votes = DayVotes(2, frozenset({1, 2, 3}), (Ballot(1, 2),))
    assert counted_by_voter(votes) == {
        1: (2, VoteSource.PRIMARY),
        2: (2, VoteSource.NO_BALLOT),
        3: (3, VoteSource.NO_BALLOT),
    }
    assert tally_day(votes).executed == 2


def test_dead_players_ballots_do_not_count() -> None:
    votes = DayVotes(2, frozenset({1, 2}), (Ballot(1, 2), Ballot(7, 1), Ballot(8, 1)))
    assert vote_totals(counted_votes(votes)) == {2: 2}
    assert [vote.voter for vote in counted_votes(votes)] == [1, 2]


def test_mayor_vote_counts_three() -> None:
    ballots = (Ballot(1, 4), Ballot(2, 5), Ballot(3, 5), Ballot(4, 5))
    without_mayor = tally_day(DayVotes(2, frozenset({1, 2, 3, 4, 5}), ballots))
    with_mayor = tally_day(DayVotes(2, frozenset({1, 2, 3, 4, 5}), ballots, mayor=1))
    assert without_mayor.executed == 5
    assert dict(with_mayor.totals) == {4: MAYOR_VOTE_WEIGHT, 5: 4}
    assert {v.voter: v.weight for v in with_mayor.counted} == {1: 3, 2: 1, 3: 1, 4: 1, 5: 1}


def test_dead_mayor_counts_nothing() -> None:
    votes = DayVotes(2, frozenset({2, 3}), (Ballot(1, 2), Ballot(3, 2)), mayor=1)
    assert vote_totals(counted_votes(votes)) == {2: 2}


@pytest.mark.parametrize(
    ("ballot", "living", "announced", "expected"),
    [
        pytest.param(
            Ballot(1, 2, 3, Condition.PRIMARY_DEAD),
            {1, 3},
            (),
            (3, VoteSource.FALLBACK),
            id="primary-dead-uses-fallback",
        ),
        pytest.param(
            Ballot(1, 2, 3, Condition.PRIMARY_DEAD),
            {1, 2, 3},
            (),
            (2, VoteSource.PRIMARY),
            id="primary-alive-keeps-primary",
        ),
        pytest.param(
            Ballot(1, 2, 3, Condition.KILL_ANNOUNCED_AFTER, at(0)),
            {1, 2, 3},
            (at(30),),
            (3, VoteSource.FALLBACK),
            id="kill-announced-after-the-vote-uses-fallback",
        ),
        pytest.param(
            Ballot(1, 2, 3, Condition.KILL_ANNOUNCED_AFTER, at(0)),
            {1, 2, 3},
            (at(-30), at(0)),
            (2, VoteSource.PRIMARY),
            id="kill-announced-before-or-at-the-vote-keeps-primary",
        ),
        pytest.param(
            Ballot(1, 2, 3, Condition.PRIMARY_DEAD),
            {1, 2},
            (),
            (2, VoteSource.PRIMARY),
            id="dead-fallback-unused-when-condition-fails",
        ),
        pytest.param(
            Ballot(1, 2, 3, Condition.PRIMARY_DEAD),
            {1},
            (),
            (1, VoteSource.FALLBACK_INVALID),
            id="dead-fallback-is-a-self-vote",
        ),
        pytest.param(
            Ballot(1, 2, 3, Condition.KILL_ANNOUNCED_AFTER, at(0)),
            {1, 2},
            (at(5),),
            (1, VoteSource.FALLBACK_INVALID),
            id="dead-fallback-after-a-kill-is-a-self-vote",
        ),
        pytest.param(
            Ballot(1, 2, NO_EXECUTION, Condition.PRIMARY_DEAD),
            {1, 3},
            (),
            (1, VoteSource.FALLBACK_INVALID),
            id="no-execution-fallback-after-day-1-is-a-self-vote",
        ),
        pytest.param(
            Ballot(1, 2),
            {1, 3},
            (),
            (1, VoteSource.PRIMARY_INVALID),
            id="dead-primary-without-fallback-is-a-self-vote",
        ),
        pytest.param(
            Ballot(1, 2, 3, Condition.KILL_ANNOUNCED_AFTER, at(0)),
            {1, 3},
            (at(-5),),
            (1, VoteSource.PRIMARY_INVALID),
            id="dead-primary-with-unmet-condition-is-a-self-vote",
        ),
        pytest.param(
            Ballot(1, NO_EXECUTION),
            {1, 2},
            (),
            (1, VoteSource.PRIMARY_INVALID),
            id="no-execution-after-day-1-is-a-self-vote",
        ),
        pytest.param(
            Ballot(1, 1),
            {1, 2},
            (),
            (1, VoteSource.PRIMARY),
            id="voting-for-oneself-is-valid",
        ),
    ],
)
def test_conditional_votes_resolve_at_day_end(
    ballot: Ballot,
    living: set[int],
    announced: tuple[datetime, ...],
    expected: tuple[Target, VoteSource],
) -> None:
    votes = DayVotes(2, frozenset(living), (ballot,), kills_announced_at=announced)
    assert counted_by_voter(votes)[1] == expected


def test_no_execution_is_a_valid_vote_on_day_1_only() -> None:
    living = frozenset({1, 2})
    assert is_valid_target(NO_EXECUTION, day=1, living=living)
    assert not is_valid_target(NO_EXECUTION, day=2, living=living)
    day1 = DayVotes(1, living, (Ballot(1, NO_EXECUTION), Ballot(2, NO_EXECUTION)))
    assert vote_totals(counted_votes(day1)) == {NO_EXECUTION: 2}
    assert tally_day(day1).execution.reason is ExecutionReason.NO_EXECUTION


def test_only_the_latest_submission_counts() -> None:
    submissions = [Ballot(1, 2), Ballot(2, 1), Ballot(1, 3), Ballot(2, 2), Ballot(1, 4)]
    assert latest_ballots(submissions) == (Ballot(2, 2), Ballot(1, 4))


def test_a_day_holds_one_ballot_per_voter() -> None:
    with pytest.raises(ValueError, match="latest"):
        DayVotes(2, frozenset({1, 2}), (Ballot(1, 2), Ballot(1, 1)))


@pytest.mark.parametrize(
    "make",
    [
        pytest.param(lambda: Ballot(1, 2, 3), id="fallback-without-condition"),
        pytest.param(lambda: Ballot(1, 2, None, Condition.PRIMARY_DEAD), id="condition-alone"),
        pytest.param(
            lambda: Ballot(1, 2, 3, Condition.KILL_ANNOUNCED_AFTER), id="kill-condition-no-time"
        ),
    ],
)
def test_malformed_ballots_are_refused(make: object) -> None:
    with pytest.raises(ValueError):
        make()  # type: ignore[operator]


PLAYERS = list(range(1, 9))
targets = st.one_of(st.sampled_from([*PLAYERS, 99]), st.just(NO_EXECUTION))
times = st.integers(-60, 120).map(at)


@st.composite
def day_votes(draw: st.DrawFn) -> DayVotes:
    ballots = []
    for voter in sorted(draw(st.sets(st.sampled_from(PLAYERS)))):
        condition = draw(st.one_of(st.none(), st.sampled_from(Condition)))
        fallback = draw(targets) if condition else None
        ballots.append(Ballot(voter, draw(targets), fallback, condition, draw(times)))
    return DayVotes(
        day=draw(st.integers(1, 4)),
        living=frozenset(draw(st.sets(st.sampled_from(PLAYERS)))),
        ballots=tuple(ballots),
        mayor=draw(st.one_of(st.none(), st.sampled_from(PLAYERS))),
        kills_announced_at=tuple(draw(st.lists(times, max_size=3))),
    )


earlier_totals = st.dictionaries(
    st.integers(1, 3), st.dictionaries(st.sampled_from(PLAYERS), st.integers(0, 4), max_size=8)
)


@given(day_votes(), earlier_totals)
def test_executed_player_always_has_the_most_votes(
    votes: DayVotes, earlier: dict[int, dict[Target, int]]
) -> None:
    tally = tally_day(votes, {d: t for d, t in earlier.items() if d < votes.day})
    if tally.executed is not None:
        best = max(tally.totals.values())
        assert tally.executed in votes.living
        assert tally.totals[tally.executed] == best
        if tally.execution.reason is ExecutionReason.MOST_VOTES:
            assert [t for t, n in tally.totals.items() if n == best] == [tally.executed]


@given(day_votes())
def test_votes_counted_equal_the_weights_of_living_voters(votes: DayVotes) -> None:
    tally = tally_day(votes)
    mayor_extra = MAYOR_VOTE_WEIGHT - 1 if votes.mayor in votes.living else 0
    assert sum(tally.totals.values()) == len(votes.living) + mayor_extra
    assert sorted(vote.voter for vote in tally.counted) == sorted(votes.living)
    for vote in tally.counted:
        assert is_valid_target(vote.target, day=votes.day, living=votes.living)
