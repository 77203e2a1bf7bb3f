"""The HP rule set (seed 000, RULINGS H1-H12): commoners, detectives, healers and mafias with
hit points, in rounds of a night (three group choices) and a day (one vote-out).

Its roles are one module each, listed in `roles`; the deal is `setup`, hit points `hp`, the
groups' choices `choices` and their private boards `groups`, a round `rounds`, its phases on
the phase engine `phases`, the vote `vote`,
the win `win`, the computer's choices `computer`, the seed's wording `texts`, and a whole game
played by the rules `play`."""

from game.rulesets.base import KILLED, MAFIA, REMOVED, DeathCauseSpec
from game.rulesets.hands import StateField
from game.rulesets.hp import setup, win
from game.rulesets.hp.groups import GROUPS
from game.rulesets.hp.hp import HP_KEY
from game.rulesets.hp.pages import PAGES
from game.rulesets.hp.phases import BEGINNING, PHASES, phase_after_hp
from game.rulesets.hp.roles import ROLES, Role
from game.rulesets.hp.roles.detective import VILLAGE
from game.rulesets.hp.vote import HP_DAY
from game.rulesets.ruleset import Ruleset

VOTED_OUT = DeathCauseSpec("voted_out", "Voted out")

HP = Ruleset(
    code="hp",
    name="HP Mafia",
    roles=ROLES,
    filler_role=Role.COMMONER,
    alignments=((VILLAGE, "Village"), (MAFIA, "Mafia")),
    winner=win.winner,
    phases=PHASES,
    next_phase=phase_after_hp,
    death_causes=(KILLED, VOTED_OUT, REMOVED),
    deal=setup.deal,
    night_and_day=True,
    begins=BEGINNING,
    first_day=1,
    counts_for=setup.counts_for,
    min_players=setup.MIN_PLAYERS,
    player_state=(StateField(HP_KEY, str, "0"),),
    private_groups=GROUPS,
    game_over=win.game_over,
    day=HP_DAY,
    win_texts=(
        (VILLAGE, "The Mafias have lost."),
        (
            MAFIA,
            "The Mafias have won. Since the ratio of alive mafias to others is 1:1, Mafias win.",
        ),
    ),
    pages=PAGES,
)
