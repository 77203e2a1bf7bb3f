"""The moderators' dashboard, and its day-end, clock and missed-day-end actions. The dashboard's
other actions live in `moderator_setup`, re-exported here with the form helper other moderator
pages use."""

import datetime as dt

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from game.forms.days import DayEndNowForm, DayEndTimeForm, DayExtendForm
from game.forms.games import GameSettingsForm, ModeratorAddForm, SetupForm
from game.forms.nights import NO_ONE_CHOICE
from game.permissions import moderated_game_for
from game.rulesets.setup_check import setup_check
from game.selectors import dashboard as dashboard_selectors
from game.selectors import mafia as mafia_selectors
from game.selectors.day_end_now import day_end_to_undo, day_end_warning
from game.selectors.health import system_health
from game.selectors.phases import phase_state
from game.services import hold_effects
from game.services.days import day_cycle, missed_day_ends
from game.services.lobby import setup
from game.views.moderator_actions import _post_action, moderator_form_action
from game.views.moderator_setup import (
    counts_update,
    game_start,
    item_give,
    items_deal,
    moderator_add,
    role_set,
    roles_assign,
    settings_update,
    signup_remove,
    signups_close,
)

# The views the URLs name, and the form helper the other moderator pages use.
__all__ = [
    "clock_toggle",
    "counts_update",
    "dashboard",
    "day_end_now",
    "day_end_time_change",
    "game_start",
    "item_give",
    "items_deal",
    "missed_day_ends_run",
    "missed_day_ends_skip",
    "moderator_add",
    "moderator_form_action",
    "role_set",
    "roles_assign",
    "settings_update",
    "signup_remove",
    "signups_close",
]


@login_required
def dashboard(request: HttpRequest, game_id: int) -> HttpResponse:
    game, viewer = moderated_game_for(request.user, game_id)
    return render(
        request,
        "game/mod/dashboard.html",
        {
            "game": game,
            "viewer": viewer,
            "board": dashboard_selectors.dashboard(
                viewer,
                player_search=request.GET.get("players_q", "").strip()[:100],
                players_page=request.GET.get("players_page", 1),
            ),
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
            "mafia_powers": mafia_selectors.mafia_powers_left(viewer)
            if game.status != "signup"
            else [],
            "setup_check": setup_check(game.rules, game.role_setup, game.players.count())
            if game.status == "signup"
            else None,
            "share_url": request.build_absolute_uri(reverse("game_detail", args=[game.pk])),
            **_phase_context(request, viewer),
            "start_problems": setup.start_problems(game, list(game.players.all()))
            if game.status == "signup"
            else [],
        },
    )


def _phase_context(request: HttpRequest, viewer) -> dict:
    """A night-and-day game's phase, its night actions and dawn, and the override's form: the
    players picked so far (sent back by its search or a refused override) and those found."""
    game = viewer.game
    if "phase" not in game.rules.pages.dashboard:
        return {}
    phase = phase_state(viewer)
    if phase is None or not phase.dawn:
        return {"phase": phase}
    refusal = getattr(request, "refusal", None)
    if refusal and refusal.action == reverse("mod_night_override", args=[game.pk]):
        picked, typed = refusal.values.get("victim", []), "".join(refusal.values.get("q", []))
    else:
        picked, typed = request.GET.getlist("victim"), request.GET.get("dawn_q", "")[:100]
    return {
        "phase": phase,
        "dawn_override": {
            "night": phase.number,
            "nobody": NO_ONE_CHOICE in picked,
            "picks": dashboard_selectors.player_picks(viewer, picked, typed, alive_only=True),
        },
    }


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
