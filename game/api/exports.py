"""API operations for the moderators' exports: the game's record as CSV and as JSON, streamed."""

from django.http import HttpRequest, StreamingHttpResponse
from ninja import Router

from game.permissions import moderated_game_for
from game.views.exports import record_response

exports_router = Router(tags=["exports"])

RECORD_DESCRIPTION = (
    "The game's record for its moderators: the log (with visibility and recipients), votes, "
    "kills, investigations and shovel uses. Streamed; moderators only (R50)."
)


@exports_router.get(
    "/games/{game_id}/export/record.csv",
    operation_id="game_record_csv",
    description=RECORD_DESCRIPTION,
    openapi_extra={"responses": {200: {"content": {"text/csv": {}}}}},
)
def game_record_csv(request: HttpRequest, game_id: int) -> StreamingHttpResponse:
    game, _ = moderated_game_for(request.user, game_id)
    return record_response(game, "csv")


@exports_router.get(
    "/games/{game_id}/export/record.json",
    operation_id="game_record_json",
    description=RECORD_DESCRIPTION,
    openapi_extra={"responses": {200: {"content": {"application/json": {}}}}},
)
def game_record_json(request: HttpRequest, game_id: int) -> StreamingHttpResponse:
    game, _ = moderated_game_for(request.user, game_id)
    return record_response(game, "json")
