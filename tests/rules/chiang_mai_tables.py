"""Tables of hands for the Chiang Mai rule tests: a player is a seat number, a hand its cards
top first (seed 004)."""

from game.rulesets.chiang_mai.table import Hand

BK, RK, BJ, RJ = "black_king", "red_king", "black_jack", "red_jack"
RQ, RA, JO, N = "red_queen", "red_ace", "joker", "number"


def table_of(*hands: tuple[str, ...], doses: dict[int, int] | None = None) -> dict[int, Hand]:
    """Seats 1, 2, … holding `hands` (top first); a King dealt makes a Killer (M3)."""
    table = {seat: Hand.dealt(cards) for seat, cards in enumerate(hands, start=1)}
    for seat, count in (doses or {}).items():
        table[seat] = Hand(table[seat].cards, table[seat].killer, count)
    return table
