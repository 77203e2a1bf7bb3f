from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from forums import services
from forums.access import (
    can_edit_post,
    can_moderate_posts,
    can_post_in_thread,
    can_read_vote_count_at,
    forum_viewer_for,
    post_text_visible,
    thread_post_refusal,
)
from forums.markup import quote_markdown
from forums.selectors import boards as selectors
from forums.services import thread_polls
from forums.views.boards import _int
from forums.views.common import forbidden, run_and_redirect
from game.errors import GameRuleError
from game.permissions import can_view_game, require
from game.views.refusals import REFUSED_STATUS


def _thread(request: HttpRequest, thread_id: int):
    thread, fv = selectors.thread_for(lambda game: forum_viewer_for(request.user, game), thread_id)
    require(can_view_game(fv.viewer))
    return thread, fv


@login_required
def thread_detail(request: HttpRequest, thread_id: int) -> HttpResponse:
    ticket = _poll_ticket(request, thread_id)
    thread, fv = _thread(request, thread_id)
    if request.method == "POST":
        if not can_post_in_thread(fv, thread):
            return forbidden(request, thread_post_refusal(fv, thread))
        return run_and_redirect(
            request,
            lambda: services.post_create(
                thread_id=thread.pk,
                by=request.user,
                body=request.POST.get("body", ""),
                now=timezone.now(),
            ),
            success=_posted,
            to=reverse("forums:thread_detail", args=[thread.pk]) + "?page=last#reply",
            then=lambda post: (
                reverse("forums:thread_detail", args=[thread.pk])
                + f"?post={post.pk}#post-{post.pk}"
            ),
        )
    jump_to = _int(request.GET.get("post")) or None
    page = selectors.post_page(fv, thread, page=request.GET.get("page", 1), post_id=jump_to)
    posts = list(page.object_list)
    quote = ""
    if request.GET.get("quote"):
        quoted = selectors.post_for(fv, _int(request.GET["quote"]))
        if quoted.thread_id == thread.pk and post_text_visible(fv, quoted):
            quote = quote_markdown(quoted.author_label, quoted.body)
    return render(
        request,
        "forums/thread_detail.html",
        {
            "game": thread.board.game,
            "viewer": fv.viewer,
            "fv": fv,
            "thread": thread,
            "board": thread.board,
            "page": page,
            "posts": posts,
            "last_id": posts[-1].pk if posts else 0,
            "read_up_to": posts[-1].pk if posts else 0,
            "poll_ticket": ticket.signed(posts[-1].pk if posts else 0),
            "may_post": can_post_in_thread(fv, thread),
            "counts_here": can_read_vote_count_at(fv, thread=thread),
            "refusal": thread_post_refusal(fv, thread),
            "quote": quote,
            "now": timezone.now(),
        },
    )


def thread_poll(request: HttpRequest, thread_id: int) -> HttpResponse:
    """New posts after `after`, for htmx polling on the thread's last page; "nothing new" is
    answered from the cache when the poll's ticket allows (forums.services.thread_polls)."""
    if thread_polls.nothing_new(request, thread_id):
        return HttpResponse(status=204)
    return _thread_poll(request, thread_id)


@login_required
def _thread_poll(request: HttpRequest, thread_id: int) -> HttpResponse:
    ticket = _poll_ticket(request, thread_id)
    thread, fv = _thread(request, thread_id)
    after = _int(request.GET.get("after"))
    posts = selectors.posts_after(fv, thread, after)
    return render(
        request,
        "forums/_posts_poll.html",
        {
            "thread": thread,
            "fv": fv,
            "posts": posts,
            "may_post": can_post_in_thread(fv, thread),
            "counts_here": can_read_vote_count_at(fv, thread=thread),
            "last_id": posts[-1].pk if posts else after,
            "read_up_to": posts[-1].pk if posts else 0,
            "poll_ticket": ticket.signed(posts[-1].pk if posts else after),
            "now": timezone.now(),
        },
    )


@login_required
@require_POST
def thread_read(request: HttpRequest, thread_id: int) -> HttpResponse:
    """The thread page's read marker, posted by htmx once the page has loaded (a GET never
    writes, so prefetchers and link previews move nothing); a plain form without scripts."""
    thread, _ = _thread(request, thread_id)

    def mark() -> None:
        services.read_marker_update(
            user=request.user, thread=thread, last_post_id=_int(request.POST.get("last_post_id"))
        )

    if request.headers.get("HX-Request"):
        try:
            mark()
        except GameRuleError as error:
            return HttpResponse(error.message, status=REFUSED_STATUS)
        return HttpResponse(status=204)
    return run_and_redirect(
        request,
        mark,
        success="Marked as read.",
        to=reverse("forums:thread_detail", args=[thread.pk]),
    )


def _posted(post) -> str:
    """What a post did, in the words of its own notice: a refused vote is no "Posted."."""
    cast = getattr(post, "post_vote", None)
    if cast is None:
        return "Posted."
    if cast.counted:
        return "Posted, and your vote is counted."
    return "Posted as talk: your vote was not counted. Why is under your post."


def _poll_ticket(request: HttpRequest, thread_id: int) -> thread_polls.PollTicket:
    """Before anything is read from the database (forums.services.thread_polls)."""
    return thread_polls.PollTicket(user_id=request.user.pk, thread_id=thread_id)


@login_required
@require_POST
def thread_pin(request: HttpRequest, thread_id: int) -> HttpResponse:
    thread, fv = _thread(request, thread_id)
    pinned = request.POST.get("pinned") == "1"
    return run_and_redirect(
        request,
        lambda: services.thread_pin(
            thread_id=thread.pk, by=request.user, pinned=pinned, now=timezone.now()
        ),
        success="Thread pinned." if pinned else "Thread unpinned.",
        to=reverse("forums:thread_detail", args=[thread.pk]),
    )


@login_required
def post_edit(request: HttpRequest, post_id: int) -> HttpResponse:
    post, fv = _post(request, post_id)
    to = reverse("forums:thread_detail", args=[post.thread_id]) + f"?post={post.pk}#post-{post.pk}"
    if request.method == "POST":
        return run_and_redirect(
            request,
            lambda: services.post_edit(
                post_id=post.pk,
                by=request.user,
                body=request.POST.get("body", ""),
                now=timezone.now(),
            ),
            success="Post edited.",
            to=to,
        )
    require(can_edit_post(fv, post, timezone.now()))
    return render(
        request,
        "forums/post_edit.html",
        {"game": fv.game, "viewer": fv.viewer, "fv": fv, "post": post, "back": to},
    )


@login_required
@require_POST
def post_delete(request: HttpRequest, post_id: int) -> HttpResponse:
    post, fv = _post(request, post_id)
    return run_and_redirect(
        request,
        lambda: services.post_delete(
            post_id=post.pk,
            by=request.user,
            reason=request.POST.get("reason", ""),
            now=timezone.now(),
        ),
        success="Post deleted.",
        to=reverse("forums:thread_detail", args=[post.thread_id]) + f"?post={post.pk}",
    )


@login_required
def post_history(request: HttpRequest, post_id: int) -> HttpResponse:
    post, fv = _post(request, post_id)
    require(can_moderate_posts(fv))
    return render(
        request,
        "forums/post_history.html",
        {
            "game": fv.game,
            "viewer": fv.viewer,
            "fv": fv,
            "post": post,
            "revisions": list(post.revisions.all()),
        },
    )


def _post(request: HttpRequest, post_id: int):
    from forums.models import Post

    row = Post.objects.select_related("thread__board__game").filter(pk=post_id).first()
    if row is None:
        raise Http404("No such post.")
    fv = forum_viewer_for(request.user, row.thread.board.game)
    require(can_view_game(fv.viewer))
    return selectors.post_for(fv, post_id), fv
