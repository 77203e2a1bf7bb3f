"""The player's kills page (R11, R14, R40): report a kill in two taps, confirm or dispute the
other party's report, announce your own death when no moderator has."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from game.forms.kills import KillReportForm, KillRespondForm, local_now_value
from game.models import Game
from game.permissions import Viewer, can_act_in_game, game_for, require
from game.selectors import kills as kill_selectors
from game.selectors.games import players_public
from game.services.killing import kills
from game.views.posting import game_post, is_player, post_form


@login_required
def kills_page(request: HttpRequest, game_id: int) -> HttpResponse:
    game, viewer = game_for(request.user, game_id)
    require(can_act_in_game(viewer))
    mine = kill_selectors.kills_of(viewer, timezone.now())
    return render(
        request,
        "game/kills/kills.html",
        {
            "game": game,
            "viewer": viewer,
            "players": [p for p in players_public(game) if p.pk != viewer.player.pk],
            "methods": kill_selectors.kill_methods_for(game, viewer.player),
            "now_value": local_now_value(game.zone),
            "my_kills": mine,
            # What waits on this player comes first, above the report form, where it is seen.
            "waiting_for_me": [k for k in mine if k.awaiting_me],
        },
    )


@game_post(is_player)
def kill_report(request: HttpRequest, game: Game, viewer: Viewer) -> HttpResponse:
    return post_form(
        request,
        game,
        KillReportForm(request.POST),
        lambda data: kills.kill_report(
            game_id=game.pk,
            by=request.user,
            side=data["side"],
            other_player_id=data["other"],
            method=data["method"],
            location=data["location"],
            happened_at=data["happened_at"],
            disarm_claimed=data["disarm_claimed"],
            note=data["note"],
            now=timezone.now(),
        ),
        success="Kill reported. The moderators will look at it.",
        to="kills",
    )


@game_post(is_player)
def kill_respond(request: HttpRequest, game: Game, viewer: Viewer, kill_id: int) -> HttpResponse:
    return post_form(
        request,
        game,
        KillRespondForm(request.POST),
        lambda data: kills.kill_respond(
            game_id=game.pk,
            kill_id=kill_id,
            by=request.user,
            agrees=bool(data["agrees"]),
            note=data["note"],
            disarm_claimed=data["disarm_claimed"],
            method=data["method"],
            now=timezone.now(),
        ),
        success="Thank you: the moderators have your answer.",
        to="kills",
    )


@game_post(is_player)
def kill_announce(request: HttpRequest, game: Game, viewer: Viewer, kill_id: int) -> HttpResponse:
    return post_form(
        request,
        game,
        KillRespondForm({"agrees": "1"}),
        lambda _: kills.kill_announce_by_victim(
            game_id=game.pk, kill_id=kill_id, by=request.user, now=timezone.now()
        ),
        success="Your death is announced.",
        to="kills",
    )
