"""API operations on petitions and the offices (R46-R48), over the same services and selectors
as the pages (stable operationIds)."""

import datetime as dt

from django.utils import timezone
from ninja import Router, Schema, Status

from game.api.core import ReasonIn
from game.models import MafiaCount
from game.permissions import can_petition, game_for, moderated_game_for, require
from game.selectors import petitions as reads
from game.selectors.petitions import PetitionView
from game.services.investigating import investigative_roles
from game.services.items_offices import mafia_counts, petitions

petitions_router = Router(tags=["petitions"])


class PetitionIn(Schema):
    kind: str
    office: str
    candidate_id: int


class SignerOut(Schema):
    id: int
    name: str
    alive: bool


class PetitionOut(Schema):
    id: int
    kind: str
    office: str
    title: str
    candidate_id: int
    holder_id: int
    created_at: dt.datetime
    used_at: dt.datetime | None
    ended_at: dt.datetime | None
    end_reason: str
    end_text: str
    signers: list[SignerOut]
    living_signers: int
    living_players: int
    needed: int
    qualifies: bool


def _out(view: PetitionView) -> dict:
    p = view.petition
    return {
        "id": p.pk,
        "kind": p.kind,
        "office": p.office,
        "title": view.title,
        "candidate_id": p.candidate_id,
        "holder_id": p.holder_id,
        "created_at": p.created_at,
        "used_at": p.used_at,
        "ended_at": p.ended_at,
        "end_reason": p.end_reason,
        "end_text": view.end_text,
        "signers": [{"id": s.pk, "name": s.name, "alive": s.alive} for s in view.signers],
        "living_signers": view.living_signers,
        "living_players": view.living,
        "needed": view.needed,
        "qualifies": view.qualifies,
    }


def _petition_out(request, game_id: int, petition_id: int) -> dict:
    _, viewer = game_for(request.user, game_id)
    return _out(reads.petition_detail(viewer, petition_id))


def _acting(request, game_id: int) -> None:
    _, viewer = game_for(request.user, game_id)
    require(can_petition(viewer))


@petitions_router.get(
    "/games/{game_id}/petitions", response=list[PetitionOut], operation_id="petition_list"
)
def petition_list_op(request, game_id: int) -> list[dict]:
    """Every petition of the game with its signers and its count against more than 50% of the
    living players (R47)."""
    _, viewer = game_for(request.user, game_id)
    return [_out(view) for view in reads.petitions_page(viewer).petitions]


@petitions_router.post(
    "/games/{game_id}/petitions", response={201: PetitionOut}, operation_id="petition_create"
)
def petition_create_op(request, game_id: int, payload: PetitionIn):
    """Start a petition to elect a player to an empty office or to impeach its holder (R46)."""
    _acting(request, game_id)
    petition = petitions.petition_create(
        game_id=game_id,
        by=request.user,
        kind=payload.kind,
        office=payload.office,
        candidate_id=payload.candidate_id,
        now=timezone.now(),
    )
    return Status(201, _petition_out(request, game_id, petition.pk))


def _petition_op(service):
    def operation(request, game_id: int, petition_id: int) -> dict:
        _acting(request, game_id)
        service(game_id=game_id, by=request.user, petition_id=petition_id, now=timezone.now())
        return _petition_out(request, game_id, petition_id)

    operation.__doc__ = service.__doc__
    return operation


petitions_router.post(
    "/games/{game_id}/petitions/{petition_id}/sign",
    response=PetitionOut,
    operation_id="petition_sign",
)(_petition_op(petitions.petition_sign))
petitions_router.post(
    "/games/{game_id}/petitions/{petition_id}/withdraw",
    response=PetitionOut,
    operation_id="petition_withdraw_signature",
)(_petition_op(petitions.petition_withdraw_signature))
petitions_router.post(
    "/games/{game_id}/petitions/{petition_id}/use",
    response=PetitionOut,
    operation_id="petition_use",
)(_petition_op(petitions.petition_use))


class MafiaCountOut(Schema):
    id: int
    day: int
    requested_at: dt.datetime
    status: str
    answer: int | None


class MafiaCountAnswerIn(ReasonIn):
    answer: int | None = None


class PoliceWatchListIn(Schema):
    player_ids: list[int]


class WatchListOut(Schema):
    day: int
    player_ids: list[int]


def _count_out(count: MafiaCount) -> dict:
    sent = count.status == "sent"
    return {
        "id": count.pk,
        "day": count.day,
        "requested_at": count.requested_at,
        "status": count.status,
        "answer": count.answer if sent else None,
    }


@petitions_router.post(
    "/games/{game_id}/mayor/count-mafia",
    response={201: MafiaCountOut},
    operation_id="mayor_count_mafia",
)
def mayor_count_mafia_op(request, game_id: int):
    """The mayor asks how many mafia-aligned players are alive: twice per game, once per term
    (R48). The answer comes after the moderators' review unless the game answers without it
    (R20)."""
    _acting(request, game_id)
    count = mafia_counts.mayor_count_mafia(game_id=game_id, by=request.user, now=timezone.now())
    return Status(201, _count_out(count))


@petitions_router.post(
    "/games/{game_id}/mafia-counts/{count_id}/send",
    response=MafiaCountOut,
    operation_id="mafia_count_send",
)
def mafia_count_send_op(request, game_id: int, count_id: int, payload: MafiaCountAnswerIn):
    """A moderator sends the computed count, or overrides it with a reason (R20)."""
    moderated_game_for(request.user, game_id)
    count = mafia_counts.mafia_count_send(
        game_id=game_id,
        count_id=count_id,
        by=request.user,
        answer=payload.answer,
        reason=payload.reason,
        now=timezone.now(),
    )
    return _count_out(count)


@petitions_router.post(
    "/games/{game_id}/police/watch-list",
    response=WatchListOut,
    operation_id="police_watch_list_set",
)
def police_watch_list_set_op(request, game_id: int, payload: PoliceWatchListIn) -> dict:
    """The police officer names up to three players to watch tomorrow (R48); a death on the
    watch list may be asked about again (R23)."""
    _acting(request, game_id)
    rows = investigative_roles.watch_list_set(
        game_id=game_id, by=request.user, player_ids=payload.player_ids, now=timezone.now()
    )
    game, _ = game_for(request.user, game_id)
    return {"day": game.current_day + 1, "player_ids": [row.watched_id for row in rows]}
