"""Stalker (R29): one new target a day; the target is told they are being stalked (not by whom),
and the stalker is told if the target makes a successful kill that day. A stalker never stalks
the same player twice (another stalker may). Manipulation does not hide a kill from a stalker:
the stalker is told of the true killer of a confirmed kill.

Decisions no ruling spells out: a stalker cannot stalk themself; the target must be alive; a
kill confirmed earlier on the day of the stalk is told at once (it was made "that day"); a
hitman's kill has no player as its killer, so it is told to nobody."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from game.rulesets.base import RoleSpec
from game.rulesets.live_action.facts import Alignment
from game.rulesets.reasons import Reason

TODAY: Final = Reason("stalk_today", "Already stalking {target} today: one target a day (R29).")
REPEAT: Final = Reason(
    "stalk_repeat", "{target} was stalked before: never the same target twice (R29)."
)
SELF: Final = Reason("stalk_self", "Stalk another player (R29).")
DEAD: Final = Reason("stalk_dead", "{target} is dead: only the living can be stalked (R29).")
KILL_SEEN: Final = Reason(
    "stalk_result",
    "{killer}, whom you stalk, made a kill on day {day}: the death of {victim}. (R29)",
)
MAFIA_KILL_SEEN: Final = Reason(
    "mafia_stalk_result",
    "Stalk: {killer}, whom you stalk, made a kill on day {day}: the death of {victim}. (R41)",
)


@dataclass(frozen=True)
class Stalk:
    """One stalking: its target and day."""

    target: int
    day: int


def stalk_refusals(
    *, stalker: int | None, target: int, target_alive: bool, day: int, stalks: Iterable[Stalk]
) -> list[Reason]:
    """R29, R41: one new living target a day, never one stalked before. `stalks` are this
    stalker's own (the mafia's, for the mafia's Stalk); `stalker` None for the mafia."""
    stalks = list(stalks)
    today = [s for s in stalks if s.day == day]
    if today:
        return [TODAY(players={"target": today[0].target})]
    if stalker == target:
        return [SELF]
    if not target_alive:
        return [DEAD(players={"target": target})]
    if any(s.target == target for s in stalks):
        return [REPEAT(players={"target": target})]
    return []


def stalker_told(*, stalk_day: int, kill_day: int) -> bool:
    """R29: the kill was made on the day of the stalk."""
    return stalk_day == kill_day


def kill_seen(*, stalker: int | None, killer: int, victim: int, day: int) -> Reason:
    """What a stalker is told of the kill the target made (R29); the mafia's Stalk, in the Mafia
    Den (R41). The true killer, whatever the mafia manipulated."""
    seen = KILL_SEEN if stalker is not None else MAFIA_KILL_SEEN
    return seen(players={"killer": killer, "victim": victim}, day=day)


ROLE = RoleSpec(
    code="stalker",
    name="Stalker",
    alignment=Alignment.TOWN,
    summary="Each day you stalk a new player (R29).",
    card=(
        "Choose your target each day on this card; they are told they are being stalked, not "
        "by whom (R29).",
        "If your target makes a kill that day you are told, whatever the mafia manipulate (R29).",
        "Never the same player twice (R29).",
    ),
    default_count=1,
)
