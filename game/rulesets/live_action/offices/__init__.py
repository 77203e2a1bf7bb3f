"""The elected offices (R46-R48), one module each."""

from game.rulesets.live_action.offices import mayor, police_officer

OFFICES = (
    mayor.OFFICE,
    police_officer.OFFICE,
)
