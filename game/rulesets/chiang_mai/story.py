"""A game told as the host's entries, replayed through the rules (M1-M11): the deal's hands and
the list of taps give the table, the stage and every log line. Undo drops the last entry and
replays, so a mis-tap leaves no trace in the state. Pure Python: the services store the entries
and the hands; `replay` refuses an entry the rules refuse with `StoryError`."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from game.rulesets.chiang_mai import story_day as day
from game.rulesets.chiang_mai import story_night as night
from game.rulesets.chiang_mai.script import CALL_SECONDS
from game.rulesets.chiang_mai.story_state import (
    AFTER,
    DAY,
    NIGHT,
    ORDER,
    RUNOFF,
    Rng,
    Story,
    StoryError,
)
from game.rulesets.chiang_mai.table import Hand


def replay(
    hands: Mapping[int, Sequence[str]],
    entries: Iterable[Mapping[str, Any]],
    rng: Rng,
    call_seconds: int = CALL_SECONDS,
    names: Mapping[int, str] | None = None,
) -> Story:
    """The story of a deal (`hands`, seat order, dealt order) and the host's entries, each
    applied in turn; `rng(purpose)` is the game's seeded generator (C8); `names` word the
    refusals."""
    story = Story({player: Hand.dealt(cards) for player, cards in hands.items()})
    story.names = dict(names or {})
    for entry in entries:
        apply(story, entry, rng, call_seconds)
        story.entries += 1
    return story


def apply(story: Story, entry: Mapping[str, Any], rng: Rng, call_seconds: int) -> None:
    """One entry; raises StoryError when the rules refuse it here."""
    kind = entry.get("kind")
    handler = HANDLERS.get((story.stage, kind))
    if handler is None:
        raise StoryError(f"That cannot be entered now ({story.stage}: {kind}).")
    handler(story, entry, rng, call_seconds)


Handler = Callable[[Story, Mapping[str, Any], Rng, int], None]
HANDLERS: dict[tuple[str, str], Handler] = {
    (ORDER, "order"): night.order,
    (ORDER, "next"): night.nightfall,
    (NIGHT, "pick"): night.pick,
    (NIGHT, "call"): night.close_call,
    (AFTER, "shot"): night.shot,
    (AFTER, "next"): night.next_phase,
    (DAY, "timer"): day.timer,
    (DAY, "ballot"): day.ballot,
    (DAY, "hands"): day.hands,
    (DAY, "tally"): day.tally,
    (RUNOFF, "timer"): day.timer,
    (RUNOFF, "ballot"): day.ballot,
    (RUNOFF, "hands"): day.hands,
    (RUNOFF, "tally"): day.tally,
}
