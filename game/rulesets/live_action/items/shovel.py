"""Shovel (R43, 7 at the start): used on a dead player, it returns their role, alignment and
whether they were conscripted (or what Plant Evidence set, R37), and is destroyed."""

from __future__ import annotations

from dataclasses import dataclass

from game.rulesets.base import ItemSpec

ITEM = ItemSpec(
    code="shovel",
    name="Shovel",
    summary="Use it on a dead player to learn their role, alignment and whether they were "
    "conscripted; it is then destroyed (R43).",
    default_count=7,
)


@dataclass(frozen=True)
class ShovelResult:
    role: str
    alignment: str
    conscripted: bool
    planted: bool


def shovel_result(
    *, role: str, alignment: str, conscripted: bool, planted: tuple[str, str] | None
) -> ShovelResult:
    """R43: the dead player's role, alignment and conscription; R37: what Plant Evidence set
    instead, if anything was planted on them (a planted result says nothing of conscription)."""
    if planted is not None:
        return ShovelResult(planted[0], planted[1], False, True)
    return ShovelResult(role, alignment, conscripted, False)
