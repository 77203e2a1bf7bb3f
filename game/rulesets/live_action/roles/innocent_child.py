"""Innocent child (R27): may reveal themselves to a chosen player; the mafia's Slaughter the
Weak works on innocent children only (R36)."""

from game.rulesets.base import RoleSpec
from game.rulesets.live_action.facts import Alignment

ROLE = RoleSpec(
    code="innocent_child",
    name="Innocent Child",
    alignment=Alignment.TOWN,
    summary='You may say "I am an innocent child and I trust you" to a player in person; the app '
    "confirms it to them (R27).",
    default_count=1,
    not_yet="The reveal is not in the app yet: tell the moderators whom you revealed to, and "
    "they confirm it to that player (R27).",
)
