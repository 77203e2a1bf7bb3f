"""The moderators' queue (R11, R12, R20, R43): everything waiting for a decision, oldest first."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_POST

from game.forms.kills import AnswerForm, KillDecisionForm, KillEditForm, SiteVisitForm
from game.forms.petitions import CountAnswerForm
from game.permissions import moderated_game_for
from game.selectors import kills as kill_selectors
from game.services import (
    investigations,
    investigative_roles,
    kill_decisions,
    mafia_counts,
    shovels,
    tazings,
)
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
            "queue": kill_selectors.moderator_queue(viewer),
            "methods": kill_selectors.kill_method_choices(game),
        },
    )


@login_required
@require_POST
def kill_confirm(request: HttpRequest, game_id: int, kill_id: int) -> HttpResponse:
    return moderator_post(
        request,
        game_id,
        KillDecisionForm(request.POST),
        lambda game, data: kill_decisions.kill_confirm(
            game_id=game.pk,
            kill_id=kill_id,
            by=request.user,
            reason=data["reason"],
            override=data["override"],
            now=timezone.now(),
        ),
        "Kill confirmed.",
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
        lambda game, data: investigations.investigation_send(
            game_id=game.pk,
            investigation_id=investigation_id,
            by=request.user,
            answer=form.chosen(),
            reason=data["reason"],
            now=timezone.now(),
        ),
        "Answer sent.",
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
        lambda game, _: shovels.shovel_result_send(
            game_id=game.pk, shovel_use_id=use_id, by=request.user, now=timezone.now()
        ),
        "Shovel result sent.",
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
        SiteVisitForm(request.POST),
        lambda game, data: tazings.tazing_record(
            game_id=game.pk, target_id=data["victim"], by=request.user, now=timezone.now()
        ),
        "Tazing recorded.",
        to="mod_queue",
    )
