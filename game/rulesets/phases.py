"""The phase engine of night-and-day rule sets (classic, the party rule sets after it, HP's
rounds and a Chiang Mai table's deal, nights and days): the order of the phases, when each one
ends, the seeded draws and the plurality of a group's picks. Pure Python, no Django; the
services keep each phase as a row and its end as a due event (none for a phase its host
ends)."""

from __future__ import annotations

import datetime as dt
import hashlib
import random
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any
from zoneinfo import ZoneInfo

from game.rulesets.base import NightActionSpec, RoleSpec
from game.rulesets.ruleset import Ruleset

DAY = "day"
NIGHT = "night"
NO_ONE = None
"""The option "no one" of a night pick or a day vote (C2, C5)."""

Pick = int | None

DECIDED_OUTCOME = "decided"
"""The key of a day's `GamePhase.state` holding an outcome decided before the day's vote, which
replaces it (HP's positive test, H7: the rule set's `next_phase` puts it there from the night's
state): {"executed": a player id or None, "reason": a code}."""


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


def phase_following(
    ruleset: Ruleset, current: PhaseId, state: Mapping[str, Any] | None = None
) -> tuple[PhaseId, dict[str, Any]]:
    """The phase after `current` and its own state: the rule set's choice from the state the
    ended phase's steps left (`Ruleset.next_phase`: HP's repeated vote, its decided day), else
    the plain cycle (`phase_after`) with an empty state."""
    if ruleset.next_phase is not None:
        chosen = ruleset.next_phase(current.code, current.number, state or {})
        if chosen is not None:
            code, number, own = chosen
            ruleset.phase(code)  # a phase the rule set does not have is a mistake in it
            return PhaseId(number, code), dict(own)
    return phase_after(ruleset, current), {}


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
    action: NightActionSpec | None = None,
    target_roles: tuple[str, ...] = (),
    earlier_uses: int = 0,
    choosing_someone: bool = True,
) -> str:
    """Why a night choice is refused, or "" (C2-C4), from the restrictions the action declares
    (`NightActionSpec`): only living players whose role takes the action (its main one unless
    `action` says) choose; the choice is a living player (unless the action allows the dead) or
    no one; the action limits the nights on which its player may choose themself (the classic
    doctor once a game, C3; the cop always, C9), the roles it may not choose (`target_roles` are
    the target's active cards) and the nights a game it may be used with a target."""
    if not actor_alive:
        return "Dead players take no night actions."
    spec = action or (role.night_action if role is not None else None)
    if role is None or spec is None or spec not in role.night_actions:
        return "Your role has no night action: sleep well."
    if spec.living_only and not target_alive:
        return "Choose a living player, or no one."
    allowed = spec.self_choices
    if choosing_self and allowed is not None and earlier_self_choices >= allowed:
        return spec.self_refusal
    if set(target_roles) & set(spec.not_roles):
        return spec.not_roles_refusal
    if choosing_someone and spec.uses is not None and earlier_uses >= spec.uses:
        return spec.uses_refusal
    return ""
