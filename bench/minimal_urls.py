"""The minimal correct vote, the yardstick for the app's: look up the token, check that voter
and target are living players of the running game, insert the vote in one transaction."""

import json

from django.db import transaction
from django.db.models import Q
from django.http import HttpResponse, JsonResponse
from django.urls import path
from django.utils import timezone
from django.views.decorators.csrf import csrf_exempt

from game.models import ApiToken, GameStatus, Player, Vote
from game.models.accounts import hash_token


@csrf_exempt
def minimal_vote(request, game_id: int) -> HttpResponse:
    raw = request.headers.get("Authorization", "").removeprefix("Bearer ")
    target_id = int(json.loads(request.body)["target_id"])
    user_id = (
        ApiToken.objects.filter(digest=hash_token(raw), user__is_active=True)
        .values_list("user_id", flat=True)
        .first()
    )
    if user_id is None:
        return HttpResponse(status=401)
    with transaction.atomic():
        players = list(
            Player.objects.filter(game_id=game_id, alive=True, game__status=GameStatus.RUNNING)
            .filter(Q(user_id=user_id) | Q(pk=target_id))
            .values_list("pk", "user_id", "game__current_day")
        )
        voter = next((p for p in players if p[1] == user_id), None)
        if voter is None or not any(p[0] == target_id for p in players):
            return HttpResponse(status=400)
        vote = Vote.objects.create(
            game_id=game_id, day=voter[2], voter_id=voter[0], target_id=target_id,
            cast_at=timezone.now(),
        )  # fmt: skip
    return JsonResponse(
        {"id": vote.pk, "day": vote.day, "voter_id": vote.voter_id, "target_id": target_id},
        status=201,
    )


urlpatterns = [path("api/v1/games/<int:game_id>/votes", minimal_vote)]
