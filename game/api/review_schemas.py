"""The schemas of a game's review and statistics, and of a setup's statistics."""

import datetime as dt

from ninja import Field, Schema
from pydantic import StrictBool


class ReviewPlayerOut(Schema):
    id: int
    name: str
    role: str = Field(description="The role's name (and whether the mafia conscripted them).")
    side: str
    fate: str = Field(description="How they died, as announced; empty while alive at the end.")
    won: bool
    items: list[str]
    hp: str = Field(description="HP games: their HP at the end (H5); empty elsewhere.")
    cards_dealt: list[str] = Field(description="Chiang Mai: the cards dealt (M1).")
    cards_left: list[str] = Field(description="Chiang Mai: the cards left at the end (M5).")
    doses: int | None = Field(description="Chiang Mai: the doctor's doses carried (M4).")


class ReviewEventOut(Schema):
    kind: str = Field(
        description="`log`, `night_action`, `power`, `investigation`, `shovel`, `vote`, "
        "`death`, `kill`, `hp` or `cards`."
    )
    text: str
    at: dt.datetime | None
    day: int
    players: list[int] = Field(description="The players the event concerns.")
    audience: str = Field(description="Who could read it while the game ran (R50).")
    details: list[str] = Field(
        description="An investigation's true answer, each falsification and the reported answer."
    )
    link: str = Field(description="The post a vote was made in, where votes are made in posts.")


class ReviewPhaseOut(Schema):
    label: str
    started_at: dt.datetime | None
    ended_at: dt.datetime | None
    events: list[ReviewEventOut]


class ReviewOut(Schema):
    game_id: int
    winner: str
    review_public: bool
    players: list[ReviewPlayerOut]
    phase_labels: list[str] = Field(description="Every phase, to filter by (`phase`).")
    phases: list[ReviewPhaseOut]


class ReviewPublishIn(Schema):
    public: StrictBool = Field(
        description="Open the review to every signed-in user once it is over."
    )


class ReviewPublishOut(Schema):
    game_id: int
    review_public: bool


class PlayerDayOut(Schema):
    player_id: int
    name: str
    day: int
    posts: int
    votes: int
    actions: int


class TimingOut(Schema):
    what: str
    count: int
    median_minutes: float
    mean_minutes: float
    longest_minutes: float


class GameStatsOut(Schema):
    game_id: int
    setup_hash: str
    days: list[int]
    rows: list[PlayerDayOut]
    timings: list[TimingOut]


class RateOut(Schema):
    code: str
    name: str
    wins: int
    games: int
    rate: float
    low: float = Field(description="The Wilson 95% interval's lower bound.")
    high: float = Field(description="The Wilson 95% interval's upper bound.")


class SetupOut(Schema):
    hash: str = Field(description="The hash of the setup's content: its version.")
    ruleset: str
    roles: dict[str, int]
    items: dict[str, int]
    settings: dict[str, str]
    games_played: int
    game_ids: list[int]
    sides: list[RateOut]
    roles_won: list[RateOut]
    days_median: float
    hours_median: float
