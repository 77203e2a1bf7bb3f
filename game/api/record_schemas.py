"""The parts of `game_state` that give a night-and-day game's record as data (C10), so that a
client such as the bots' runner reads no announcement's text."""

import datetime as dt

from ninja import Field, Schema


class DeathOut(Schema):
    player_id: int
    day: int = Field(description="The day, or the night, of the death (night N ends at dawn N+1).")
    cause: str = Field(
        description="`kill` (at night), `execution` (by the day's vote), `moderator`."
    )
    role: str = Field(description="The role the death revealed (C6).")


class PublicVoteOut(Schema):
    id: int
    day: int
    voter_id: int
    target_id: int | None = Field(description="The player voted for; null is 'no one' (C5).")
    cast_at: dt.datetime


class ResultOut(Schema):
    night: int
    target_id: int
    alignment: str = Field(description="`village` or `mafia` (C4).")
