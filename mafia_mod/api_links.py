"""OpenAPI links of the JSON API: which answers name the objects that other operations take, so
that a client (and the stateful fuzzer, `make fuzz`) can follow a game from its creation, a
signup, a kill report, an investigation or a thread to the operations on that object.

The links are generated from two tables: the kind of object each path parameter and body field
names (`PATH_KINDS`, `BODY_KINDS`), and what each operation's success answer tells (`SOURCES`, a
runtime expression per kind). An operation whose path has `game_id` tells its game too. A link
goes from an operation to another when

- it gives every id the other's path needs, and an object other than the game that the other
  takes (a kill report's id to the kill's confirmation, a thread's id to its posts), or
- it is a place to start a game's exploration from (`GAME_HUBS`: the game just created, the game's
  state, a notification's game): it gives the game, and what else it knows, to every operation on
  a game (the client finds the other ids, of kills or items, as it can), or
- the other is the game's state (`GAME_READS`), which every operation on a game leads to."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

GAME = "$request.path.game_id"
REQUEST_PATH = "$request.path."
BODY = "$response.body#"

# The kind of object each path parameter names.
PATH_KINDS = {
    "game_id": "game",
    "player_id": "player",
    "victim_id": "player",
    "kill_id": "kill",
    "investigation_id": "investigation",
    "use_id": "shovel_use",
    "hold_id": "held_decision",
    "item_id": "item",
    "petition_id": "petition",
    "count_id": "mafia_count",
    "offer_id": "offer",
    "thread_id": "thread",
    "post_id": "post",
    "notification_id": "notification",
    "day": "day",
    "kind": "board_kind",
    "power": "mafia_power",
    "setup_hash": "setup",
    "estimate_id": "estimate",
}

# Request-body fields that name one object. Player fields are filled from the game's player list
# only (`PLAYER_LISTS`): any other answer names one player, rarely the one the field wants.
BODY_KINDS = {
    "kill_id": "kill",
    "conversation_id": "conversation",
    "last_post_id": "post",
    "victim_id": "player",
    "target_id": "player",
    "suspect_id": "player",
    "dead_player_id": "player",
    "player_id": "player",
    "other_player_id": "player",
    "candidate_id": "player",
    "receiver_id": "player",
    "holder_id": "player",
    "don_id": "player",
    "night": "night",
    "code": "phase_code",
    "number": "phase_number",
}
PLAYER_LISTS = frozenset({"game_state", "phase_state"})

KILL = {"kill": f"{BODY}/id"}
INVESTIGATION = {"investigation": f"{BODY}/id"}
SHOVEL_USE = {"shovel_use": f"{BODY}/id"}
PETITION = {"petition": f"{BODY}/id"}
MAFIA_COUNT = {"mafia_count": f"{BODY}/id"}
ITEM = {"item": f"{BODY}/id"}
POST = {"post": f"{BODY}/id", "thread": f"{BODY}/thread_id"}

# What each operation's success answer tells, by kind of object: a runtime expression ("*" in a
# JSON pointer: each element of a list).
SOURCES: dict[str, dict[str, str]] = {
    "game_create": {"game": f"{BODY}/id"},
    "setup_list": {"setup": f"{BODY}/*/hash"},
    "estimate_request": {"estimate": f"{BODY}/id"},
    "estimate_list": {"estimate": f"{BODY}/*/id"},
    "game_state": {
        "player": f"{BODY}/players/*/id",
        "item": f"{BODY}/you/items/*/id",
        "day": f"{BODY}/game/current_day",
    },
    "phase_state": {
        "player": f"{BODY}/night_action/choices/*/id",
        "night": f"{BODY}/number",
        "phase_code": f"{BODY}/code",
        "phase_number": f"{BODY}/number",
    },
    "signup_create": {"player": f"{BODY}/id"},
    "vote_cast": {"day": f"{BODY}/day"},
    "kill_report": KILL,
    "kill_respond": KILL,
    "kill_confirm": KILL,
    "kill_reject": KILL,
    "kill_edit": KILL,
    "kill_announce": KILL,
    "investigation_suspects": {"player": f"{BODY}/suspects/*/id"},
    "investigation_request": INVESTIGATION,
    "investigation_answer": INVESTIGATION,
    "investigation_result": INVESTIGATION,
    "results_list": {
        "investigation": f"{BODY}/investigations/*/id",
        "shovel_use": f"{BODY}/shovels/*/id",
    },
    "shovel_use": SHOVEL_USE,
    "shovel_result": SHOVEL_USE,
    "kills_confirm_agreed": {"held_decision": f"{BODY}/*/id"},
    "answers_send_all": {"held_decision": f"{BODY}/*/id"},
    "petition_list": {"petition": f"{BODY}/*/id"},
    "petition_create": PETITION,
    "petition_sign": PETITION,
    "petition_withdraw_signature": PETITION,
    "mayor_count_mafia": MAFIA_COUNT,
    "taser_write": ITEM,
    "item_transfer_offer": {"offer": f"{BODY}/id", "item": f"{BODY}/item_id"},
    "item_transfer_decline": {"item": f"{BODY}/item_id"},
    "item_transfer_accept": ITEM,
    "item_claim": ITEM,
    "board_list": {"board_kind": f"{BODY}/*/kind"},
    "thread_list": {"thread": f"{BODY}/*/id"},
    "thread_create": {"thread": f"{BODY}/id"},
    "post_list": {"post": f"{BODY}/posts/*/id"},
    "post_create": POST,
    "post_edit": POST,
    "message_send": {"conversation": f"{BODY}/conversation_id"},
    "conversation_list": {"conversation": f"{BODY}/*/id"},
    "notification_list": {"notification": f"{BODY}/*/id", "game": f"{BODY}/*/game_id"},
}
# Links the tables above cannot tell: the account's own settings, which take no ids, lead to the
# account's notifications, and a push subscription to its removal.
ACCOUNT_LINKS: dict[str, dict[str, dict]] = {
    "push_subscribe": {
        "push_unsubscribe": {
            "operationId": "push_unsubscribe",
            "requestBody": {"endpoint": "$request.body#/endpoint"},
        }
    },
    "push_unsubscribe": {"notification_list": {"operationId": "notification_list"}},
    "notifications_read": {"notification_list": {"operationId": "notification_list"}},
    "notification_settings_update": {"notification_list": {"operationId": "notification_list"}},
}
GAME_HUBS = frozenset({"game_create", "game_state", "notification_list"})
GAME_READS = frozenset({"game_state"})


@dataclass(frozen=True)
class Operation:
    operation_id: str
    operation: dict
    path_kinds: dict[str, str]
    body_kinds: dict[str, str]

    def tells(self) -> dict[str, str]:
        """Each kind of object this operation's success answer (or its own path) names."""
        told = {
            kind: REQUEST_PATH + name
            for name, kind in self.path_kinds.items()
            if kind in ("game", "thread")
        }
        return told | SOURCES.get(self.operation_id, {})


def _operations(schema: dict) -> Iterator[Operation]:
    components = schema.get("components", {}).get("schemas", {})
    for operations in schema["paths"].values():
        for operation in operations.values():
            path = [p["name"] for p in operation.get("parameters", []) if p["in"] == "path"]
            body = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
            reference = body.get("schema", {}).get("$ref", "")
            fields = components.get(reference.rpartition("/")[2], {}).get("properties", {})
            yield Operation(
                operation_id=operation["operationId"],
                operation=operation,
                # A parameter of no known kind is its own kind, which no answer tells.
                path_kinds={name: PATH_KINDS.get(name, name) for name in path},
                body_kinds={name: BODY_KINDS[name] for name in fields if name in BODY_KINDS},
            )


def _link(source: Operation, target: Operation) -> dict | None:
    told = source.tells()
    kinds = set(target.path_kinds.values())
    takes_game = "game" in kinds and "game" in told
    if target.operation_id == source.operation_id:
        takes_game = False
    hub = takes_game and (source.operation_id in GAME_HUBS or target.operation_id in GAME_READS)
    if not (kinds <= set(told) or hub):
        return None
    body = {
        field: told[kind]
        for field, kind in target.body_kinds.items()
        if kind in told and (kind != "player" or source.operation_id in PLAYER_LISTS)
    }
    specific = kinds <= set(told) and bool(
        {kind for kind in kinds if kind != "game"} | {target.body_kinds[field] for field in body}
    )
    if not (specific or hub):
        return None
    link = {
        "operationId": target.operation_id,
        "parameters": {
            name: told[kind] for name, kind in target.path_kinds.items() if kind in told
        },
    }
    if body:
        link["requestBody"] = body
    return link


def links_add(schema: dict) -> dict:
    """Add to each operation's success answers its links to the operations that take what it
    names (the schema's `links`, keyed by the target's operationId)."""
    operations = list(_operations(schema))
    for source in operations:
        links = dict(ACCOUNT_LINKS.get(source.operation_id, {}))
        for target in operations:
            link = _link(source, target)
            if link is not None:
                links[target.operation_id] = link
        if not links:
            continue
        for status, response in source.operation["responses"].items():
            if 200 <= int(status) < 300:
                response["links"] = links
    return schema
