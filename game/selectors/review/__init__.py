"""A finished game's review (the reveal): who held which role and items, and a timeline of each
phase with every night action, power use, investigation (true and reported answers and the
falsifications between), vote, kill, death, HP change and Chiang Mai card, filtered by player and
by phase. Only for whom `can_see_review` allows: before the end it does not exist. A fixed
number of queries whatever the number of players, posts or events."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from game.models import Day, Game, GamePhase
from game.permissions import Viewer, can_see_review, require
from game.selectors.archive import death_label
from game.selectors.review import investigations, roster, sources
from game.selectors.review.timeline import (
    KIND_LABELS,
    Event,
    Phase,
    PhaseEvents,
    day_phases,
    filtered,
    place,
)

# Readers of the posts a vote was made in (votes in posts, C5), registered by the forums, which
# the game may not import: each gives {vote id: the post's address} for a game.
VOTE_POSTS: list[Callable[[Game], Mapping[int, str]]] = []


@dataclass(frozen=True)
class Review:
    game: Game
    players: list[roster.RosterRow]
    phases: list[PhaseEvents]
    phase_labels: list[str]
    player: int | None
    phase: str
    kind_labels: Mapping[str, str]

    @property
    def event_count(self) -> int:
        return sum(len(group.events) for group in self.phases)


def _label(code: str, number: int) -> str:
    """ "Night 1", "Day 2"; a table's deal has no number (M1)."""
    return "Deal" if code == "deal" else f"{code.capitalize()} {number}"


def _phases(game: Game, played: list[GamePhase]) -> list[Phase]:
    if played:
        return [Phase(_label(p.code, p.number), p.started_at, p.ended_at) for p in played]
    return day_phases(
        Day.objects.filter(game=game)
        .order_by("number")
        .values_list("number", "started_at", "ended_at")
    )


def _vote_posts(game: Game) -> dict[int, str]:
    found: dict[int, str] = {}
    for reader in VOTE_POSTS:
        found.update(reader(game))
    return found


def review_events(game: Game) -> tuple[list[roster.RosterRow], list[Phase], list[Event]]:
    """Everything the review shows, unfiltered."""
    players = list(game.players.order_by("seat", "id"))
    names = {p.pk: p.name for p in players}
    by_id = {p.pk: p for p in players}
    played = list(GamePhase.objects.filter(game=game).order_by("started_at", "id"))
    story = roster.story_events(game, players, played)
    events = [
        *sources.log_events(game, names),
        *sources.night_action_events(game, names),
        *sources.power_events(game, names),
        *sources.vote_events(game, names, _vote_posts(game)),
        *sources.kill_events(game, names),
        *sources.death_events(game, players),
        *investigations.investigation_events(game, names),
        *investigations.shovel_events(game, names, by_id),
        *investigations.list_events(game, names),
        *story,
    ]
    fates = {p.pk: death_label(game, p) for p in players if not p.alive}
    phases = _phases(game, played)
    phases += [p for p in roster.story_phases(story) if p.label not in {q.label for q in phases}]
    return roster.roster(game, players, fates), phases, events


def game_review(viewer: Viewer, *, player: int | None = None, phase: str = "") -> Review:
    """The review as `viewer` reads it: a 404 for whoever `can_see_review` refuses."""
    require(can_see_review(viewer))
    game = viewer.game
    rows, phases, events = review_events(game)
    groups = place(events, phases)
    labels = [group.phase.label for group in groups]
    if player is not None and player not in {row.id for row in rows}:
        player = None
    if phase not in labels:
        phase = ""
    return Review(
        game=game,
        players=rows,
        phases=filtered(groups, player=player, phase=phase),
        phase_labels=labels,
        player=player,
        phase=phase,
        kind_labels=KIND_LABELS,
    )
