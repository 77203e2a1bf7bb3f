"""Votes as each viewer may see them (R50): the voter's own page, the public tally per day and
its history. Each read takes a fixed number of queries, whatever the size of the game."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from game.models import Day, DayResult, GameStatus, InactivityNotice, Player, Vote
from game.permissions import (
    Viewer,
    can_see_ballots,
    can_see_live_tally,
    can_see_vote_notes,
    can_vote,
)
from game.rulesets.classic.day import voting_refusal
from game.rulesets.live_action.votes import FIRST_DAY, NO_EXECUTION
from game.rulesets.phases import DAY
from game.snapshots.votes import day_tally, target_key, vote_day

NO_EXECUTION_LABEL = "No Execution"
NO_ONE_LABEL = "No one"


@dataclass(frozen=True)
class VotePage:
    day: Day | None
    vote_day: int
    may_vote: bool
    candidates: list[Player]
    no_execution_allowed: bool
    current: Vote | None
    notice: InactivityNotice | None


def vote_page(viewer: Viewer, now: dt.datetime) -> VotePage:
    """The voter's page: the day, whom they may vote for and their current (latest) vote."""
    game = viewer.game
    day = Day.objects.filter(game=game, number=game.current_day).first()
    number = vote_day(day, now, game.clock_paused_at) if day else 0
    may_vote = can_vote(viewer) and day is not None
    if game.rules.night_and_day:
        number = game.current_day
        may_vote = (
            may_vote
            and game.current_phase == DAY
            and day.ended_at is None
            and not voting_refusal(number)
        )
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
        candidates=candidates,
        no_execution_allowed=number == FIRST_DAY or game.rules.night_and_day,
        current=current,
        notice=pending_notice(viewer),
    )


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


@dataclass(frozen=True)
class TallyPage:
    days: list[DayTallyView]
    selected: DayTallyView | None
    live: bool


def tally_page(viewer: Viewer, day_number: int | None, now: dt.datetime) -> TallyPage:
    """Published results of every ended day (R9, R50), newest first; the selected day with who
    voted for whom unless ballots are secret; moderators also see the running count of the
    current day with each latest vote's note and condition (R7)."""
    game = viewer.game
    names = dict(game.players.values_list("pk", "name"))
    results = list(DayResult.objects.filter(game=game).order_by("-day"))
    ballots_visible = can_see_ballots(viewer)
    if game.rules.night_and_day:
        return _night_and_day_tally_page(viewer, day_number, results, names, ballots_visible)
    views = [_result_view(r, names, ballots_visible) for r in results]
    live = False
    if can_see_live_tally(viewer) and game.status == GameStatus.RUNNING and game.current_day:
        day = Day.objects.get(game=game, number=game.current_day)
        tally = day_tally(game, day, now)
        live_view = DayTallyView(
            day=day.number,
            published=False,
            executed=names.get(tally.executed) if tally.executed else None,
            reason=tally.reason,
            totals=_total_rows(
                {target_key(t): n for t, n in tally.totals.items()},
                names,
                tally.executed,
            ),
            ballots=[
                BallotRow(names[v.voter], _label(target_key(v.target), names), v.weight, v.source)
                for v in tally.counted
            ],
        )
        views.insert(0, live_view)
        live = True
    selected = next((v for v in views if v.day == day_number), views[0] if views else None)
    if selected is not None and selected.ballots is not None and can_see_vote_notes(viewer):
        selected = _with_notes(viewer, selected, names)
    return TallyPage(days=views, selected=selected, live=live)


def _night_and_day_tally_page(
    viewer: Viewer,
    day_number: int | None,
    results: list[DayResult],
    names: dict[int, str],
    ballots_visible: bool,
) -> TallyPage:
    """The days of a night-and-day game (C5): votes are public as they are cast, so the open
    day's latest votes and totals are shown to its players too, a missing vote as no one."""
    game = viewer.game
    views = [_result_view(r, names, ballots_visible, NO_ONE_LABEL) for r in results]
    live = False
    open_day = Day.objects.filter(game=game, number=game.current_day, ended_at__isnull=True).first()
    if (
        can_see_live_tally(viewer)
        and game.status == GameStatus.RUNNING
        and game.current_phase == DAY
        and open_day is not None
        and not voting_refusal(open_day.number)
    ):
        living = list(game.players.filter(alive=True).values_list("pk", flat=True))
        latest: dict[int, int | None] = {}
        for voter_id, target_id in (
            Vote.objects.filter(game=game, day=open_day.number, voter_id__in=living)
            .order_by("cast_at", "id")
            .values_list("voter_id", "target_id")
        ):
            latest[voter_id] = target_id
        totals: dict[str, int] = {}
        ballots = []
        for voter_id in sorted(living, key=lambda pk: names.get(pk, "")):
            key = "none" if latest.get(voter_id) is None else str(latest[voter_id])
            totals[key] = totals.get(key, 0) + 1
            how = "vote" if voter_id in latest else "missing"
            ballots.append(BallotRow(names[voter_id], _label(key, names, NO_ONE_LABEL), 1, how))
        views.insert(
            0,
            DayTallyView(
                day=open_day.number,
                published=False,
                executed=None,
                reason="",
                totals=_total_rows(totals, names, None, NO_ONE_LABEL),
                ballots=ballots,
            ),
        )
        live = True
    selected = next((v for v in views if v.day == day_number), views[0] if views else None)
    return TallyPage(days=views, selected=selected, live=live)


def _label(key: str, names: dict[int, str], none_label: str = NO_EXECUTION_LABEL) -> str:
    return none_label if key == target_key(NO_EXECUTION) else names.get(int(key), "?")


def _total_rows(
    totals: dict[str, int],
    names: dict[int, str],
    executed: int | None,
    none_label: str = NO_EXECUTION_LABEL,
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


def _result_view(
    result: DayResult,
    names: dict[int, str],
    ballots_visible: bool,
    none_label: str = NO_EXECUTION_LABEL,
):
    ballots = None
    if ballots_visible:
        ballots = [
            BallotRow(names.get(voter, "?"), _label(target, names, none_label), weight, how)
            for voter, target, weight, how in result.counted
        ]
    return DayTallyView(
        day=result.day,
        published=True,
        executed=names.get(result.executed_id) if result.executed_id else None,
        reason=result.reason,
        totals=_total_rows(result.totals, names, result.executed_id, none_label),
        ballots=ballots,
    )


def _with_notes(viewer: Viewer, view: DayTallyView, names: dict[int, str]) -> DayTallyView:
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
                f"{_label(str(vote.target_id) if vote.target_id else 'none', names)}, "
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
    return DayTallyView(view.day, view.published, view.executed, view.reason, view.totals, rows)
