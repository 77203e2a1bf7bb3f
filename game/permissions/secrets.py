"""What of a game is secret, and from whom (R50): roles and hands, the mafia, investigation
results, kill methods and the log."""

from __future__ import annotations

from django.db.models import Q

from game.errors import ForbiddenError
from game.models import Game, GameStatus, Player, Visibility
from game.permissions.viewers import Viewer, can_moderate, require


def can_see_role_of(viewer: Viewer, player: Player) -> bool:
    """Only moderators see others' roles while the game runs; everyone after it ends (R50), and
    at once the role of a dead player where the rule set reveals it at death (C6)."""
    if viewer.is_moderator or viewer.game.status == GameStatus.FINISHED:
        return True
    if not player.alive and viewer.game.rules.deaths_reveal_roles:
        return True
    return viewer.player is not None and viewer.player.pk == player.pk


def role_revealed_by_death(game: Game, player: Player) -> bool:
    """A dead player's role is public where the rule set's deaths reveal it (C6: "They were the
    cop")."""
    rules = game.rules
    return not player.alive and rules.has_role(player.role) and bool(rules.role(player.role).reveal)


def sees_mafia(viewer: Viewer) -> bool:
    """Mafia-aligned players see the mafia and their powers (R50); decided now, so a conscript
    sees what the mafia see from their next request on."""
    return (
        viewer.player is not None
        and viewer.player.alive
        and viewer.player.mafia_aligned
        and viewer.game.status == GameStatus.RUNNING
    )


NOT_ALLOWED = "You may not do this."


def require_mafia(viewer: Viewer, *, or_moderator: bool = False) -> None:
    """The mafia's operations are for the game's living mafia-aligned players (R50), and for its
    moderators where a power has a moderator override. Any other player of the game gets a 403
    whose message names nothing of the mafia, so the answer tells them no more than the public
    schema does; anyone else gets the 404 of what they may not know exists."""
    if sees_mafia(viewer) or (or_moderator and can_moderate(viewer)):
        return
    if viewer.player is not None:
        raise ForbiddenError(NOT_ALLOWED)
    require(False)


def can_read_results_of(viewer: Viewer, player: Player) -> bool:
    """Investigation and shovel results: their owner and the moderators only (R50)."""
    if viewer.is_moderator:
        return True
    return viewer.player is not None and viewer.player.pk == player.pk


def can_see_kill_method(viewer: Viewer, kill, *, named_it: bool) -> bool:
    """How a kill was made names the killer's role (a free kill is the mafia's, a vigilante's
    shot the vigilante's): the moderators, the killer and a victim who named that method in their
    own report see it; the other party, alive until the kill is confirmed (R11), does not (R50).
    Everyone sees it once the game is over."""
    if viewer.is_moderator or viewer.game.status == GameStatus.FINISHED:
        return True
    if viewer.player is None:
        return False
    return kill.killer_id == viewer.player.pk or named_it


def log_visibility_filter(viewer: Viewer) -> Q:
    """The log entries a viewer may read, as one filter (R50)."""
    if viewer.is_moderator:
        return Q()
    if viewer.game.status == GameStatus.FINISHED and viewer.is_authenticated:
        return Q()
    if viewer.is_spectator:
        return Q(visibility=Visibility.PUBLIC)
    if viewer.player is None:
        return Q(pk__in=[])
    visible = Q(visibility=Visibility.PUBLIC) | Q(
        visibility=Visibility.PLAYERS, recipients=viewer.player
    )
    if sees_mafia(viewer):
        visible |= Q(visibility=Visibility.MAFIA)
    return visible


def can_see_hand(viewer: Viewer, player: Player) -> bool:
    """A hand of role cards is secret as a role is (R50): its holder sees it, the moderators
    every hand, and everyone once the game is over."""
    if viewer.is_moderator or viewer.game.status == GameStatus.FINISHED:
        return True
    return viewer.player is not None and viewer.player.pk == player.pk
