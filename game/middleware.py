"""What every request tells the game's gate: the page it opens (`permissions.page_opened`), so
that a game answers 404 for a page its rule set does not serve wherever the game is resolved."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from game.permissions import page_opened


class GamePageMiddleware:
    """Records the URL name of a page of a game (a URL with a `game_id`) for the request."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        page_opened(None)
        try:
            return self.get_response(request)
        finally:
            page_opened(None)

    def process_view(self, request: HttpRequest, view_func, view_args, view_kwargs) -> None:
        match = request.resolver_match
        page_opened(match.view_name if match is not None and "game_id" in view_kwargs else None)
