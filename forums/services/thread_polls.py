"""Answering a thread's poll from the cache: "nothing new" costs no database query.

The last page of a thread asks every 10 seconds for posts after the last one it shows. Most
answers are "nothing new", so the page carries a signed ticket saying who may ask, about which
thread, after which post, and which versions of the thread and of forum access it was issued
under. Two counters in the cache move on commit: the thread's with every new post, and the
access counter with every logged game event and every death in any game (who may read which
board follows from those, R51; they are rare next to polls). A poll whose ticket is valid,
whose session is the ticket's user, and whose counters have not moved is answered 204 from the
cache; anything else takes the full path, which checks access in the database and issues a new
ticket. A ticket lasts 10 minutes at most.

Counters are read before the database, so a post or death that commits after the full path's
read has moved a counter the new ticket names; a missing counter (evicted) is re-created with
a random value, so no old ticket matches it. Several web processes need a shared cache
(Redis: REDIS_URL), as production has."""

from __future__ import annotations

import secrets
from contextlib import suppress
from functools import partial

from django.contrib.auth import SESSION_KEY
from django.core import signing
from django.core.cache import cache
from django.db import transaction
from django.http import HttpRequest

from game.services.live_channel import publish

TICKET_MAX_AGE_SECONDS = 600
_SALT = "forums.thread-poll"


def _thread_key(thread_id: int) -> str:
    return f"forums:thread-poll:{thread_id}"


ACCESS_KEY = "forums:access"


def _versions(keys: list[str]) -> list[int | None]:
    """The counters for `keys`, creating the missing ones with a random start (None while the
    cache is unreachable: no ticket made then ever proves "nothing new")."""
    found = cache.get_many(keys)
    for key in keys:
        if key not in found:
            cache.add(key, secrets.randbits(48), timeout=None)
            found[key] = cache.get(key)
    return [found[key] for key in keys]


def _bump(key: str) -> None:
    # No counter (evicted, or the cache unreachable): the next full poll creates one at random,
    # which no ticket names.
    with suppress(ValueError):
        cache.incr(key)


def thread_changed(thread_id: int) -> None:
    """A post was written in the thread: polls must look, and open pages hear of it (after the
    writer's commit)."""
    # After the commit and best effort (robust): the post stands whatever the cache says.
    transaction.on_commit(partial(_bump, _thread_key(thread_id)), robust=True)
    publish(f"thread-{thread_id}", "post")


def access_changed() -> None:
    """Who may read what may have changed: every ticket is void (after the writer's commit)."""
    transaction.on_commit(partial(_bump, ACCESS_KEY), robust=True)


def access_changed_by_log_entry(entry, recipients) -> None:
    """A LOG_HOOK: every logged game event (a conscription, a withdrawal, the game's end …)."""
    access_changed()


def death(game, player, at) -> None:
    """A DEATH_HOOK: a death ends Mafia Den access and changes Town Square's (R51)."""
    access_changed()


class PollTicket:
    """Made before the caller reads the database (the counters are read now); signed once the
    caller has checked access and knows the last post its page shows."""

    def __init__(self, *, user_id: int, thread_id: int) -> None:
        self.fields = [user_id, thread_id]
        self.versions = _versions([_thread_key(thread_id), ACCESS_KEY])

    def signed(self, after: int) -> str:
        return signing.dumps([*self.fields, after, *self.versions], salt=_SALT)


def nothing_new(request: HttpRequest, thread_id: int) -> bool:
    """True when the poll's ticket proves the caller has seen everything: no database query."""
    raw = request.GET.get("ticket", "")
    if not raw:
        return False
    try:
        user_id, ticket_thread, after, *versions = signing.loads(
            raw, salt=_SALT, max_age=TICKET_MAX_AGE_SECONDS
        )
    except (signing.BadSignature, ValueError, TypeError):
        return False
    if ticket_thread != thread_id or str(after) != request.GET.get("after", ""):
        return False
    if request.session.get(SESSION_KEY) != str(user_id):
        return False
    if None in versions:
        return False
    current = cache.get_many([_thread_key(thread_id), ACCESS_KEY])
    return [current.get(_thread_key(thread_id)), current.get(ACCESS_KEY)] == versions
