"""The investigate page (site visits, questions, shovels, watch list, priest lists) and the
player's own results (R21-R24, R28, R43, R48, R50)."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone

from game.forms.kills import InvestigationForm, PlayerListForm, SiteVisitForm
from game.models import Game, Player
from game.permissions import Viewer, can_act_in_game, game_for, require
from game.selectors import investigations as reads
from game.services.investigating import investigations, investigative_roles
from game.services.items_offices import shovels
from game.views.posting import game_post, is_player, post_form


@login_required
def investigate(request: HttpRequest, game_id: int) -> HttpResponse:
    """The page; `?victim=` is the question's first step without scripts (choose the death,
    then its suspects), and a refused question comes back with its death's suspects."""
    game, viewer = game_for(request.user, game_id)
    require(can_act_in_game(viewer))
    refusal = getattr(request, "refusal", None)
    asked = request.GET
    if refusal is not None and refusal.action == reverse("investigation_request", args=[game.pk]):
        asked = refusal.values
    return render(
        request,
        "game/investigations/investigate.html",
        {
            "game": game,
            "viewer": viewer,
            "page": reads.investigate_page(viewer, _victim_id(asked)),
        },
    )


@login_required
def investigation_suspects(request: HttpRequest, game_id: int) -> HttpResponse:
    """The suspects of the chosen death (`?victim=`), swapped into the page when a death is chosen
    (htmx); the page's own `?victim=` does the same without scripts."""
    game, viewer = game_for(request.user, game_id)
    require(can_act_in_game(viewer))
    return render(
        request,
        "game/investigations/suspects_fragment.html",
        {
            "game": game,
            "viewer": viewer,
            "ask": reads.suspects_for(viewer, _victim_id(request.GET)),
        },
    )


def _victim_id(values) -> int | None:
    """The chosen death's player id, None when none (or no id) was chosen."""
    chosen = values.get("victim")
    if isinstance(chosen, list):
        chosen = chosen[0] if chosen else None
    try:
        return int(chosen)
    except (TypeError, ValueError):
        return None


def _player_ids(game) -> list[int]:
    return list(Player.objects.filter(game=game).values_list("pk", flat=True))


@game_post(is_player)
def site_visit(request: HttpRequest, game: Game, viewer: Viewer) -> HttpResponse:
    return post_form(
        request,
        game,
        SiteVisitForm(request.POST),
        lambda data: investigations.site_visit_report(
            game_id=game.pk, by=request.user, victim_id=data["victim"], now=timezone.now()
        ),
        success="Visit recorded.",
        to="investigate",
    )


@game_post(is_player)
def investigation_request(request: HttpRequest, game: Game, viewer: Viewer) -> HttpResponse:
    return post_form(
        request,
        game,
        InvestigationForm(request.POST, player_ids=_player_ids(game)),
        lambda data: investigations.investigation_request(
            game_id=game.pk,
            by=request.user,
            capacity=data["capacity"],
            victim_id=data["victim"],
            suspect_ids=data["suspects"],
            now=timezone.now(),
        ),
        success="Investigation sent. Your answer will appear in your results.",
        to="investigate",
    )


@game_post(is_player)
def shovel_use(request: HttpRequest, game: Game, viewer: Viewer) -> HttpResponse:
    return post_form(
        request,
        game,
        SiteVisitForm(request.POST),
        lambda data: shovels.shovel_use(
            game_id=game.pk, by=request.user, dead_player_id=data["victim"], now=timezone.now()
        ),
        success="You dug. Your answer will appear in your results.",
        to="investigate",
    )


@game_post(is_player)
def watch_list(request: HttpRequest, game: Game, viewer: Viewer) -> HttpResponse:
    return post_form(
        request,
        game,
        PlayerListForm(request.POST, player_ids=_player_ids(game)),
        lambda data: investigative_roles.watch_list_set(
            game_id=game.pk, by=request.user, player_ids=data["players"], now=timezone.now()
        ),
        success="Watch list saved for tomorrow.",
        to="investigate",
    )


@game_post(is_player)
def priest_lists(request: HttpRequest, game: Game, viewer: Viewer) -> HttpResponse:
    return post_form(
        request,
        game,
        PlayerListForm(request.POST, player_ids=_player_ids(game)),
        lambda data: investigative_roles.priest_lists_set(
            game_id=game.pk,
            by=request.user,
            saint_ids=data["saints"],
            sinner_ids=data["sinners"],
            now=timezone.now(),
        ),
        success="Lists saved.",
        to="investigate",
    )


@login_required
def results(request: HttpRequest, game_id: int, player_id: int | None = None) -> HttpResponse:
    """Your own results; a moderator may read anyone's. Everyone else gets 404 (R50)."""
    game, viewer = game_for(request.user, game_id)
    if player_id is None:
        require(viewer.player is not None)
        owner = viewer.player
    else:
        owner = Player.objects.filter(game=game, pk=player_id).first()
        require(owner is not None)
    return render(
        request,
        "game/investigations/results.html",
        {
            "game": game,
            "viewer": viewer,
            "owner": owner,
            "results": reads.results_of(viewer, owner),
        },
    )


@login_required
def investigation_detail(request: HttpRequest, game_id: int, investigation_id: int):
    game, viewer = game_for(request.user, game_id)
    return render(
        request,
        "game/investigations/investigation_detail.html",
        {"game": game, "viewer": viewer, "inv": reads.investigation_for(viewer, investigation_id)},
    )


@login_required
def shovel_detail(request: HttpRequest, game_id: int, use_id: int) -> HttpResponse:
    game, viewer = game_for(request.user, game_id)
    return render(
        request,
        "game/investigations/shovel_detail.html",
        {"game": game, "viewer": viewer, "use": reads.shovel_use_for(viewer, use_id)},
    )
