"""Posts: a thread's page of them, writing, editing and deleting one, and pinning a thread."""

import datetime as dt

from django.utils import timezone
from ninja import Schema, Status
from pydantic import Field, StrictBool

from forums import services
from forums.access import (
    can_post,
    forum_game_for,
    post_refusal,
    post_text_visible,
)
from forums.api.base import _thread, router
from forums.errors import ForbiddenError
from forums.models import Post, PostVote
from forums.selectors import boards as board_selectors
from forums.selectors.vote_count_at import game_of_post, vote_count_at_post
from forums.services.posts import BODY_MAX
from game.api.core import Message, ReasonText, words
from game.permissions import require


class PostIn(Schema):
    body: words(BODY_MAX)


class PostOut(Schema):
    id: int
    thread_id: int
    author: str
    as_moderator: bool
    kind: str
    body: str | None
    body_html: str | None
    created_at: dt.datetime
    edited_at: dt.datetime | None
    deleted: bool
    vote: str | None = Field(
        None, description="The vote the post cast: a player's name, No one, or withdrawn."
    )
    vote_notice: str | None = Field(
        None, description="To the author alone: why the post's vote was not counted."
    )


class PostPageOut(Schema):
    page: int
    pages: int
    posts: list[PostOut]


def _post_out(fv, post: Post) -> dict:
    shown = post_text_visible(fv, post)
    return {
        "id": post.pk,
        "thread_id": post.thread_id,
        "author": post.author_label,
        "as_moderator": post.as_moderator,
        "kind": post.kind,
        "body": post.body if shown else None,
        "body_html": post.body_html if shown else None,
        "created_at": post.created_at,
        "edited_at": post.edited_at,
        "deleted": post.deleted_at is not None,
        **_vote_out(fv, post),
    }


def _vote_out(fv, post: Post) -> dict:
    """The vote a post cast (docs/forum-play.md); a refused one's notice to its author only."""
    try:
        cast = post.post_vote
    except PostVote.DoesNotExist:
        return {}
    if cast.counted:
        return {"vote": cast.target_label or "withdrawn"}
    if post.author_user_id == fv.user.pk:
        return {"vote_notice": cast.notice}
    return {}


@router.get("/threads/{thread_id}/posts", response=PostPageOut, operation_id="post_list")
def post_list_op(request, thread_id: int, page: int = 1):
    thread, fv = _thread(request, thread_id)
    posts = board_selectors.post_page(fv, thread, page=page)
    return {
        "page": posts.number,
        "pages": posts.paginator.num_pages,
        "posts": [_post_out(fv, p) for p in posts.object_list],
    }


@router.post("/threads/{thread_id}/posts", response={201: PostOut}, operation_id="post_create")
def post_create_op(request, thread_id: int, payload: PostIn):
    thread, fv = _thread(request, thread_id)
    if not can_post(fv, thread.board):
        raise ForbiddenError(post_refusal(fv, thread.board))
    post = services.post_create(
        thread_id=thread.pk, by=request.user, body=payload.body, now=timezone.now()
    )
    return Status(201, _post_out(fv, post))


@router.patch("/posts/{post_id}", response=PostOut, operation_id="post_edit")
def post_edit_op(request, post_id: int, payload: PostIn):
    row = Post.objects.select_related("thread").filter(pk=post_id).first()
    require(row is not None)
    _, fv = _thread(request, row.thread_id)
    board_selectors.post_for(fv, post_id)
    post = services.post_edit(
        post_id=post_id, by=request.user, body=payload.body, now=timezone.now()
    )
    return _post_out(fv, post)


class PostDeleteIn(Schema):
    reason: ReasonText


@router.post("/posts/{post_id}/delete", response=PostOut, operation_id="post_delete")
def post_delete_op(request, post_id: int, payload: PostDeleteIn):
    """The moderators remove a post with a reason; players then see only that it was removed."""
    row = Post.objects.select_related("thread").filter(pk=post_id).first()
    require(row is not None)
    _, fv = _thread(request, row.thread_id)
    board_selectors.post_for(fv, post_id)
    post = services.post_delete(
        post_id=post_id, by=request.user, reason=payload.reason, now=timezone.now()
    )
    return _post_out(fv, post)


class VoteCountAtOut(Schema):
    post_id: int
    day: int | None = Field(None, description="The day open at the post's moment, if any.")
    vote_count: str = Field(description="The count as the app would have posted it then.")


@router.get("/posts/{post_id}/vote-count", response=VoteCountAtOut, operation_id="post_vote_count")
def post_vote_count_op(request, post_id: int):
    """The vote count as of a Town Square post: the day's votes up to the post's moment, the
    post's own vote included, among the players living then."""
    fv = forum_game_for(request.user, game_of_post(post_id))
    count = vote_count_at_post(fv, post_id)
    return {"post_id": count.post_id, "day": count.day, "vote_count": count.vote_count}


class PinIn(Schema):
    pinned: StrictBool


@router.post("/threads/{thread_id}/pin", response=Message, operation_id="thread_pin")
def thread_pin_op(request, thread_id: int, payload: PinIn):
    """The moderators pin a thread to the top of its board, or unpin it."""
    thread, _ = _thread(request, thread_id)
    services.thread_pin(
        thread_id=thread.pk, by=request.user, pinned=payload.pinned, now=timezone.now()
    )
    return {"detail": "Thread pinned." if payload.pinned else "Thread unpinned."}
