"""API operations of a setup's balance estimate: the moderators ask for one, and read its
progress and its rates. Anyone else gets a 404, as for every moderator's operation."""

from django.http import Http404
from ninja import Router, Status

from game.api.core import now
from game.api.estimate_schemas import EstimateIn, EstimateOut
from game.permissions import moderated_game_for
from game.selectors.estimates import (
    EstimateView,
    VariantRow,
    estimate_of,
    estimate_view,
    estimates_of,
)
from game.services.estimates.requests import estimate_request

estimates_router = Router(tags=["estimates"])


def _variant(row: VariantRow) -> dict:
    return {
        **{k: getattr(row, k) for k in ("key", "label", "part", "delta", "players", "counts")},
        "played": row.played,
        "sides": [
            {"code": s.code, "name": s.name, **vars(s.rate), "rate": s.rate.rate, "move": s.move}
            for s in row.sides
        ],
    }


def _out(shown: EstimateView) -> dict:
    e = shown.estimate
    return {
        "id": e.pk,
        "game_id": e.game_id,
        **{k: getattr(e, k) for k in ("ruleset", "players", "counts", "games", "variant_games")},
        "seed": e.seed,
        **{k: getattr(e, k) for k in ("requested_at", "finished_at", "played", "total")},
        "computer_play": shown.computer_play,
        "setup": _variant(shown.base),
        "variants": [_variant(row) for row in shown.variants],
    }


@estimates_router.post(
    "/games/{game_id}/estimates", response={201: EstimateOut}, operation_id="estimate_request"
)
def estimate_request_op(request, game_id: int, payload: EstimateIn):
    """Ask the computer players to play the game's setup for `players` players `games` times,
    and each variant with one more or one fewer of each role, in the worker; one estimate at a
    time a game. Read its progress with `estimate_detail`."""
    moderated_game_for(request.user, game_id)
    estimate = estimate_request(
        game_id=game_id,
        by=request.user,
        players=payload.players,
        games=payload.games,
        seed=payload.seed,
        now=now(),
    )
    return Status(201, _out(estimate_view(estimate)))


@estimates_router.get(
    "/games/{game_id}/estimates", response=list[EstimateOut], operation_id="estimate_list"
)
def estimate_list_op(request, game_id: int):
    """The game's latest estimates, the newest first."""
    game, _ = moderated_game_for(request.user, game_id)
    return [_out(estimate_view(e)) for e in estimates_of(game)]


@estimates_router.get(
    "/games/{game_id}/estimates/{estimate_id}",
    response=EstimateOut,
    operation_id="estimate_detail",
)
def estimate_detail_op(request, game_id: int, estimate_id: int):
    """One estimate: its progress (`played` of `total`) and each side's win rate with its
    Wilson 95% interval, for the setup and each variant."""
    game, _ = moderated_game_for(request.user, game_id)
    estimate = estimate_of(game, estimate_id)
    if estimate is None:
        raise Http404("No such estimate.")
    return _out(estimate_view(estimate))
