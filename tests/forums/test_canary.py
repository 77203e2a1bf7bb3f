"""A unique secret in a Den post, a Graveyard post, a private message, a moderator note and a
spectator's post on the spectators' board reaches nobody who may not see it: no page, API
response, search result, feed, notification or email (R50, R51; docs/spectators.md). The
spectator's post mentions every player: it still never reaches a living one."""

import json

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from forums.models import Conversation, Thread
from forums.services import (
    message_send,
    notification_setting_update,
    post_create,
    post_delete,
    thread_create,
)
from game.models import Visibility
from game.services.log import log_append
from tests.conftest import client_for
from tests.forums.helpers import LATER, VIEWERS, make_cast

SECRETS = {
    "den": "CANARY-den-7f3a91",
    "graveyard": "CANARY-graveyard-2b8c44",
    "message": "CANARY-message-91ddc0",
    "moderator_note": "CANARY-modnote-5e1f07",
    "spectators": "CANARY-spectators-c40a17",
}
ALLOWED = {
    "den": {"alive_mafia", "conscript", "den_added", "moderator"},
    "graveyard": {"dead_townie", "dead_mafia", "moderator"},
    "message": {"alive_mafia", "conscript", "moderator"},
    "moderator_note": {"moderator"},
    "spectators": {"dead_townie", "dead_mafia", "moderator", "watcher"},
}


def plant_secrets(cast) -> None:
    for user in [cast.user(v) for v in VIEWERS if v != "anonymous"]:
        notification_setting_update(user=user, email=True)
    everyone = " ".join(f"@{p.name}" for p in cast.game.players.all())
    thread_create(
        game_id=cast.game.pk, board_kind="mafia_den", by=cast.alive_mafia,
        title=f"Plan {SECRETS['den']}", body=f"{SECRETS['den']} {everyone}", now=LATER,
    )  # fmt: skip
    thread_create(
        game_id=cast.game.pk, board_kind="graveyard", by=cast.dead_townie,
        title=f"Ghosts {SECRETS['graveyard']}", body=f"{SECRETS['graveyard']} {everyone}",
        now=LATER,
    )  # fmt: skip
    message_send(
        game_id=cast.game.pk, by=cast.alive_mafia, subject=f"Secret {SECRETS['message']}",
        body=f"{SECRETS['message']} {everyone}", recipient_ids=[cast.players["conscript"].pk],
        now=LATER,
    )  # fmt: skip
    log_append(
        game=cast.game, kind="moderator_note", text=f"Note {SECRETS['moderator_note']}",
        visibility=Visibility.MODERATORS, now=LATER, actor=cast.moderator,
    )  # fmt: skip
    thread_create(
        game_id=cast.game.pk, board_kind="spectators", by=cast.watcher,
        title=f"Watching {SECRETS['spectators']}", body=f"{SECRETS['spectators']} {everyone}",
        now=LATER,
    )  # fmt: skip
    public = thread_create(
        game_id=cast.game.pk, board_kind="town_square", by=cast.alive_townie, title="Hi",
        body=f"Hello {everyone}", now=LATER,
    )  # fmt: skip
    removed = post_create(
        thread_id=public.pk, by=cast.alive_townie, body=f"oops {SECRETS['moderator_note']}",
        now=LATER,
    )  # fmt: skip
    post_delete(post_id=removed.pk, by=cast.moderator, reason=SECRETS["moderator_note"], now=LATER)


def everything_seen_by(client: Client, cast, email: str | None) -> str:
    game = cast.game.pk
    urls = [
        reverse("forums:board_list", args=[game]),
        reverse("forums:conversation_list", args=[game]),
        reverse("forums:notification_list"),
        reverse("forums:bell"),
        reverse("game_detail", args=[game]),
        reverse("game_log", args=[game]),
        f"/api/v1/forums/games/{game}/boards",
        f"/api/v1/forums/games/{game}/conversations",
        "/api/v1/forums/notifications",
        f"/api/v1/games/{game}",
        f"/api/v1/games/{game}/log",
    ]
    for kind in ("town_square", "mafia_den", "graveyard", "spectators"):
        urls.append(reverse("forums:board_detail", args=[game, kind]))
        urls.append(f"/api/v1/forums/games/{game}/boards/{kind}/threads")
    for secret in SECRETS.values():
        # A prefix finds the post, and the page's echo of the query is not the whole secret.
        urls.append(reverse("forums:search", args=[game]) + f"?q={secret[:-2]}")
    for thread in Thread.objects.filter(board__game_id=game):
        urls.append(reverse("forums:thread_detail", args=[thread.pk]))
        urls.append(reverse("forums:thread_poll", args=[thread.pk]) + "?after=0")
        urls.append(f"/api/v1/forums/threads/{thread.pk}/posts")
        for post in thread.posts.all():
            urls.append(reverse("forums:post_history", args=[post.pk]))
            urls.append(reverse("forums:thread_detail", args=[thread.pk]) + f"?quote={post.pk}")
    for conversation in Conversation.objects.filter(game_id=game):
        urls.append(reverse("forums:conversation_detail", args=[game, conversation.pk]))
    seen = []
    for url in urls:
        response = client.get(url)
        assert response.status_code in (200, 302, 401, 403, 404), url
        seen.append(response.content.decode())
    mails = [m for m in mail.outbox if email in m.to] if email else []
    seen += [json.dumps([m.subject, m.body]) for m in mails]
    return "\n".join(seen)


@pytest.mark.parametrize("viewer", VIEWERS)
def test_no_secret_reaches_a_viewer_who_may_not_see_it(db, viewer):
    cast = make_cast()
    plant_secrets(cast)
    user = cast.user(viewer)
    client = client_for(user) if user else Client()
    seen = everything_seen_by(client, cast, user.email if user else None)
    for name, secret in SECRETS.items():
        if viewer in ALLOWED[name]:
            assert secret in seen, f"{viewer} should see the {name} secret"
        else:
            assert secret not in seen, f"{viewer} must not see the {name} secret"
