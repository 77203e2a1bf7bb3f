"""Set a Trap (R36, 3 charges): once a day, a guess of a player's role; a wrong guess spends the
charge; a right one stores it on the player, and a mafia kill of that player then does not use
the free kill. When a player holding a stored charge dies, for any reason (that mafia kill
included), the charge returns to the mafia.

Decisions no ruling spells out: only a living player can be trapped; a player who holds a stored
charge cannot be trapped again while they hold it (the second charge could store nothing new)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from game.rulesets.base import Choice, PowerInput, PowerSpec
from game.rulesets.reasons import Reason

DEAD: Final = Reason("trap_target_dead", "{target} is dead: only the living can be trapped (R36).")
TODAY: Final = Reason("trap_today", "The mafia have already used {power} today: once a day (R36).")
HOLDS: Final = Reason("trap_held", "{target} already holds a stored trap charge (R36).")
NONE_LEFT: Final = Reason("trap_none_left", "The mafia have no {power} charge left (R36).")
RIGHT: Final = Reason(
    "trap_right",
    "Right: {target} is {role}. The charge is stored on them: a mafia kill of {target} does not "
    "use the free kill, and the charge comes back when they die (R36).",
)
WRONG: Final = Reason(
    "trap_wrong", "Wrong: the guess about {target} was wrong and the charge is spent (R36)."
)


@dataclass(frozen=True)
class Trap:
    """One use of Set a Trap or Slaughter the Weak: on whom, whether the guess was right, when,
    on which day, and whether its target is alive now."""

    power: str
    target: int
    right: bool
    day: int
    at: dt.datetime
    target_alive: bool


def guess_right(*, guessed_role: str, target_role: str) -> bool:
    """R36: the guess is of the target's role (a conscript keeps theirs, R39)."""
    return guessed_role == target_role


def charges_left(power: str, charges: int, traps: Iterable[Trap]) -> int:
    """R36: a wrong guess spends a charge; a right one is held by its target while they live and
    comes back when they die. Example: 3 charges, one wrong guess and one right guess on a living
    player leave 1; once that player dies, 2."""
    spent = sum(1 for t in traps if t.power == power and (not t.right or t.target_alive))
    return charges - spent


def held_charge_at(target: int, moment: dt.datetime, traps: Iterable[Trap]) -> bool:
    """R36: whether `target` held a stored charge at `moment` (a right guess made before it; a
    charge is held until its holder dies, so a kill at `moment` finds it)."""
    return any(t.right and t.target == target and t.at <= moment for t in traps)


def trap_refusals(
    *,
    power: str,
    target: int,
    target_alive: bool,
    used_today: bool,
    left: int,
    target_holds: bool,
) -> list[Reason]:
    """R36: a charge left, once a day, on a living player who holds no stored charge."""
    if left <= 0:
        return [NONE_LEFT(power=power)]
    if used_today:
        return [TODAY(power=power)]
    if not target_alive:
        return [DEAD(players={"target": target})]
    if target_holds:
        return [HOLDS(players={"target": target})]
    return []


POWER = PowerSpec(
    code="set_trap",
    name="Set a Trap",
    summary="Once a day guess a player's role: a right guess stores the charge on them and a mafia "
    "kill of that player does not use the free kill; a wrong one spends it (R36).",
    charges=3,
    per_day=1,
    inputs=(
        PowerInput("target", "Player to trap", Choice.LIVING, "target"),
        PowerInput("guessed_role", "Role you guess", Choice.ROLE, "guessed_role", html_id="role"),
    ),
    help="Once a day, guess a player's role. Wrong: the charge is spent. Right: the charge is "
    "stored on them, a mafia kill of them does not use the free kill, and the charge comes back "
    "when they die (R36).",
    confirm="Set a trap on {target}? A wrong guess spends the charge: {left_after} of {charges} "
    "left if it does.",
    verb="Set the trap",
    done="Trap set: the mafia log says whether the guess was right (R36).",
    override=True,
    prefix="trap",
)
