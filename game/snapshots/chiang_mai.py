"""A Chiang Mai game's story read from its rows: the players' dealt hands (`Player.state`) and
the host's entries, which live in the game's phases (`GamePhase.state["entries"]`): the deal's,
then night 1, day 1, … in the order they were made."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.models import Game, GamePhase, Player
from game.rulesets.chiang_mai.script import CALL_SECONDS
from game.rulesets.chiang_mai.story import Story, replay
from game.rulesets.phases import draw_rng


def game_phases(game: Game) -> list[GamePhase]:
    """The game's phases in the order the story made them."""
    return list(game.phases.order_by("id"))


def seated_players(game: Game) -> list[Player]:
    """The players in seat order (C9)."""
    return list(game.players.select_related("user").order_by("seat", "id"))


def story_of(
    game: Game,
    players: list[Player],
    phases: list[GamePhase],
    extra: Sequence[Mapping[str, Any]] = (),
) -> Story:
    """The story of the game's deal and entries (and `extra` after them), with the game's seeded
    draws (C8)."""
    hands = {p.pk: tuple(p.state["dealt"]) for p in players}
    entries = [e for phase in phases for e in phase.state.get("entries", [])] + list(extra)
    seconds = phases[0].state.get("call_seconds", CALL_SECONDS) if phases else CALL_SECONDS
    names = {p.pk: p.name for p in players}
    return replay(
        hands, entries, lambda purpose: draw_rng(game.random_seed, purpose), seconds, names
    )
