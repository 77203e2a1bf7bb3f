from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone

from forums import services
from forums.access import can_use_messages, forum_game_for
from forums.selectors import messages as selectors
from forums.views.common import run_and_redirect
from game.permissions import require


@login_required
def conversation_list(request: HttpRequest, game_id: int) -> HttpResponse:
    fv = forum_game_for(request.user, game_id)
    require(can_use_messages(fv))
    if request.method == "POST":
        to_moderators = request.POST.get("to") == "moderators"
        return run_and_redirect(
            request,
            lambda: services.message_send(
                game_id=game_id,
                by=request.user,
                body=request.POST.get("body", ""),
                subject=request.POST.get("subject", ""),
                to_moderators=to_moderators,
                recipient_ids=[] if to_moderators else _ids(request.POST.getlist("recipients")),
                now=timezone.now(),
            ),
            success="Message sent.",
            to=reverse("forums:conversation_list", args=[game_id]),
        )
    others = fv.game.players.only("id", "game_id", "name", "alive").order_by("name")
    if fv.player is not None:
        others = others.exclude(pk=fv.player.pk)
    return render(
        request,
        "forums/conversation_list.html",
        {
            "game": fv.game,
            "viewer": fv.viewer,
            "fv": fv,
            "conversations": selectors.conversation_list(fv),
            "players": list(others),
        },
    )


@login_required
def conversation_detail(request: HttpRequest, game_id: int, conversation_id: int) -> HttpResponse:
    fv = forum_game_for(request.user, game_id)
    view = selectors.conversation_for(fv, conversation_id)
    here = reverse("forums:conversation_detail", args=[game_id, conversation_id])
    if request.method == "POST":
        return run_and_redirect(
            request,
            lambda: services.message_send(
                game_id=game_id,
                by=request.user,
                conversation_id=conversation_id,
                body=request.POST.get("body", ""),
                now=timezone.now(),
            ),
            success="Message sent.",
            to=here + "#reply",
        )
    return render(
        request,
        "forums/conversation_detail.html",
        {"game": fv.game, "viewer": fv.viewer, "fv": fv, "view": view},
    )


def _ids(values: list[str]) -> list[int]:
    return [int(v) for v in values if v.isdigit()]
