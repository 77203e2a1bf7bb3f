"""What the links of a game's menu, bottom bar and dashboard need (`Ruleset.pages`): each link
names one of the permissions below, or another of this package, asked through the `may`
filter. Which pages a game serves at all is the gate's (`viewers.require_page_served`)."""

from __future__ import annotations

from game.models import GameStatus
from game.permissions.viewers import Viewer, can_moderate
from game.rulesets.phases import NIGHT


def can_hold_role_card(viewer: Viewer) -> bool:
    """A player's own card is theirs from the sign-up on (R50); the deal fills it in."""
    return viewer.player is not None


def can_see_play(viewer: Viewer) -> bool:
    """The pages of the play (the votes, the deaths, an HP game's round): once the game has
    started, for whoever may view it."""
    return viewer.game.status != GameStatus.SIGNUP


def can_see_game_over(viewer: Viewer) -> bool:
    """The record of a finished game: every role, the votes, the kills and the log."""
    return viewer.game.status == GameStatus.FINISHED


def can_act_tonight(viewer: Viewer) -> bool:
    """A player's night, while the game runs and it is night (C2-C4)."""
    return (
        viewer.player is not None
        and viewer.game.status == GameStatus.RUNNING
        and viewer.game.current_phase == NIGHT
    )


def can_moderate_play(viewer: Viewer) -> bool:
    """The moderators' tools of a running game (the queue, the mafia's powers recorded by
    hand)."""
    return can_moderate(viewer) and viewer.game.status == GameStatus.RUNNING


def can_set_roles(viewer: Viewer) -> bool:
    """Roles set by hand before the start, where the rule set deals by the moderators' counts
    (a table's host deals the cards instead, M1)."""
    return (
        can_moderate(viewer)
        and viewer.game.status == GameStatus.SIGNUP
        and "mod_role_set" in viewer.game.rules.pages.served
    )


def can_hold_cards(viewer: Viewer) -> bool:
    """M12: a player's phone shows their cards once they are dealt."""
    return viewer.player is not None and viewer.game.status != GameStatus.SIGNUP
