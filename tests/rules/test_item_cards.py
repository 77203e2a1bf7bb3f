"""Who may claim an item by its printed card (R45, R13)."""

from game.rulesets.live_action.item_cards import claim_allowed
from game.rulesets.live_action.item_transfers import ItemState

HOLDER, CLAIMER, KILLER = 1, 2, 3


def claim(item, **changes):
    facts = {
        "claimer": CLAIMER,
        "claimer_alive": True,
        "offered_by_holder_to_claimer": False,
        "holder_killed_by": None,
    } | changes
    return claim_allowed(item, **facts)


ALIVE = ItemState(HOLDER, holder_alive=True, destroyed=False)
DEAD = ItemState(HOLDER, holder_alive=False, destroyed=False)


def test_a_living_holders_item_only_by_their_offer():
    assert claim(ALIVE, offered_by_holder_to_claimer=True)
    assert not claim(ALIVE)
    assert not claim(ItemState(HOLDER, True, destroyed=True), offered_by_holder_to_claimer=True)
    assert not claim(ALIVE, offered_by_holder_to_claimer=True, claimer_alive=False)


def test_a_dead_holders_item_only_by_their_killer():
    assert claim(DEAD, claimer=KILLER, holder_killed_by=KILLER)
    assert not claim(DEAD, holder_killed_by=KILLER)
    assert not claim(DEAD)


def test_nobody_claims_their_own_item():
    assert not claim(ALIVE, claimer=HOLDER, offered_by_holder_to_claimer=True)
