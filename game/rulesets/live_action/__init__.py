"""The live-action rule set (seed 001, RULINGS R1-R51).

Its roles, the mafia's powers, its items and its offices are one module each, listed one line
each in `roles`, `powers`, `items` and `offices`. This module assembles them with the orders the
rules fix: the day end (R4), the end-of-day deaths as announced (R15) and the falsification chain
of investigations (R19). The shared rules (votes, win, kills, investigations, end of day, day
clock) are the package's other modules.
"""

from game.rulesets.base import EXECUTED, KILLED, REMOVED, Phase, codes_enum
from game.rulesets.groups import MAFIA_DEN
from game.rulesets.live_action import assignment, evictions, setup_counts, win
from game.rulesets.live_action.day import LIVE_ACTION_DAY
from game.rulesets.live_action.facts import Alignment
from game.rulesets.live_action.items import ITEMS
from game.rulesets.live_action.offices import OFFICES
from game.rulesets.live_action.pages import PAGES
from game.rulesets.live_action.powers import POWERS, hitman, poison
from game.rulesets.live_action.roles import (
    ROLES,
    Role,
    desperado,
    gay_knight,
    serial_killer,
)
from game.rulesets.ruleset import Ruleset

# R4: execution first, then the other end-of-day deaths, then the items of the dead, then the
# win check; then what the start of the next day brings (R25 desperados, R35 the poisoned told).
DAY_END = (
    "execution",
    "end_of_day_deaths",
    "items_of_the_dead",
    "win_check",
    "desperados_go",
    "poisoned_told",
)

# How players die; the end-of-day deaths in R15's order, the first of which is recorded when
# one player is due to die of several at once.
DEATH_CAUSES = (
    KILLED,
    hitman.DEATH,
    EXECUTED,
    poison.DEATH,
    gay_knight.PARTNER_DEATH,
    desperado.DEATH,
    serial_killer.BLOODLUST,
    evictions.EVICTION,
    REMOVED,
)

LIVE_ACTION = Ruleset(
    code="live_action",
    name="Live action",
    roles=ROLES,
    filler_role=Role.TOWNIE,
    alignments=(
        (Alignment.TOWN, "Town"),
        (Alignment.MAFIA, "Mafia"),
        (Alignment.SERIAL_KILLER, "Serial killer (you want the mafia to win)"),
    ),
    winner=win.winner,
    phases=(Phase("day", "Day", end_steps=DAY_END),),
    powers=POWERS,
    items=ITEMS,
    offices=OFFICES,
    death_causes=DEATH_CAUSES,
    deal=assignment.deal,
    counts_for=setup_counts.counts_for,
    death_hooks=(
        "pending_events_cancel",
        "partner_death_schedule",
        "petitions_after_death",
        "offers_after_death",
        "win_check",
    ),
    item_counts_for=setup_counts.item_counts_for,
    day=LIVE_ACTION_DAY,
    private_groups=(MAFIA_DEN,),
    pages=PAGES,
)

# R19: from the truth, the Don, the priest, Manipulate the Press, then Frame, in this order
# (each spec's `falsify_step`).
FALSIFICATION_CHAIN = LIVE_ACTION.falsification_chain
KillMethod = codes_enum("KillMethod", LIVE_ACTION.kill_methods)
Capacity = codes_enum("Capacity", LIVE_ACTION.capacities)
DeathCause = codes_enum("DeathCause", DEATH_CAUSES)
