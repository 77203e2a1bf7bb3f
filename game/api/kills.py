"""API operations for kills, investigations and shovels, over the same services as the pages
(stable operationIds). The mafia powers and the queue are in game.api.mafia."""

import datetime as dt

from django.utils import timezone
from ninja import Router, Status

from game.api.core import Message
from game.api.kills_schemas import (
    AgreedKillsIn,
    AnswerIn,
    AnswersIn,
    HeldDecisionOut,
    InvestigationIn,
    InvestigationOut,
    KillDecisionIn,
    KillEditIn,
    KillIn,
    KillOut,
    KillRespondIn,
    PriestListsIn,
    ResultsOut,
    ShovelIn,
    ShovelOut,
    SiteVisitIn,
    SiteVisitOut,
    SuspectsOut,
    WatchListIn,
)
from game.errors import GameRuleError
from game.models import Investigation, Kill, ShovelUse
from game.permissions import (
    Viewer,
    can_act_in_game,
    can_see_kill_method,
    game_for,
    moderated_game_for,
    require,
)
from game.selectors import investigations as investigation_selectors
from game.selectors import kills as kill_selectors
from game.services import holds
from game.services.investigating import investigations, investigative_roles
from game.services.items_offices import shovels
from game.services.killing import kill_decisions, kills

kills_router = Router(tags=["kills and investigations"])


def _now() -> dt.datetime:
    return timezone.now()


def _player_game(request, game_id: int):
    return _player_viewer(request, game_id).game


def _player_viewer(request, game_id: int) -> Viewer:
    game, viewer = game_for(request.user, game_id)
    require(can_act_in_game(viewer))
    return viewer


def _party_kill_out(viewer: Viewer, kill: Kill) -> Kill:
    """The kill as a party sees it: without the method the other party reported (R50)."""
    own = list(kill.statements.filter(reporter=viewer.player))
    if not can_see_kill_method(viewer, kill, named_it=kill_selectors.named_method(kill, own)):
        kill.method = ""
    return kill


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


def _shovel_out(use: ShovelUse) -> dict:
    sent = use.status == "sent"
    return {
        "id": use.pk,
        "dead_player_id": use.dead_player_id,
        "status": use.status,
        "role": use.role if sent else None,
        "alignment": use.alignment if sent else None,
        "conscripted": use.conscripted if sent else None,
    }


@kills_router.post("/games/{game_id}/kills", response={201: KillOut}, operation_id="kill_report")
def kill_report_op(request, game_id: int, payload: KillIn):
    viewer = _player_viewer(request, game_id)
    kill = kills.kill_report(game_id=game_id, by=request.user, now=_now(), **payload.dict())
    return Status(201, _party_kill_out(viewer, kill))


@kills_router.post(
    "/games/{game_id}/kills/{kill_id}/respond", response=KillOut, operation_id="kill_respond"
)
def kill_respond_op(request, game_id: int, kill_id: int, payload: KillRespondIn) -> Kill:
    viewer = _player_viewer(request, game_id)
    statement = kills.kill_respond(
        game_id=game_id, kill_id=kill_id, by=request.user, now=_now(), **payload.dict()
    )
    return _party_kill_out(viewer, statement.kill)


@kills_router.post(
    "/games/{game_id}/kills/{kill_id}/confirm", response=KillOut, operation_id="kill_confirm"
)
def kill_confirm_op(request, game_id: int, kill_id: int, payload: KillDecisionIn) -> Kill:
    moderated_game_for(request.user, game_id)
    return kill_decisions.kill_confirm(
        game_id=game_id,
        kill_id=kill_id,
        by=request.user,
        now=_now(),
        reason=payload.reason,
        override=payload.override,
    )


@kills_router.post(
    "/games/{game_id}/kills/{kill_id}/reject", response=KillOut, operation_id="kill_reject"
)
def kill_reject_op(request, game_id: int, kill_id: int, payload: KillDecisionIn) -> Kill:
    moderated_game_for(request.user, game_id)
    return kill_decisions.kill_reject(
        game_id=game_id,
        kill_id=kill_id,
        by=request.user,
        now=_now(),
        reason=payload.reason,
        attempt_failed=payload.attempt_failed,
    )


@kills_router.patch("/games/{game_id}/kills/{kill_id}", response=KillOut, operation_id="kill_edit")
def kill_edit_op(request, game_id: int, kill_id: int, payload: KillEditIn) -> Kill:
    moderated_game_for(request.user, game_id)
    return kill_decisions.kill_edit(
        game_id=game_id, kill_id=kill_id, by=request.user, now=_now(), **payload.dict()
    )


@kills_router.post(
    "/games/{game_id}/kills/{kill_id}/announce", response=KillOut, operation_id="kill_announce"
)
def kill_announce_op(request, game_id: int, kill_id: int) -> Kill:
    """The victim announces their own death when no moderator has within 30 minutes (R14)."""
    viewer = _player_viewer(request, game_id)
    kill = kills.kill_announce_by_victim(
        game_id=game_id, kill_id=kill_id, by=request.user, now=_now()
    )
    return _party_kill_out(viewer, kill)


@kills_router.post(
    "/games/{game_id}/site-visits",
    response={201: SiteVisitOut},
    operation_id="site_visit_report",
)
def site_visit_report_op(request, game_id: int, payload: SiteVisitIn):
    _player_game(request, game_id)
    visit = investigations.site_visit_report(
        game_id=game_id, by=request.user, victim_id=payload.victim_id, now=_now()
    )
    return Status(201, visit)


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


@kills_router.post("/games/{game_id}/shovels", response={201: ShovelOut}, operation_id="shovel_use")
def shovel_use_op(request, game_id: int, payload: ShovelIn):
    _player_game(request, game_id)
    use = shovels.shovel_use(
        game_id=game_id, by=request.user, dead_player_id=payload.dead_player_id, now=_now()
    )
    return Status(201, _shovel_out(use))


@kills_router.get(
    "/games/{game_id}/shovels/{use_id}", response=ShovelOut, operation_id="shovel_result"
)
def shovel_result_op(request, game_id: int, use_id: int):
    _, viewer = game_for(request.user, game_id)
    return _shovel_out(investigation_selectors.shovel_use_for(viewer, use_id))


@kills_router.post(
    "/games/{game_id}/shovels/{use_id}/send",
    response=ShovelOut,
    operation_id="shovel_result_send",
)
def shovel_result_send_op(request, game_id: int, use_id: int):
    moderated_game_for(request.user, game_id)
    use = shovels.shovel_result_send(
        game_id=game_id, shovel_use_id=use_id, by=request.user, now=_now()
    )
    return _shovel_out(use)


@kills_router.put("/games/{game_id}/watch-list", response=Message, operation_id="watch_list_set")
def watch_list_set_op(request, game_id: int, payload: WatchListIn):
    """The police officer's watch list for tomorrow (R48)."""
    _player_game(request, game_id)
    investigative_roles.watch_list_set(
        game_id=game_id, by=request.user, player_ids=payload.player_ids, now=_now()
    )
    return {"detail": "Watch list saved for tomorrow."}


@kills_router.put(
    "/games/{game_id}/priest-lists", response=Message, operation_id="priest_lists_set"
)
def priest_lists_set_op(request, game_id: int, payload: PriestListsIn):
    """The priest's saint and sinner lists (R28)."""
    _player_game(request, game_id)
    investigative_roles.priest_lists_set(
        game_id=game_id,
        by=request.user,
        saint_ids=payload.saint_ids,
        sinner_ids=payload.sinner_ids,
        now=_now(),
    )
    return {"detail": "Lists saved."}


@kills_router.post(
    "/games/{game_id}/agreed-kills/confirm",
    response=list[HeldDecisionOut],
    operation_id="kills_confirm_agreed",
)
def kills_confirm_agreed_op(request, game_id: int, payload: AgreedKillsIn):
    """Confirm, a minute from now unless undone, each listed kill that both parties agree on
    and the rules allow (the queue's "confirm all")."""
    moderated_game_for(request.user, game_id)
    return holds.kills_confirm_agreed(
        game_id=game_id, kill_ids=payload.kill_ids, by=request.user, now=_now()
    )


@kills_router.post(
    "/games/{game_id}/answers/send-all",
    response=list[HeldDecisionOut],
    operation_id="answers_send_all",
)
def answers_send_all_op(request, game_id: int, payload: AnswersIn):
    """Send, a minute from now unless undone, the computed answer of each listed investigation
    and the result of each listed shovel (R20)."""
    moderated_game_for(request.user, game_id)
    return holds.answers_send_all(
        game_id=game_id,
        investigation_ids=payload.investigation_ids,
        shovel_ids=payload.shovel_ids,
        by=request.user,
        now=_now(),
    )


@kills_router.post(
    "/games/{game_id}/decisions/{hold_id}/undo",
    response=HeldDecisionOut,
    operation_id="decision_undo",
)
def decision_undo_op(request, game_id: int, hold_id: int):
    moderated_game_for(request.user, game_id)
    return holds.decision_undo(game_id=game_id, hold_id=hold_id, by=request.user, now=_now())
