"""The one way a page runs a service: parse, call, and either report success and redirect or show
the refusal on the form's own page (game.views.refusals)."""

from collections.abc import Callable

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, resolve_url

from game.errors import ConflictError, GameRuleError, NotFoundError
from game.views.refusals import REFUSED_STATUS, refusal_of, refused_page


def run_and_redirect(
    request: HttpRequest, action: Callable[[], object], *, success: str, to: str, **to_kwargs
) -> HttpResponse:
    try:
        action()
    except NotFoundError as error:
        raise Http404(error.message) from error
    except GameRuleError as error:
        refusal = refusal_of(request, message=error.message, field=error.field)
        status = error.status_code if isinstance(error, ConflictError) else REFUSED_STATUS
        return refused_page(request, refusal, resolve_url(to, **to_kwargs), status)
    if success:  # a page whose next state shows what was done says nothing more
        messages.success(request, success)
    return redirect(to, **to_kwargs)


def form_refused(request: HttpRequest, form: forms.Form, to: str, **to_kwargs) -> HttpResponse:
    """An invalid form: its page again, every field's error named and linked."""
    return refused_page(request, refusal_of(request, form=form), resolve_url(to, **to_kwargs))
