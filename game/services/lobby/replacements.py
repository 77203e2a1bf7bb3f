"""Replacements and modkills (docs/forum-play.md). A substitute takes over a player's slot: the
same player row, so its role, votes, night actions, results, Den access and conversations go
with it, and the replaced user, who no longer has a player in the game, reads none of them; the
substitute is told of their role as at the deal.
A slot the moderators cannot fill ends in a modkill: a death "removed by the moderators", with
its reason in the moderators' log."""

import datetime as dt

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q

from game.errors import ForbiddenError, GameRuleError
from game.models import GameStatus, Player, User, Visibility
from game.permissions import has_watched
from game.rulesets.base import REMOVED
from game.services.ids import storable_ids
from game.services.killing.deaths import player_die
from game.services.live_channel import access_changed
from game.services.locking import lock_game
from game.services.log import log_append

SLOT_TAKEN = "slot_taken"


def _moderated_running_game(game_id: int, by: User):
    game = lock_game(game_id)
    if not game.moderators.filter(user=by).exists():
        raise ForbiddenError("Only the moderators replace or remove players.")
    if game.status != GameStatus.RUNNING:
        raise GameRuleError("The game is not running.")
    return game


def _living_player(game, player_id: int) -> Player:
    player = (
        Player.objects.filter(game=game, pk__in=storable_ids([player_id]))
        .select_related("user")
        .first()
    )
    if player is None:
        raise GameRuleError("That player is not in this game.")
    if not player.alive:
        raise GameRuleError(f"{player.name} is dead: there is no slot to fill.")
    return player


@transaction.atomic
def player_replace(
    *, game_id: int, by: User, player_id: int, substitute: str, now: dt.datetime
) -> Player:
    """The user named `substitute` (username or email) takes the slot of `player_id`. Refused
    for a moderator of the game or a user who already plays in it."""
    game = _moderated_running_game(game_id, by)
    player = _living_player(game, player_id)
    wanted = substitute.strip()
    user = (
        get_user_model()
        .objects.filter(Q(username__iexact=wanted) | Q(email__iexact=wanted))
        .first()
        if wanted
        else None
    )
    if user is None:
        raise GameRuleError("No user has that username or email.", field="substitute")
    if game.players.filter(user=user).exists() or game.moderators.filter(user=user).exists():
        raise GameRuleError(
            "That user already plays or moderates this game: choose someone else.",
            field="substitute",
        )
    if has_watched(game, user):
        raise GameRuleError(
            "That user watched this game as a spectator and may not join it while it runs: "
            "choose someone else.",
            field="substitute",
        )
    replaced = player.user
    player.user = user
    player.save(update_fields=["user"])
    # The replaced user's open pages stop hearing the slot's boards at once (R51).
    access_changed([replaced.pk])
    log_append(
        game=game,
        kind="player_replaced",
        text=f"{user.public_name} replaces {replaced.public_name} in the slot of {player.name}.",
        visibility=Visibility.PUBLIC,
        now=now,
        actor=by,
    )
    # The substitute is told of their role as a player is at the deal: the notice of the dealt
    # role (bell, e-mail, push) points at the role card and names no role.
    log_append(
        game=game,
        kind=SLOT_TAKEN,
        text=f"You take the slot of {player.name}: read your role card.",
        visibility=Visibility.PLAYERS,
        now=now,
        actor=by,
        recipients=[player],
    )
    return player


@transaction.atomic
def player_modkill(
    *, game_id: int, by: User, player_id: int, reason: str, now: dt.datetime
) -> Player:
    """A slot that cannot be filled: the player is removed by the moderators, their role
    revealed as at any death; the reason is logged for the moderators."""
    game = _moderated_running_game(game_id, by)
    player = _living_player(game, player_id)
    reason = reason.strip()
    if not reason:
        raise GameRuleError("Give the reason for the modkill.", field="reason")
    reveal = game.rules.role(player.role).reveal if player.role else "unknown"
    log_append(
        game=game,
        kind="modkill",
        text=f"{player.name} was removed from the game by the moderators. They were {reveal}.",
        visibility=Visibility.PUBLIC,
        now=now,
        actor=by,
        reason=reason,
    )
    player_die(game=game, player=player, at=now, cause=REMOVED.code)
    return player
