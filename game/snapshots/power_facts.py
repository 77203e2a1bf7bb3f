"""The standing facts of the mafia's traps and the priests' lists that the kill checks, the
mafia's page and the powers' charges read (R28, R36)."""

from __future__ import annotations

from game.models import Game, MafiaPowerUse, PriestList, PriestListEntry
from game.rulesets.live_action.powers import set_a_trap, slaughter_the_weak
from game.rulesets.live_action.roles import priest

TRAP_POWERS = (set_a_trap.POWER.code, slaughter_the_weak.POWER.code)


def priest_entries(game: Game) -> list[priest.ListEntry]:
    """Every name the game's priests ever put on a list (R28). One query."""
    return [
        priest.ListEntry(pk, player, kind == PriestList.SAINT, added, removed)
        for pk, player, kind, added, removed in PriestListEntry.objects.filter(
            game=game
        ).values_list("priest_id", "player_id", "list", "added_at", "removed_at")
    ]


def traps_of(game: Game) -> list[set_a_trap.Trap]:
    """Every Set a Trap and Slaughter the Weak of the game (R36). One query."""
    return [
        set_a_trap.Trap(power, target, bool(right), day, at, alive)
        for power, target, right, day, at, alive in MafiaPowerUse.objects.filter(
            game=game, power__in=TRAP_POWERS, target__isnull=False
        ).values_list("power", "target_id", "guess_right", "day", "used_at", "target__alive")
    ]


def trap_charges_left(game: Game, power: str, traps: list[set_a_trap.Trap]) -> int:
    """R36: the charges of a trap power left to the mafia (stored ones come back at death)."""
    return set_a_trap.charges_left(power, game.rules.power(power).charges, traps)
