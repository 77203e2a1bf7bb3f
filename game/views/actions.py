"""The one way a page runs a service: parse, call, report the outcome as a message, redirect."""

from collections.abc import Callable

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect

from game.errors import GameRuleError, NotFoundError


def run_and_redirect(
    request: HttpRequest, action: Callable[[], object], *, success: str, to: str, **to_kwargs
) -> HttpResponse:
    try:
        action()
    except NotFoundError as error:
        raise Http404(error.message) from error
    except GameRuleError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, success)
    return redirect(to, **to_kwargs)


def form_errors_message(request: HttpRequest, form) -> None:
    for field, errors in form.errors.items():
        label = form.fields[field].label or field.replace("_", " ") if field in form.fields else ""
        for error in errors:
            messages.error(request, f"{label.capitalize()}: {error}" if label else error)
