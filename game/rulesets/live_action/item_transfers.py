"""Items changing hands (R45): a holder offers an item to a named player, and it moves only when
that player accepts; anyone may destroy an item they hold. Kills (R13) and redistribution after
an execution (R10) move items too, decided elsewhere.

Decisions no ruling spells out:
- One open offer per item; offering it again to someone else replaces the open offer.
- An offer ends when either player dies, when the item is used or destroyed, or when it moves by
  other means (a kill, a moderator's override): the receiver's acceptance then finds it ended.
- Dead players neither offer, accept nor destroy: their items go to their killer (R13) or are
  redistributed (R10).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from game.rulesets.reasons import Reason

NOT_HELD: Final = Reason("transfer_not_held", "You do not hold that item (R45).")
DEAD_GIVER: Final = Reason("transfer_dead_giver", "Dead players cannot give or destroy items.")
SELF: Final = Reason("transfer_to_self", "Offer the item to another player.")
DEAD_RECEIVER: Final = Reason(
    "transfer_dead_receiver", "{receiver} is dead: offer the item to a living player."
)
NOT_YOURS: Final = Reason(
    "transfer_not_yours", "This offer was made to someone else: only its receiver answers it (R45)."
)
DEAD_ANSWER: Final = Reason("transfer_dead_answer", "Dead players cannot accept items.")
ENDED: Final = Reason(
    "transfer_ended",
    "This offer has ended: the item was used, destroyed or moved, or one of you died (R45).",
)


@dataclass(frozen=True)
class ItemState:
    """An item as a transfer sees it: who holds it, whether that holder is alive, whether it is
    used or destroyed."""

    holder: int | None
    holder_alive: bool
    destroyed: bool


def offer_refusal(
    item: ItemState, *, giver: int, receiver: int, receiver_alive: bool
) -> Reason | None:
    """R45: the living holder offers the item to another living player."""
    if item.destroyed or item.holder != giver:
        return NOT_HELD
    if not item.holder_alive:
        return DEAD_GIVER
    if receiver == giver:
        return SELF
    if not receiver_alive:
        return DEAD_RECEIVER(players={"receiver": receiver})
    return None


def answer_refusal(
    item: ItemState,
    *,
    offer_open: bool,
    giver: int,
    receiver: int,
    receiver_alive: bool,
    asker: int,
) -> Reason | None:
    """R45: only the named receiver accepts or declines, while the offer stands: the giver still
    holds the item, unused, and both are alive."""
    if asker != receiver:
        return NOT_YOURS
    if not receiver_alive:
        return DEAD_ANSWER
    if not offer_open or not still_offered(item, giver=giver):
        return ENDED
    return None


def still_offered(item: ItemState, *, giver: int) -> bool:
    """An offer stands while its giver holds the item, alive, and the item is not used up."""
    return item.holder == giver and item.holder_alive and not item.destroyed


def destroy_refusal(item: ItemState, *, asker: int) -> Reason | None:
    """R45: anyone may destroy an item they hold."""
    if item.destroyed or item.holder != asker:
        return NOT_HELD
    if not item.holder_alive:
        return DEAD_GIVER
    return None
