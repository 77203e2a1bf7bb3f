"""Ties a browser's push subscriptions to the login session that made them: logging out drops
them, so that pushes (message subjects, Den excerpts, private log lines) stop with the session."""

from __future__ import annotations

from django.contrib.auth.signals import user_logged_out
from django.http import HttpRequest

SESSION_KEY = "push_endpoints"


def push_endpoint_remember(request: HttpRequest, endpoint: str) -> None:
    session = getattr(request, "session", None)
    if session is None:
        return
    endpoints = list(session.get(SESSION_KEY, []))
    if endpoint not in endpoints:
        session[SESSION_KEY] = [*endpoints, endpoint]


def push_endpoints_drop_at_logout(sender, request: HttpRequest | None, user, **kwargs) -> None:
    from forums.services.push import push_session_forget

    session = getattr(request, "session", None)
    if user is None or session is None:
        return
    push_session_forget(user=user, endpoints=list(session.get(SESSION_KEY, [])))


def connect() -> None:
    user_logged_out.connect(push_endpoints_drop_at_logout, dispatch_uid="push_endpoints_logout")
