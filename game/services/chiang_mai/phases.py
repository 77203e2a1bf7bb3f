"""A Chiang Mai game's deal, nights and days on the phase engine (M10, M12). The engine opens
the deal's phase at the deal; each step of the host that moves the story on (the Next that
begins a night, the Next from a dawn or from the vote) ends the open phase and opens the next,
none of them with a deadline. The host's entries are kept in the phase each was made in; an
undo that takes a step back reopens the phase the step ended, and the game's end closes its
last phase (M9)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from game.models import Game, GamePhase
from game.rulesets.chiang_mai.story import Story
from game.rulesets.phases import first_phase
from game.services.nights.phases import current_phase, phase_begin, phase_end_at_once

Place = tuple[str, int]


def table_phase_open(game: Game, now: dt.datetime, state: dict[str, Any]) -> GamePhase:
    """The deal's phase (the card order before night 1, M1), holding the deck and the calls'
    length."""
    return phase_begin(game=game, phase=first_phase(game.rules), starts_at=now, state=state)


def phase_reached(game: Game, phases: list[GamePhase], place: Place, now: dt.datetime) -> GamePhase:
    """The open phase once the engine has ended those before `place`, the story's phase now
    (the host's Next ends a phase at `now`); each phase opened joins `phases`."""
    phase = phases[-1]
    for _ in game.rules.phases:
        if (phase.code, phase.number) == place:
            return phase
        phase_end_at_once(game=game, phase=phase, now=now)
        phase = current_phase(game)
        phases.append(phase)
    if (phase.code, phase.number) != place:
        raise AssertionError(f"the story is in {place}, which follows no phase of the game")
    return phase


def phases_follow(game: Game, phases: list[GamePhase], story: Story, now: dt.datetime) -> None:
    """After the host's entries: the engine is in the story's phase, closed at `now` when the
    game is won (M9)."""
    phase = phase_reached(game, phases, story.phase, now)
    if story.winner is not None and phase.ended_at is None:
        phase.ends_at = phase.ended_at = now
        phase.save(update_fields=["ends_at", "ended_at"])


def phases_back(game: Game, phases: list[GamePhase], story: Story) -> None:
    """After an undo: the phases the story has not reached go (they hold no entry), and the
    story's phase is open again, the game's current phase."""
    while (phases[-1].code, phases[-1].number) != story.phase:
        unreached = phases.pop()
        if unreached.state.get("entries"):
            raise AssertionError(f"{unreached} holds entries the story has not reached")
        unreached.delete()
    phase = phases[-1]
    if story.winner is None and phase.ended_at is not None:
        phase.ends_at = phase.ended_at = None
        phase.save(update_fields=["ends_at", "ended_at"])
    game.current_phase, game.current_day = phase.code, phase.number
    game.save(update_fields=["current_phase", "current_day"])
