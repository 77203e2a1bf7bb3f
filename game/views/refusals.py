"""A refused form comes back on its page, not through a redirect: the page is rendered again with
an error summary that takes focus and links to each field, the fields marked invalid and tied to
their messages, and what was typed still in them. One mechanism for every form of the app."""

import copy
from dataclasses import dataclass, field

from django import forms
from django.contrib import messages
from django.core.exceptions import NON_FIELD_ERRORS
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect
from django.urls import Resolver404, resolve
from django.utils.datastructures import MultiValueDict

# What a re-rendered page answers: the request was understood but refused.
REFUSED_STATUS = 422
NOT_KEPT = {"csrfmiddlewaretoken", "password", "password1", "password2"}


@dataclass(frozen=True)
class FieldError:
    field: str  # "" for an error about the whole form
    label: str
    message: str
    anchor: str


@dataclass(frozen=True)
class Refusal:
    action: str  # the path the form was posted to
    values: dict[str, list[str]]
    errors: list[FieldError] = field(default_factory=list)

    @property
    def for_script(self) -> dict:
        return {
            "action": self.action,
            "values": self.values,
            "errors": [{"field": e.field, "message": e.message} for e in self.errors],
        }


def refusal_of(
    request: HttpRequest,
    *,
    form: forms.Form | None = None,
    message: str = "",
    field: str = "",
) -> Refusal:
    """The refusal of this POST: the form's errors, labelled, and/or one message (about `field`
    when the rules said which field it is about)."""
    errors = []
    if form is not None:
        for name, field_errors in form.errors.items():
            errors += [_field_error(form, name, error) for error in field_errors]
    if message:
        errors.append(_field_error(form, field, message))
    values = {k: request.POST.getlist(k) for k in request.POST if k not in NOT_KEPT}
    return Refusal(action=request.path, values=values, errors=errors)


def _field_error(form: forms.Form | None, name: str, message: str) -> FieldError:
    bound = form[name] if form is not None and name in form.fields else None
    if bound is None:
        return FieldError(name if name != NON_FIELD_ERRORS else "", "", message, "main")
    return FieldError(name, str(bound.label), message, bound.auto_id or "main")


def mark_refused(request: HttpRequest, refusal: Refusal) -> int:
    """For a view that renders its own page again: the summary shows, and the status to answer."""
    request.refusal = refusal
    return REFUSED_STATUS


def refused_page(
    request: HttpRequest, refusal: Refusal, page_url: str, status: int = REFUSED_STATUS
) -> HttpResponse:
    """The page at `page_url` (the one the form is on) rendered again with the refusal, answered
    with `status` (409 when the game has moved on, as in the API). A page that cannot be shown
    this way (it redirects, or is no view of ours) gets the old answer: the messages and a
    redirect."""
    path, _, query = page_url.split("#", 1)[0].partition("?")
    try:
        match = resolve(path)
    except Resolver404:
        match = None
    if match is not None:
        page_request = copy.copy(request)
        page_request.method = "GET"
        page_request.GET = QueryDict(query)
        page_request.POST = QueryDict()
        page_request._files = MultiValueDict()
        page_request.refusal = refusal
        page_request.resolver_match = match
        response = match.func(page_request, *match.args, **match.kwargs)
        if response.status_code == 200:
            response.status_code = status
            return response
    for error in refusal.errors:
        messages.error(request, f"{error.label}: {error.message}" if error.label else error.message)
    return redirect(page_url)
