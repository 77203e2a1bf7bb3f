"""The router every forum operation of this package is registered on, and the thread lookup
they share."""

from django.http import HttpRequest
from ninja import Router

from forums.access import forum_viewer_for
from forums.selectors import boards as board_selectors
from game.permissions import can_view_game, require

router = Router(tags=["forums"])


def _thread(request: HttpRequest, thread_id: int):
    thread, fv = board_selectors.thread_for(
        lambda game: forum_viewer_for(request.user, game), thread_id
    )
    require(can_view_game(fv.viewer))
    return thread, fv
