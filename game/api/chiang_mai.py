"""API operations of Chiang Mai games (seed 004, M1-M12): the table as you may see it, the
host's seats and deal, every tap (the host's, or a player's own on their phone) and the host's
undo."""

from typing import Any

from ninja import Router, Schema, Status
from pydantic import StrictBool

from game.api.core import now
from game.errors import GameRuleError
from game.permissions import (
    can_host_chiang_mai,
    can_see_table,
    can_tap_at_table,
    game_for,
    moderated_game_for,
    require,
)
from game.rulesets.chiang_mai.deck import default_deck
from game.rulesets.chiang_mai.script import CALL_SECONDS
from game.selectors.chiang_mai import table_view
from game.services.chiang_mai.entries import (
    chiang_mai_enter,
    chiang_mai_player_enter,
    chiang_mai_undo,
)
from game.services.chiang_mai.seats import chiang_mai_deal, chiang_mai_seat_add

chiang_mai_router = Router(tags=["chiang mai"])


class CardOut(Schema):
    code: str
    name: str
    active: bool
    top: bool


class SeatOut(Schema):
    id: int
    name: str
    seat: int
    in_game: bool
    cards: list[CardOut]
    killer: bool | None
    doses: int | None
    votes: int


class CallOut(Schema):
    role: str
    name: str
    wake: str
    sleep: str
    may_pass: bool
    seconds: int


class AnnouncementOut(Schema):
    phase: str
    text: str


class TimerOut(Schema):
    code: str
    player: str
    ends_at: str
    seconds: int


class ThumbsOut(Schema):
    night: int
    target: str
    up: bool


class TableOut(Schema):
    stage: str
    label: str
    winner: str | None
    seats: list[SeatOut]
    announcements: list[AnnouncementOut]
    timers: list[TimerOut]
    call: CallOut | None
    called_players: list[str] | None
    thumbs: list[ThumbsOut]
    hunter: str | None
    tied: list[str] | None
    ballots: dict[str, dict[str, int]] | None
    log: list[AnnouncementOut] | None
    flags: list[str] | None


class SeatIn(Schema):
    name: str


class DealIn(Schema):
    deck: dict[str, int] | None = None
    call_seconds: int = CALL_SECONDS
    seed: str = ""
    hands: dict[str, list[str]] | None = None


class EntryIn(Schema):
    kind: str
    player: int | None = None
    top: str | None = None
    actor: int | None = None
    target: int | None = None
    hunter: int | None = None
    code: str | None = None
    voter: int | None = None
    split: dict[str, int] | None = None
    counts: dict[str, int] | None = None
    voters: list[int] | None = None
    override: StrictBool | None = None


def _out(view: dict[str, Any]) -> dict[str, Any]:
    call = view["call"]
    return {
        "stage": view["stage"],
        "label": view["label"],
        "winner": view["winner"],
        "seats": view["seats"],
        "announcements": [{"phase": p, "text": t} for p, t in view["public"]],
        "timers": view["timers"],
        "call": call.__dict__ if call else None,
        "called_players": view.get("actor_names"),
        "thumbs": view["thumbs"],
        "hunter": view.get("hunter"),
        "tied": view.get("tied"),
        "ballots": view.get("ballots"),
        "log": [{"phase": p, "text": t} for p, t in view.get("log", [])] or None,
        "flags": view.get("flags"),
    }


@chiang_mai_router.get(
    "/games/{game_id}/chiang-mai", response=TableOut, operation_id="chiang_mai_table"
)
def chiang_mai_table_op(request, game_id: int):
    """The table as you may see it (M12): the stage, each seat (cards only your own; the host
    sees all cards and doses), what was announced aloud, the timers, your call when your role is
    called, the thumbs if you were an active Policeman that night (M4). The host also reads the
    script's call and who wakes, the Hunter to shoot, the ballots, the log and the flags."""
    game, viewer = game_for(request.user, game_id)
    require(can_see_table(viewer))
    return _out(table_view(viewer))


@chiang_mai_router.post(
    "/games/{game_id}/chiang-mai/seats",
    response={201: SeatOut},
    operation_id="chiang_mai_seat_add",
)
def chiang_mai_seat_add_op(request, game_id: int, payload: SeatIn):
    """Add a player who plays without a phone (the host, before the deal, M12)."""
    moderated_game_for(request.user, game_id)
    player = chiang_mai_seat_add(game_id=game_id, by=request.user, name=payload.name, now=now())
    return Status(
        201,
        {
            "id": player.pk,
            "name": player.name,
            "seat": 0,
            "in_game": True,
            "cards": [],
            "killer": None,
            "doses": None,
            "votes": 2,
        },
    )


def _hands_by_player(hands: dict[str, list[str]] | None) -> dict[int, list[str]] | None:
    """JSON names the hands by strings: each must be a player's id, or the deal is refused with
    the key named (a schema could not say so to every client alike)."""
    if hands is None:
        return None
    for key in hands:
        if not (key.isascii() and key.isdigit()):
            raise GameRuleError(f"The hands are named by player ids: {key!r} is not one.")
    return {int(key): cards for key, cards in hands.items()}


@chiang_mai_router.post(
    "/games/{game_id}/chiang-mai/deal", response=TableOut, operation_id="chiang_mai_deal"
)
def chiang_mai_deal_op(request, game_id: int, payload: DealIn):
    """Deal the deck (the host, M1): `deck` counts the face cards (black_king, red_king,
    black_jack, red_jack, red_queen, red_ace, joker; number cards fill the rest), the default
    for the table's size when left out; `call_seconds` is the length of every call (M10);
    `seed` the seed of every draw, set before the deal (C8); `hands` (player id → the two cards,
    top first) the deal the host made at the table with a real deck, checked against the deck
    and refused with the card named (M1, M3)."""
    game, viewer = moderated_game_for(request.user, game_id)
    deck = payload.deck if payload.deck is not None else default_deck(game.players.count())
    chiang_mai_deal(
        game_id=game_id,
        by=request.user,
        deck=deck,
        call_seconds=payload.call_seconds,
        seed=payload.seed,
        hands=_hands_by_player(payload.hands),
        now=now(),
    )
    return chiang_mai_table_op(request, game_id)


@chiang_mai_router.post(
    "/games/{game_id}/chiang-mai/entries", response=TableOut, operation_id="chiang_mai_enter"
)
def chiang_mai_enter_op(request, game_id: int, payload: EntryIn):
    """One tap. The host may enter every kind; a player on their phone `order`, `pick` and
    `ballot` in their own name (M12). Kinds: `order` (player, top: a card code, before night 1,
    M1); `next` (night 1, then from the dawn to the day and from the vote to the next night);
    `call` (target or none: ends the script's current call, M10); `pick` (actor, target: a
    phone's pointing while called); `shot` (target or none: the Hunter's shot, M6); `timer`
    (code farewell, discussion, speech or defence; player); `ballot` (voter, split: player id to
    votes, one vote per card, M7; in a runoff all on the tied, M8; a ballot cast on a phone is the
    player's: the host replaces it only with `override`, which the log keeps, M12); `hands`
    (counts: player id to the hands raised for them by everyone with no ballot entered, checked
    against their cards; voters: the voters counted, refused if a phone voted meanwhile);
    `tally` (closes the vote)."""
    game, viewer = game_for(request.user, game_id)
    require(can_tap_at_table(viewer))
    entry = payload.dict(exclude_none=True)
    if can_host_chiang_mai(viewer):
        chiang_mai_enter(game_id=game_id, by=request.user, entries=[entry], now=now())
    else:
        chiang_mai_player_enter(game_id=game_id, by=request.user, entry=entry, now=now())
    return chiang_mai_table_op(request, game_id)


@chiang_mai_router.post(
    "/games/{game_id}/chiang-mai/undo", response=TableOut, operation_id="chiang_mai_undo"
)
def chiang_mai_undo_op(request, game_id: int):
    """Undo the host's last entry (a mis-tap at 1 AM): the story is replayed without it."""
    moderated_game_for(request.user, game_id)
    chiang_mai_undo(game_id=game_id, by=request.user, now=now())
    return chiang_mai_table_op(request, game_id)
