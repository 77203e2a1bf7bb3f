"""Killer (a King, M2, M3): the active Killers wake together and poison one player, the
plurality of their pointings, a tie drawn at random (M4). The poisoned player dies at dawn
unless the Doctor cures them."""

from typing import Final

from game.rulesets.base import RoleSpec
from game.rulesets.chiang_mai.cards import KILLER, KILLERS
from game.rulesets.chiang_mai.pointing import pointing
from game.rulesets.nights import Act, NightState, when_chosen
from game.rulesets.reasons import Reason

POISON: Final = "poison"
"""The cause of a poisoning death, which the Doctor's vaccine cures (M4)."""

POISONED = Reason("poisoned", "The Killers poisoned {victim}.")
POISON_TIE = Reason("poison_tie", "The Killers' picks tied; the seeded draw chose {victim}.")


@when_chosen
def killers_poison(state: NightState, act: Act) -> None:
    """M4: the active Killers poison the player they pointed at most (only the pointings made
    count); a tie is a seeded draw (C8)."""
    reason = POISON_TIE if len(act.tied) > 1 else POISONED
    state.kill(act.target, reason(players={"victim": act.target}), cause=POISON)


POISON_ACTION = pointing(
    code="poison", verb="poison", priority=10, effect=killers_poison, label="poison", together=True
)

ROLE = RoleSpec(
    code=KILLER,
    name="Killer",
    alignment=KILLERS,
    summary="A King: poison one player each night with the other active Killers (M4). Dealt a "
    "King, you stay a Killer to the end (M3).",
    night_action=POISON_ACTION,
)
