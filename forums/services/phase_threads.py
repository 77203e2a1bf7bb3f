"""Phase threads (docs/forum-play.md): each day and night of a night-and-day game gets its own
Town Square thread, opened with the phase (its first post says when it ends) and locked at its
end, and the posts the day's play makes (vote counts, the hammer, last wills) go into the
thread of the phase now. Day threads are titled "Day N", the title seed 002's bots look for."""

import datetime as dt
import re

from forums.markup import render_markdown
from forums.models import BoardKind, PhaseThread, Post, PostKind, Thread
from forums.services.announcements import announcement_post
from forums.services.boards import boards_ensure, thread_start
from forums.services.posts import post_write
from forums.services.thread_polls import thread_changed
from game.models import Game
from game.rulesets.phases import PhaseId


def phase_title(game: Game, code: str, number: int) -> str:
    return PhaseId(number, code).label(game.rules)


def phase_thread_open(*, game: Game, text: str, now: dt.datetime) -> Thread:
    """Open the thread of the game's phase now (called as it begins), locking the earlier ones.
    Idempotent: a phase has one thread."""
    phase_threads_lock(game=game, now=now)
    code, number = game.current_phase, game.current_day
    existing = PhaseThread.objects.filter(game=game, code=code, number=number).first()
    if existing is not None:
        return existing.thread
    board = boards_ensure(game=game)[BoardKind.TOWN_SQUARE]
    thread = thread_start(board=board, title=phase_title(game, code, number), now=now, pinned=True)
    PhaseThread.objects.create(game=game, code=code, number=number, thread=thread)
    post_write(fv=None, thread=thread, body=text, now=now, kind=PostKind.PHASE_ANNOUNCEMENT)
    return thread


def phase_threads_lock(*, game: Game, now: dt.datetime) -> None:
    """Lock the open phase threads of the game (its phase has ended) and unpin them."""
    ids = list(
        Thread.objects.filter(
            pk__in=PhaseThread.objects.filter(game=game).values("thread_id"),
            locked_at__isnull=True,
        ).values_list("pk", flat=True)
    )
    Thread.objects.filter(pk__in=ids).update(locked_at=now, pinned=False)
    for pk in ids:
        thread_changed(pk)


def current_thread(game: Game) -> Thread | None:
    """The thread of the phase now, if the game has phase threads; else, by day, the first
    Town Square thread titled "Day N" (the bots' day thread), if any."""
    found = PhaseThread.objects.filter(
        game=game, code=game.current_phase, number=game.current_day
    ).first()
    if found is not None:
        return found.thread
    if game.phase_threads or game.rules.day_clock or not game.current_phase:
        return None
    return (
        Thread.objects.filter(
            board__game=game,
            board__kind=BoardKind.TOWN_SQUARE,
            title=phase_title(game, game.current_phase, game.current_day),
        )
        .order_by("id")
        .first()
    )


def phase_thread_deadline_moved(*, game: Game, text: str) -> None:
    """The opening post of the phase's thread says when the phase ends: an extension
    ("… it now ends Tue Oct 6, 11:00 PM EDT.") rewrites that sentence, marked as extended."""
    thread = current_thread(game)
    opening = thread and thread.posts.filter(kind=PostKind.PHASE_ANNOUNCEMENT).first()
    if opening is None or "it now ends " not in text:
        return
    ends = text.split("it now ends ", 1)[1].rstrip(".")
    body = re.sub(r"It ends [^\n]*", f"It ends {ends} (extended).", opening.body, count=1)
    Post.objects.filter(pk=opening.pk).update(
        body=body, body_html=render_markdown(body, line_breaks=True)
    )
    thread_changed(thread.pk)


def phase_post(*, game: Game, text: str, kind: str, now: dt.datetime) -> Post:
    """Post as the app in the thread of the phase now, or as an announcement in a thread of its
    own when there is none."""
    thread = current_thread(game)
    if thread is None:
        return announcement_post(game=game, text=text, now=now, kind=kind)
    return post_write(fv=None, thread=thread, body=text, now=now, kind=kind)
