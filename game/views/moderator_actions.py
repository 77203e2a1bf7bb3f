"""How a moderator's action runs from a dashboard form: checked to be the game's moderator, then
redirected to the dashboard with the outcome."""

from django.http import HttpRequest, HttpResponse

from game.permissions import moderated_game_for
from game.views.actions import run_and_redirect
from game.views.posting import moderator_post


def _post_action(request: HttpRequest, game_id: int, action, success: str) -> HttpResponse:
    moderated_game_for(request.user, game_id)
    return run_and_redirect(request, action, success=success, to="mod_dashboard", game_id=game_id)


def moderator_form_action(
    request: HttpRequest, game_id: int, form_class, action, success: str, **form_kwargs
) -> HttpResponse:
    return moderator_post(
        request, game_id, form_class(request.POST, **form_kwargs), action, success
    )
