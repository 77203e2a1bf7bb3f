"""Database rows -> the trap rules' dataclasses (R36): every Set a Trap and Slaughter the Weak of
a game, in one query."""

from game.models import Game, MafiaPowerUse
from game.rulesets.live_action.powers import set_a_trap, slaughter_the_weak

TRAP_POWERS = (set_a_trap.POWER.code, slaughter_the_weak.POWER.code)


def traps_of(game: Game) -> list[set_a_trap.Trap]:
    return [
        set_a_trap.Trap(power, target, bool(right), day, at, alive)
        for power, target, right, day, at, alive in MafiaPowerUse.objects.filter(
            game=game, power__in=TRAP_POWERS, target__isnull=False
        ).values_list("power", "target_id", "guess_right", "day", "used_at", "target__alive")
    ]


def trap_charges_left(game: Game, power: str, traps: list[set_a_trap.Trap]) -> int:
    """R36: the charges of a trap power left to the mafia (stored ones come back at death)."""
    return set_a_trap.charges_left(power, game.rules.power(power).charges, traps)
