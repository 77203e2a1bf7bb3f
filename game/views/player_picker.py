"""The moderators' player fields search as one types (static/js/player_picker.js): the players
whose name holds what was typed, a few at a time, as the options of the page's one shared list.
A page offers a player by name this way instead of carrying every player in each of its forms."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from game.permissions import moderated_game_for
from game.selectors.dashboard import players_matching


@login_required
def player_search(request: HttpRequest, game_id: int) -> HttpResponse:
    """`?q=<typed>`; `alive=1` offers the living only."""
    _, viewer = moderated_game_for(request.user, game_id)
    players = players_matching(
        viewer, request.GET.get("q", "")[:100], alive_only=request.GET.get("alive") == "1"
    )
    return render(request, "game/mod/_player_matches.html", {"players": players})
