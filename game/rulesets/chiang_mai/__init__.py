"""Chiang Mai Mafia (seed 004, RULINGS M1-M12): two cards a player, run by a host at a real table.

`cards` says what each card makes its holder and declares the hands (M2, M3, M5); `roles`
holds each role with its night action and effect (M4, M6), which the night engine
(`game.rulesets.nights`) runs in the seed's order; `deck` builds and deals the deck (M1);
`table` holds the hands, the sides and the win (M3, M5, M9); `night` reads a night for the
engine and its outcome back (M4, M11); `dawn` removes the cards and lets the Hunters shoot (M5,
M6, M11); `day` holds the farewells, the timers, the vote and the runoff (M7, M8); `script` is
the host's night script (M10); `phases` the deal, nights and days the phase engine runs, each
ended by the host's step (M10, M12)."""

from collections.abc import Iterable

from game.rulesets.base import EXECUTED, KILLED, REMOVED, PlayerStatus
from game.rulesets.chiang_mai.cards import HANDS, KILLERS, VILLAGE, VILLAGER
from game.rulesets.chiang_mai.dawn import SHOT_DEAD
from game.rulesets.chiang_mai.day import CHIANG_MAI_DAY
from game.rulesets.chiang_mai.deck import MIN_PLAYERS
from game.rulesets.chiang_mai.pages import PAGES
from game.rulesets.chiang_mai.phases import PHASES, phase_after_chiang_mai
from game.rulesets.chiang_mai.roles import ROLES
from game.rulesets.chiang_mai.roles.doctor import DOSES
from game.rulesets.hands import StateField
from game.rulesets.ruleset import Ruleset


def no_winner_without_cards(statuses: Iterable[PlayerStatus]) -> str | None:
    """M9 reads the cards in the hands, which a status does not hold: the game's story decides
    the win after every card lost, so this check never ends a Chiang Mai game."""
    return None


CHIANG_MAI = Ruleset(
    code="chiang_mai",
    name="Chiang Mai",
    roles=ROLES,
    filler_role=VILLAGER,
    alignments=((VILLAGE, "Village"), (KILLERS, "Killers")),
    winner=no_winner_without_cards,
    phases=PHASES,
    next_phase=phase_after_chiang_mai,
    first_day=0,
    min_players=MIN_PLAYERS,
    death_causes=(KILLED, EXECUTED, SHOT_DEAD, REMOVED),
    host_run=True,
    hands=HANDS,
    day=CHIANG_MAI_DAY,
    player_state=(
        StateField("dealt", list, []),
        StateField("cards", list, []),
        StateField("killer", bool, False),
        StateField(DOSES, int, 0, minimum=0),
    ),
    win_texts=(
        (VILLAGE, "The village wins: no Killer is left in the game (M9)."),
        (KILLERS, "The Killers win: no Jack is left in any hand (M9)."),
    ),
    pages=PAGES,
)
