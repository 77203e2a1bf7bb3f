"""Votes as each viewer may see them (R50, C5), in the words of the game's rule set (its day,
`Ruleset.day`): the voter's own page, the public tally per day and its history. Each read
takes a fixed number of queries, whatever the size of the game."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace

from game.models import Day, DayResult, GameStatus, InactivityNotice, Player, Vote
from game.permissions import (
    Viewer,
    can_see_ballots,
    can_see_live_tally,
    can_see_vote_notes,
    can_vote,
)
from game.rulesets.days import DaySpec
from game.rulesets.live_action.day_clock import day_is_open
from game.snapshots.votes import NO_EXECUTION_KEY, day_ballots, target_key


@dataclass(frozen=True)
class VotePage:
    day: Day | None
    vote_day: int
    may_vote: bool
    why_not: str
    candidates: list[Player]
    no_execution_allowed: bool
    current: Vote | None
    notice: InactivityNotice | None
    rules: DaySpec


def vote_page(viewer: Viewer, now: dt.datetime) -> VotePage:
    """The voter's page: the day, whom they may vote for and their current (latest) vote, as
    the rule set's day says (`Ruleset.day`); `why_not` says in its words why there is no vote
    now (by night, C5; on day 0, C1)."""
    game = viewer.game
    rules = game.rules.day
    day = Day.objects.filter(game=game, number=game.current_day).first()
    number, why_not = _vote_day(rules, day, now, game.clock_paused_at)
    may_vote = can_vote(viewer) and day is not None and not why_not
    candidates: list[Player] = []
    current = None
    if may_vote:
        candidates = list(game.players.filter(alive=True).only("id", "name", "game_id"))
        current = (
            Vote.objects.filter(game=game, day=number, voter=viewer.player)
            .select_related("target", "fallback")
            .order_by("-id")
            .first()
        )
    return VotePage(
        day=day,
        vote_day=number,
        may_vote=may_vote,
        why_not=why_not,
        candidates=candidates,
        no_execution_allowed=rules.no_one_allowed(number),
        current=current,
        notice=pending_notice(viewer),
        rules=rules,
    )


def _vote_day(
    rules: DaySpec, day: Day | None, now: dt.datetime, paused_at: dt.datetime | None
) -> tuple[int, str]:
    """The day a vote cast now counts for, and why none may be cast ("" when one may)."""
    if day is None:
        return 0, ""
    open_now = day_is_open(
        ends_at=day.ends_at, closed=day.ended_at is not None, now=now, paused_at=paused_at
    )
    number = rules.counted_day(day.number, open_now)
    if number is None:
        return day.number, rules.texts.closed.format(day=day.number)
    return number, rules.voting_refusal(number)


def pending_notice(viewer: Viewer) -> InactivityNotice | None:
    if viewer.player is None or viewer.game.status != GameStatus.RUNNING:
        return None
    return (
        InactivityNotice.objects.filter(player=viewer.player, acknowledged_at__isnull=True)
        .order_by("-sent_at")
        .first()
    )


@dataclass(frozen=True)
class TotalRow:
    label: str
    votes: int
    percent: int
    executed: bool


@dataclass(frozen=True)
class BallotRow:
    voter: str
    target: str
    weight: int
    how: str
    note: str = ""
    condition: str = ""


@dataclass(frozen=True)
class DayTallyView:
    day: int
    published: bool
    executed: str | None
    reason: str
    totals: list[TotalRow]
    ballots: list[BallotRow] | None
    summary: str = ""


@dataclass(frozen=True)
class TallyPage:
    days: list[DayTallyView]
    selected: DayTallyView | None
    live: bool
    rules: DaySpec


def tally_page(viewer: Viewer, day_number: int | None, now: dt.datetime) -> TallyPage:
    """Published results of every ended day (R9, R50), newest first; the selected day with who
    voted for whom unless ballots are secret. Who may see the running count of the open day
    (the moderators; everyone where votes are public, C5) sees it first, counted by the rule
    set's day; where votes carry notes and fallbacks (R7) the moderators read them too."""
    game = viewer.game
    rules = game.rules.day
    names = dict(game.players.values_list("pk", "name"))
    results = list(DayResult.objects.filter(game=game).order_by("-day"))
    ballots_visible = can_see_ballots(viewer)
    views = [_result_view(r, names, ballots_visible, rules) for r in results]
    running = _running_view(viewer, names, now)
    if running is not None:
        views.insert(0, running)
    selected = next((v for v in views if v.day == day_number), views[0] if views else None)
    if (
        selected is not None
        and selected.ballots is not None
        and rules.fallbacks
        and can_see_vote_notes(viewer)
    ):
        selected = _with_notes(viewer, selected, names, rules)
    return TallyPage(days=views, selected=selected, live=running is not None, rules=rules)


def _running_view(viewer: Viewer, names: dict[int, str], now: dt.datetime) -> DayTallyView | None:
    """The open day's count as it stands, for those who may see it; None when no day is open
    for votes."""
    game = viewer.game
    rules = game.rules.day
    if not (can_see_live_tally(viewer) and game.status == GameStatus.RUNNING):
        return None
    day = Day.objects.filter(game=game, number=game.current_day, ended_at__isnull=True).first()
    if day is None or rules.voting_refusal(day.number):
        return None
    count = rules.count(day_ballots(game, day, now, rules.weight))
    label = rules.texts.no_one_label
    leading = names.get(count.leading) if count.leading else None
    if leading:
        summary = rules.texts.leading.format(name=leading)
    else:
        # A count that projects no outcome (a tie is drawn only at the day's end, C8) says none.
        summary = rules.texts.nobody_leading if count.reason else ""
    return DayTallyView(
        day=day.number,
        published=False,
        summary=summary,
        executed=leading,
        reason=rules.outcome_text(count.reason),
        totals=_total_rows(
            {target_key(t): n for t, n in count.totals}, names, count.leading, label
        ),
        ballots=[
            BallotRow(
                names[row.voter], _label(target_key(row.target), names, label), row.weight, row.how
            )
            for row in count.rows
        ],
    )


def _label(key: str, names: dict[int, str], none_label: str) -> str:
    return none_label if key == NO_EXECUTION_KEY else names.get(int(key), "?")


def _total_rows(
    totals: dict[str, int],
    names: dict[int, str],
    executed: int | None,
    none_label: str,
):
    most = max(totals.values(), default=0) or 1
    rows = [
        TotalRow(
            label=_label(key, names, none_label),
            votes=votes,
            percent=round(100 * votes / most),
            executed=executed is not None and key == str(executed),
        )
        for key, votes in totals.items()
    ]
    return sorted(rows, key=lambda r: (-r.votes, r.label))


def _result_view(result: DayResult, names: dict[int, str], ballots_visible: bool, rules: DaySpec):
    none_label = rules.texts.no_one_label
    ballots = None
    if ballots_visible:
        ballots = [
            BallotRow(names.get(voter, "?"), _label(target, names, none_label), weight, how)
            for voter, target, weight, how in result.counted
        ]
    executed = names.get(result.executed_id) if result.executed_id else None
    return DayTallyView(
        day=result.day,
        published=True,
        summary=(
            rules.texts.executed.format(name=executed) if executed else rules.texts.nobody_executed
        ),
        executed=executed,
        reason=rules.outcome_text(result.reason),
        totals=_total_rows(result.totals, names, result.executed_id, none_label),
        ballots=ballots,
    )


def _with_notes(
    viewer: Viewer, view: DayTallyView, names: dict[int, str], rules: DaySpec
) -> DayTallyView:
    latest: dict[int, Vote] = {}
    for vote in Vote.objects.filter(game=viewer.game, day=view.day).order_by("id"):
        latest[vote.voter_id] = vote
    by_name = {names.get(voter_id): vote for voter_id, vote in latest.items()}
    rows = []
    for row in view.ballots or []:
        vote = by_name.get(row.voter)
        condition = ""
        if vote is not None and vote.condition:
            condition = (
                f"{_label(target_key(vote.target_id), names, rules.texts.no_one_label)}, "
                f"else {names.get(vote.fallback_id, '?')} {vote.get_condition_display()}"
            )
        rows.append(
            BallotRow(
                row.voter,
                row.target,
                row.weight,
                row.how,
                note=vote.note if vote else "",
                condition=condition,
            )
        )
    return replace(view, ballots=rows)
