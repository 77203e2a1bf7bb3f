"""The moderators' queue (R11, R12, R20, R43): everything waiting for a decision, oldest first.
Its decisions take effect a minute later and can be undone until then (services.holds); with
htmx they change the queue in place (the forms post as usual without it)."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_POST

from game.forms.kills import (
    AnswerForm,
    BulkForm,
    KillDecisionForm,
    KillEditForm,
    SiteVisitForm,
    TazingForm,
)
from game.forms.petitions import CountAnswerForm
from game.permissions import moderated_game_for
from game.rulesets.live_action.roles import desperado
from game.selectors import kills as kill_selectors
from game.selectors import queue as queue_selectors
from game.selectors.day_end_now import day_end_warning
from game.services import holds
from game.services.investigating import investigative_roles
from game.services.items_offices import mafia_counts
from game.services.killing import kill_decisions, tazings
from game.views.posting import moderator_post


@login_required
def queue(request: HttpRequest, game_id: int) -> HttpResponse:
    game, viewer = moderated_game_for(request.user, game_id)
    return render(
        request,
        "game/mod/queue.html",
        {
            "game": game,
            "viewer": viewer,
            "queue": queue_selectors.moderator_queue(viewer),
            "methods": kill_selectors.kill_method_choices(game),
            "day": game.days.filter(number=game.current_day, ended_at__isnull=True).first(),
            "hold_minutes": int(holds.HOLD.total_seconds() // 60),
            "day_end_warning": day_end_warning(viewer),
            "desperados": game.players.filter(role=desperado.ROLE.code, alive=True),
        },
    )


@login_required
@require_POST
def kill_confirm(request: HttpRequest, game_id: int, kill_id: int) -> HttpResponse:
    return moderator_post(
        request,
        game_id,
        KillDecisionForm(request.POST),
        lambda game, data: holds.kill_confirm_hold(
            game_id=game.pk,
            kill_id=kill_id,
            by=request.user,
            reason=data["reason"],
            override=data["override"],
            now=timezone.now(),
        ),
        "Kill confirmed: it takes effect in a minute (undo until then).",
        to="mod_queue",
    )


@login_required
@require_POST
def kills_confirm_agreed(request: HttpRequest, game_id: int) -> HttpResponse:
    return moderator_post(
        request,
        game_id,
        BulkForm(request.POST),
        lambda game, data: holds.kills_confirm_agreed(
            game_id=game.pk, kill_ids=data["kill"], by=request.user, now=timezone.now()
        ),
        "Kills confirmed: they take effect in a minute (undo until then).",
        to="mod_queue",
    )


@login_required
@require_POST
def answers_send_all(request: HttpRequest, game_id: int) -> HttpResponse:
    return moderator_post(
        request,
        game_id,
        BulkForm(request.POST),
        lambda game, data: holds.answers_send_all(
            game_id=game.pk,
            investigation_ids=data["investigation"],
            shovel_ids=data["shovel"],
            by=request.user,
            now=timezone.now(),
        ),
        "Answers sent: their players see them in a minute (undo until then).",
        to="mod_queue",
    )


@login_required
@require_POST
def decision_undo(request: HttpRequest, game_id: int, hold_id: int) -> HttpResponse:
    return moderator_post(
        request,
        game_id,
        BulkForm(request.POST),
        lambda game, _: holds.decision_undo(
            game_id=game.pk, hold_id=hold_id, by=request.user, now=timezone.now()
        ),
        "Undone: it waits in the queue again.",
        to="mod_queue",
    )


@login_required
@require_POST
def kill_reject(request: HttpRequest, game_id: int, kill_id: int) -> HttpResponse:
    return moderator_post(
        request,
        game_id,
        KillDecisionForm(request.POST),
        lambda game, data: kill_decisions.kill_reject(
            game_id=game.pk,
            kill_id=kill_id,
            by=request.user,
            reason=data["reason"],
            attempt_failed=data["attempt_failed"],
            now=timezone.now(),
        ),
        "Kill report rejected.",
        to="mod_queue",
    )


@login_required
@require_POST
def kill_edit(request: HttpRequest, game_id: int, kill_id: int) -> HttpResponse:
    return moderator_post(
        request,
        game_id,
        KillEditForm(request.POST),
        lambda game, data: kill_decisions.kill_edit(
            game_id=game.pk,
            kill_id=kill_id,
            by=request.user,
            reason=data["reason"],
            killer_id=data["killer"],
            method=data["method"] or None,
            happened_at=data["happened_at"],
            location=data["location"] or None,
            now=timezone.now(),
        ),
        "Kill report edited.",
        to="mod_queue",
    )


@login_required
@require_POST
def investigation_answer(request: HttpRequest, game_id: int, investigation_id: int):
    form = AnswerForm(request.POST)
    return moderator_post(
        request,
        game_id,
        form,
        lambda game, data: holds.answer_send_hold(
            game_id=game.pk,
            investigation_id=investigation_id,
            by=request.user,
            answer=form.chosen(),
            reason=data["reason"],
            now=timezone.now(),
        ),
        "Answer sent: its player sees it in a minute (undo until then).",
        to="mod_queue",
    )


@login_required
@require_POST
def mafia_count_send(request: HttpRequest, game_id: int, count_id: int) -> HttpResponse:
    return moderator_post(
        request,
        game_id,
        CountAnswerForm(request.POST),
        lambda game, data: mafia_counts.mafia_count_send(
            game_id=game.pk,
            count_id=count_id,
            by=request.user,
            answer=data["answer"],
            reason=data["reason"],
            now=timezone.now(),
        ),
        "Count sent to the mayor.",
        to="mod_queue",
    )


@login_required
@require_POST
def shovel_send(request: HttpRequest, game_id: int, use_id: int) -> HttpResponse:
    return moderator_post(
        request,
        game_id,
        AnswerForm(request.POST),
        lambda game, _: holds.shovel_send_hold(
            game_id=game.pk, use_id=use_id, by=request.user, now=timezone.now()
        ),
        "Shovel result sent: its player sees it in a minute (undo until then).",
        to="mod_queue",
    )


@login_required
@require_POST
def desperado_record(request: HttpRequest, game_id: int) -> HttpResponse:
    return moderator_post(
        request,
        game_id,
        SiteVisitForm(request.POST),
        lambda game, data: investigative_roles.desperado_mark(
            game_id=game.pk, player_id=data["victim"], by=request.user, now=timezone.now()
        ),
        "Desperado recorded.",
        to="mod_queue",
    )


@login_required
@require_POST
def tazing_record(request: HttpRequest, game_id: int) -> HttpResponse:
    return moderator_post(
        request,
        game_id,
        TazingForm(request.POST),
        lambda game, data: tazings.tazing_record(
            game_id=game.pk, target_id=data["victim"], by=request.user, now=timezone.now()
        ),
        "Tazing recorded.",
        to="mod_queue",
    )
