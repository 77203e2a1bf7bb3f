"""API operations of the role card's own actions: going desperado (R25), tasers (R44), the
stalker's target (R29) and the innocent child's reveal (R27), over the same services as the
pages (stable operationIds)."""

import datetime as dt

from django.utils import timezone
from ninja import Router, Schema, Status

from game.api.core import ReasonText
from game.models import DesperadoRequest, Item, Player, Tazing
from game.permissions import (
    can_go_desperado,
    can_reveal_innocence,
    can_stalk,
    can_use_items,
    game_for,
    moderated_game_for,
    require,
)
from game.rulesets.live_action.items.taser import taser_ready_at
from game.services.investigating import desperado, investigative_roles
from game.services.killing import tazings
from game.services.mafia_powers import stalking

roles_router = Router(tags=["role card actions"])


class DesperadoRequestOut(Schema):
    id: int
    requested_day: int
    requested_at: dt.datetime
    cancelled_at: dt.datetime | None
    applied_at: dt.datetime | None


class TaserIn(Schema):
    target_id: int


class TaserOut(Schema):
    id: int
    target_id: int | None
    written_at: dt.datetime | None
    usable_from: dt.datetime | None


class TargetIn(Schema):
    target_id: int


class StalkerTargetOut(Schema):
    id: int
    target_id: int
    day: int


class RevealOut(Schema):
    told_player_id: int


class TazingOut(Schema):
    id: int
    target_id: int
    day: int
    tazed_at: dt.datetime


class RecordIn(Schema):
    player_id: int
    reason: ReasonText = ""


class DesperadoMarkOut(Schema):
    player_id: int
    desperado_since_day: int


def _allowed(request, game_id: int, check) -> None:
    _, viewer = game_for(request.user, game_id)
    require(check(viewer))


@roles_router.post(
    "/games/{game_id}/desperado",
    response={201: DesperadoRequestOut},
    operation_id="desperado_request",
)
def desperado_request_op(request, game_id: int):
    """Ask to go desperado from the start of the next day (R25)."""
    _allowed(request, game_id, can_go_desperado)
    return Status(
        201, desperado.desperado_request(game_id=game_id, by=request.user, now=timezone.now())
    )


@roles_router.post(
    "/games/{game_id}/desperado/cancel",
    response=DesperadoRequestOut,
    operation_id="desperado_cancel",
)
def desperado_cancel_op(request, game_id: int) -> DesperadoRequest:
    """Cancel a waiting desperado request before the day ends (R25)."""
    _allowed(request, game_id, can_go_desperado)
    return desperado.desperado_cancel(game_id=game_id, by=request.user, now=timezone.now())


@roles_router.post(
    "/games/{game_id}/tasers/{item_id}/write", response=TaserOut, operation_id="taser_write"
)
def taser_write_op(request, game_id: int, item_id: int, payload: TaserIn) -> dict:
    """Write a target's name on your taser; it cannot be erased (R44)."""
    _allowed(request, game_id, can_use_items)
    taser: Item = tazings.taser_write(
        game_id=game_id,
        by=request.user,
        item_id=item_id,
        target_id=payload.target_id,
        now=timezone.now(),
    )
    written = taser.taser_target_written_at
    return {
        "id": taser.pk,
        "target_id": taser.taser_target_id,
        "written_at": written,
        "usable_from": taser_ready_at(written) if written else None,
    }


@roles_router.post(
    "/games/{game_id}/tasers/{item_id}/use", response={201: TazingOut}, operation_id="taser_use"
)
def taser_use_op(request, game_id: int, item_id: int, payload: TaserIn):
    """Report tazing the name on your taser, from 5 minutes after writing it (R44)."""
    _allowed(request, game_id, can_use_items)
    tazing: Tazing = tazings.taser_use(
        game_id=game_id,
        by=request.user,
        item_id=item_id,
        target_id=payload.target_id,
        now=timezone.now(),
    )
    return Status(201, tazing)


@roles_router.post(
    "/games/{game_id}/mod/desperado",
    response={201: DesperadoMarkOut},
    operation_id="desperado_record",
)
def desperado_record_op(request, game_id: int, payload: RecordIn):
    """The moderators record that a living desperado has gone desperado today (R25)."""
    moderated_game_for(request.user, game_id)
    player: Player = investigative_roles.desperado_mark(
        game_id=game_id, by=request.user, now=timezone.now(), **payload.dict()
    )
    return Status(201, {"player_id": player.pk, "desperado_since_day": player.desperado_since_day})


@roles_router.post(
    "/games/{game_id}/mod/tazings", response={201: TazingOut}, operation_id="tazing_record"
)
def tazing_record_op(request, game_id: int, payload: RecordIn):
    """The moderators record a tazing seen in person: no kill by the target today (R44)."""
    moderated_game_for(request.user, game_id)
    tazing: Tazing = tazings.tazing_record(
        game_id=game_id,
        by=request.user,
        target_id=payload.player_id,
        reason=payload.reason,
        now=timezone.now(),
    )
    return Status(201, tazing)


@roles_router.post(
    "/games/{game_id}/stalk",
    response={201: StalkerTargetOut},
    operation_id="stalker_target_set",
)
def stalker_target_set_op(request, game_id: int, payload: TargetIn):
    """The stalker's target for today (R29): a new living player each day."""
    _allowed(request, game_id, can_stalk)
    return Status(
        201,
        stalking.stalker_target_set(
            game_id=game_id, by=request.user, target_id=payload.target_id, now=timezone.now()
        ),
    )


@roles_router.post(
    "/games/{game_id}/innocent-child/reveal",
    response={201: RevealOut},
    operation_id="innocent_child_reveal",
)
def innocent_child_reveal_op(request, game_id: int, payload: TargetIn):
    """Tell the named player, and nobody else, that you are an innocent child (R27)."""
    _allowed(request, game_id, can_reveal_innocence)
    told = stalking.innocent_child_reveal(
        game_id=game_id, by=request.user, target_id=payload.target_id, now=timezone.now()
    )
    return Status(201, {"told_player_id": told.pk})
