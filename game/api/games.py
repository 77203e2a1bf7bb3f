"""API operations on games, sign-ups, set-up and the day clock."""

import datetime as dt
from typing import Literal

from ninja import Field, Query, Router, Schema, Status

from game import selectors
from game.api.core import (
    ItemCode,
    LocalTime,
    Message,
    ReasonIn,
    RoleCode,
    RulesetCode,
    SetupCount,
    now,
    text,
    words,
)
from game.api.record_schemas import DeathOut, PublicVoteOut, ResultOut
from game.models import GameStatus, LogEntry
from game.permissions import game_for, moderated_game_for, require
from game.rulesets.registry import DEFAULT_RULESET
from game.selectors import record
from game.services import hold_effects
from game.services.days import day_cycle, missed_day_ends
from game.services.lobby import games, setup, signups

games_router = Router()

LOG_PAGE = 500


class SetupIn(Schema):
    """Role counts (pairs for a role dealt in pairs) and item counts, by code of the game's rule
    set; only those given change."""

    roles: dict[RoleCode, SetupCount] = Field(default_factory=dict, examples=[{"mafia": 5}])
    items: dict[ItemCode, SetupCount] = Field(default_factory=dict, examples=[{"shovel": 7}])


class GameIn(Schema):
    name: words(100)
    ruleset: RulesetCode = DEFAULT_RULESET
    time_zone: text(64) = Field("America/New_York", description="An IANA time zone name.")
    day_end_time: LocalTime = dt.time(23, 0)
    night_end_time: LocalTime = dt.time(9, 0)
    phase_minutes: int | None = Field(None, ge=1, le=10080)
    night_ends_when_all_in: bool = True
    votes_in_posts: bool = False
    majority_ends_day: bool = False
    vote_count_every: int = Field(0, ge=0, le=1000)
    last_wills: Literal["", "all", "not_night_kill"] = ""
    phase_threads: bool = False
    prod_hours: int = Field(0, ge=0, le=24 * 30)
    bots: bool = Field(
        False,
        description="Classic games: seed 002's bots may play, so every player signs up with a "
        "protocol name (C10).",
    )
    setup: SetupIn | None = None


class GameSettingsIn(Schema):
    name: words(100) | None = None
    time_zone: text(64) | None = Field(None, description="An IANA time zone name.")
    day_end_time: LocalTime | None = None
    secret_ballots: bool | None = None
    serial_killer_kills_count: bool | None = None
    answers_without_review: bool | None = None
    vote_reminder_minutes: int | None = Field(
        None, ge=0, le=1440, description="Minutes before the day end for the reminder to vote."
    )
    night_end_time: LocalTime | None = None
    phase_minutes: int | None = Field(None, ge=1, le=10080)
    night_ends_when_all_in: bool | None = None
    action_reminder_minutes: int | None = Field(
        None,
        ge=0,
        le=1440,
        description="Night-and-day games: minutes before a phase ends for the reminder of a "
        "missing night action or vote.",
    )
    votes_in_posts: bool | None = None
    majority_ends_day: bool | None = None
    vote_count_every: int | None = Field(None, ge=0, le=1000)
    last_wills: Literal["", "all", "not_night_kill"] | None = None
    phase_threads: bool | None = None
    prod_hours: int | None = Field(None, ge=0, le=24 * 30)
    setup: SetupIn | None = None


class GameOut(Schema):
    id: int
    name: str
    ruleset: str = Field(description="The code of the game's rule set.")
    status: Literal[tuple(GameStatus.values)]
    time_zone: str
    day_end_time: LocalTime
    current_day: int
    current_phase: str
    bots: bool = Field(description="Bots may play: every player has a protocol name (C10).")
    winner: str | None = Field(
        description="The code of the side that won (an alignment of its rule set), once over."
    )
    finished_at: dt.datetime | None

    @staticmethod
    def resolve_winner(game) -> str | None:
        return game.winner or None


class SignupIn(Schema):
    introduction: text(2000)
    name: text(60) = Field("", description="The name to play under; your own name if empty.")
    protocol_name: text(60) = Field(
        "",
        description="Games with bots: the name bots call you by (C10): letters, digits, dashes "
        "and underscores, unique in the game, never 'no one'; `name` if empty and it is one.",
    )


class PlayerOut(Schema):
    id: int
    name: str
    protocol_name: str = Field(
        "", description="Games with bots: the name the bot protocol uses (C10); else empty."
    )
    seat: int | None = Field(
        None, description="The place at the table from 1, fixed at the deal; lists follow it (C9)."
    )
    alive: bool
    death_day: int | None = None


class HeldItemOut(Schema):
    id: int
    kind: str


class RoleCardOut(Schema):
    player_id: int
    role: str | None
    role_name: str | None
    alignment: str | None
    summary: str | None
    powers: list[str]
    partner: str | None
    fellow_mafia: list[str]
    items: list[HeldItemOut]
    poisoned_dies_on_day: int | None = Field(
        None, description="You have been poisoned and die at the end of this day (R35)."
    )


class DayOut(Schema):
    number: int
    started_at: dt.datetime
    ends_at: dt.datetime
    ended_at: dt.datetime | None


class GameStateOut(Schema):
    game: GameOut
    ending: str | None = Field(
        description="How the game ended (its public announcement), once it is over."
    )
    day: DayOut | None
    clock_paused: bool
    players: list[PlayerOut]
    you: RoleCardOut | None
    roles: dict[int, str]
    deaths: list[DeathOut] = Field(
        description="The deaths whose role is public (C6), in order, with that role."
    )
    votes: list[PublicVoteOut] = Field(
        description="Where votes are public (C5): every vote as cast, oldest first."
    )
    results: list[ResultOut] = Field(
        description="Your own investigation results (C4), by night; nobody else's."
    )


class RoleSetIn(Schema):
    player_id: int
    role: RoleCode = Field(description="A role code of the game's rule set.")
    partner_id: int | None = None


class DayEndIn(ReasonIn):
    day: int = Field(ge=1, le=2**31 - 1, description="The day this request ends (R4).")


class DayEndTimeIn(Schema):
    day_end_time: LocalTime


class ItemHolderIn(Schema):
    holder_id: int | None = Field(description="The player who holds the item now; null for none.")
    reason: text(1000) = ""


class ModeratorIn(Schema):
    username_or_email: words(254)


class LogEntryOut(Schema):
    id: int
    created_at: dt.datetime
    day: int
    kind: str
    text: str


@games_router.post("/games", response={201: GameOut}, operation_id="game_create", tags=["games"])
def game_create_op(request, payload: GameIn):
    game = games.game_create(created_by=request.user, now=now(), **payload.dict())
    return Status(201, game)


@games_router.patch(
    "/games/{game_id}", response=GameOut, operation_id="game_settings_update", tags=["games"]
)
def game_settings_update_op(request, game_id: int, payload: GameSettingsIn):
    moderated_game_for(request.user, game_id)
    changes = payload.dict(exclude_none=True)
    return games.game_settings_update(game_id=game_id, by=request.user, now=now(), **changes)


@games_router.post(
    "/games/{game_id}/moderators", response=Message, operation_id="moderator_add", tags=["games"]
)
def moderator_add_op(request, game_id: int, payload: ModeratorIn):
    moderated_game_for(request.user, game_id)
    games.moderator_add(game_id=game_id, by=request.user, now=now(), **payload.dict())
    return {"detail": "Moderator added."}


@games_router.get(
    "/games/{game_id}", response=GameStateOut, operation_id="game_state", tags=["games"]
)
def game_state_op(request, game_id: int):
    """What the viewer may see of the game (R50)."""
    _, viewer = game_for(request.user, game_id)
    state = selectors.game_state(viewer)
    return {
        "game": state.game,
        "ending": selectors.game_ending(state.game),
        "day": state.day,
        "clock_paused": state.game.clock_paused,
        "players": state.players,
        "you": _card_out(state.role_card),
        "roles": state.roles_visible,
        "deaths": record.deaths_revealed(viewer),
        "votes": record.public_votes(viewer),
        "results": record.investigation_results(viewer),
    }


@games_router.get(
    "/games/{game_id}/log", response=list[LogEntryOut], operation_id="log_list", tags=["games"]
)
def log_list_op(
    request,
    game_id: int,
    after: int | None = Query(
        None,
        ge=0,
        description="Only the entries after this entry id, oldest first (at most 500 a call: "
        "ask again after the last one); without it, the latest 500, newest first.",
    ),
) -> list[LogEntry]:
    """The game's log as the viewer may read it (R50)."""
    _, viewer = game_for(request.user, game_id)
    return selectors.log_for(viewer, limit=LOG_PAGE, after=after)


@games_router.post(
    "/games/{game_id}/signups",
    response={201: PlayerOut},
    operation_id="signup_create",
    tags=["signups"],
)
def signup_create_op(request, game_id: int, payload: SignupIn):
    game_for(request.user, game_id)
    player = signups.signup_create(game_id=game_id, user=request.user, now=now(), **payload.dict())
    return Status(201, player)


@games_router.delete(
    "/games/{game_id}/signups/{int:player_id}",
    response=Message,
    operation_id="signup_remove",
    tags=["signups"],
)
def signup_remove_op(request, game_id: int, player_id: int, payload: ReasonIn | None = None):
    _, viewer = game_for(request.user, game_id)
    own = viewer.player is not None and viewer.player.pk == player_id
    require(own or viewer.is_moderator)
    signups.signup_remove(
        game_id=game_id,
        player_id=player_id,
        by=request.user,
        now=now(),
        reason=payload.reason if payload else "",
    )
    return {"detail": "Sign-up removed."}


@games_router.post(
    "/games/{game_id}/signups/close",
    response=Message,
    operation_id="signups_close",
    tags=["signups"],
)
def signups_close_op(request, game_id: int):
    moderated_game_for(request.user, game_id)
    signups.signups_set_open(game_id=game_id, by=request.user, open=False, now=now())
    return {"detail": "Sign-ups are closed."}


@games_router.post(
    "/games/{game_id}/roles/assign", response=Message, operation_id="roles_assign", tags=["setup"]
)
def roles_assign_op(request, game_id: int):
    moderated_game_for(request.user, game_id)
    setup.roles_assign(game_id=game_id, by=request.user, now=now())
    return {"detail": "Roles dealt."}


@games_router.post(
    "/games/{game_id}/roles", response=Message, operation_id="role_set", tags=["setup"]
)
def role_set_op(request, game_id: int, payload: RoleSetIn):
    moderated_game_for(request.user, game_id)
    setup.role_set(
        game_id=game_id,
        player_id=payload.player_id,
        role=payload.role,
        partner_id=payload.partner_id,
        by=request.user,
        now=now(),
    )
    return {"detail": "Role set."}


@games_router.post(
    "/games/{game_id}/items/deal", response=Message, operation_id="items_deal", tags=["setup"]
)
def items_deal_op(request, game_id: int):
    moderated_game_for(request.user, game_id)
    setup.items_deal(game_id=game_id, by=request.user, now=now())
    return {"detail": "Items dealt."}


@games_router.post(
    "/games/{game_id}/items/{int:item_id}/holder",
    response=Message,
    operation_id="item_give",
    tags=["setup"],
)
def item_give_op(request, game_id: int, item_id: int, payload: ItemHolderIn):
    """The moderators give an item to a player, or take it back (R43, R44)."""
    moderated_game_for(request.user, game_id)
    setup.item_holder_set(
        game_id=game_id, item_id=item_id, by=request.user, now=now(), **payload.dict()
    )
    return {"detail": "Item moved."}


@games_router.post(
    "/games/{game_id}/start", response=GameOut, operation_id="game_start", tags=["setup"]
)
def game_start_op(request, game_id: int):
    moderated_game_for(request.user, game_id)
    return setup.game_start(game_id=game_id, by=request.user, now=now())


@games_router.post(
    "/games/{game_id}/day/end", response=DayOut, operation_id="day_end_now", tags=["day"]
)
def day_end_now_op(request, game_id: int, payload: DayEndIn):
    """End day `day` now (R4). A request for a day that has already ended answers 409 and
    changes nothing, so a repeated or concurrent request ends one day."""
    moderated_game_for(request.user, game_id)
    return hold_effects.day_end_now(
        game_id=game_id, day=payload.day, by=request.user, reason=payload.reason
    )


@games_router.post(
    "/games/{game_id}/day/time", response=GameOut, operation_id="day_end_time_change", tags=["day"]
)
def day_end_time_change_op(request, game_id: int, payload: DayEndTimeIn):
    moderated_game_for(request.user, game_id)
    return day_cycle.day_end_time_change(
        game_id=game_id, by=request.user, new_time=payload.day_end_time
    )


@games_router.post(
    "/games/{game_id}/clock/pause", response=GameOut, operation_id="clock_pause", tags=["day"]
)
def clock_pause_op(request, game_id: int, payload: ReasonIn | None = None):
    moderated_game_for(request.user, game_id)
    return day_cycle.clock_pause(
        game_id=game_id, by=request.user, reason=payload.reason if payload else ""
    )


@games_router.post(
    "/games/{game_id}/clock/resume", response=GameOut, operation_id="clock_resume", tags=["day"]
)
def clock_resume_op(request, game_id: int):
    moderated_game_for(request.user, game_id)
    return day_cycle.clock_resume(game_id=game_id, by=request.user)


def _card_out(card: selectors.RoleCardView | None) -> dict | None:
    if card is None:
        return None
    info = card.role
    return {
        "player_id": card.player.pk,
        "role": info.code if info else None,
        "role_name": info.name if info else None,
        "alignment": card.player.game.rules.alignment_of(
            info.code, conscripted=card.player.conscripted
        )
        if info
        else None,
        "summary": info.summary if info else None,
        "powers": list(info.card) if info else [],
        "partner": card.partner.name if card.partner else None,
        "fellow_mafia": [p.name for p in card.fellow_mafia],
        "items": [{"id": i.pk, "kind": i.kind} for i in card.items],
        "poisoned_dies_on_day": card.poisoned_dies_on_day,
    }


@games_router.post(
    "/games/{game_id}/day/missed/run",
    response=GameOut,
    operation_id="missed_day_ends_run",
    tags=["day"],
)
def missed_day_ends_run_op(request, game_id: int):
    """When more than one day end was missed, the game waits paused: run them all, each at its
    own time (R4). 409 when no missed day ends are waiting."""
    moderated_game_for(request.user, game_id)
    return missed_day_ends.missed_day_ends_run(game_id=game_id, by=request.user)


@games_router.post(
    "/games/{game_id}/day/missed/resume",
    response=GameOut,
    operation_id="missed_day_ends_skip",
    tags=["day"],
)
def missed_day_ends_skip_op(request, game_id: int):
    """Resume from now after missed day ends: the first runs, the next day ends at the next
    day-end time. 409 when no missed day ends are waiting."""
    moderated_game_for(request.user, game_id)
    return missed_day_ends.missed_day_ends_skip(game_id=game_id, by=request.user)
