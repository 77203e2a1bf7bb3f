from collections.abc import Callable

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from forums.errors import ForbiddenError
from game.errors import GameRuleError


def forbidden(request: HttpRequest, message: str) -> HttpResponse:
    return render(request, "forums/forbidden.html", {"message": message}, status=403)


def run_and_redirect(
    request: HttpRequest, action: Callable[[], object], *, success: str, to: str
) -> HttpResponse:
    """Run one service: a forbidden action answers 403 with its reason, any other refusal
    comes back as a message on the page."""
    try:
        action()
    except ForbiddenError as error:
        return forbidden(request, error.message)
    except GameRuleError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, success)
    return redirect(to)
