"""Plant Evidence (R37, 2 uses): a player X and a role and alignment; every shovel on X returns
them (R43)."""

from game.rulesets.base import PowerSpec

POWER = PowerSpec(
    code="plant_evidence",
    name="Plant Evidence",
    summary="Choose a player, a role and an alignment: every shovel on that player returns them "
    "(R37).",
    charges=2,
)
