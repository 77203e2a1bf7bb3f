"""Chiang Mai Mafia (seed 004, RULINGS M1-M12): two cards a player, run by a host at a real table.

`cards` says what each card makes its holder (M2); `deck` builds and deals the deck (M1);
`table` holds the hands, the sides and the win (M3, M5, M9); `night` resolves a night in the
seed's order (M4); `dawn` removes the cards and lets the Hunters shoot (M5, M6, M11); `day` holds
the farewells, the timers, the vote and the runoff (M7, M8); `script` is the host's night
script (M10)."""

from collections.abc import Iterable

from game.rulesets.base import Phase, PlayerStatus, RoleSpec, Ruleset
from game.rulesets.chiang_mai.cards import (
    ASSASSIN,
    DOCTOR,
    HUNTER,
    KILLER,
    POLICEMAN,
    ROLE_NAMES,
    VILLAGER,
)
from game.rulesets.chiang_mai.deck import MIN_PLAYERS
from game.rulesets.chiang_mai.table import KILLERS, VILLAGE

SUMMARIES = {
    KILLER: "A King: poison one player each night with the other active Killers (M4). Dealt a "
    "King, you stay a Killer to the end (M3).",
    POLICEMAN: "A Jack: point at one player each night; thumbs up if their top card is a King "
    "(M4).",
    DOCTOR: "The red Queen: vaccinate one player each night; a poisoned player is cured, anyone "
    "else gets a dose, and two doses kill (M4).",
    ASSASSIN: "The red Ace: kill one player each night, with no cure; you may refrain on night 1 "
    "only (M4).",
    HUNTER: "The Joker: when it is removed, take one player with you (M6).",
    VILLAGER: "A number card: find the Killers by day (M7).",
}


def no_winner_without_cards(statuses: Iterable[PlayerStatus]) -> str | None:
    """M9 reads the cards in the hands, which a status does not hold: the game's story decides
    the win after every card lost, so this check never ends a Chiang Mai game."""
    return None


CHIANG_MAI = Ruleset(
    code="chiang_mai",
    name="Chiang Mai",
    roles=tuple(
        RoleSpec(code, ROLE_NAMES[code], KILLERS if code == KILLER else VILLAGE, summary)
        for code, summary in SUMMARIES.items()
    ),
    filler_role=VILLAGER,
    alignments=((VILLAGE, "Village"), (KILLERS, "Killers")),
    winner=no_winner_without_cards,
    phases=(Phase("night", "Night"), Phase("day", "Day")),
    min_players=MIN_PLAYERS,
    host_run=True,
    win_texts=(
        (VILLAGE, "The village wins: no Killer is left in the game (M9)."),
        (KILLERS, "The Killers win: no Jack is left in any hand (M9)."),
    ),
)
