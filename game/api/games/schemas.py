"""The request and answer schemas of the game, sign-up, set-up and day clock operations."""

import datetime as dt
from typing import Literal

from ninja import Field, Schema
from pydantic import StrictBool

from game.api.core import (
    ItemCode,
    LocalTime,
    ReasonIn,
    RoleCode,
    RulesetCode,
    SetupCount,
    text,
    words,
)
from game.api.record_schemas import DeathOut, PublicVoteOut, ResultOut
from game.models import GameStatus
from game.rulesets.registry import DEFAULT_RULESET


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
    night_ends_when_all_in: StrictBool = True
    votes_in_posts: StrictBool = False
    majority_ends_day: StrictBool = False
    vote_count_every: int = Field(0, ge=0, le=1000)
    last_wills: Literal["", "all", "not_night_kill"] = ""
    phase_threads: StrictBool = False
    prod_hours: int = Field(0, ge=0, le=24 * 30)
    vacation_days: int = Field(0, ge=0, le=60)
    spectators_allowed: StrictBool = False
    spectators_board: StrictBool = False
    bots: StrictBool = Field(
        False,
        description="Classic games: seed 002's bots may play, so every player signs up with a "
        "protocol name (C10).",
    )
    setup: SetupIn | None = None


class GameSettingsIn(Schema):
    name: words(100) | None = None
    time_zone: text(64) | None = Field(None, description="An IANA time zone name.")
    day_end_time: LocalTime | None = None
    secret_ballots: StrictBool | None = None
    serial_killer_kills_count: StrictBool | None = None
    answers_without_review: StrictBool | None = None
    vote_reminder_minutes: int | None = Field(
        None, ge=0, le=1440, description="Minutes before the day end for the reminder to vote."
    )
    night_end_time: LocalTime | None = None
    phase_minutes: int | None = Field(None, ge=1, le=10080)
    night_ends_when_all_in: StrictBool | None = None
    action_reminder_minutes: int | None = Field(
        None,
        ge=0,
        le=1440,
        description="Night-and-day games: minutes before a phase ends for the reminder of a "
        "missing night action or vote.",
    )
    votes_in_posts: StrictBool | None = None
    majority_ends_day: StrictBool | None = None
    vote_count_every: int | None = Field(None, ge=0, le=1000)
    last_wills: Literal["", "all", "not_night_kill"] | None = None
    phase_threads: StrictBool | None = None
    prod_hours: int | None = Field(None, ge=0, le=24 * 30)
    vacation_days: int | None = Field(None, ge=0, le=60)
    spectators_allowed: StrictBool | None = Field(
        None,
        description="Signed-in people outside the game may watch it while it runs: its public "
        "boards and announcements only.",
    )
    spectators_board: StrictBool | None = Field(
        None, description="A board shared by the dead and the spectators; the living never see it."
    )
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
    spectators_allowed: bool = Field(description="Outsiders may watch the running game.")
    spectators_board: bool = Field(description="The dead and the spectators share a board.")
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
    reason: str | None = Field(
        None,
        description="The reason a moderator gave (a modkill's, a deleted post's): shown to the "
        "moderators, as on the log page.",
    )

    @staticmethod
    def resolve_reason(entry) -> str | None:
        return getattr(entry, "reason_shown", None)
