"""The review's timeline: a game's phases, the events placed in them, and the filters by player
and by phase. Pure data; the sources read the rows (`game.selectors.review.sources`)."""

from __future__ import annotations

import bisect
import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

BEFORE = "Before the start"


@dataclass(frozen=True)
class Phase:
    """One phase of the game as the review shows it, named by its label ("Night 1", "Day 2")."""

    label: str
    started_at: dt.datetime | None = None
    ended_at: dt.datetime | None = None


@dataclass(frozen=True)
class Event:
    """One thing that happened. `players` are those it concerns (for the filter by player);
    `audience` says who could read it while the game ran; `phase` places it where it has no
    time of its own (a Chiang Mai story's line); `details` are its steps (an investigation's
    chain); `link` is a post it was made in."""

    kind: str
    text: str
    at: dt.datetime | None = None
    day: int = 0
    players: frozenset[int] = frozenset()
    audience: str = ""
    phase: str = ""
    details: tuple[str, ...] = ()
    link: str = ""


@dataclass
class PhaseEvents:
    phase: Phase
    events: list[Event] = field(default_factory=list)


KIND_LABELS = {
    "log": "Announcement",
    "night_action": "Night action",
    "power": "Power use",
    "investigation": "Investigation",
    "shovel": "Shovel",
    "list": "Investigative list",
    "vote": "Vote",
    "death": "Death",
    "kill": "Kill",
    "hp": "HP change",
    "cards": "Cards",
}


def day_phases(days: Iterable[tuple[int, dt.datetime, dt.datetime | None]]) -> list[Phase]:
    """Live action's days (R1): each from its start to its end."""
    return [Phase(f"Day {number}", start, end) for number, start, end in days]


def place(events: Sequence[Event], phases: Sequence[Phase]) -> list[PhaseEvents]:
    """Each event in its phase, in time order: the phase it names, else the last phase started
    at or before it, else the phase of its day where no phase has a time (an HP game's rounds),
    else before the start."""
    timed = sorted((p for p in phases if p.started_at), key=lambda p: p.started_at)
    starts = [p.started_at for p in timed]
    groups: dict[str, PhaseEvents] = {BEFORE: PhaseEvents(Phase(BEFORE))}
    for phase in phases:
        groups.setdefault(phase.label, PhaseEvents(phase))
    for event in sorted(events, key=_order):
        label = event.phase or _label_of(event, timed, starts)
        groups.setdefault(label, PhaseEvents(Phase(label))).events.append(event)
    return [group for group in groups.values() if group.events or group.phase.label != BEFORE]


def _order(event: Event) -> tuple:
    return (event.at is None, event.at or dt.datetime.min.replace(tzinfo=dt.UTC))


def _label_of(event: Event, timed: Sequence[Phase], starts: list) -> str:
    if event.at is not None and timed:
        index = bisect.bisect_right(starts, event.at) - 1
        return timed[index].label if index >= 0 else BEFORE
    if event.day:
        return f"Round {event.day}"
    return BEFORE


def filtered(
    groups: Sequence[PhaseEvents], *, player: int | None = None, phase: str = ""
) -> list[PhaseEvents]:
    """The phases (one, where `phase` names it) with only the events concerning `player`."""
    kept = []
    for group in groups:
        if phase and group.phase.label != phase:
            continue
        events = [e for e in group.events if player is None or player in e.players]
        kept.append(PhaseEvents(group.phase, events))
    return kept
