"""A game brought to its end, and its review as a user reads it."""

import datetime as dt

from django.db import transaction
from django.urls import reverse

from game.models import Game
from game.services.locking import lock_game
from game.services.wins import game_finish
from tests.conftest import client_for


def finish(game: Game, *, winner: str = "", at: dt.datetime | None = None) -> None:
    """The game ends (its win check's service), won by `winner` or by the rule set's first side."""
    with transaction.atomic():
        locked = lock_game(game.pk)
        game_finish(
            game=locked,
            winner=winner or locked.rules.alignments[0][0],
            now=at or (locked.started_at or dt.datetime.now(dt.UTC)) + dt.timedelta(days=3),
            text="The game ends.",
        )
    game.refresh_from_db()


def review_page(user, game: Game, **query) -> tuple[int, str]:
    response = client_for(user).get(reverse("game_review", args=[game.pk]), query)
    return response.status_code, response.content.decode()
