"""The schemas of a setup's balance estimate."""

import datetime as dt

from ninja import Field, Schema

from game.api.review_schemas import RateOut
from game.services.estimates.requests import MAX_GAMES, MIN_GAMES


class EstimateIn(Schema):
    players: int = Field(ge=1, le=999, description="The setup for this many players.")
    games: int = Field(
        ge=1,
        le=99_999,
        description=f"Computer games of the setup, {MIN_GAMES} to {MAX_GAMES} (others are "
        "refused with a message); each variant plays a quarter as many, at least 100.",
    )
    seed: str = Field(
        "",
        max_length=64,
        description="Empty for new games; an earlier estimate's seed repeats its games (C8).",
    )


class SideOut(RateOut):
    move: float | None = Field(
        description="A variant's rate minus the setup's; null for the setup itself."
    )


class VariantOut(Schema):
    key: str = Field(description="`base`, or a role's code with +1 or -1.")
    label: str
    part: str
    delta: int
    players: int
    counts: dict[str, int]
    played: int
    sides: list[SideOut]


class EstimateOut(Schema):
    id: int
    game_id: int
    ruleset: str
    players: int
    counts: dict[str, int]
    games: int
    variant_games: int
    seed: str
    requested_at: dt.datetime
    finished_at: dt.datetime | None
    played: int = Field(description="Games played so far, of `total`: the progress.")
    total: int
    computer_play: str = Field(
        description="What the computer players do: the rates are of computer play, not human play."
    )
    setup: VariantOut
    variants: list[VariantOut]
