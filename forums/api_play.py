"""Forum Mafia through the API (docs/forum-play.md): the live vote count and activity, your
last will, and the moderators' vote count now, replacement and modkill. Thin: parse, call one
service or selector."""

import datetime as dt

from django.utils import timezone
from ninja import Router, Schema

from forums.access import can_write_will, forum_game_for
from forums.errors import ForbiddenError
from forums.models import LastWill
from forums.selectors.activity import activity_overview
from forums.selectors.forum_day import forum_day_page
from forums.services.replacements import slot_replace
from forums.services.vacations import NOTE_MAX, vacation_announce
from forums.services.wills import WILL_MAX, will_save
from game.api.core import Message, ReasonText, text, words
from game.services.days.forum_day import vote_count_request
from game.services.lobby.replacements import player_modkill

router = Router(tags=["forums"])


class ActivityOut(Schema):
    player_id: int
    name: str
    alive: bool
    posts: list[int]


class ForumDayOut(Schema):
    vote_count: str
    days: list[int]
    activity: list[ActivityOut]


class WillIn(Schema):
    body: text(WILL_MAX)


class WillOut(Schema):
    body: str
    updated_at: dt.datetime | None


class ReplaceIn(Schema):
    player_id: int
    substitute: words(254)


class ModkillIn(Schema):
    player_id: int
    reason: ReasonText


@router.get("/games/{game_id}/vote-count", response=ForumDayOut, operation_id="forum_day_read")
def forum_day_op(request, game_id: int):
    """The open day's vote count as it would be posted now, and each player's Town Square
    posts per day."""
    page = forum_day_page(forum_game_for(request.user, game_id), timezone.now())
    return {
        "vote_count": page.vote_count,
        "days": page.days,
        "activity": [vars(row) for row in page.activity],
    }


@router.post("/games/{game_id}/vote-count", response=Message, operation_id="vote_count_post")
def vote_count_post_op(request, game_id: int):
    """Moderators: post the open day's vote count now."""
    forum_game_for(request.user, game_id)
    vote_count_request(game_id=game_id, by=request.user, now=timezone.now())
    return {"detail": "Vote count posted."}


@router.get("/games/{game_id}/will", response=WillOut, operation_id="will_read")
def will_read_op(request, game_id: int):
    """Your own last will (nobody else's: it is read at your death)."""
    fv = forum_game_for(request.user, game_id)
    if not can_write_will(fv):
        raise ForbiddenError("Only living players of a game with last wills write one.")
    will = LastWill.objects.filter(player=fv.player).first()
    return {"body": will.body if will else "", "updated_at": will.updated_at if will else None}


@router.put("/games/{game_id}/will", response=WillOut, operation_id="will_update")
def will_update_op(request, game_id: int, payload: WillIn):
    forum_game_for(request.user, game_id)
    will = will_save(game_id=game_id, by=request.user, body=payload.body, now=timezone.now())
    return {"body": will.body, "updated_at": will.updated_at}


@router.post("/games/{game_id}/replacements", response=Message, operation_id="player_replace")
def player_replace_op(request, game_id: int, payload: ReplaceIn):
    """Moderators: a substitute (username or email) takes a living player's slot."""
    forum_game_for(request.user, game_id)
    slot_replace(
        game_id=game_id,
        by=request.user,
        player_id=payload.player_id,
        substitute=payload.substitute,
        now=timezone.now(),
    )
    return {"detail": "The substitute has taken the slot."}


@router.post("/games/{game_id}/modkills", response=Message, operation_id="player_modkill")
def player_modkill_op(request, game_id: int, payload: ModkillIn):
    """Moderators: remove a living player whose slot cannot be filled, with the reason."""
    forum_game_for(request.user, game_id)
    player_modkill(
        game_id=game_id,
        by=request.user,
        player_id=payload.player_id,
        reason=payload.reason,
        now=timezone.now(),
    )
    return {"detail": "The player was removed."}


class DayActivityOut(Schema):
    posts: int
    words: int


class PlayerActivityOut(Schema):
    player_id: int
    name: str
    alive: bool
    days: list[DayActivityOut]
    last_seen: dt.datetime | None
    prods: str
    away_until: dt.datetime | None
    replaced_before: int


class ActivityOverviewOut(Schema):
    days: list[int]
    players: list[PlayerActivityOut]
    requests: list[PlayerActivityOut]


@router.get("/games/{game_id}/activity", response=ActivityOverviewOut, operation_id="activity_read")
def activity_read_op(request, game_id: int):
    """Moderators: each player's Town Square posts and words per day, last post, prods,
    vacation, and replacements in other games; and the replacements requested."""
    return activity_overview(forum_game_for(request.user, game_id))


class VacationIn(Schema):
    days: int
    note: text(NOTE_MAX) = ""


@router.post("/games/{game_id}/vacation", response=Message, operation_id="vacation_announce")
def vacation_announce_op(request, game_id: int, payload: VacationIn):
    """A living player is away for `days` days (at most the game's `vacation_days`): their
    prods wait until they are back."""
    forum_game_for(request.user, game_id)
    vacation_announce(
        game_id=game_id, by=request.user, days=payload.days, note=payload.note, now=timezone.now()
    )
    return {"detail": "Vacation noted: your prods wait until you are back."}
