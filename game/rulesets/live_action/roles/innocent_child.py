"""Innocent child (R27): may reveal themselves to a chosen player, who is told by the app that
the revealer is an innocent child; nobody else learns it. The mafia's Slaughter the Weak works
on innocent children only (R36).

Decision no ruling spells out: a reveal is to another living player (the incant is said in
person), as often as the child likes."""

from typing import Final

from game.rulesets.base import RoleSpec
from game.rulesets.live_action.facts import Alignment
from game.rulesets.reasons import Reason

SELF: Final = Reason("reveal_self", "Reveal yourself to another player (R27).")
DEAD: Final = Reason("reveal_dead", "{target} is dead: reveal yourself to a living player (R27).")


def reveal_refusals(*, revealer: int, target: int, target_alive: bool) -> list[Reason]:
    """R27: to another living player."""
    if target == revealer:
        return [SELF]
    if not target_alive:
        return [DEAD(players={"target": target})]
    return []


ROLE = RoleSpec(
    code="innocent_child",
    name="Innocent Child",
    alignment=Alignment.TOWN,
    summary='You may say "I am an innocent child and I trust you" to a player in person; the app '
    "confirms it to them (R27).",
    card=(
        "After you say it, name the player on this card: the app tells them, and nobody else, "
        "that you are an innocent child (R27).",
    ),
    default_count=1,
)
