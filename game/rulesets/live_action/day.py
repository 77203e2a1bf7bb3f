"""The live-action day as a spec (R1, R5-R9, R50): one vote a day per living player, the latest
counting; No Execution on day 1 only; a fallback with its condition and a note; a vote after
the day's end counts for the next day; totals public at the day's end. The rules of the count
are `votes` (R5-R9); `tally_of` and `running_count` apply them to a day's ballots as every rule
set's are read (`day_counts`)."""

from game.rulesets.day_counts import CountRow, DayBallots, RunningCount
from game.rulesets.days import DaySpec, DayTexts, Ending, Missing, NoOne, Tie
from game.rulesets.live_action.votes import (
    NO_EXECUTION,
    Ballot,
    Condition,
    DayTally,
    DayVotes,
    Target,
    latest_ballots,
    tally_day,
)


def tally_of(ballots: DayBallots) -> DayTally:
    """The tally (R5-R9) of a day's ballots as read for every rule set (`day_counts`): each
    voter's latest ballot with its fallback, the mayor, the kills announced, the earlier days'
    totals, no one being No Execution."""

    def target(key: int | None) -> Target:
        return NO_EXECUTION if key is None else key

    votes = DayVotes(
        day=ballots.day,
        living=frozenset(ballots.weights),
        ballots=latest_ballots(
            Ballot(
                voter=vote.voter,
                target=target(vote.target),
                fallback=target(vote.fallback) if vote.condition else None,
                condition=Condition(vote.condition) if vote.condition else None,
                cast_at=vote.cast_at,
            )
            for vote in ballots.votes
        ),
        mayor=ballots.mayor,
        kills_announced_at=ballots.kills_announced_at,
    )
    earlier = {
        day: {target(key): n for key, n in totals.items()}
        for day, totals in (ballots.earlier_totals or {}).items()
    }
    return tally_day(votes, earlier)


def running_count(day: object, ballots: DayBallots) -> RunningCount:
    """The live-action count as it stands (R5-R9): where each living voter's vote goes now
    (fallbacks applied, a missing or invalid vote for oneself), the mayor's at three, and who
    would be executed, the tie broken by earlier days."""
    tally = tally_of(ballots)

    def key(target: Target) -> int | None:
        return None if target is NO_EXECUTION else int(target)

    rows = tuple(CountRow(v.voter, key(v.target), v.weight, str(v.source)) for v in tally.counted)
    totals = tuple((key(t), n) for t, n in tally.totals.items())
    return RunningCount(rows, totals, tally.executed, tally.reason)


LIVE_ACTION_DAY = DaySpec(
    missing=Missing.SELF,
    no_one=NoOne.FIRST_DAY,
    fallbacks=True,
    rolls_over=True,
    public=False,
    in_threads=False,
    ends=frozenset({Ending.CLOCK, Ending.HOST}),
    tie=Tie.EARLIER_DAYS,
    counter=running_count,
    texts=DayTexts(
        cannot_vote="Only living players of a running game can vote (R5).",
        dead_voter="Dead players do not vote (R5).",
        dead_target="{name} is dead: choose a living player for {what} (R6).",
        no_one_refused="No Execution may be voted on day 1 only (R6): choose a player.",
        name_someone="Name a player, or set no_execution on day 1 (R6).",
        fallback_pair="A fallback needs a condition and a condition needs a fallback (R7).",
        no_split="Votes of this game go to one player: they cannot be split.",
        target_label="Execute",
        not_listed="Choose one of the players listed (R5).",
        not_living="{name} is dead or out of the game: vote for a living player (R5).",
        no_one_label="No Execution",
        no_one_choice="No Execution (day 1 only)",
        missing_help="If you do not vote, you count as voting for yourself (R5).",
        latest_help="You may change it until day end; only your latest vote counts (R5).",
        no_one_help="No Execution may be voted on day 1 only (R6).",
        named_help="From day 2 a vote must name a living player (R6).",
        tally_help=(
            "Totals are public at day end (R50). A player who does not vote counts as voting "
            "for themselves (R5); the mayor's vote counts three (R8). Ties are broken by the "
            "tied players' totals on earlier days (R9)."
        ),
    ),
)
