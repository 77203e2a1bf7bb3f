"""Physical item cards: each item's printed card carries a claim link. A player who scans it
becomes the holder when the rules would give them the item anyway (R45, R13, R10).

Decisions no ruling spells out:
- A claim is an acceptance (R45) when the living holder has offered the item to the claimer.
- A dead holder's item may be claimed by whoever killed them in a confirmed kill (R13); the
  redistribution after an execution or an end-of-day death (R10) is the app's random draw, so
  nobody claims those by card.
- Anyone else, a wrong secret, or a used link finds nothing: the answer is "not found", so a
  card reveals nothing about the item to whoever scans it.
"""

from __future__ import annotations

from game.rulesets.live_action.item_transfers import ItemState, still_offered


def claim_allowed(
    item: ItemState,
    *,
    claimer: int,
    claimer_alive: bool,
    offered_by_holder_to_claimer: bool,
    holder_killed_by: int | None,
) -> bool:
    """R45: a standing offer to the claimer; R13: the dead holder's confirmed killer."""
    if not claimer_alive or item.destroyed or item.holder in (None, claimer):
        return False
    if item.holder_alive:
        return offered_by_holder_to_claimer and still_offered(item, giver=item.holder)
    return holder_killed_by == claimer
