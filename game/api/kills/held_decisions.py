"""The moderators' decisions held a minute before they take effect: confirming the agreed kills,
sending all answers (R20), and undoing one."""

from game.api.kills.base import _now, kills_router
from game.api.kills_schemas import AgreedKillsIn, AnswersIn, HeldDecisionOut
from game.permissions import moderated_game_for
from game.services import holds


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
