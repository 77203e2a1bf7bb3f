"""Tasers and tazings (R44): the holder writes a target's name on a taser, then from 5 minutes
later reports tazing that target; the target can make no kill for the rest of the day and the
taser is destroyed. A moderator may also record a tazing directly (an override)."""

import datetime as dt

from django.db import transaction

from game.errors import GameRuleError
from game.models import Day, Game, Item, Player, Tazing, User, Visibility
from game.rulesets.live_action.items.taser import (
    ITEM,
    Taser,
    taser_use_refusal,
    taser_write_refusal,
)
from game.services.items_offices.item_transfers import item_offers_end
from game.services.locking import lock_game
from game.services.log import log_append
from game.services.players import player_of, running_game_player


@transaction.atomic
def tazing_record(
    *, game_id: int, by: User, target_id: int, now: dt.datetime, reason: str = ""
) -> Tazing:
    """The target can make no kill for the rest of today (R44); kill checks list it (R12)."""
    game = lock_game(game_id)
    target = player_of(game, target_id)
    if not target.alive:
        raise GameRuleError(f"{target.name} is dead.")
    tazing = Tazing.objects.create(
        game=game, target=target, day=game.current_day, tazed_at=now, recorded_by=by
    )
    log_append(
        game=game,
        kind="tazing_recorded",
        text=f"{target.name} was tazed on day {game.current_day} (R44).",
        visibility=Visibility.MODERATORS,
        now=now,
        actor=by,
        reason=reason,
    )
    return tazing


def _taser_of(game: Game, item_id: int, holder: Player) -> Item:
    """The holder's taser, locked; another player's or game's item answers as a missing one,
    so that no player learns how many items were dealt (R50)."""
    taser = (
        Item.objects.select_for_update()
        .filter(game=game, pk=item_id, kind=ITEM.code, holder=holder, destroyed_at__isnull=True)
        .first()
    )
    if taser is None:
        raise GameRuleError("That taser is not in this game, or it has been used.")
    return taser


def _as_seen_by(taser: Item, player: Player) -> Taser:
    return Taser(
        held_by_asker=taser.holder_id == player.pk,
        holder_alive=player.alive,
        holder=taser.holder_id,
        written_target=taser.taser_target_id,
        written_at=taser.taser_target_written_at,
    )


@transaction.atomic
def taser_write(*, game_id: int, by: User, item_id: int, target_id: int, now: dt.datetime) -> Item:
    """The holder writes a target's name on their taser (R44); it cannot be erased."""
    game = lock_game(game_id)
    holder = running_game_player(game, by)
    taser = _taser_of(game, item_id, holder)
    target = player_of(game, target_id, what="The player you named")
    refusal = taser_write_refusal(
        _as_seen_by(taser, holder), target=target.pk, target_alive=target.alive
    )
    if refusal is not None:
        raise GameRuleError(str(refusal))
    taser.taser_target = target
    taser.taser_target_written_at = now
    taser.save(update_fields=["taser_target", "taser_target_written_at"])
    log_append(
        game=game,
        kind="taser_written",
        text=f"{holder.name} wrote {target.name}'s name on a taser (R44).",
        visibility=Visibility.MODERATORS,
        now=now,
        actor=by,
    )
    return taser


@transaction.atomic
def taser_use(*, game_id: int, by: User, item_id: int, target_id: int, now: dt.datetime) -> Tazing:
    """The holder reports tazing the name on their taser (R44): the target can make no kill for
    the rest of today, which the kill checks read (R12), and the taser is destroyed."""
    game = lock_game(game_id)
    holder = running_game_player(game, by)
    taser = _taser_of(game, item_id, holder)
    target = player_of(game, target_id, what="The player you tazed")
    day_open = Day.objects.filter(
        game=game, number=game.current_day, ended_at__isnull=True
    ).exists()
    refusal = taser_use_refusal(
        _as_seen_by(taser, holder),
        target=target.pk,
        target_alive=target.alive,
        day_open=day_open,
        now=now,
    )
    if refusal is not None:
        raise GameRuleError(str(refusal))
    taser.destroyed_at = now
    taser.save(update_fields=["destroyed_at"])
    item_offers_end(taser, now)
    tazing = Tazing.objects.create(
        game=game, target=target, tazer=holder, day=game.current_day, tazed_at=now
    )
    log_append(
        game=game,
        kind="taser_used",
        text=f"{holder.name} tazed {target.name} on day {game.current_day} (R44).",
        visibility=Visibility.MODERATORS,
        now=now,
        actor=by,
    )
    log_append(
        game=game,
        kind="tazed",
        text=f"You were tazed: you can make no kill for the rest of day {game.current_day} "
        "(conscripting is still allowed) (R44).",
        visibility=Visibility.PLAYERS,
        recipients=[target],
        now=now,
    )
    return tazing
