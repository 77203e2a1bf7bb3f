"""The taps of a Chiang Mai game (M4-M12): the host's entries, the phones' own (their card
order, their pointing when called, their ballot), and the host's undo. An entry is kept only if
the story, replayed with it, accepts it: a refused tap changes nothing."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction

from game.errors import GameRuleError
from game.models import Game, GameModerator, GamePhase, GameStatus, Player, User
from game.rulesets.chiang_mai.story import Story, StoryError
from game.services.chiang_mai.phases import phase_reached, phases_back, phases_follow
from game.services.chiang_mai.written import story_written
from game.services.live_channel import publish
from game.services.locking import lock_game
from game.snapshots.chiang_mai import game_phases, seated_players, story_of

PLAYER_KINDS = {"order": "player", "pick": "actor", "ballot": "voter"}
"""What a player with a phone may enter, and the field that must name them (M12)."""
ENTRY_FIELDS = {
    "kind",
    "player",
    "top",
    "actor",
    "target",
    "hunter",
    "code",
    "voter",
    "split",
    "counts",
    "voters",
    "override",
}
HOST_ONLY_FIELDS = ("override",)


def _running_game(game_id: int) -> Game:
    game = lock_game(game_id)
    if game.ruleset != "chiang_mai" or game.status == GameStatus.SIGNUP:
        raise GameRuleError("No such game.")
    return game


def _is_host(game: Game, user: User) -> bool:
    return GameModerator.objects.filter(game=game, user=user).exists()


def _entry_checked(raw: Mapping[str, Any], now: dt.datetime, by: User) -> dict[str, Any]:
    entry = {key: value for key, value in raw.items() if key in ENTRY_FIELDS}
    if not isinstance(entry.get("kind"), str):
        raise GameRuleError("Say what to enter.")
    return {**entry, "at": now.isoformat(), "by": by.pk}


def _record(game: Game, entries: Sequence[dict[str, Any]], now: dt.datetime) -> Story:
    """Each entry joins the phase the story is in when it comes, the engine ending the phase
    the host's Next ends; all are kept or none. The host's taps are heard by every open page
    of the table (each reads what it may see); a phone's own only by the host's, so that no
    other phone learns that someone pointed."""
    players, phases = seated_players(game), game_phases(game)
    if game.status == GameStatus.FINISHED:
        raise GameRuleError("The game is over; undo the last entry to change it.")
    story, places = _replayed(game, players, phases, entries)
    _stored(game, phases, list(zip(entries, places, strict=True)), now)
    phases_follow(game, phases, story, now)
    story_written(game, players, story, now)
    own = any(entry.get("own") for entry in entries)
    publish(f"queue-{game.pk}" if own else f"game-{game.pk}", "table" if own else "phase")
    return story


def _replayed(
    game: Game, players: list[Player], phases: list[GamePhase], entries: Sequence[dict[str, Any]]
) -> tuple[Story, list[tuple[str, int]]]:
    """The story with each entry replayed after those before it, and the phase each entry
    joins: the one the story is in when it comes."""
    kept: list[dict[str, Any]] = []
    places = []
    story = story_of(game, players, phases)
    for entry in entries:
        places.append(story.phase)
        try:
            story = story_of(game, players, phases, [*kept, entry])
        except StoryError as error:
            raise GameRuleError(str(error)) from None
        kept.append(entry)
    return story, places


def _stored(
    game: Game,
    phases: list[GamePhase],
    placed: Sequence[tuple[dict[str, Any], tuple[str, int]]],
    now: dt.datetime,
) -> None:
    """Each entry joins its phase, which the engine has opened by then (M10)."""
    for entry, place in placed:
        phase = phase_reached(game, phases, place, now)
        phase.state = {**phase.state, "entries": [*phase.state.get("entries", []), entry]}
        phase.save(update_fields=["state"])


@transaction.atomic
def chiang_mai_enter(
    *, game_id: int, by: User, entries: Sequence[Mapping[str, Any]], now: dt.datetime
) -> Story:
    """The host's taps (M10, M12): entries the story accepts, in order (a show of hands gives
    every voter's ballot at once); a refused one keeps none of them."""
    game = _running_game(game_id)
    if not _is_host(game, by):
        raise GameRuleError("No such game.")
    if not entries:
        raise GameRuleError("Say what to enter.")
    return _record(game, [_entry_checked(e, now, by) for e in entries], now)


@transaction.atomic
def chiang_mai_player_enter(
    *, game_id: int, by: User, entry: Mapping[str, Any], now: dt.datetime
) -> Story:
    """A player's own tap on their phone (M12): their card order before night 1, their
    pointing when their role is called, their ballot; always in their own name."""
    game = _running_game(game_id)
    player = Player.objects.filter(game=game, user=by).first()
    if player is None:
        raise GameRuleError("No such game.")
    checked = _entry_checked(entry, now, by)
    field = PLAYER_KINDS.get(checked["kind"])
    if field is None:
        raise GameRuleError("Only the host enters that.")
    for name in HOST_ONLY_FIELDS:
        checked.pop(name, None)
    checked[field], checked["own"] = player.pk, True
    return _record(game, [checked], now)


@transaction.atomic
def chiang_mai_undo(*, game_id: int, by: User, now: dt.datetime) -> Story:
    """The host's undo (a mis-tap at 1 AM): the last entry goes and the story is replayed
    without it; a step back from a phase's end reopens that phase (the engine's phases follow
    the story)."""
    game = _running_game(game_id)
    if not _is_host(game, by):
        raise GameRuleError("No such game.")
    phases = game_phases(game)
    last = next((p for p in reversed(phases) if p.state.get("entries")), None)
    if last is None:
        raise GameRuleError("There is nothing to undo.")
    last.state = {**last.state, "entries": last.state["entries"][:-1]}
    last.save(update_fields=["state"])
    players = seated_players(game)
    story = story_of(game, players, phases)
    phases_back(game, phases, story)
    story_written(game, players, story, now)
    publish(f"game-{game.pk}", "phase")
    return story
