"""The game itself: its creation, settings and moderators, its state as the viewer may see it
(R50), and its log."""

from ninja import Query, Status

from game.api.core import Message, now
from game.api.games.base import games_router
from game.api.games.schemas import (
    GameIn,
    GameOut,
    GameSettingsIn,
    GameStateOut,
    LogEntryOut,
    ModeratorIn,
)
from game.models import LogEntry
from game.permissions import can_moderate, game_for, moderated_game_for
from game.selectors import record
from game.selectors.games import game_ending, game_state
from game.selectors.log import log_for
from game.selectors.role_cards import RoleCardView
from game.services.lobby import games

LOG_PAGE = 500


@games_router.post("/games", response={201: GameOut}, operation_id="game_create", tags=["games"])
def game_create_op(request, payload: GameIn):
    game = games.game_create(created_by=request.user, now=now(), **payload.dict())
    return Status(201, game)


@games_router.patch(
    "/games/{game_id}", response=GameOut, operation_id="game_settings_update", tags=["games"]
)
def game_settings_update_op(request, game_id: int, payload: GameSettingsIn):
    moderated_game_for(request.user, game_id)
    changes = payload.dict(exclude_none=True)
    return games.game_settings_update(game_id=game_id, by=request.user, now=now(), **changes)


@games_router.post(
    "/games/{game_id}/moderators", response=Message, operation_id="moderator_add", tags=["games"]
)
def moderator_add_op(request, game_id: int, payload: ModeratorIn):
    moderated_game_for(request.user, game_id)
    games.moderator_add(game_id=game_id, by=request.user, now=now(), **payload.dict())
    return {"detail": "Moderator added."}


@games_router.get(
    "/games/{game_id}", response=GameStateOut, operation_id="game_state", tags=["games"]
)
def game_state_op(request, game_id: int):
    """What the viewer may see of the game (R50)."""
    _, viewer = game_for(request.user, game_id)
    state = game_state(viewer)
    return {
        "game": state.game,
        "ending": game_ending(state.game),
        "day": state.day,
        "clock_paused": state.game.clock_paused,
        "players": state.players,
        "you": _card_out(state.role_card),
        "roles": state.roles_visible,
        "deaths": record.deaths_revealed(viewer),
        "votes": record.public_votes(viewer),
        "results": record.investigation_results(viewer),
    }


@games_router.get(
    "/games/{game_id}/log", response=list[LogEntryOut], operation_id="log_list", tags=["games"]
)
def log_list_op(
    request,
    game_id: int,
    after: int | None = Query(
        None,
        ge=0,
        description="Only the entries after this entry id, oldest first (at most 500 a call: "
        "ask again after the last one); without it, the latest 500, newest first.",
    ),
) -> list[LogEntry]:
    """The game's log as the viewer may read it (R50)."""
    _, viewer = game_for(request.user, game_id)
    entries = log_for(viewer, limit=LOG_PAGE, after=after)
    if can_moderate(viewer):
        for entry in entries:
            entry.reason_shown = entry.reason or None
    return entries


def _card_out(card: RoleCardView | None) -> dict | None:
    if card is None:
        return None
    info = card.role
    return {
        "player_id": card.player.pk,
        "role": info.code if info else None,
        "role_name": info.name if info else None,
        "alignment": card.player.game.rules.alignment_of(
            info.code, conscripted=card.player.conscripted
        )
        if info
        else None,
        "summary": info.summary if info else None,
        "powers": list(info.card) if info else [],
        "partner": card.partner.name if card.partner else None,
        "fellow_mafia": [p.name for p in card.fellow_mafia],
        "items": [{"id": i.pk, "kind": i.kind} for i in card.items],
        "poisoned_dies_on_day": card.poisoned_dies_on_day,
    }
