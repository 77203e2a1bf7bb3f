"""The JSON API (/api/v1/): every app's routers assembled on one NinjaAPI, with its
authentication and error handling. Paths and operationIds are stable."""

import json

from django.http import Http404
from ninja import NinjaAPI
from ninja.parser import Parser

from forums.api import router as forums_router
from forums.api_groups import router as forum_groups_router
from forums.api_play import router as forum_play_router
from game.api.chiang_mai import chiang_mai_router
from game.api.core import SessionAuth, TokenAuth
from game.api.estimates import estimates_router
from game.api.exports import exports_router
from game.api.games import games_router
from game.api.hp import hp_router
from game.api.items import items_router
from game.api.kills import kills_router
from game.api.mafia import mafia_router
from game.api.petitions import petitions_router
from game.api.phases import phases_router
from game.api.pigs import pigs_router
from game.api.review import review_router
from game.api.roles import roles_router
from game.api.votes import votes_router
from game.errors import GameRuleError
from mafia_mod.api_links import links_add

ERROR_BODY = {
    "type": "object",
    "properties": {
        "detail": {"type": "string", "description": "What was refused, and why."},
        "rulings": {
            "type": "array",
            "items": {"type": "string", "pattern": "^[RCHMP][0-9]{1,2}$"},
            "description": "The rulings the refusal rests on (R live action, C classic, H HP "
            "Mafia, M Chiang Mai, P the pig game, explained in docs/rulings.md), when the text "
            "cites any.",
        },
    },
    "required": ["detail"],
}
VALIDATION_ERROR_BODY = {
    "type": "object",
    "properties": {
        "detail": {
            "type": "array",
            "items": {"type": "object"},
            "description": "Each value that does not fit the request's schema, and why.",
        }
    },
    "required": ["detail"],
}
ERROR_RESPONSES = {
    400: "The request or a rule refused it: `detail` says which, `rulings` the rulings cited.",
    401: "No valid session or personal token.",
    403: "The viewer may not do this (R50, R51).",
    404: "No such game, player or object, or one the viewer may not know exists.",
    409: "The game has moved on since (the day already ended, …).",
    413: "The request body is larger than the server takes (2.5 MB).",
}


class ObjectBodyParser(Parser):
    """Every request body of the API is a JSON object: an array, null or a bare value is refused
    with 400 rather than read as an empty object (an optional body is left out instead)."""

    def parse_body(self, request):
        body = json.loads(request.body)
        if not isinstance(body, dict):
            raise ValueError("The request body must be a JSON object.")
        return body


class DocumentedErrorsApi(NinjaAPI):
    """Every operation's schema lists the error answers it can give, with their shared body
    `{"detail": …}`, so that what the API answers is what its schema says, and links its success
    answers to the operations that take the ids they name (mafia_mod/api_links.py)."""

    def get_openapi_schema(self, **kwargs):
        schema = super().get_openapi_schema(**kwargs)
        components = schema.setdefault("components", {}).setdefault("schemas", {})
        components["Error"] = ERROR_BODY
        components["ValidationError"] = VALIDATION_ERROR_BODY
        error = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
        invalid = {"application/json": {"schema": {"$ref": "#/components/schemas/ValidationError"}}}
        for path in schema["paths"].values():
            for operation in path.values():
                responses = operation.setdefault("responses", {})
                for status, description in ERROR_RESPONSES.items():
                    responses.setdefault(status, {"description": description, "content": error})
                responses.setdefault(
                    422,
                    {"description": "A value does not fit the schema.", "content": invalid},
                )
        return links_add(schema)


api = DocumentedErrorsApi(
    title="mafia-mod API",
    version="1",
    urls_namespace="api",
    parser=ObjectBodyParser(),
    auth=[TokenAuth(), SessionAuth(csrf=True)],
    description="Every action of the app. Authenticate with your browser session or with a "
    "personal token from your profile page (Authorization: Bearer <token>).",
)


@api.exception_handler(GameRuleError)
def rule_error(request, error: GameRuleError):
    body: dict[str, object] = {"detail": error.message}
    if error.rulings:
        body["rulings"] = error.rulings
    return api.create_response(request, body, status=error.status_code)


@api.exception_handler(Http404)
def not_found(request, error):
    return api.create_response(request, {"detail": "Not found."}, status=404)


api.add_router("", games_router)
api.add_router("", votes_router)
api.add_router("", kills_router)
api.add_router("", mafia_router)
api.add_router("", roles_router)
api.add_router("", petitions_router)
api.add_router("", items_router)
api.add_router("", exports_router)
api.add_router("", phases_router)
api.add_router("", pigs_router)
api.add_router("", chiang_mai_router)
api.add_router("", hp_router)
api.add_router("", review_router)
api.add_router("", estimates_router)
api.add_router("/forums", forums_router)
api.add_router("/forums", forum_play_router)
api.add_router("/forums", forum_groups_router)
