"""Moderator actions on the day and its votes: extend, undo the last day end, mark the mayor,
send an inactivity notice (R2, R8, R49)."""

import datetime as dt

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.views.decorators.http import require_POST

from game.errors import GameRuleError
from game.forms.days import DayExtendForm, PlayerChoiceForm, UndoForm
from game.models import Day
from game.services.days import day_cycle, day_end_undo
from game.services.items_offices import mayor
from game.services.lobby import notices
from game.views.moderator import moderator_form_action


@login_required
@require_POST
def day_extend(request: HttpRequest, game_id: int) -> HttpResponse:
    def extend(game, data) -> None:
        day = Day.objects.filter(game=game, number=game.current_day).first()
        if day is None:
            raise GameRuleError("The game has no day to extend.")
        day_cycle.day_extend(
            game_id=game.pk,
            by=request.user,
            new_end=day.ends_at + dt.timedelta(minutes=data["minutes"]),
            now=timezone.now(),
            reason=data["reason"],
        )

    return moderator_form_action(request, game_id, DayExtendForm, extend, "The day is extended.")


@login_required
@require_POST
def day_end_undo_view(request: HttpRequest, game_id: int) -> HttpResponse:
    return moderator_form_action(
        request,
        game_id,
        UndoForm,
        lambda g, data: day_end_undo.day_end_undo(
            game_id=g.pk, by=request.user, now=timezone.now(), reason=data["reason"]
        ),
        "The last day end is undone.",
    )


@login_required
@require_POST
def mayor_set(request: HttpRequest, game_id: int) -> HttpResponse:
    return moderator_form_action(
        request,
        game_id,
        PlayerChoiceForm,
        lambda g, data: mayor.mayor_set(
            game_id=g.pk,
            player_id=data["player"],
            by=request.user,
            now=timezone.now(),
            reason=data["reason"],
        ),
        "Mayor updated.",
    )


@login_required
@require_POST
def notice_send(request: HttpRequest, game_id: int) -> HttpResponse:
    def send(game, data) -> None:
        if data["player"] is None:
            raise GameRuleError("Choose a player.")
        notices.inactivity_notice_send(
            game_id=game.pk, player_id=data["player"], by=request.user, now=timezone.now()
        )

    return moderator_form_action(
        request, game_id, PlayerChoiceForm, send, "Inactivity notice sent."
    )
