import datetime as dt

from django.db import transaction
from django.db.models import F

from forums.access import (
    ForumViewer,
    can_moderate_posts,
    can_post,
    can_read,
    forum_viewer_for,
    post_edit_refusal,
    post_refusal,
    thread_post_refusal,
)
from forums.errors import ForbiddenError
from forums.markup import mentioned_names, render_markdown
from forums.models import Board, NotificationKind, Post, PostRevision, ReadMarker, Thread
from forums.services.post_votes import post_vote_apply
from forums.services.prods import activity_seen
from forums.services.thread_polls import thread_changed
from game.errors import GameRuleError
from game.models import Player, User, Visibility
from game.services.ids import storable_ids
from game.services.locking import lock_game, locked_now
from game.services.log import log_append

BODY_MAX = 20000


def check_post_allowed(fv: ForumViewer, board: Board) -> None:
    if not can_read(fv, board):
        raise GameRuleError("There is no such board.")
    if not can_post(fv, board):
        raise ForbiddenError(post_refusal(fv, board))


def clean_body(body: str) -> str:
    body = body.strip()
    if not body:
        raise GameRuleError("Write something first.", field="body")
    if len(body) > BODY_MAX:
        raise GameRuleError(f"A post has at most {BODY_MAX} characters.", field="body")
    return body


def post_write(
    *,
    fv: ForumViewer | None,
    thread: Thread,
    body: str,
    now: dt.datetime,
    kind: str = "post",
    author_player: Player | None = None,
) -> Post:
    """Write a post in a thread whose access the caller has checked. `fv` None is the app
    itself, posting as the moderators."""
    from forums.services.notifications import notify

    body = clean_body(body)
    as_moderator = fv is None or fv.is_moderator
    if fv is not None and not as_moderator:
        author_player = fv.player
    players, names = _mentions(thread, body)
    post = Post.objects.create(
        thread=thread,
        kind=kind,
        author_user=fv.user if fv is not None else None,
        author_player=author_player,
        as_moderator=as_moderator,
        body=body,
        body_html=render_markdown(body, names, line_breaks=fv is None),
        created_at=now,
    )
    Thread.objects.filter(pk=thread.pk).update(
        last_post_at=now, latest_post_id=post.pk, post_count=F("post_count") + 1
    )
    thread_changed(thread.pk)
    thread.post_count += 1
    thread.latest_post_id = post.pk
    # Only those who read the board hear of a mention: a post of the Graveyard or the
    # spectators' board never reaches a living player (R51).
    mentioned = [
        p
        for p in players
        if p != author_player
        and can_read(forum_viewer_for(p.user, thread.board.game), thread.board)
    ]
    if mentioned:
        post.mentions.set(mentioned)
        notify(recipients=mentioned, kind=NotificationKind.MENTION, target=post, now=now)
    return post


def _mentions(thread: Thread, body: str) -> tuple[list[Player], set[str]]:
    """The players mentioned in `body` and their names as written in the game."""
    if "@" not in body:
        return [], set()
    players = list(Player.objects.filter(game_id=thread.board.game_id).select_related("user"))
    names = mentioned_names(body, [p.name for p in players])
    return [p for p in players if p.name in names], names


@transaction.atomic
def post_create(*, thread_id: int, by: User, body: str, now: dt.datetime) -> Post:
    """A post, written under the game's lock at one moment of the game's clock, which the vote
    it carries shares (forums.services.post_votes)."""
    thread = _thread(thread_id)
    game = lock_game(thread.board.game_id)
    now = locked_now(now)
    fv = forum_viewer_for(by, game)
    check_post_allowed(fv, thread.board)
    refusal = thread_post_refusal(fv, thread)
    if refusal:
        raise ForbiddenError(refusal)
    post = post_write(fv=fv, thread=thread, body=body, now=now)
    post_vote_apply(fv=fv, thread=thread, post=post, now=now)
    activity_seen(fv=fv, thread=thread, now=now)
    return post


@transaction.atomic
def post_edit(*, post_id: int, by: User, body: str, now: dt.datetime) -> Post:
    """Authors edit their posts for 10 minutes while they may still post on the board; the
    earlier text is kept for the moderators."""
    post = _post(post_id)
    game = lock_game(post.thread.board.game_id)
    fv = forum_viewer_for(by, game)
    if not can_read(fv, post.thread.board) or post.deleted_at is not None:
        raise GameRuleError("There is no such post.")
    refusal = post_edit_refusal(fv, post, now)
    if refusal:
        raise ForbiddenError(refusal)
    body = clean_body(body)
    if body == post.body:
        return post
    PostRevision.objects.create(post=post, body=post.body, replaced_at=now)
    post.body = body
    post.body_html = render_markdown(body, _mentions(post.thread, body)[1])
    post.edited_at = now
    post.revision_count += 1
    post.save(update_fields=["body", "body_html", "edited_at", "revision_count"])
    return post


@transaction.atomic
def post_delete(*, post_id: int, by: User, reason: str, now: dt.datetime) -> Post:
    """Moderators remove a post with a reason; players see that it was removed, moderators
    still read it."""
    post = _post(post_id)
    game = lock_game(post.thread.board.game_id)
    fv = forum_viewer_for(by, game)
    if not can_moderate_posts(fv):
        raise ForbiddenError("Only the moderators delete posts.")
    reason = reason.strip()
    if not reason:
        raise GameRuleError("Give a reason for deleting the post.")
    if post.deleted_at is not None:
        raise GameRuleError("That post is already deleted.")
    post.deleted_at = now
    post.deleted_by = by
    post.delete_reason = reason
    post.save(update_fields=["deleted_at", "deleted_by", "delete_reason"])
    log_append(
        game=game,
        kind="post_deleted",
        text=f"A post by {post.author_label} in “{post.thread.title}” was deleted.",
        visibility=Visibility.MODERATORS,
        now=now,
        actor=by,
        reason=reason,
    )
    return post


def read_marker_update(*, user: User, thread: Thread, last_post_id: int) -> None:
    """Remember the newest post a user has seen in a thread (never moves back). The post must
    be one of the thread's; the caller has checked that the user reads the thread."""
    if not getattr(user, "is_authenticated", False):
        return
    if not storable_ids([last_post_id]) or not thread.posts.filter(pk=last_post_id).exists():
        raise GameRuleError("That post is not in this thread.")
    updated = ReadMarker.objects.filter(
        user=user, thread=thread, last_read_post_id__lt=last_post_id
    ).update(last_read_post_id=last_post_id)
    if not updated:
        marker, created = ReadMarker.objects.get_or_create(
            user=user, thread=thread, defaults={"last_read_post_id": last_post_id}
        )
        if not created:
            # Another request made the marker meanwhile, perhaps with an older post: move it
            # on (never back), so that the newer of two reads at once is the one kept.
            ReadMarker.objects.filter(pk=marker.pk, last_read_post_id__lt=last_post_id).update(
                last_read_post_id=last_post_id
            )


def _thread(thread_id: int) -> Thread:
    thread = Thread.objects.select_related("board").filter(pk=thread_id).first()
    if thread is None:
        raise GameRuleError("There is no such thread.")
    return thread


def _post(post_id: int) -> Post:
    post = Post.objects.select_related("thread__board", "author_player").filter(pk=post_id).first()
    if post is None:
        raise GameRuleError("There is no such post.")
    return post
