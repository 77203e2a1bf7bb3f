from collections.abc import Callable

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from forums.errors import ForbiddenError
from game.errors import GameRuleError
from game.views.refusals import refusal_of, refused_page


def forbidden(request: HttpRequest, message: str) -> HttpResponse:
    return render(request, "forums/forbidden.html", {"message": message}, status=403)


def run_and_redirect(
    request: HttpRequest,
    action: Callable[[], object],
    *,
    success: str | Callable[[object], str],
    to: str,
    then: Callable[[object], str] | None = None,
) -> HttpResponse:
    """Run one service: a forbidden action answers 403 with its reason, any other refusal
    comes back on the form's page `to` (game.views.refusals). Success goes to `to`, or to
    `then(result)`: where what was made is; `success` may be worded from the result too."""
    try:
        result = action()
    except ForbiddenError as error:
        return forbidden(request, error.message)
    except GameRuleError as error:
        refusal = refusal_of(request, message=error.message, field=error.field)
        return refused_page(request, refusal, to)
    messages.success(request, success(result) if callable(success) else success)
    return redirect(then(result) if then else to)
