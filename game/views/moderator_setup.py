"""The moderators' setup of a game from the dashboard: settings, counts, co-moderators, sign-ups,
roles, items and the start."""

from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from game.forms.games import GameSettingsForm, ModeratorAddForm, RoleSetForm, SetupForm
from game.forms.pickers import PlayerPickField
from game.permissions import moderated_game_for
from game.rulesets.phases import first_phase
from game.services.lobby import games, setup, signups
from game.views.moderator_actions import _post_action, moderator_form_action
from game.views.posting import moderator_post
from game.views.refusals import refusal_of, refused_page


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
    try:
        holder_id = PlayerPickField(required=False).clean(request.POST.get("holder", ""))
    except ValidationError as refused:
        refusal = refusal_of(request, message=refused.messages[0], field="holder")
        return refused_page(request, refusal, reverse("mod_dashboard", args=[game_id]))
    return _post_action(
        request,
        game_id,
        lambda: setup.item_holder_set(
            game_id=game_id,
            item_id=item_id,
            holder_id=holder_id,
            by=request.user,
            now=timezone.now(),
            reason=request.POST.get("reason", ""),
        ),
        "Item moved.",
    )


@login_required
@require_POST
def game_start(request: HttpRequest, game_id: int) -> HttpResponse:
    """The start names the phase the game begins with: day 1, or day 0 in a classic game (C1)."""
    game, _ = moderated_game_for(request.user, game_id)
    first = first_phase(game.rules).label(game.rules).lower()
    return _post_action(
        request,
        game_id,
        lambda: setup.game_start(game_id=game_id, by=request.user, now=timezone.now()),
        f"The game has started: {first} has begun.",
    )
