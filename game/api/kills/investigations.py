"""Investigations: the request, the suspects, the moderators' answer and the results."""

from ninja import Status

from game.api.kills.base import _now, _player_game, _player_viewer, _shovel_out, kills_router
from game.api.kills_schemas import (
    AnswerIn,
    InvestigationIn,
    InvestigationOut,
    ResultsOut,
    SuspectsOut,
)
from game.errors import GameRuleError
from game.models import Investigation
from game.permissions import game_for, moderated_game_for, require
from game.selectors import investigations as investigation_selectors
from game.services.investigating import investigations


def _investigation_out(inv: Investigation) -> dict:
    sent = inv.status == "sent"
    return {
        "id": inv.pk,
        "capacity": inv.capacity,
        "day": inv.day,
        "victim_id": inv.victim_id,
        "suspect_ids": sorted(s.pk for s in inv.suspects.all()),
        "status": inv.status,
        "answer": inv.answer if sent else None,
    }


@kills_router.post(
    "/games/{game_id}/investigations",
    response={201: InvestigationOut},
    operation_id="investigation_request",
)
def investigation_request_op(request, game_id: int, payload: InvestigationIn):
    _player_game(request, game_id)
    inv = investigations.investigation_request(
        game_id=game_id, by=request.user, now=_now(), **payload.dict()
    )
    return Status(201, _investigation_out(inv))


@kills_router.get(
    "/games/{game_id}/investigations/suspects/{victim_id}",
    response=SuspectsOut,
    operation_id="investigation_suspects",
)
def investigation_suspects_op(request, game_id: int, victim_id: int):
    """Whom `investigation_request` accepts as suspects of the death of `victim_id` for you: the
    players alive when the victim was killed, other than the victim and you (R12, R19), by name.
    400 when the death was no confirmed kill (R21); 404 when no such player is in the game."""
    viewer = _player_viewer(request, game_id)
    choice = investigation_selectors.suspects_for(viewer, victim_id)
    require(choice.victim is not None)
    if choice.refusal is not None:
        raise GameRuleError(str(choice.refusal))
    return {
        "victim_id": choice.victim.pk,
        "suspects": [{"id": p.pk, "name": p.name} for p in choice.suspects],
    }


@kills_router.post(
    "/games/{game_id}/investigations/{investigation_id}/answer",
    response=InvestigationOut,
    operation_id="investigation_answer",
)
def investigation_answer_op(request, game_id: int, investigation_id: int, payload: AnswerIn):
    """A moderator sends the computed answer, or overrides it with a reason (R20)."""
    moderated_game_for(request.user, game_id)
    inv = investigations.investigation_send(
        game_id=game_id,
        investigation_id=investigation_id,
        by=request.user,
        now=_now(),
        answer=payload.answer,
        reason=payload.reason,
    )
    return _investigation_out(inv)


@kills_router.get(
    "/games/{game_id}/investigations/{investigation_id}",
    response=InvestigationOut,
    operation_id="investigation_result",
)
def investigation_result_op(request, game_id: int, investigation_id: int):
    _, viewer = game_for(request.user, game_id)
    return _investigation_out(investigation_selectors.investigation_for(viewer, investigation_id))


@kills_router.get(
    "/games/{game_id}/results/{player_id}", response=ResultsOut, operation_id="results_list"
)
def results_list_op(request, game_id: int, player_id: int):
    """A player's own results; moderators read anyone's (R50)."""
    game, viewer = game_for(request.user, game_id)
    owner = game.players.filter(pk=player_id).first()
    require(owner is not None)
    found = investigation_selectors.results_of(viewer, owner)
    return {
        "investigations": [_investigation_out(i) for i in found.investigations],
        "shovels": [_shovel_out(s) for s in found.shovels],
    }
