"""The permissions templates and the rule sets' declared pages name (`{% if viewer|may:"act" %}`,
`Link(..., may="act")`), each one function of this package."""

from __future__ import annotations

from collections.abc import Callable

from game.permissions.actions import (
    can_act_in_game,
    can_go_desperado,
    can_petition,
    can_read_desperado_card,
    can_reveal_innocence,
    can_see_petitions,
    can_stalk,
    can_use_items,
)
from game.permissions.hp_and_chiang_mai import can_host_chiang_mai
from game.permissions.pages import (
    can_act_tonight,
    can_hold_cards,
    can_hold_role_card,
    can_moderate_play,
    can_see_game_over,
    can_see_play,
    can_set_roles,
)
from game.permissions.review import can_see_review
from game.permissions.secrets import sees_mafia
from game.permissions.signups import can_see_photos, can_sign_up, can_withdraw_signup
from game.permissions.spectators import can_stop_watching, can_watch
from game.permissions.viewers import Viewer, can_moderate, can_view_game
from game.permissions.votes import (
    can_see_ballots,
    can_see_live_tally,
    can_see_vote_notes,
    can_vote,
)

PERMISSIONS: dict[str, Callable[[Viewer], bool]] = {
    "view_game": can_view_game,
    "moderate": can_moderate,
    "see_photos": can_see_photos,
    "sign_up": can_sign_up,
    "withdraw_signup": can_withdraw_signup,
    "see_mafia": sees_mafia,
    "vote": can_vote,
    "see_ballots": can_see_ballots,
    "see_vote_notes": can_see_vote_notes,
    "see_live_tally": can_see_live_tally,
    "act": can_act_in_game,
    "use_items": can_use_items,
    "go_desperado": can_go_desperado,
    "read_desperado_card": can_read_desperado_card,
    "see_petitions": can_see_petitions,
    "petition": can_petition,
    "stalk": can_stalk,
    "reveal_innocence": can_reveal_innocence,
    "hold_role_card": can_hold_role_card,
    "see_play": can_see_play,
    "see_game_over": can_see_game_over,
    "see_review": can_see_review,
    "act_tonight": can_act_tonight,
    "moderate_play": can_moderate_play,
    "hold_cards": can_hold_cards,
    "set_roles": can_set_roles,
    "host_chiang_mai": can_host_chiang_mai,
    "watch": can_watch,
    "stop_watching": can_stop_watching,
}


def may(viewer: Viewer, permission: str) -> bool:
    """Whether the viewer has the permission named `permission` (KeyError for an unknown
    name, so a misspelt declaration fails at once)."""
    return PERMISSIONS[permission](viewer)
