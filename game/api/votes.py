"""API operations on votes and the day end (R2, R5-R10, R49, R50)."""

import datetime as dt
from typing import Literal

from ninja import Field, Router, Schema, Status
from pydantic import StrictBool

from game.api.core import Message, ReasonText, now, text
from game.api.games import DayOut
from game.errors import GameRuleError
from game.models import Day
from game.models.votes import VoteCondition
from game.permissions import (
    can_vote,
    game_for,
    moderated_game_for,
    require,
    voter_for,
)
from game.selectors import votes as vote_selectors
from game.services.days import day_cycle, day_end_undo, votes
from game.services.items_offices import mayor
from game.services.lobby import notices

votes_router = Router()


class VoteIn(Schema):
    target_id: int | None = None
    no_execution: StrictBool = False
    no_one: StrictBool = False
    fallback_id: int | None = None
    condition: Literal[tuple(VoteCondition.values)] | Literal[""] = ""
    note: text(1000) = ""
    day: int | None = None
    voter_id: int | None = None
    split: dict[str, int] = Field(
        {}, description="Where the rule set allows it: a player's id (as a key) to votes."
    )


class VoteOut(Schema):
    id: int
    day: int
    voter_id: int
    target_id: int | None
    fallback_id: int | None
    condition: str
    cast_at: dt.datetime


class TotalOut(Schema):
    label: str
    votes: int
    executed: bool


class BallotOut(Schema):
    voter: str
    target: str
    weight: int
    how: str
    note: str = ""
    condition: str = ""


class TallyOut(Schema):
    day: int
    published: bool
    executed: str | None
    reason: str
    totals: list[TotalOut]
    ballots: list[BallotOut] | None


class ExtendIn(Schema):
    minutes: int
    reason: ReasonText = ""


class UndoIn(Schema):
    reason: ReasonText


class NoticeIn(Schema):
    player_id: int


class MayorIn(Schema):
    player_id: int | None = Field(description="The new mayor (R49); null for none.")
    reason: ReasonText = ""


@votes_router.post(
    "/games/{game_id}/votes", response={201: VoteOut}, operation_id="vote_cast", tags=["votes"]
)
def vote_cast_op(request, game_id: int, payload: VoteIn):
    """Cast your vote as your game's rule set allows: a living player's id, or `no_one`
    (`no_execution`) where a vote for no one is allowed (live action: day 1 only, R6; classic:
    from day 1 on, public as cast, C5). `day`, if given, must be the day the vote counts for
    (else 409). Only your latest vote counts (R5). Where the rule set allows it (M7), `split`
    places your votes on several players (id to votes). Refusals cite the rule set's own
    rulings."""
    viewer = voter_for(request.user, game_id)
    texts = viewer.game.rules.day.texts
    if not can_vote(viewer):
        raise GameRuleError(texts.cannot_vote)
    if payload.voter_id is not None and payload.voter_id != viewer.player.pk:
        raise GameRuleError("You can only cast your own vote.")
    no_execution = payload.no_execution or payload.no_one
    if payload.target_id is None and not no_execution and not payload.split:
        raise GameRuleError(texts.name_someone)
    if payload.target_id is not None and no_execution:
        raise GameRuleError(f"Vote for a player or for {texts.no_one_label}, not both.")
    cast = votes.vote_cast(
        game_id=game_id,
        voter_id=viewer.player.pk,
        target_id=payload.target_id,
        fallback_id=payload.fallback_id,
        condition=payload.condition,
        note=payload.note,
        for_day=payload.day,
        split=_split_ids(payload.split),
    )
    return Status(201, cast)


def _split_ids(split: dict[str, int]) -> dict[int, int]:
    """A split ballot's keys are player ids; anything else is refused as the form refuses it."""
    if not all(key.isascii() and key.isdigit() and len(key) <= 18 for key in split):
        raise GameRuleError("A split ballot names players by their ids.", field="split")
    return {int(key): votes for key, votes in split.items()}


@votes_router.get(
    "/games/{game_id}/votes/{day}",
    response=TallyOut,
    operation_id="vote_tally",
    tags=["votes"],
)
def vote_tally_op(request, game_id: int, day: int):
    """A day's totals and, unless ballots are secret, who voted for whom (R50). The current
    day's running count is for moderators only."""
    _, viewer = game_for(request.user, game_id)
    page = vote_selectors.tally_page(viewer, day, now())
    found = next((view for view in page.days if view.day == day), None)
    require(found is not None)
    if page.selected is not None and page.selected.day == day:
        found = page.selected
    return found


@votes_router.post(
    "/games/{game_id}/day/extend", response=DayOut, operation_id="day_extend", tags=["day"]
)
def day_extend_op(request, game_id: int, payload: ExtendIn):
    """Move the current day's end later by `minutes` (R2); shown to everyone."""
    game, _ = moderated_game_for(request.user, game_id)
    if not 1 <= payload.minutes <= 24 * 60:
        raise GameRuleError("Extend by 1 minute to 24 hours.")
    day = Day.objects.filter(game=game, number=game.current_day).first()
    if day is None:
        raise GameRuleError("The game has no day to extend.")
    return day_cycle.day_extend(
        game_id=game_id,
        by=request.user,
        new_end=day.ends_at + dt.timedelta(minutes=payload.minutes),
        now=now(),
        reason=payload.reason,
    )


@votes_router.post(
    "/games/{game_id}/day/undo", response=Message, operation_id="day_end_undo", tags=["day"]
)
def day_end_undo_op(request, game_id: int, payload: UndoIn):
    """Undo the last day end: deaths, items, deadlines and the result return (logged)."""
    moderated_game_for(request.user, game_id)
    day_end_undo.day_end_undo(game_id=game_id, by=request.user, now=now(), reason=payload.reason)
    return {"detail": "The last day end is undone."}


@votes_router.post(
    "/games/{game_id}/notices",
    response={201: Message},
    operation_id="inactivity_notice_send",
    tags=["day"],
)
def inactivity_notice_send_op(request, game_id: int, payload: NoticeIn):
    """Send an inactivity notice (R49): unacknowledged within 24 hours, the player is evicted
    at the next day end."""
    moderated_game_for(request.user, game_id)
    notices.inactivity_notice_send(
        game_id=game_id, player_id=payload.player_id, by=request.user, now=now()
    )
    return Status(201, {"detail": "Inactivity notice sent."})


@votes_router.post(
    "/games/{game_id}/notices/ack",
    response=Message,
    operation_id="inactivity_notice_ack",
    tags=["day"],
)
def inactivity_notice_ack_op(request, game_id: int):
    """Acknowledge your inactivity notice (R49)."""
    _, viewer = game_for(request.user, game_id)
    require(viewer.player is not None)
    notices.inactivity_notice_ack(game_id=game_id, user=request.user, now=now())
    return {"detail": "Acknowledged."}


@votes_router.post(
    "/games/{game_id}/mayor", response=Message, operation_id="mayor_set", tags=["votes"]
)
def mayor_set_op(request, game_id: int, payload: MayorIn):
    """The moderators name the mayor, or nobody (R49)."""
    moderated_game_for(request.user, game_id)
    mayor.mayor_set(game_id=game_id, by=request.user, now=now(), **payload.dict())
    return {"detail": "Mayor updated."}
