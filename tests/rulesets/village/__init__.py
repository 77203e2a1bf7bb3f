"""A second rule set, for tests only: a small village with wolves, played on the same engine as
the live-action rules, and registered only while a test needs it (fixture `village`)."""

from collections.abc import Iterable

from game.rulesets.base import EXECUTED, KILLED, MAFIA, REMOVED, Phase, PlayerStatus
from game.rulesets.live_action import LIVE_ACTION
from game.rulesets.live_action.day import LIVE_ACTION_DAY
from game.rulesets.ruleset import Ruleset
from tests.rulesets.village.roles import lookout, seer, villager, wolf

ROLES = (
    wolf.ROLE,
    seer.ROLE,
    lookout.ROLE,
    villager.ROLE,
)


def winner(players: Iterable[PlayerStatus]) -> str | None:
    """The village wins when no wolf is alive; the wolves when they are as many as the rest."""
    living = [p for p in players if p.alive]
    wolves = sum(1 for p in living if p.role == wolf.ROLE.code or p.conscripted)
    if wolves == 0:
        return "village"
    if wolves >= len(living) - wolves:
        return MAFIA
    return None


VILLAGE = Ruleset(
    code="village",
    name="Village (tests)",
    roles=ROLES,
    filler_role=villager.ROLE.code,
    alignments=(("village", "Village"), (MAFIA, "Wolves")),
    winner=winner,
    phases=(Phase("day", "Day", end_steps=("execution",)),),
    death_causes=(KILLED, EXECUTED, REMOVED),
    pages=LIVE_ACTION.pages,
    day=LIVE_ACTION_DAY,
)
