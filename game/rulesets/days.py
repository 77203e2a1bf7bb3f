"""A rule set's day as data (`DaySpec`), as `NightActionSpec` is its night: the ballot, who
votes and for whom, when "no one" may be chosen, fallbacks, which votes are public, what ends
the day, and the words and rulings of every refusal and outcome. Pure Python, no Django.

The services and pages read the spec and nothing else about the rule set's kind: one
check-and-write casts every vote (`services.days.votes`), one page shows it, and each rule set
speaks its own words (`DayTexts`), citing its own rulings. A rule set that declares no day gets
`DaySpec()`: one public vote a day for a living player or no one, the deadline or the
moderators ending the day, in plain words that cite no ruling.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from game.rulesets.day_counts import DayBallots, Missing, RunningCount, latest_votes


class Ballot(StrEnum):
    """How a voter's choice is given."""

    ONE_VOTE = "one_vote"
    """One player (or no one, where allowed) per voter; the latest counts (R5, C5, H8)."""
    WEIGHTED = "weighted"
    """One choice, counted as many times as the voter's state says (`DaySpec.weight`)."""
    SPLIT = "split"
    """The voter's votes placed on several players, some withheld where allowed (M7)."""
    SHOW_OF_HANDS = "show_of_hands"
    """Counted at the table: the host enters the hands raised; players cast nothing (M7, M12)."""


class Ending(StrEnum):
    """What may end a day."""

    CLOCK = "clock"
    """Its deadline (R1, C1)."""
    HAMMER = "hammer"
    """A majority of the living voting alike ends it at once, where the game's setting
    (`Game.majority_ends_day`) turns the hammer on (forum Mafia's convention)."""
    HOST = "host"
    """The moderators or the host end it now (C1; the host's tally at the table, M7)."""
    ALL_VOTED = "all_voted"
    """Every living voter has voted (H2, H8)."""


class NoOne(StrEnum):
    """When a vote for no one ("No Execution") may be cast."""

    ALWAYS = "always"
    FIRST_DAY = "first_day"
    """Day 1 only (R6)."""
    NEVER = "never"


class Tie(StrEnum):
    """How a tie for most votes is settled."""

    EARLIER_DAYS = "earlier_days"
    """By the tied players' totals of the days before, else nobody (R9)."""
    DRAW = "draw"
    """A seeded draw among the tied options (C5, C8)."""
    REPEAT = "repeat"
    """The whole vote again; after `DaySpec.ballots_before_draw` tied votes in a row, a seeded
    draw (H8)."""
    RUNOFF = "runoff"
    """A runoff among the tied, who do not vote in it; tied again, a seeded draw (M8)."""


def one_vote(state: Mapping[str, Any]) -> int:
    return 1


def plain_count(day: DaySpec, ballots: DayBallots) -> RunningCount:
    """The count of C5: each living voter's latest vote, a missing one as the day says."""
    return latest_votes(ballots, day.missing)


@dataclass(frozen=True)
class DayTexts:
    """What the day says, each text citing the rule set's own rulings in parentheses (the pages
    link them, the API lists them). `{day}`, `{name}`, `{what}`, `{voter}` and `{target}` are
    filled in where they appear."""

    # Refusals of a vote.
    cannot_vote: str = "Only living players of a running game can vote."
    dead_voter: str = "Dead players do not vote."
    dead_target: str = "{name} is dead: choose a living player for {what}."
    unknown_target: str = "Choose a player of this game for {what}."
    self_vote: str = "Vote for another player: not for yourself."
    already_voted: str = "You have already voted in this vote."
    no_one_refused: str = "Choose a player: a vote for no one is not allowed today."
    name_someone: str = "Name a player, or set no_one."
    closed: str = "Day {day} is over: votes are cast by day."
    no_vote_day: str = "There is no vote on day {day}."
    no_fallback: str = "Votes of this game have no fallback."
    fallback_pair: str = "A fallback needs a condition and a condition needs a fallback."
    no_split: str = "Votes of this game go to one player or no one: they cannot be split."
    host_counts: str = "The host counts the day's vote by a show of hands."
    # The vote page's words.
    target_label: str = "Vote for"
    not_listed: str = "Choose one of the players listed."
    not_living: str = "{name} is dead or out of the game: vote for a living player."
    no_one_label: str = "No one"
    no_one_choice: str = "No one"
    missing_help: str = "If you do not vote, you count as voting for no one."
    latest_help: str = "You may change it until the day ends; only your latest vote counts."
    no_one_help: str = "Vote for a living player or for no one; your vote is public as you cast it."
    named_help: str = "Vote for a living player; your vote is public as you cast it."
    tally_help: str = (
        "Votes are public as they are cast; a missing vote counts for no one; the most votes "
        "win, and a tie is drawn from the game's seed."
    )
    executed: str = "Executed: {name}"
    nobody_executed: str = "Nobody was executed"
    executed_badge: str = "executed"
    leading: str = "Would execute: {name}"
    nobody_leading: str = "Nobody would be executed"
    # What the log and the reminders say; the day's end as the log announces it.
    announced: str = "{name} was executed. They were {reveal}."
    announced_nobody: str = "Nobody was executed today."
    vote_line: str = "{voter} votes for {target}."
    withdrawn_line: str = "{voter} withdraws their vote."
    reminder: str = "you have not voted yet; a missing vote counts for no one"


@dataclass(frozen=True)
class DaySpec:
    """A rule set's day vote.

    - `ballot`: how a choice is given (`Ballot`); `weight` gives a voter's votes from their
      rule-set state (one by default; Chiang Mai's one per card, M7) and `withhold` lets them
      place fewer than they hold (split ballots).
    - Who votes and for whom: the living (`Missing` says what a missing vote counts for);
      `self_vote` lets a voter name themself (H8 forbids it); `revotes` lets them change
      their vote, the latest counting (R5; H8: one vote a ballot); `no_one` says when a vote for no
      one is allowed (`NoOne`); `fallbacks` allows a conditional fallback and a note only the
      moderators read (R7).
    - When: in the rule set's `phases` that take votes (its day; a runoff; HP's repeated
      votes, H8), in the order of the day's ballots (`ballot_round`), except
      `no_vote_days` (day 0, C1); `rolls_over` makes a vote recorded after
      the day's end count for the next day (the live-action day clock, R1, R5), where
      otherwise it is refused (by night nobody votes, C5).
    - Who sees what: `public` votes are announced as cast and the running count is every
      player's (C5); otherwise only the moderators see it until the day ends (R50).
      `in_threads`: the day may be played in the forum's threads (votes written in posts, vote
      counts, the hammer: docs/forum-play.md).
    - The count as it stands: `counter` (`day_counts`: the plain count by default; the
      live-action day's by R5-R9).
    - The end: `ends` (`Ending`; a vote that may end the day, `vote_may_end`, is recorded
      under the game's lock), ties (`tie`, with `ballots_before_draw` for a repeated vote,
      H8), `runoff_tied_sit_out` (M8).
    - The words: `texts` (`DayTexts`), and `outcomes`, the words of each outcome code the
      day's end stores (`DayResult.reason`), with the ruling it follows.
    """

    ballot: Ballot = Ballot.ONE_VOTE
    weight: Callable[[Mapping[str, Any]], int] = one_vote
    withhold: bool = False
    missing: Missing = Missing.NO_ONE
    self_vote: bool = True
    revotes: bool = True
    no_one: NoOne = NoOne.ALWAYS
    fallbacks: bool = False
    no_vote_days: frozenset[int] = frozenset()
    phases: tuple[str, ...] = ("day",)
    rolls_over: bool = False
    public: bool = True
    in_threads: bool = True
    ends: frozenset[Ending] = frozenset({Ending.CLOCK, Ending.HOST})
    tie: Tie = Tie.DRAW
    ballots_before_draw: int = 1
    runoff_tied_sit_out: bool = False
    counter: Callable[[DaySpec, DayBallots], RunningCount] = plain_count
    texts: DayTexts = DayTexts()
    outcomes: tuple[tuple[str, str], ...] = ()

    @property
    def split(self) -> bool:
        """Whether a ballot may place votes on several players (M7)."""
        return self.ballot is Ballot.SPLIT

    @property
    def players_cast(self) -> bool:
        """Whether players cast their votes themselves, or the host enters them (M7, M12)."""
        return self.ballot is not Ballot.SHOW_OF_HANDS

    @property
    def may_hammer(self) -> bool:
        """Whether a majority may end the day at once where the game turns the hammer on."""
        return Ending.HAMMER in self.ends

    def vote_may_end(self, majority_ends_day: bool) -> bool:
        """Whether a vote may end the day itself: the last vote awaited where the day ends once
        every living voter has voted (H2, H8), or a majority where the game turns the hammer
        on (`Game.majority_ends_day`)."""
        return Ending.ALL_VOTED in self.ends or (self.may_hammer and majority_ends_day)

    def ballot_round(self, code: str) -> int:
        """The ballot of the day a vote cast in phase `code` belongs to (`Vote.round`), from 0:
        the place of the phase among the day's `phases` (HP's repeated votes, H8); 0 outside
        them (the live-action day)."""
        return self.phases.index(code) if code in self.phases else 0

    def no_one_allowed(self, day: int) -> bool:
        """Whether a vote for no one may be cast on `day` (R6, C5, H8)."""
        return self.no_one is NoOne.ALWAYS or (self.no_one is NoOne.FIRST_DAY and day == 1)

    def voting_refusal(self, day: int) -> str:
        """Why nobody votes on `day` ("" when they do): day 0 has no vote (C1)."""
        return self.texts.no_vote_day.format(day=day) if day in self.no_vote_days else ""

    def votes_in(self, code: str, number: int) -> bool:
        """Whether votes are cast in the phase `code` numbered `number` (not by night, not on
        day 0, C1)."""
        return code in self.phases and not self.voting_refusal(number)

    def counted_day(self, latest: int, open_now: bool) -> int | None:
        """The day a vote recorded now counts for, given the latest day and whether it is still
        open: that day while it is; once it is over, the next day where votes roll over (R1,
        R5), else none: the vote is refused (C5)."""
        if open_now:
            return latest
        return latest + 1 if self.rolls_over else None

    def count(self, ballots: DayBallots) -> RunningCount:
        """The day's votes as they stand, counted by this day's rules."""
        return self.counter(self, ballots)

    def vote_text(self, voter: str, target: str | None, *, withdrawn: bool = False) -> str:
        """A vote as the log announces it, where votes are public (C5)."""
        if withdrawn:
            return self.texts.withdrawn_line.format(voter=voter)
        return self.texts.vote_line.format(voter=voter, target=target or "no one")

    def announcement(self, executed: tuple[str, str] | None) -> str:
        """The day's end as the log announces it: who the vote killed and what they were (their
        name and the role's reveal), or that nobody died."""
        if executed is None:
            return self.texts.announced_nobody
        name, reveal = executed
        return self.texts.announced.format(name=name, reveal=reveal)

    def outcome_text(self, code: str) -> str:
        """The words of a day's outcome stored as `code` (the code itself if it has none)."""
        return dict(self.outcomes).get(code, code)
