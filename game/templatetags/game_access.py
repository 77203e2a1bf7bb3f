"""Permission checks for templates: templates ask `game.permissions`, never decide themselves."""

from django import template

from game import permissions

register = template.Library()

CHECKS = {
    "view_game": permissions.can_view_game,
    "moderate": permissions.can_moderate,
    "see_photos": permissions.can_see_photos,
    "sign_up": permissions.can_sign_up,
    "withdraw_signup": permissions.can_withdraw_signup,
    "see_mafia": permissions.sees_mafia,
    "vote": permissions.can_vote,
    "see_ballots": permissions.can_see_ballots,
    "see_vote_notes": permissions.can_see_vote_notes,
    "see_live_tally": permissions.can_see_live_tally,
    "act": permissions.can_act_in_game,
    "use_items": permissions.can_use_items,
    "go_desperado": permissions.can_go_desperado,
    "see_petitions": permissions.can_see_petitions,
    "petition": permissions.can_petition,
    "stalk": permissions.can_stalk,
    "reveal_innocence": permissions.can_reveal_innocence,
}


@register.filter
def may(viewer: permissions.Viewer, action: str) -> bool:
    """`{% if viewer|may:"moderate" %}`"""
    return CHECKS[action](viewer)


@register.filter
def sees_role_of(viewer: permissions.Viewer, player) -> bool:
    return permissions.can_see_role_of(viewer, player)


@register.filter
def lookup(mapping: dict, key):
    return mapping.get(key)
