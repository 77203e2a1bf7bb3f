"""Mafioso: picks a victim each night with the other mafiosi (C2); the mafia know each other
(C7)."""

from game.rulesets.base import MAFIA, NightActionSpec, RoleSpec

KILL = NightActionSpec(code="kill", prompt="It is night. Vote for a victim.")

ROLE = RoleSpec(
    code="mafioso",
    name="Mafioso",
    alignment=MAFIA,
    summary="Each night, pick a victim with the other mafiosi; the player picked most dies at "
    "dawn unless the doctor saves them (C2, C3).",
    card=("You know the other mafiosi and share the Mafia Den with them (C7).",),
    night_action=KILL,
    reveal="a mafioso",
)
