"""Request and response bodies of the kill, investigation, shovel, mafia and queue operations."""

import datetime as dt
from typing import Literal

from ninja import Field, Schema
from pydantic import StrictBool

from game.api.core import KillMethodCode, ReasonText, RoleCode, registry_codes, text, words
from game.models.kills import KillSide
from game.rulesets import registry

CapacityCode = registry_codes(registry.capacity_choices)
PowerCode = registry_codes(registry.power_choices)
KillSideCode = Literal[tuple(KillSide.values)]
AlignmentCode = registry_codes(registry.alignment_choices)
Location = words(200)
Note = text(1000)


class KillIn(Schema):
    side: KillSideCode
    other_player_id: int | None = None
    method: KillMethodCode | Literal[""] = ""
    location: Location
    happened_at: dt.datetime | None = None
    disarm_claimed: StrictBool = False
    note: Note = ""


class KillRespondIn(Schema):
    agrees: StrictBool
    note: Note = ""
    disarm_claimed: StrictBool = False
    method: str = ""


class KillDecisionIn(Schema):
    reason: ReasonText = ""
    override: StrictBool = False
    attempt_failed: StrictBool = False


class KillEditIn(Schema):
    reason: ReasonText
    killer_id: int | None = None
    method: KillMethodCode | None = None
    happened_at: dt.datetime | None = None
    location: Location | None = None


class KillOut(Schema):
    id: int
    victim_id: int
    killer_id: int | None
    method: str
    day: int
    happened_at: dt.datetime
    location: str
    status: str


class SiteVisitIn(Schema):
    victim_id: int


class SiteVisitOut(Schema):
    id: int
    victim_id: int
    visited_at: dt.datetime


class InvestigationIn(Schema):
    capacity: CapacityCode = Field(description="The investigative capacity asked with (R22).")
    victim_id: int
    suspect_ids: list[int]


class SuspectOut(Schema):
    id: int
    name: str


class SuspectsOut(Schema):
    """The players the viewer may name as suspects of this death, as the investigate page offers
    them (R12, R19): those alive at the moment of the kill, neither the victim nor the viewer.
    An investigation naming anyone else is refused with 400."""

    victim_id: int
    suspects: list[SuspectOut]


class AnswerIn(Schema):
    answer: StrictBool | None = None
    reason: str = ""


class InvestigationOut(Schema):
    """What the asker may read: the answer only, never the reasons (R20)."""

    id: int
    capacity: CapacityCode
    day: int
    victim_id: int
    suspect_ids: list[int]
    status: str
    answer: bool | None


class WatchListIn(Schema):
    player_ids: list[int] = Field(max_length=100)


class PriestListsIn(Schema):
    saint_ids: list[int] = Field(default_factory=list, max_length=100)
    sinner_ids: list[int] = Field(default_factory=list, max_length=100)


class ShovelIn(Schema):
    dead_player_id: int


class ShovelOut(Schema):
    id: int
    dead_player_id: int
    status: str
    role: str | None
    alignment: str | None
    conscripted: bool | None


class ResultsOut(Schema):
    investigations: list[InvestigationOut]
    shovels: list[ShovelOut]


class FrameIn(Schema):
    suspect_id: int
    victim_id: int


class PlantIn(Schema):
    target_id: int
    role: RoleCode
    alignment: AlignmentCode


class PressIn(Schema):
    kill_id: int
    location: text(200) = ""


class PowerRecordIn(Schema):
    power: PowerCode
    target_id: int | None = None
    note: Note = ""


class DonIn(Schema):
    don_id: int


class PowerIn(Schema):
    choices: dict[str, int | str] = Field(
        default_factory=dict,
        description="The power's fields by name, as its form names them (players and kills by id).",
    )
    reason: str = Field("", description="Required when a moderator uses it as an override.")


class PowerUseOut(Schema):
    id: int
    power: str
    day: int
    charges_left: int | None = Field(
        None, description="The uses of this power the mafia have left after this one."
    )


class ConscriptIn(Schema):
    target_id: int
    reason: str = Field("", description="Required when a moderator uses it as an override.")


class TrapIn(Schema):
    power: str = Field(description='"set_trap" or "slaughter_the_weak" (R36).')
    target_id: int
    guessed_role: str = Field(
        "",
        description="A role code of the rule set; Slaughter the Weak always guesses the "
        "innocent child.",
    )
    reason: str = Field("", description="Required when a moderator uses it as an override.")


class TrapOut(Schema):
    id: int
    power: str
    day: int
    charges_left: int | None
    guess_right: bool


class HitmanIn(Schema):
    hitman_name: str = Field(description="Who the non-player is (R38).")
    reason: str = Field("", description="Required when a moderator uses it as an override.")


class StalkIn(Schema):
    target_id: int
    reason: str = Field("", description="Required when a moderator uses it as an override.")


class StalkingOut(Schema):
    id: int
    target_id: int
    day: int


class PoisonIn(Schema):
    victim_id: int
    reason: str = Field("", description="Required when a moderator uses it as an override.")


class QueueEntryOut(Schema):
    kind: str
    id: int
    at: dt.datetime
    summary: str
    violations: list[str]
    reasons: list[str]
    disagreements: list[str]


class AgreedKillsIn(Schema):
    kill_ids: list[int]


class AnswersIn(Schema):
    investigation_ids: list[int] = []
    shovel_ids: list[int] = []


class HeldDecisionOut(Schema):
    """A queue decision that takes effect at `due_at` unless undone before."""

    id: int
    kind: str
    subject_id: int
    due_at: dt.datetime
    applied_at: dt.datetime | None
    undone_at: dt.datetime | None
