"""Kill reports, their confirmation or rejection by the moderators, and site visits."""

from ninja import Status

from game.api.kills.base import _now, _player_game, _player_viewer, kills_router
from game.api.kills_schemas import (
    KillDecisionIn,
    KillEditIn,
    KillIn,
    KillOut,
    KillRespondIn,
    SiteVisitIn,
    SiteVisitOut,
)
from game.models import Kill
from game.permissions import Viewer, can_see_kill_method, moderated_game_for
from game.selectors import kills as kill_selectors
from game.services.investigating import investigations
from game.services.killing import kill_decisions, kills


def _party_kill_out(viewer: Viewer, kill: Kill) -> Kill:
    """The kill as a party sees it: without the method the other party reported (R50)."""
    own = list(kill.statements.filter(reporter=viewer.player))
    if not can_see_kill_method(viewer, kill, named_it=kill_selectors.named_method(kill, own)):
        kill.method = ""
    return kill


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
