"""Opening a game's review to every signed-in user, or closing it to its players again."""

from __future__ import annotations

import datetime as dt

from django.db import transaction

from game.errors import GameRuleError
from game.models import GameModerator, User, Visibility
from game.services.locking import lock_game
from game.services.log import log_append


@transaction.atomic
def review_publish(*, game_id: int, by: User, public: bool, now: dt.datetime):
    """`Game.review_public`: the moderators decide, before or after the end; the review itself
    opens only once the game is over. Logged for the moderators."""
    game = lock_game(game_id)
    if not GameModerator.objects.filter(game=game, user=by).exists():
        raise GameRuleError("Only the game's moderators open its review.")
    if game.review_public == public:
        return game
    game.review_public = public
    game.save(update_fields=["review_public"])
    log_append(
        game=game,
        kind="review_published" if public else "review_closed",
        text="The review is open to every signed-in user once the game is over."
        if public
        else "The review is open only to the game's players and moderators.",
        visibility=Visibility.MODERATORS,
        now=now,
        actor=by,
    )
    return game
