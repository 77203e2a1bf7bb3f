"""API operations for a finished game's review and statistics, and the statistics of setups.
The same gate as the pages: before the end, and for whom `can_see_review` refuses, a 404."""

from django.http import Http404
from ninja import Query, Router

from game.api.core import now
from game.api.review_schemas import (
    GameStatsOut,
    ReviewOut,
    ReviewPublishIn,
    ReviewPublishOut,
    SetupOut,
)
from game.permissions import can_see_review, game_for, moderated_game_for, require
from game.rulesets.wilson import Rate
from game.selectors.review import game_review
from game.selectors.stats.game_stats import game_stats
from game.selectors.stats.setups import (
    SetupStats,
    setup_hash_of,
    setup_statistics,
    setup_statistics_of,
)
from game.services.review.publish import review_publish

review_router = Router(tags=["review"])


@review_router.get("/games/{game_id}/review", response=ReviewOut, operation_id="game_review")
def game_review_op(
    request,
    game_id: int,
    player: int | None = Query(None, ge=1, le=2**31 - 1, description="Only this player's."),
    phase: str = Query("", max_length=40, description="Only this phase (`phase_labels`)."),
):
    """Once the game is over: every role, item, night action, power use, investigation (true
    and reported answers, and the falsifications between), vote, kill, death, HP change and
    Chiang Mai card, phase by phase. The moderators' private notes never appear."""
    _, viewer = game_for(request.user, game_id)
    review = game_review(viewer, player=player, phase=phase)
    return {
        "game_id": game_id,
        "winner": review.game.winner,
        "review_public": review.game.review_public,
        "players": review.players,
        "phase_labels": review.phase_labels,
        "phases": [
            {
                "label": group.phase.label,
                "started_at": group.phase.started_at,
                "ended_at": group.phase.ended_at,
                "events": [{**vars(e), "players": sorted(e.players)} for e in group.events],
            }
            for group in review.phases
        ],
    }


@review_router.put(
    "/games/{game_id}/review/public", response=ReviewPublishOut, operation_id="review_publish"
)
def review_publish_op(request, game_id: int, payload: ReviewPublishIn):
    """The moderators open the review to every signed-in user, or close it to the game's
    players and moderators again."""
    moderated_game_for(request.user, game_id)
    game = review_publish(game_id=game_id, by=request.user, public=payload.public, now=now())
    return {"game_id": game.pk, "review_public": game.review_public}


@review_router.get("/games/{game_id}/stats", response=GameStatsOut, operation_id="game_stats")
def game_stats_op(request, game_id: int):
    """Posts, votes and actions per player per day, and the time decisions took; with the
    review (R50)."""
    game, viewer = game_for(request.user, game_id)
    require(can_see_review(viewer))
    stats = game_stats(game)
    return {
        "game_id": game.pk,
        "setup_hash": setup_hash_of(game),
        "days": stats.days,
        "rows": stats.rows,
        "timings": stats.timings,
    }


def _rate(code: str, name: str, rate: Rate) -> dict:
    return {"code": code, "name": name, **vars(rate), "rate": rate.rate}


def _setup_out(stats: SetupStats) -> dict:
    return {
        "hash": stats.hash,
        **stats.setup.content,
        "games_played": stats.played,
        "game_ids": [g.pk for g in stats.games],
        "sides": [_rate(s.code, s.name, s.rate) for s in stats.sides],
        "roles_won": [_rate(r.code, r.name, r.rate) for r in stats.roles],
        "days_median": stats.days_median,
        "hours_median": stats.hours_median,
    }


@review_router.get("/setups", response=list[SetupOut], operation_id="setup_list")
def setup_list_op(request):
    """Every setup played to the end: games, wins per side and per role with a Wilson 95%
    interval, and length."""
    return [_setup_out(stats) for stats in setup_statistics()]


@review_router.get("/setups/{setup_hash}", response=SetupOut, operation_id="setup_detail")
def setup_detail_op(request, setup_hash: str):
    stats = setup_statistics_of(setup_hash[:64])
    if stats is None:
        raise Http404("No such setup.")
    return _setup_out(stats)
