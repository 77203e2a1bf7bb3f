"""Items change hands only by a transfer the receiver accepts (R45); anyone destroys their own."""

from game.rulesets.live_action.item_transfers import (
    DEAD_GIVER,
    DEAD_RECEIVER,
    ENDED,
    NOT_HELD,
    NOT_YOURS,
    SELF,
    ItemState,
    answer_refusal,
    destroy_refusal,
    offer_refusal,
)

GIVER, RECEIVER, OTHER = 1, 2, 3
HELD = ItemState(holder=GIVER, holder_alive=True, destroyed=False)


def test_the_living_holder_offers_to_another_living_player():
    assert offer_refusal(HELD, giver=GIVER, receiver=RECEIVER, receiver_alive=True) is None
    assert offer_refusal(HELD, giver=OTHER, receiver=RECEIVER, receiver_alive=True) == NOT_HELD
    assert offer_refusal(HELD, giver=GIVER, receiver=GIVER, receiver_alive=True) == SELF
    dead = offer_refusal(HELD, giver=GIVER, receiver=RECEIVER, receiver_alive=False)
    assert dead.code == DEAD_RECEIVER.code
    used = ItemState(holder=GIVER, holder_alive=True, destroyed=True)
    assert offer_refusal(used, giver=GIVER, receiver=RECEIVER, receiver_alive=True) == NOT_HELD


def answer(item=HELD, **changes):
    facts = {
        "offer_open": True,
        "giver": GIVER,
        "receiver": RECEIVER,
        "receiver_alive": True,
        "asker": RECEIVER,
    } | changes
    return answer_refusal(item, **facts)


def test_only_the_receiver_answers_an_offer_that_still_stands():
    assert answer() is None
    assert answer(asker=OTHER) == NOT_YOURS
    assert answer(offer_open=False) == ENDED
    # The giver died, used the item, or it moved by a kill: the offer no longer stands.
    assert answer(ItemState(GIVER, holder_alive=False, destroyed=False)) == ENDED
    assert answer(ItemState(GIVER, holder_alive=True, destroyed=True)) == ENDED
    assert answer(ItemState(OTHER, holder_alive=True, destroyed=False)) == ENDED


def test_anyone_destroys_an_item_they_hold():
    assert destroy_refusal(HELD, asker=GIVER) is None
    assert destroy_refusal(HELD, asker=OTHER) == NOT_HELD
    assert destroy_refusal(ItemState(GIVER, holder_alive=False, destroyed=False), asker=GIVER) == (
        DEAD_GIVER
    )
