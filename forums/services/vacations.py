"""Vacation notices (docs/forum-play.md): a living player announces an absence, as long as the
game's moderators allow at most (`vacation_days`); their prods wait until it ends, and the
moderators read it in the activity overview and their log."""

import datetime as dt

from django.db import transaction

from forums.access import vacation_refusal
from forums.errors import ForbiddenError
from forums.models import SlotActivity
from forums.services.prods import prod_rearm
from game.errors import GameRuleError
from game.models import Player, User, Visibility
from game.services.locking import lock_game
from game.services.log import log_append

NOTE_MAX = 200


def vacation_check(game, player: Player | None, days: int, note: str) -> None:
    refusal = vacation_refusal(game, player)
    if refusal:
        raise ForbiddenError(refusal)
    if not 1 <= days <= game.vacation_days:
        raise GameRuleError(
            f"A vacation lasts from 1 to {game.vacation_days} days in this game.", field="days"
        )
    if len(note) > NOTE_MAX:
        raise GameRuleError(f"A note has at most {NOTE_MAX} characters.", field="note")


@transaction.atomic
def vacation_announce(
    *, game_id: int, by: User, days: int, note: str, now: dt.datetime
) -> SlotActivity:
    """The player is away from `now` for `days` days: their prod falls `prod_hours` after their
    return. A new notice replaces the last."""
    game = lock_game(game_id)
    player = game.players.filter(user=by).first()
    note = note.strip()
    vacation_check(game, player, days, note)
    until = now + dt.timedelta(days=days)
    activity, _ = SlotActivity.objects.update_or_create(
        player=player,
        defaults={"game": game, "away_from": now, "away_until": until, "away_note": note},
    )
    prod_rearm(game=game, player_id=player.pk, at=until)
    log_append(
        game=game,
        kind="vacation_announced",
        text=f"{player.name} is away for {days} day{'s' if days != 1 else ''}"
        + (f": {note}" if note else "."),
        visibility=Visibility.MODERATORS,
        now=now,
        actor=by,
    )
    return activity
