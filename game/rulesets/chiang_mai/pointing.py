"""The night action of every Chiang Mai card that wakes (M4): its holder points at one player,
the Killers and the Policemen together, the Doctor and the Assassin alone."""

from game.rulesets.base import NightActionSpec
from game.rulesets.specs import NightEffect


def pointing(
    *, code: str, verb: str, priority: int, effect: NightEffect, label: str, together: bool = False
) -> NightActionSpec:
    """M4: the card's holder is asked to "point at the player to `verb`"; `together` makes its
    active holders point as one, the plurality of the pointings made (a holder who made none
    is not counted; ties drawn from the game's seed, C8)."""
    return NightActionSpec(
        code=code,
        prompt=f"point at the player to {verb}",
        priority=priority,
        group=together,
        missing_is_no_one=not together,
        effect=effect,
        label=label,
    )
