"""Bad input never makes a 500 (brief: "never a 500, never half a write"): every page and every API
operation, asked by an anonymous user, an outsider, a living player, a dead player and a moderator,
with no body, an empty body and garbage."""

import json

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from forums.models import Board, Post, Thread
from game.models import Item, Kill
from game.rulesets.live_action.items import ItemKind
from mafia_mod.api import api
from tests.factories import UserFactory, running_game
from tests.game.kills_setup import confirmed_kill, town

GARBAGE_VALUE = "'\"><\x7f9999999999999999999999"
FIELDS = [
    "target",
    "voter",
    "player",
    "player_id",
    "players",
    "victim",
    "killer",
    "kill",
    "other",
    "side",
    "method",
    "location",
    "time",
    "happened_at",
    "partner",
    "role",
    "alignment",
    "answer",
    "reason",
    "note",
    "day",
    "minutes",
    "suspect",
    "suspects",
    "saints",
    "sinners",
    "don",
    "power",
    "condition",
    "fallback",
    "override",
    "holder",
    "to",
    "body",
    "title",
    "subject",
    "open",
    "pinned",
    "name",
    "introduction",
    "display_name",
    "capacity",
    "agrees",
    "attempt_failed",
    "disarm_claimed",
    "day_end_time",
    "time_zone",
    "email",
    "widget",
    "photo",
    "kind",
]
GARBAGE_FORM = {field: GARBAGE_VALUE for field in FIELDS}
GARBAGE_JSON = {field: [GARBAGE_VALUE, {"x": -1}] for field in FIELDS}
# Ids no database column holds (SQLite and PostgreSQL bigint stop at 2**63 - 1).
HUGE = 10**30
HUGE_FORM = {field: str(HUGE) for field in FIELDS} | {"side": "killer", "location": "x"}
ID_FIELDS = [
    "target_id",
    "voter_id",
    "fallback_id",
    "other_player_id",
    "victim_id",
    "suspect_id",
    "don_id",
    "kill_id",
    "dead_player_id",
    "player_id",
    "target",
    "killer",
    "holder_id",
    "partner_id",
]
HUGE_JSON = (
    {field: HUGE for field in ID_FIELDS}
    | {"suspect_ids": [HUGE], "player_ids": [HUGE], "saint_ids": [HUGE], "sinner_ids": [HUGE]}
    | {"recipient_ids": [HUGE], "side": "killer", "location": "x", "method": "free_kill"}
    | {"capacity": "investigator", "body": "x", "role": "mafia", "alignment": "mafia"}
)


def _patterns(resolver=None, prefix=""):
    resolver = resolver or get_resolver()
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            if "admin" in str(entry.pattern) or "accounts" in str(entry.pattern):
                continue
            if "api/v1" in str(entry.pattern):
                continue
            yield from _patterns(entry, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern):
            yield prefix + str(entry.pattern)


def _fill(route: str, ids: dict[str, object]) -> str:
    for name, value in ids.items():
        route = route.replace(f"<int:{name}>", str(value)).replace(f"<slug:{name}>", str(value))
        route = route.replace("{" + name + "}", str(value))
    return "/" + route.lstrip("/").replace("^", "").replace("$", "")


def _clients(t, dead_player, outsider):
    def logged_in(user):
        client = Client(raise_request_exception=False)
        client.force_login(user)
        return client

    return {
        "anonymous": Client(raise_request_exception=False),
        "outsider": logged_in(outsider),
        "living player": logged_in(t.investigator.user),
        "mafia": logged_in(t.mafia.user),
        "dead player": logged_in(dead_player.user),
        "moderator": logged_in(t.mod),
    }


def sweep_town():
    """A running town with a confirmed kill, an item, a thread and a post, and the ids that fill
    every route's parameters; returns (town, dead player, ids)."""
    t = town()
    confirmed_kill(t, t.mafia, t.townies[0], "free_kill", 10)
    dead = t.townies[0]
    other_game, other_players = running_game(3)
    item = Item.objects.create(game=t.game, kind=ItemKind.SHOVEL, holder=t.vigilante)
    thread = Thread.objects.filter(board__game=t.game).first()
    post = Post.objects.filter(thread__board__game=t.game).first()
    ids = {
        "game_id": t.game.pk,
        "player_id": other_players[0].pk,
        "kill_id": Kill.objects.filter(game=t.game).first().pk,
        "investigation_id": 1,
        "use_id": 1,
        "item_id": item.pk,
        "token_id": 1,
        "conversation_id": 1,
        "notification_id": 1,
        "thread_id": thread.pk if thread else 1,
        "post_id": post.pk if post else 1,
        "day": 1,
        "kind": Board.objects.filter(game=t.game).first().kind,
    }
    return t, dead, ids


IDENTITIES = ["anonymous", "outsider", "living player", "mafia", "dead player", "moderator"]


# One test per identity, so that test workers share the sweep.
@pytest.mark.django_db
@pytest.mark.parametrize("who", IDENTITIES)
def test_no_page_answers_500_to_missing_or_garbage_input(who):
    t, dead, ids = sweep_town()
    client = _clients(t, dead, UserFactory())[who]
    bodies = [None, {}]
    if who in ("living player", "moderator"):
        bodies += [GARBAGE_FORM, HUGE_FORM]
    failures = []
    for route in _patterns():
        url = _fill(route, ids)
        for body in bodies:
            response = client.get(url) if body is None else client.post(url, body)
            unhealthy = url == "/healthz" and response.status_code == 503
            if response.status_code >= 500 and not unhealthy:
                failures.append(f"{who} {url} {str(body)[:30]}")
    assert failures == []


@pytest.mark.django_db
@pytest.mark.parametrize("who", ["living player", "dead player", "moderator"])
def test_no_api_operation_answers_500_to_missing_or_garbage_input(who):
    t, dead, ids = sweep_town()
    client = _clients(t, dead, UserFactory())[who]
    failures = []
    statuses = {}
    schema = api.get_openapi_schema(path_prefix="/api/v1")
    for path, operations in schema["paths"].items():
        url = _fill(path, ids)
        for method in operations:
            for body in ({}, GARBAGE_JSON, HUGE_JSON, "not json"):
                data = body if isinstance(body, str) else json.dumps(body)
                response = client.generic(
                    method.upper(), url, data, content_type="application/json"
                )
                statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
                if response.status_code >= 500:
                    failures.append(f"{who} {method.upper()} {url} {str(body)[:20]}")
    assert failures == []
    assert statuses.get(200, 0) > 5, "the API sweep must reach the operations, not just the login"
