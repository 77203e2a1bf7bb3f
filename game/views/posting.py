"""A POST of one form: parse it (times in the game's zone), run one service, redirect; a refusal
shows on the form's page (game.views.refusals)."""

from collections.abc import Callable
from functools import wraps

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.views.decorators.http import require_POST

from game.models import Game
from game.permissions import Viewer, game_for, moderated_game_for, require
from game.views.actions import form_refused, run_and_redirect


def post_form(
    request: HttpRequest,
    game: Game,
    form: forms.Form,
    action: Callable[[dict], object],
    *,
    success: str,
    to: str,
) -> HttpResponse:
    with timezone.override(game.zone):
        valid = form.is_valid()
    if not valid:
        return form_refused(request, form, to, game_id=game.pk)
    return run_and_redirect(
        request, lambda: action(form.cleaned_data), success=success, to=to, game_id=game.pk
    )


def game_post(allowed: Callable[[Viewer], bool]):
    """A player's POST view: signed in, the game as this viewer sees it (404 otherwise), and one
    permission from game.permissions; the view then gets (request, game, viewer, **kwargs)."""

    def decorate(view):
        @login_required
        @require_POST
        @wraps(view)
        def wrapper(request: HttpRequest, game_id: int, **kwargs) -> HttpResponse:
            game, viewer = game_for(request.user, game_id)
            require(allowed(viewer))
            return view(request, game, viewer, **kwargs)

        return wrapper

    return decorate


def is_player(viewer: Viewer) -> bool:
    return viewer.player is not None


def moderator_post(
    request: HttpRequest,
    game_id: int,
    form: forms.Form,
    action: Callable[[Game, dict], object],
    success: str,
    *,
    to: str = "mod_dashboard",
) -> HttpResponse:
    """A moderator's form (404 for anyone else), posted through post_form."""
    game, _ = moderated_game_for(request.user, game_id)
    return post_form(request, game, form, lambda data: action(game, data), success=success, to=to)
