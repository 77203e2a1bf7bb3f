"""Plant Evidence (R37, 2 uses): a player X and a role and alignment; every shovel on X returns
them (R43)."""

from game.rulesets.base import Choice, PowerInput, PowerSpec

POWER = PowerSpec(
    code="plant_evidence",
    name="Plant Evidence",
    summary="Choose a player, a role and an alignment: every shovel on that player returns them "
    "(R37).",
    charges=2,
    inputs=(
        PowerInput("target", "On", Choice.PLAYER, "target"),
        PowerInput("role", "Role", Choice.ROLE, "planted_role"),
        PowerInput("alignment", "Alignment", Choice.ALIGNMENT, "planted_alignment"),
    ),
    help="Every shovel on this player returns this role and alignment (R37, R43).",
    confirm="Plant evidence on {target} ({role}, {alignment})? {left_after} of {charges} left "
    "after this.",
    verb="Plant",
    done="Evidence planted.",
    log="{actor} planted evidence on {target}: {role}, {alignment}.",
    prefix="plant",
)
