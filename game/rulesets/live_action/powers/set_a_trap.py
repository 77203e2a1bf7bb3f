"""Set a Trap (R36, 3 charges): once a day, a guess of a player's role; a right guess stores the
charge on the player, and a mafia kill of that player then does not use the free kill."""

from game.rulesets.base import PowerSpec

POWER = PowerSpec(
    code="set_trap",
    name="Set a Trap",
    summary="Once a day guess a player's role: a right guess stores the charge on them and a mafia "
    "kill of that player does not use the free kill; a wrong one spends it (R36).",
    charges=3,
    per_day=1,
    not_yet="Traps are not in the app yet: the moderators record them (R36).",
)
