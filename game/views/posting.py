"""A POST of one form: parse it (times in the game's zone), run one service, redirect."""

from collections.abc import Callable

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils import timezone

from game.models import Game
from game.views.actions import form_errors_message, run_and_redirect


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
        form_errors_message(request, form)
        return redirect(to, game_id=game.pk)
    return run_and_redirect(
        request, lambda: action(form.cleaned_data), success=success, to=to, game_id=game.pk
    )
