"""The phase engine of night-and-day rule sets (classic, and the party rule sets after it): the
order of the phases, when each one ends, the seeded draws and the plurality of a group's picks.
Pure Python, no Django; the services keep each phase as a row and its end as a due event."""

from __future__ import annotations

import datetime as dt
import hashlib
import random
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from zoneinfo import ZoneInfo

from game.rulesets.base import RoleSpec, Ruleset

DAY = "day"
NIGHT = "night"
NO_ONE = None
"""The option "no one" of a night pick or a day vote (C2, C5)."""

Pick = int | None


@dataclass(frozen=True, order=True)
class PhaseId:
    """One phase of a game: its number, and which of the rule set's phases it is (day 2)."""

    number: int
    code: str

    def label(self, ruleset: Ruleset) -> str:
        return f"{ruleset.phase(self.code).name} {self.number}"


def first_phase(ruleset: Ruleset) -> PhaseId:
    """The game begins with the rule set's first phase, numbered from its first day (C1: day
    0)."""
    return PhaseId(ruleset.first_day, ruleset.phases[0].code)


def phase_after(ruleset: Ruleset, current: PhaseId) -> PhaseId:
    """The phases follow the rule set's order; the number grows when the cycle starts again
    (C1: day n, night n, day n + 1)."""
    codes = [phase.code for phase in ruleset.phases]
    index = codes.index(current.code) + 1
    if index == len(codes):
        return PhaseId(current.number + 1, codes[0])
    return PhaseId(current.number, codes[index])


@dataclass(frozen=True)
class PhaseClock:
    """A game's phase deadlines (C1): each phase ends at its local end time in the game's zone,
    or, when `minutes` is set (fast games), that long after it began."""

    zone: ZoneInfo
    end_times: Mapping[str, dt.time]
    minutes: int | None = None


def local_time_after(moment: dt.datetime, zone: ZoneInfo, local_end: dt.time) -> dt.datetime:
    """The first moment strictly after `moment` at the local time `local_end` in `zone`, as UTC;
    built from the local date, so it stays at that wall-clock time across daylight saving."""
    if moment.tzinfo is None:
        raise ValueError("moment must be timezone-aware")
    local_date = moment.astimezone(zone).date()
    for offset in range(3):
        candidate = dt.datetime.combine(local_date + dt.timedelta(days=offset), local_end, zone)
        if candidate.astimezone(dt.UTC) > moment:
            return candidate.astimezone(dt.UTC)
    raise AssertionError("a local time always comes within three local dates")


def phase_end_after(phase: PhaseId, started_at: dt.datetime, clock: PhaseClock) -> dt.datetime:
    """When a phase that began at `started_at` ends (C1)."""
    if clock.minutes:
        return started_at + dt.timedelta(minutes=clock.minutes)
    return local_time_after(started_at, clock.zone, clock.end_times[phase.code])


def draw_rng(seed: str, purpose: str) -> random.Random:
    """The generator of one draw (C8): made from the game's seed and what is drawn ("deal",
    "night 2", "day 3"), so that anyone who knows the seed can repeat every draw, in any order."""
    digest = hashlib.sha256(f"{seed}:{purpose}".encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


def plurality(picks: Iterable[Pick], rng: random.Random) -> tuple[Pick, tuple[Pick, ...]]:
    """The option picked most ("no one" included) and the options tied for most; a tie is
    settled by `rng` among the tied options, drawn from their sorted order so that the draw does
    not depend on who picked first (C2, C5). No picks at all: no one."""
    counts = Counter(picks)
    if not counts:
        return NO_ONE, ()
    most = max(counts.values())
    tied = tuple(
        sorted((o for o, n in counts.items() if n == most), key=lambda o: -1 if o is None else o)
    )
    return (tied[0] if len(tied) == 1 else rng.choice(tied)), tied


def everyone_acted(expected: Iterable[int], acted: Iterable[int]) -> bool:
    """Whether every player who may act tonight has acted (C1: the setting that ends a night
    early)."""
    return set(expected) <= set(acted)


def night_choice_refusal(
    role: RoleSpec | None,
    *,
    actor_alive: bool,
    choosing_self: bool,
    target_alive: bool,
    earlier_self_choices: int,
) -> str:
    """Why a night choice is refused, or "" (C2-C4): only living players whose role acts at
    night choose; the choice is a living player or no one; the role limits the nights on which
    its player may choose themself (the classic doctor once a game, C3; the cop always, C9)."""
    if not actor_alive:
        return "Dead players take no night actions."
    if role is None or role.night_action is None:
        return "Your role has no night action: sleep well."
    if not target_alive:
        return "Choose a living player, or no one."
    allowed = role.night_action.self_choices
    if choosing_self and allowed is not None and earlier_self_choices >= allowed:
        return role.night_action.self_refusal
    return ""
