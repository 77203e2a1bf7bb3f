"""The mafia's shared powers (R33-R42), one module each."""

from game.rulesets.base import codes_enum
from game.rulesets.live_action.powers import (
    conscript,
    disarm,
    don,
    frame,
    free_kill,
    hitman,
    manipulate_press,
    plant_evidence,
    poison,
    scheme,
    set_a_trap,
    slaughter_the_weak,
    stalk,
)

POWERS = (
    free_kill.POWER,
    scheme.POWER,
    poison.POWER,
    set_a_trap.POWER,
    slaughter_the_weak.POWER,
    frame.POWER,
    plant_evidence.POWER,
    manipulate_press.POWER,
    hitman.POWER,
    conscript.POWER,
    disarm.POWER,
    stalk.POWER,
    don.POWER,
)
MafiaPower = codes_enum("MafiaPower", [power for power in POWERS if not power.via_kill_report])
