"""The vote count page, the will form and the moderators' replacements (docs/forum-play.md):
parse, call one service, render."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from forums.access import can_write_will, forum_game_for, replacement_of, vacation_refusal
from forums.models import BoardKind, LastWill
from forums.selectors.forum_day import forum_day_page
from forums.selectors.vote_count_at import game_of_post, vote_count_at_post
from forums.services.phase_threads import current_thread
from forums.services.replacements import slot_replace
from forums.services.wills import will_save
from forums.views.common import forbidden, run_and_redirect
from forums.views.replaced import replaced_page
from game.forms.pickers import picked_id
from game.permissions import require
from game.services.days.forum_day import vote_count_request
from game.services.lobby.replacements import player_modkill


@login_required
def forum_day(request: HttpRequest, game_id: int) -> HttpResponse:
    fv = forum_game_for(request.user, game_id)
    page = forum_day_page(fv, timezone.now())
    return render(
        request,
        "forums/forum_day.html",
        {
            "game": fv.game,
            "viewer": fv.viewer,
            "fv": fv,
            "page": page,
            "anyone_living": fv.is_moderator and fv.game.players.filter(alive=True).exists(),
            "may_vacation": not vacation_refusal(fv.game, fv.player),
        },
    )


@login_required
def post_vote_count(request: HttpRequest, post_id: int) -> HttpResponse:
    """The vote count as of one Town Square post (the "Count" button on each post)."""
    fv = forum_game_for(request.user, game_of_post(post_id))
    count = vote_count_at_post(fv, post_id)
    return render(
        request,
        "forums/vote_count_at.html",
        {"game": fv.game, "viewer": fv.viewer, "fv": fv, "count": count},
    )


@login_required
@require_POST
def forum_day_action(request: HttpRequest, game_id: int, action: str) -> HttpResponse:
    """The moderators' vote count now, replacement and modkill."""
    here = reverse("forums:forum_day", args=[game_id])
    fv = forum_game_for(request.user, game_id)
    if not fv.is_moderator:
        return forbidden(request, "Only the moderators do this.")
    now = timezone.now()
    # "name #id" from the player field that searches as one types, or a bare id.
    player_id = picked_id(request.POST.get("player")) or 0
    actions = {
        "count": (
            lambda: vote_count_request(game_id=game_id, by=request.user, now=now),
            "Vote count posted.",
        ),
        "replace": (
            lambda: slot_replace(
                game_id=game_id,
                by=request.user,
                player_id=player_id,
                substitute=request.POST.get("substitute", ""),
                now=now,
            ),
            "The substitute has taken the slot.",
        ),
        "modkill": (
            lambda: player_modkill(
                game_id=game_id,
                by=request.user,
                player_id=player_id,
                reason=request.POST.get("reason", ""),
                now=now,
            ),
            "The player was removed.",
        ),
    }
    if action not in actions:
        return forbidden(request, "There is no such action.")
    run, success = actions[action]
    return run_and_redirect(request, run, success=success, to=here)


@login_required
def today(request: HttpRequest, game_id: int) -> HttpResponse:
    """The reply box of the thread the day is played in now (the overview's "Vote in the
    thread"): one tap and one page from the game's overview."""
    fv = forum_game_for(request.user, game_id)
    thread = current_thread(fv.game) if fv.game.phase_threads else None
    if thread is None:
        return redirect("forums:board_detail", game_id, BoardKind.TOWN_SQUARE)
    return redirect(reverse("forums:thread_detail", args=[thread.pk]) + "?page=last#reply")


@login_required
def replaced(request: HttpRequest, game_id: int) -> HttpResponse:
    """Where a replaced player's notification leads: that they were replaced, and what of the
    game they may still read."""
    replacement = replacement_of(request.user, game_id)
    require(replacement is not None)
    return replaced_page(request, replacement)


@login_required
def will(request: HttpRequest, game_id: int) -> HttpResponse:
    """Your own last will: nobody else's is ever shown here."""
    fv = forum_game_for(request.user, game_id)
    here = reverse("forums:will", args=[game_id])
    if not can_write_will(fv):
        return forbidden(request, "Only living players of a game with last wills write one.")
    if request.method == "POST":
        return run_and_redirect(
            request,
            lambda: will_save(
                game_id=game_id,
                by=request.user,
                body=request.POST.get("body", ""),
                now=timezone.now(),
            ),
            success="Will saved.",
            to=here,
        )
    own = LastWill.objects.filter(player=fv.player).first()
    return render(
        request,
        "forums/will.html",
        {"game": fv.game, "viewer": fv.viewer, "fv": fv, "body": own.body if own else ""},
    )
