"""Hunter (the Joker, M2): no night action; whoever loses a Joker, by any death, shoots one
player at once, even when eliminated (M6; the shot itself is in `dawn`)."""

from collections.abc import Iterable

from game.rulesets.base import RoleSpec
from game.rulesets.chiang_mai.cards import HUNTER, JOKER, VILLAGE
from game.rulesets.chiang_mai.table import CardLost


def hunters_of(lost: Iterable[CardLost]) -> list[int]:
    """M6: whoever loses a Joker, by any death, shoots (even when now eliminated)."""
    return [card.player for card in lost if card.card == JOKER]


ROLE = RoleSpec(
    code=HUNTER,
    name="Hunter",
    alignment=VILLAGE,
    summary="The Joker: when it is removed, take one player with you (M6).",
)
