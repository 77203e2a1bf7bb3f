"""Boards and their threads: the boards a viewer may read, a board's threads, a new thread,
and the mafia den's members."""

import datetime as dt

from django.utils import timezone
from ninja import Schema, Status
from pydantic import Field

from forums import services
from forums.access import forum_game_for
from forums.api.base import router
from forums.selectors import boards as board_selectors
from forums.services.boards import TITLE_MAX
from forums.services.posts import BODY_MAX
from game.api.core import words


class BoardOut(Schema):
    id: int
    kind: str
    key: str = Field(description="The board's name in paths: its kind, or its group's code.")
    name: str
    may_post: bool
    unread_threads: int


class ThreadOut(Schema):
    id: int
    title: str
    pinned: bool
    post_count: int
    last_post_at: dt.datetime
    unread: bool


class ThreadIn(Schema):
    title: words(TITLE_MAX)
    body: words(BODY_MAX)


@router.get("/games/{game_id}/boards", response=list[BoardOut], operation_id="board_list")
def board_list_op(request, game_id: int):
    fv = forum_game_for(request.user, game_id)
    return [
        {
            "id": s.board.pk,
            "kind": s.board.kind,
            "key": s.board.key,
            "name": str(s.board),
            "may_post": s.may_post,
            "unread_threads": s.unread_threads,
        }
        for s in board_selectors.board_list(fv)
    ]


@router.get(
    "/games/{game_id}/boards/{kind}/threads", response=list[ThreadOut], operation_id="thread_list"
)
def thread_list_op(request, game_id: int, kind: str, page: int = 1):
    fv = forum_game_for(request.user, game_id)
    board = board_selectors.board_for(fv, kind)
    return [
        {
            "id": t.pk,
            "title": t.title,
            "pinned": t.pinned,
            "post_count": t.post_count,
            "last_post_at": t.last_post_at,
            "unread": t.latest_post_id > t.last_read,
        }
        for t in board_selectors.thread_list(fv, board, page=page)
    ]


class DenMemberIn(Schema):
    player_id: int


class DenMemberOut(Schema):
    id: int
    player_id: int
    added_at: dt.datetime


@router.post(
    "/games/{game_id}/den/members",
    response={201: DenMemberOut},
    operation_id="mafia_den_member_add",
)
def mafia_den_member_add_op(request, game_id: int, payload: DenMemberIn):
    """The mafia (or the moderators) give a living player Mafia Den access (R51); access lasts
    while the player lives. Anyone who cannot read the Den gets the same 404 as for a missing
    game."""
    fv = forum_game_for(request.user, game_id)
    board_selectors.board_for(fv, "mafia_den")
    return Status(
        201,
        services.den_member_add(
            game_id=game_id, by=request.user, player_id=payload.player_id, now=timezone.now()
        ),
    )


@router.post(
    "/games/{game_id}/boards/{kind}/threads",
    response={201: ThreadOut},
    operation_id="thread_create",
)
def thread_create_op(request, game_id: int, kind: str, payload: ThreadIn):
    fv = forum_game_for(request.user, game_id)
    board_selectors.board_for(fv, kind)
    thread = services.thread_create(
        game_id=game_id, board_kind=kind, by=request.user, now=timezone.now(), **payload.dict()
    )
    return Status(
        201,
        {
            "id": thread.pk,
            "title": thread.title,
            "pinned": thread.pinned,
            "post_count": thread.post_count,
            "last_post_at": thread.last_post_at,
            "unread": False,
        },
    )
