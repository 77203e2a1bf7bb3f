"""Writing what a Chiang Mai game's story decides back to its rows: each player's cards and
doses in `Player.state` (M5), whether they are still in the game, and the game's end (M9)."""

from __future__ import annotations

import datetime as dt

from game.models import Game, GameStatus, Player
from game.rulesets.chiang_mai.story import Story
from game.services.live_channel import lives_changed


def story_written(game: Game, players: list[Player], story: Story, now: dt.datetime) -> None:
    """Each player's hand and doses as the story leaves them, checked against the state the
    rule set declares, and the game's end (M9) or its return to play when an undo takes the
    win back."""
    moved = []
    for player in players:
        hand = story.table[player.pk]
        player.state = game.rules.state_of({**player.state, **hand.as_state()})
        if player.alive != hand.in_game:
            moved.append(player.user_id)
        player.alive = hand.in_game
    Player.objects.bulk_update(players, ["state", "alive"])
    lives_changed(game.pk, moved)
    finished = story.winner is not None
    if finished != (game.status == GameStatus.FINISHED):
        game.status = GameStatus.FINISHED if finished else GameStatus.RUNNING
        game.winner = story.winner or ""
        game.finished_at = now if finished else None
        game.save(update_fields=["status", "winner", "finished_at"])
