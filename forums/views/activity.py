"""The moderators' activity overview and a player's vacation notice (docs/forum-play.md):
parse, call one selector or service, render."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from forums.access import forum_game_for
from forums.selectors.activity import activity_overview
from forums.services.vacations import vacation_announce
from forums.views.boards import _int
from forums.views.common import run_and_redirect


@login_required
def activity(request: HttpRequest, game_id: int) -> HttpResponse:
    fv = forum_game_for(request.user, game_id)
    overview = activity_overview(fv)
    return render(
        request,
        "forums/activity.html",
        {"game": fv.game, "viewer": fv.viewer, "fv": fv, "overview": overview},
    )


@login_required
@require_POST
def vacation(request: HttpRequest, game_id: int) -> HttpResponse:
    forum_game_for(request.user, game_id)
    return run_and_redirect(
        request,
        lambda: vacation_announce(
            game_id=game_id,
            by=request.user,
            days=_int(request.POST.get("days")),
            note=request.POST.get("note", ""),
            now=timezone.now(),
        ),
        success="Vacation noted: your prods wait until you are back.",
        to=reverse("forums:forum_day", args=[game_id]),
    )
