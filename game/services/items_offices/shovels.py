"""Shovels (R43): used on a dead player, a shovel returns their role, alignment and conscription,
or what Plant Evidence set (R37), and is destroyed."""

import datetime as dt

from django.db import transaction

from game.errors import ConflictError, GameRuleError, NotFoundError
from game.models import Item, MafiaPowerUse, ResultStatus, ShovelUse, User, Visibility
from game.rulesets.live_action.items.shovel import ITEM, shovel_result
from game.rulesets.live_action.powers.plant_evidence import POWER as PLANT_EVIDENCE
from game.services.items_offices.item_transfers import item_offers_end
from game.services.locking import lock_game
from game.services.log import log_append
from game.services.players import player_of, running_game_player


@transaction.atomic
def shovel_use(*, game_id: int, by: User, dead_player_id: int, now: dt.datetime) -> ShovelUse:
    game = lock_game(game_id)
    player = running_game_player(game, by)
    if not player.alive:
        raise GameRuleError('Dead players cannot dig ("dead players tell no tales").')
    shovel = Item.objects.filter(holder=player, kind=ITEM.code, destroyed_at__isnull=True).first()
    if shovel is None:
        raise GameRuleError("You hold no shovel.")
    dead = player_of(game, dead_player_id)
    if dead.alive:
        raise GameRuleError(f"{dead.name} is alive: shovels work on dead players only (R43).")
    planted = (
        MafiaPowerUse.objects.filter(game=game, power=PLANT_EVIDENCE.code, target=dead)
        .order_by("-used_at", "-id")
        .first()
    )
    result = shovel_result(
        role=dead.role,
        alignment=game.rules.alignment_of(dead.role, conscripted=dead.conscripted),
        conscripted=dead.conscripted,
        planted=(planted.planted_role, planted.planted_alignment) if planted else None,
    )
    shovel.destroyed_at = now
    shovel.save(update_fields=["destroyed_at"])
    item_offers_end(shovel, now)
    use = ShovelUse.objects.create(
        game=game,
        player=player,
        item=shovel,
        dead_player=dead,
        used_at=now,
        day=game.current_day,
        role=result.role,
        alignment=result.alignment,
        conscripted=result.conscripted,
        planted=result.planted,
    )
    log_append(
        game=game,
        kind="shovel_used",
        text=f"{player.name} used a shovel on {dead.name}.",
        visibility=Visibility.MODERATORS,
        now=now,
        actor=by,
    )
    if game.answers_without_review:
        _send(use, by=None, now=now)
    return use


@transaction.atomic
def shovel_result_send(*, game_id: int, shovel_use_id: int, by: User, now: dt.datetime):
    game = lock_game(game_id)
    use = ShovelUse.objects.filter(game=game, pk=shovel_use_id).first()
    if use is None:
        raise NotFoundError("No such shovel use.")
    if use.status != ResultStatus.PENDING:
        raise ConflictError("That shovel result has already been sent.")
    return _send(use, by=by, now=now)


def _send(use: ShovelUse, *, by: User | None, now: dt.datetime) -> ShovelUse:
    use.status, use.sent_at, use.sent_by = ResultStatus.SENT, now, by
    use.save(update_fields=["status", "sent_at", "sent_by"])
    planted = " (planted evidence)" if use.planted else ""
    log_append(
        game=use.game,
        kind="shovel_sent",
        text=f"Shovel result on {use.dead_player.name} sent to {use.player.name}{planted}.",
        visibility=Visibility.MODERATORS,
        now=now,
        actor=by,
    )
    log_append(
        game=use.game,
        kind="shovel_result",
        text="Your shovel has an answer: see your results.",
        visibility=Visibility.PLAYERS,
        recipients=[use.player],
        now=now,
    )
    return use
