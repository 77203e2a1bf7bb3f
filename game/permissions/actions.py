"""What a player may do in a running game: kills and visits, items, the roles' own powers,
petitions (R25-R29, R44-R47) and the night (C2-C4)."""

from __future__ import annotations

from game.models import GameStatus
from game.permissions.secrets import sees_mafia
from game.permissions.viewers import Viewer
from game.rulesets.live_action.roles.desperado import ROLE as DESPERADO
from game.rulesets.live_action.roles.innocent_child import ROLE as INNOCENT_CHILD
from game.rulesets.live_action.roles.stalker import ROLE as STALKER


def can_act_in_game(viewer: Viewer) -> bool:
    """Kill reports, site visits, investigations, shovels: the players of a running game (the
    services then check life, role and limits)."""
    return viewer.player is not None and viewer.game.status == GameStatus.RUNNING


def can_read_desperado_card(viewer: Viewer) -> bool:
    """The desperado's part of their own card (R25): going desperado, the request, the day they
    die; theirs alive or dead."""
    return viewer.player is not None and viewer.player.role == DESPERADO.code


def can_use_items(viewer: Viewer) -> bool:
    """Writing on and using a taser (R44): living players of a running game (the services then
    check the item and its holder)."""
    return viewer.is_living_player and viewer.game.status == GameStatus.RUNNING


def can_go_desperado(viewer: Viewer) -> bool:
    """The desperado's own request and its cancelling (R25): the living desperado of a running
    game (the service then checks the day and once-per-game)."""
    return can_use_items(viewer) and viewer.player.role == DESPERADO.code


def can_see_petitions(viewer: Viewer) -> bool:
    """Petitions, their signers and counts are for the game's players, dead ones included, and
    moderators, once the game has started (R47; spectators see nothing of a running game, R51),
    in rule sets with elected offices."""
    if viewer.game.status == GameStatus.SIGNUP or not viewer.game.rules.offices:
        return False
    return viewer.is_moderator or viewer.player is not None


def can_petition(viewer: Viewer) -> bool:
    """Starting, signing and using petitions (R46, R47): living players of a running game."""
    return viewer.is_living_player and viewer.game.status == GameStatus.RUNNING


def can_stalk(viewer: Viewer) -> bool:
    """The stalker's daily target (R29): the living stalker of a running game."""
    return can_use_items(viewer) and viewer.player.role == STALKER.code


def can_reveal_innocence(viewer: Viewer) -> bool:
    """The innocent child's reveal (R27): the living innocent child of a running game."""
    return can_use_items(viewer) and viewer.player.role == INNOCENT_CHILD.code


def can_take_night_actions(viewer: Viewer) -> bool:
    """Night actions (C2-C4): the living players of a running night-and-day game (the services
    then check the role, the night and the choice)."""
    return viewer.is_living_player and viewer.game.status == GameStatus.RUNNING


def can_see_night_actions(viewer: Viewer) -> bool:
    """Every night action, and the resolution the app will apply at dawn: the moderators only,
    while the game runs (C2-C4, R50); everyone once it is over."""
    return viewer.is_moderator or viewer.game.status == GameStatus.FINISHED


def can_see_mafia_picks(viewer: Viewer) -> bool:
    """Tonight's picks of the mafia are the mafia's and the moderators' (C2, R50)."""
    return can_see_night_actions(viewer) or sees_mafia(viewer)
