"""Writing what a Chiang Mai game's story decides back to its rows: each player's cards and
doses in `Player.state` (M5), who is out of the game — a death like every other, with its
follow-ups (`players_die`), or taken back by an undo — and the game's end (M9)."""

from __future__ import annotations

import datetime as dt

from game.models import Game, GameStatus, Player
from game.rulesets.chiang_mai.story import Story
from game.services.killing.deaths import players_die, players_revive


def story_written(game: Game, players: list[Player], story: Story, now: dt.datetime) -> None:
    """Each player's hand and doses as the story leaves them, checked against the state the
    rule set declares; the players it puts out die, those an undo brought back are revived;
    then the game's end (M9) or its return to play when an undo takes the win back."""
    for player in players:
        hand = story.table[player.pk]
        player.state = game.rules.state_of({**player.state, **hand.as_state()})
    Player.objects.bulk_update(players, ["state"])
    back = [p for p in players if not p.alive and story.table[p.pk].in_game]
    players_revive(game=game, player_ids=[p.pk for p in back])
    for player in back:
        player.alive = True
    _deaths(game, [p for p in players if p.alive and not story.table[p.pk].in_game], story, now)
    finished = story.winner is not None
    if finished != (game.status == GameStatus.FINISHED):
        game.status = GameStatus.FINISHED if finished else GameStatus.RUNNING
        game.winner = story.winner or ""
        game.finished_at = now if finished else None
        game.save(update_fields=["status", "winner", "finished_at"])


def _deaths(game: Game, dying: list[Player], story: Story, now: dt.datetime) -> None:
    """The players out since the last entry die, in the order the story put them out, each of
    their own cause; those of one night or day die together."""
    order = {pk: n for n, pk in enumerate(story.eliminated)}
    dying = sorted(dying, key=lambda p: order[p.pk])
    for number in sorted({story.out[p.pk][1] for p in dying}):
        together = [p for p in dying if story.out[p.pk][1] == number]
        deaths = [(p, story.out[p.pk][0]) for p in together]
        players_die(game=game, deaths=deaths, at=now, day=number)
