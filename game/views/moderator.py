import datetime as dt

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from game import selectors
from game.forms.games import (
    DayEndNowForm,
    DayEndTimeForm,
    DayExtendForm,
    GameSettingsForm,
    ModeratorAddForm,
    NightOverrideForm,
    RoleSetForm,
    SetupForm,
)
from game.permissions import moderated_game_for
from game.rulesets.base import setup_check
from game.selectors import kills as kill_selectors
from game.selectors.day_end_now import day_end_to_undo, day_end_warning
from game.selectors.health import system_health
from game.selectors.phases import Choice, phase_state
from game.services import hold_effects
from game.services.days import day_cycle, missed_day_ends
from game.services.lobby import games, setup, signups
from game.views.actions import run_and_redirect
from game.views.posting import moderator_post
from game.views.refusals import refusal_of, refused_page


@login_required
def dashboard(request: HttpRequest, game_id: int) -> HttpResponse:
    game, viewer = moderated_game_for(request.user, game_id)
    return render(
        request,
        "game/mod/dashboard.html",
        {
            "game": game,
            "viewer": viewer,
            "board": selectors.dashboard(viewer),
            "health": system_health(now=timezone.now()),
            "missed_day_ends": missed_day_ends.missed_day_ends_waiting(
                game, game.days.filter(number=game.current_day).first()
            ),
            "counts_form": SetupForm(rules=game.rules, setup=game.role_setup),
            "counts_follow_signups": game.rules.counts_for is not None,
            "settings_form": GameSettingsForm(instance=game),
            "day_end_form": DayEndTimeForm(initial={"day_end_time": game.day_end_time}),
            "extend_form": DayExtendForm(),
            "day_end_warning": day_end_warning(viewer),
            "undoable_day": day_end_to_undo(game),
            "moderator_form": ModeratorAddForm(),
            "role_choices": [(role.code, role.name) for role in game.rules.roles],
            "mafia_powers": kill_selectors.mafia_state(viewer).powers
            if game.status != "signup"
            else [],
            "setup_check": setup_check(game.rules, game.role_setup, game.players.count())
            if game.status == "signup"
            else None,
            "share_url": request.build_absolute_uri(reverse("game_detail", args=[game.pk])),
            **_phase_context(viewer),
            "start_problems": setup.start_problems(game, list(game.players.all()))
            if game.status == "signup"
            else [],
        },
    )


def _phase_context(viewer) -> dict:
    """A night-and-day game's phase, its night actions and dawn, and the override's form."""
    game = viewer.game
    if not game.rules.night_and_day:
        return {}
    phase = phase_state(viewer)
    choices = [Choice(p.pk, p.name) for p in game.players.filter(alive=True)]
    night = phase.number if phase else 0
    return {
        "phase": phase,
        "override_form": NightOverrideForm(choices=choices, initial={"night": night}),
    }


def _post_action(request: HttpRequest, game_id: int, action, success: str) -> HttpResponse:
    moderated_game_for(request.user, game_id)
    return run_and_redirect(request, action, success=success, to="mod_dashboard", game_id=game_id)


def moderator_form_action(
    request: HttpRequest, game_id: int, form_class, action, success: str, **form_kwargs
) -> HttpResponse:
    return moderator_post(
        request, game_id, form_class(request.POST, **form_kwargs), action, success
    )


@login_required
@require_POST
def settings_update(request: HttpRequest, game_id: int) -> HttpResponse:
    game, _ = moderated_game_for(request.user, game_id)
    return moderator_form_action(
        request,
        game_id,
        GameSettingsForm,
        lambda g, data: games.game_settings_update(
            game_id=g.pk, by=request.user, now=timezone.now(), **data
        ),
        "Settings saved.",
        instance=game.__class__.objects.get(pk=game.pk),
    )


@login_required
@require_POST
def counts_update(request: HttpRequest, game_id: int) -> HttpResponse:
    game, _ = moderated_game_for(request.user, game_id)
    form = SetupForm(request.POST, rules=game.rules, setup=game.role_setup)
    return moderator_post(
        request,
        game_id,
        form,
        lambda g, data: games.game_settings_update(
            game_id=g.pk, by=request.user, now=timezone.now(), setup=form.setup_changes()
        ),
        "Role and item counts saved.",
    )


@login_required
@require_POST
def moderator_add(request: HttpRequest, game_id: int) -> HttpResponse:
    return moderator_form_action(
        request,
        game_id,
        ModeratorAddForm,
        lambda g, data: games.moderator_add(
            game_id=g.pk, by=request.user, now=timezone.now(), **data
        ),
        "Moderator added.",
    )


@login_required
@require_POST
def signups_close(request: HttpRequest, game_id: int) -> HttpResponse:
    is_open = request.POST.get("open") == "1"
    return _post_action(
        request,
        game_id,
        lambda: signups.signups_set_open(
            game_id=game_id, by=request.user, open=is_open, now=timezone.now()
        ),
        "Sign-ups are open." if is_open else "Sign-ups are closed.",
    )


@login_required
@require_POST
def signup_remove(request: HttpRequest, game_id: int, player_id: int) -> HttpResponse:
    reason = request.POST.get("reason", "")
    return _post_action(
        request,
        game_id,
        lambda: signups.signup_remove(
            game_id=game_id,
            player_id=player_id,
            by=request.user,
            now=timezone.now(),
            reason=reason,
        ),
        "Sign-up removed.",
    )


@login_required
@require_POST
def roles_assign(request: HttpRequest, game_id: int) -> HttpResponse:
    return _post_action(
        request,
        game_id,
        lambda: setup.roles_assign(game_id=game_id, by=request.user, now=timezone.now()),
        "Roles dealt at random. Check them below before you start.",
    )


@login_required
@require_POST
def role_set(request: HttpRequest, game_id: int) -> HttpResponse:
    return moderator_form_action(
        request,
        game_id,
        RoleSetForm,
        lambda g, data: setup.role_set(
            game_id=g.pk,
            player_id=data["player"],
            role=data["role"],
            partner_id=data["partner"],
            by=request.user,
            now=timezone.now(),
        ),
        "Role changed.",
    )


@login_required
@require_POST
def items_deal(request: HttpRequest, game_id: int) -> HttpResponse:
    return _post_action(
        request,
        game_id,
        lambda: setup.items_deal(game_id=game_id, by=request.user, now=timezone.now()),
        "Items dealt at random.",
    )


@login_required
@require_POST
def item_give(request: HttpRequest, game_id: int, item_id: int) -> HttpResponse:
    moderated_game_for(request.user, game_id)
    raw_holder = request.POST.get("holder", "")
    if raw_holder and not raw_holder.isdigit():
        refusal = refusal_of(request, message="Choose a player from the list.")
        return refused_page(request, refusal, reverse("mod_dashboard", args=[game_id]))
    return _post_action(
        request,
        game_id,
        lambda: setup.item_holder_set(
            game_id=game_id,
            item_id=item_id,
            holder_id=int(raw_holder) if raw_holder else None,
            by=request.user,
            now=timezone.now(),
            reason=request.POST.get("reason", ""),
        ),
        "Item moved.",
    )


@login_required
@require_POST
def game_start(request: HttpRequest, game_id: int) -> HttpResponse:
    return _post_action(
        request,
        game_id,
        lambda: setup.game_start(game_id=game_id, by=request.user, now=timezone.now()),
        "The game has started: day 1 has begun.",
    )


@login_required
@require_POST
def day_end_now(request: HttpRequest, game_id: int) -> HttpResponse:
    return moderator_form_action(
        request,
        game_id,
        DayEndNowForm,
        lambda g, data: hold_effects.day_end_now(
            game_id=g.pk, day=data["day"], by=request.user, reason=data["reason"]
        ),
        "The day has ended.",
    )


@login_required
@require_POST
def day_end_time_change(request: HttpRequest, game_id: int) -> HttpResponse:
    def change(game, data) -> None:
        new_time: dt.time = data["day_end_time"]
        day_cycle.day_end_time_change(game_id=game.pk, by=request.user, new_time=new_time)

    return moderator_form_action(request, game_id, DayEndTimeForm, change, "Day-end time changed.")


@login_required
@require_POST
def clock_toggle(request: HttpRequest, game_id: int) -> HttpResponse:
    game, _ = moderated_game_for(request.user, game_id)
    if game.clock_paused:
        return _post_action(
            request,
            game_id,
            lambda: day_cycle.clock_resume(game_id=game_id, by=request.user),
            "The clock runs again.",
        )
    return _post_action(
        request,
        game_id,
        lambda: day_cycle.clock_pause(
            game_id=game_id,
            by=request.user,
            reason=request.POST.get("reason", ""),
        ),
        "The clock is paused.",
    )


@login_required
@require_POST
def missed_day_ends_run(request: HttpRequest, game_id: int) -> HttpResponse:
    return _post_action(
        request,
        game_id,
        lambda: missed_day_ends.missed_day_ends_run(game_id=game_id, by=request.user),
        "The missed day ends have run; the clock runs again.",
    )


@login_required
@require_POST
def missed_day_ends_skip(request: HttpRequest, game_id: int) -> HttpResponse:
    return _post_action(
        request,
        game_id,
        lambda: missed_day_ends.missed_day_ends_skip(game_id=game_id, by=request.user),
        "The game resumes from now.",
    )
