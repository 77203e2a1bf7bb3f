from __future__ import annotations

from dataclasses import dataclass

from django.core.paginator import Page, Paginator
from django.db.models import OuterRef, Q, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce
from django.http import Http404

from forums.access import (
    ForumViewer,
    boards_keyed,
    can_post,
    can_read,
    group_listed,
    readable_boards,
    readable_keys,
)
from forums.declared_boards import declared_boards
from forums.models import Board, Post, ReadMarker, Thread

POSTS_PER_PAGE = 25
THREADS_PER_PAGE = 30


@dataclass(frozen=True)
class BoardSummary:
    board: Board
    may_post: bool
    unread_threads: int


def board_list(fv: ForumViewer) -> list[BoardSummary]:
    """The boards the viewer may read (their groups' boards only, H1, R51), in the order of
    forums.declared_boards, with unread thread counts."""
    keys = readable_keys(fv)
    boards = {board.key: board for board in Board.objects.filter(boards_keyed(fv.game, keys))}
    readable = [boards[key] for key in keys if key in boards]
    unread: dict[int, int] = {}
    if readable:
        threads = _with_read_marker(Thread.objects.filter(board__in=readable), fv.user)
        for board_id in threads.filter(
            latest_post_id__gt=Coalesce("last_read", Value(0))
        ).values_list("board_id", flat=True):
            unread[board_id] = unread.get(board_id, 0) + 1
    return [BoardSummary(b, can_post(fv, b), unread.get(b.pk, 0)) for b in readable]


@dataclass(frozen=True)
class GroupSummary:
    code: str
    title: str
    board_key: str
    may_read: bool
    may_post: bool


def group_list(fv: ForumViewer) -> list[GroupSummary]:
    """The private groups of the game's rule set the viewer is told of (forums.access), with
    what they may do on each group's board now. No query."""
    return [
        GroupSummary(b.group.code, b.group.title, b.key, can_read(fv, b.key), can_post(fv, b.key))
        for b in declared_boards(fv.game)
        if b.group is not None and group_listed(fv, b)
    ]


def board_for(fv: ForumViewer, key: str) -> Board:
    """The board if the viewer may read it; 404 otherwise (R51: what one may not read, one does
    not know exists). `key` is its kind, or its group's code (forums.declared_boards)."""
    if not can_read(fv, key):
        raise Http404("No such board.")
    board = Board.objects.filter(boards_keyed(fv.game, [key])).first()
    if board is None:
        raise Http404("No such board.")
    return board


def thread_list(fv: ForumViewer, board: Board, *, page: int | str = 1) -> Page:
    threads = _with_read_marker(Thread.objects.filter(board=board), fv.user).order_by(
        "-pinned", "-last_post_at", "-id"
    )
    return Paginator(threads, THREADS_PER_PAGE).get_page(page)


def thread_for(fv_factory, thread_id: int) -> tuple[Thread, ForumViewer]:
    """The thread and its game's viewer, or 404 when it does not exist or the viewer may not
    read its board. `fv_factory(game)` builds the viewer."""
    thread = Thread.objects.select_related("board__game").filter(pk=thread_id).first()
    if thread is None:
        raise Http404("No such thread.")
    fv = fv_factory(thread.board.game)
    if not can_read(fv, thread.board):
        raise Http404("No such thread.")
    return thread, fv


def visible_posts(fv: ForumViewer) -> QuerySet[Post]:
    """Posts of the boards the viewer reads. Deleted posts stay in place (marked) for players
    without their text: templates show `body_html` only through `post_text` below."""
    return Post.objects.filter(thread__board__in=readable_boards(fv)).select_related(
        "author_player", "thread", "post_vote"
    )


def post_page(
    fv: ForumViewer, thread: Thread, *, page: int | str = 1, post_id: int | None = None
) -> Page:
    """One page of a thread, in a fixed number of queries whatever its length. `page` may be
    "last"; `post_id` opens the page holding that post."""
    posts = visible_posts(fv).filter(thread=thread).order_by("id")
    paginator = Paginator(posts, POSTS_PER_PAGE)
    paginator.count = thread.post_count  # kept by post_write: no COUNT(*) per page
    if post_id is not None:
        before = posts.filter(id__lt=post_id).count()
        page = before // POSTS_PER_PAGE + 1
    elif page == "last":
        page = paginator.num_pages
    return paginator.get_page(page)


def posts_after(fv: ForumViewer, thread: Thread, after_id: int) -> list[Post]:
    """New posts for the live view (htmx polling): one query."""
    return list(visible_posts(fv).filter(thread=thread, id__gt=after_id).order_by("id")[:50])


def post_for(fv: ForumViewer, post_id: int) -> Post:
    post = visible_posts(fv).select_related("thread__board").filter(pk=post_id).first()
    if post is None:
        raise Http404("No such post.")
    return post


def search(fv: ForumViewer, query: str, *, limit: int = 50) -> list[Post]:
    """Posts and thread titles matching `query`, in the boards the viewer may read only."""
    query = query.strip()
    if len(query) < 2:
        return []
    posts = visible_posts(fv).filter(Q(body__icontains=query) | Q(thread__title__icontains=query))
    if not fv.is_moderator:
        posts = posts.filter(deleted_at__isnull=True)
    return list(posts.select_related("thread__board").order_by("-id")[:limit])


def _with_read_marker(threads: QuerySet[Thread], user) -> QuerySet[Thread]:
    if not getattr(user, "is_authenticated", False):
        return threads.annotate(last_read=Value(0))
    marker = ReadMarker.objects.filter(user=user, thread=OuterRef("pk")).values("last_read_post_id")
    return threads.annotate(last_read=Coalesce(Subquery(marker[:1]), Value(0)))
