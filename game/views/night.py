"""The night-and-day pages (C1-C4): the player's night card (the question, the current choice,
the countdown) and the moderators' end of a phase and override of the dawn (its players found by
name: without script, its "Find" button shows the dashboard again with what was picked and the
players found)."""

from urllib.parse import urlencode

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from game.forms.nights import NightActionForm, NightOverrideForm, PhaseEndForm
from game.permissions import game_for, moderated_game_for, require
from game.selectors.dashboard import PICKS_KEPT
from game.selectors.phases import Choice, phase_state
from game.services.nights import night_actions, phases
from game.views.posting import game_post, is_player, moderator_post, post_form


@login_required
def night(request: HttpRequest, game_id: int) -> HttpResponse:
    """The phase as the player sees it; at night, a form for each night action their active
    cards take (M12: two cards may act in one night), the first one's ids unsuffixed."""
    game, viewer = game_for(request.user, game_id)
    require(viewer.player is not None)
    state = phase_state(viewer)
    cards = []
    for index, card in enumerate(state.night_cards if state else []):
        initial = {"night": state.number, "action": card.action}
        if card.chosen:
            initial["target"] = str(card.target_id) if card.target_id else "none"
        suffix = f"-{card.action}" if index else ""
        auto_id = f"id_{card.action}_%s" if index else "id_%s"
        form = NightActionForm(choices=card.choices, initial=initial, auto_id=auto_id)
        cards.append({"card": card, "form": form, "suffix": suffix})
    return render(
        request,
        "game/night.html",
        {"game": game, "viewer": viewer, "state": state, "cards": cards},
    )


@game_post(is_player)
def night_action(request: HttpRequest, game, viewer) -> HttpResponse:
    choices = [Choice(p.pk, p.name) for p in game.players.filter(alive=True)]
    return post_form(
        request,
        game,
        NightActionForm(request.POST, choices=choices),
        lambda data: night_actions.night_action_submit(
            game_id=game.pk,
            player_id=viewer.player.pk,
            target_id=NightActionForm.target_of(data),
            night=data["night"],
            action=data["action"] or None,
            now=timezone.now(),
        ),
        success="Your choice for tonight is recorded. You may change it until the night ends.",
        to="night",
    )


@login_required
@require_POST
def phase_end(request: HttpRequest, game_id: int) -> HttpResponse:
    return moderator_post(
        request,
        game_id,
        PhaseEndForm(request.POST),
        lambda g, data: phases.phase_end_now(
            game_id=g.pk,
            by=request.user,
            now=timezone.now(),
            reason=data["reason"],
            code=data["code"],
            number=data["number"],
        ),
        "The phase has ended.",
    )


@login_required
@require_POST
def night_override(request: HttpRequest, game_id: int) -> HttpResponse:
    if "find" in request.POST:
        return _dawn_players_find(request, game_id)
    return moderator_post(
        request,
        game_id,
        NightOverrideForm(request.POST, auto_id="dawn-%s"),
        lambda g, data: night_actions.night_override_set(
            game_id=g.pk,
            victim_ids=NightOverrideForm.victims_of(data),
            reason=data["reason"],
            night=data["night"],
            by=request.user,
            now=timezone.now(),
        ),
        "The dawn is overridden.",
    )


def _dawn_players_find(request: HttpRequest, game_id: int) -> HttpResponse:
    """The override's search without script: nothing changes; the dashboard shows the players
    picked so far, still picked, and the living players whose name holds what was typed."""
    game, _ = moderated_game_for(request.user, game_id)
    picked = [v for v in request.POST.getlist("victim") if v.isdigit()][:PICKS_KEPT]
    query = urlencode(
        [("dawn_q", request.POST.get("q", "")[:100]), *(("victim", v) for v in picked)]
    )
    return redirect(f"{reverse('mod_dashboard', args=[game.pk])}?{query}#dawn-victim")
