"""The moderators' player fields search as one types (static/js/player_picker.js): the players
whose name holds what was typed, a few at a time, as the options of the page's one shared list.
A page offers a player by name this way instead of carrying every player in each of its forms.
A field of several players (`pick=<its name>`, htmx) gets checkboxes instead: those already
picked (sent as that name's values) checked, then the players found."""

import re

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from game.permissions import moderated_game_for
from game.selectors.dashboard import player_picks, players_matching

FIELD_NAME = re.compile(r"[a-z_]{1,30}")


@login_required
def player_search(request: HttpRequest, game_id: int) -> HttpResponse:
    """`?q=<typed>`; `alive=1` offers the living only; `pick=<field>` answers checkboxes."""
    game, viewer = moderated_game_for(request.user, game_id)
    typed = request.GET.get("q", "")[:100]
    alive_only = request.GET.get("alive") == "1"
    field = request.GET.get("pick", "")
    if FIELD_NAME.fullmatch(field):
        picks = player_picks(viewer, request.GET.getlist(field), typed, alive_only=alive_only)
        return render(
            request,
            "game/mod/_player_checkboxes.html",
            {"game": game, "picks": picks, "field": field},
        )
    players = players_matching(viewer, typed, alive_only=alive_only)
    return render(request, "game/mod/_player_matches.html", {"players": players})
