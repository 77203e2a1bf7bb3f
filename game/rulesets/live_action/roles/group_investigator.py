"""Group investigator (R31): asks whether anyone in a set killed someone; never two days in a
row, and the longer they wait the larger the set."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from game.rulesets.base import CapacitySpec, RoleSpec
from game.rulesets.live_action.facts import Alignment, PastInvestigation, Question
from game.rulesets.reasons import Reason

FIRST_DAY: Final = 0
"""The group investigator is considered to have investigated on day 0 (R3, R31)."""

TODAY: Final = Reason("group_today", "You have already made a group investigation today (R31).")
YESTERDAY: Final = Reason(
    "group_yesterday",
    "You made a group investigation yesterday: never on two days in a row (R31).",
)
NO_SUSPECTS: Final = Reason("group_no_suspects", "Name at least one suspect (R31).")
SET_TOO_LARGE: Final = Reason(
    "group_set_too_large", "Today the set may hold at most {limit} players (R31)."
)


def set_limit(last_day: int, day: int) -> int:
    """R31: with the last group investigation on `last_day` (day 0 counts), the set on `day` may
    hold at most 1 + 2 + ... + m players, m = day - last_day, and nothing when m is 1 (or 0)."""
    m = day - last_day
    if m <= 1:
        return 0
    return m * (m + 1) // 2


def last_investigation_day(player: int, history: Iterable[PastInvestigation]) -> int:
    """The day of `player`'s last group investigation, day 0 when none yet (R31)."""
    days = [past.day for past in history if past.asker == player and past.capacity == CAPACITY.code]
    return max(days, default=FIRST_DAY)


def investigation_refusals(question: Question) -> list[Reason]:
    """R31: never on two days in a row, and a set no larger than the days waited allow."""
    last_day = last_investigation_day(question.asker.player, question.same_capacity)
    if question.day == last_day:
        return [TODAY]
    if question.day - last_day == 1:
        return [YESTERDAY]
    size = len(set(question.suspects))
    if size == 0:
        return [NO_SUSPECTS]
    limit = set_limit(last_day, question.day)
    if size > limit:
        return [SET_TOO_LARGE(limit=limit)]
    return []


CAPACITY = CapacitySpec(
    code="group_investigator",
    label="Group investigator",
    missing=Reason("not_group_investigator", "You are not a group investigator (R31)."),
    check=investigation_refusals,
    daily=False,
    single_suspect=False,
)
ROLE = RoleSpec(
    code="group_investigator",
    name="Group Investigator",
    alignment=Alignment.TOWN,
    summary="You ask whether anyone in a set of players killed someone.",
    card=("Never on two days in a row; the longer you wait, the larger the set (R31).",),
    default_count=1,
    capacities=(CAPACITY,),
)
