"""The classic rule set (seed 002, RULINGS C1-C8): mafiosi, cops, doctors and villagers in
days and nights (day 0, night 0, day 1, …), on the phase engine of `game.rulesets.phases`.

Its roles are one module each, listed in `roles`, each with its own night effect (resolved by
`game.rulesets.nights`); the day vote and the announcements are `day`, the win `win`, the deal
`setup`."""

from game.rulesets.base import EXECUTED, KILLED, MAFIA, REMOVED, Phase
from game.rulesets.classic import setup, win
from game.rulesets.classic.day import CLASSIC_DAY
from game.rulesets.classic.pages import PAGES
from game.rulesets.classic.roles import ROLES, Role
from game.rulesets.classic.roles.cop import VILLAGE
from game.rulesets.groups import MAFIA_DEN
from game.rulesets.phases import DAY, NIGHT
from game.rulesets.ruleset import Ruleset

CLASSIC = Ruleset(
    code="classic",
    name="Classic",
    roles=ROLES,
    filler_role=Role.VILLAGER,
    alignments=((VILLAGE, "Village"), (MAFIA, "Mafia")),
    winner=win.winner,
    phases=(
        Phase(DAY, "Day", end_steps=("day_vote",)),
        Phase(NIGHT, "Night", end_steps=("dawn",)),
    ),
    death_causes=(KILLED, EXECUTED, REMOVED),
    deal=setup.deal,
    night_and_day=True,
    first_day=0,
    counts_for=setup.counts_for,
    min_players=setup.MIN_PLAYERS,
    deaths_reveal_roles=True,
    day=CLASSIC_DAY,
    private_groups=(MAFIA_DEN,),
    win_texts=(
        (VILLAGE, "The village wins: no mafioso is left (C6)."),
        (MAFIA, "The mafia win: the village no longer outnumbers them (C6)."),
    ),
    pages=PAGES,
)
