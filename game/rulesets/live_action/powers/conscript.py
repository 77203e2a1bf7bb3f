"""Conscript (R39, 1 use): the player becomes mafia-aligned, keeps their role and powers, gains
the Mafia Den and the mafia powers; shovels show the conscription."""

from game.rulesets.base import PowerSpec

POWER = PowerSpec(
    code="conscript",
    name="Conscript",
    summary="Once per game a player becomes mafia-aligned and keeps their role (R39).",
    charges=1,
    not_yet="Conscripting is not in the app yet: the moderators record it (R39).",
)
