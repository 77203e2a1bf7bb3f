"""Lookout: the role added to show that a new role is one module and one registry line."""

from game.rulesets.base import RoleSpec

ROLE = RoleSpec(
    code="lookout",
    name="Lookout",
    alignment="village",
    summary="You watch one door each night and see who comes through it.",
    card=("Tell the moderators whose door you watch.",),
    default_count=1,
)
