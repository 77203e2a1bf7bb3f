"""API operations for the mafia's falsifying powers and the moderators' queue, over the same
services as the pages (stable operationIds)."""

import datetime as dt

from django.utils import timezone
from ninja import Router, Status

from game.api.kills_schemas import (
    ConscriptIn,
    DonIn,
    FrameIn,
    HitmanIn,
    PlantIn,
    PoisonIn,
    PowerIn,
    PowerRecordIn,
    PowerUseOut,
    PressIn,
    QueueEntryOut,
    StalkIn,
    StalkingOut,
    TrapIn,
    TrapOut,
)
from game.models import MafiaPowerUse, Stalking
from game.permissions import (
    game_for,
    moderated_game_for,
    require_mafia,
)
from game.selectors import queue as queue_selectors
from game.services.mafia_powers import mafia, power_uses, powers, stalking

mafia_router = Router(tags=["mafia powers and the moderators' queue"])


def _now() -> dt.datetime:
    return timezone.now()


def _mafia_game(request, game_id: int) -> None:
    _, viewer = game_for(request.user, game_id)
    require_mafia(viewer)


def _mafia_or_moderator(request, game_id: int) -> None:
    """The powers with a moderator override."""
    _, viewer = game_for(request.user, game_id)
    require_mafia(viewer, or_moderator=True)


def _use_out(use: MafiaPowerUse | Stalking, power: str, **more) -> Status:
    """Every power's answer: the use, and the charges the mafia have left after it."""
    return Status(
        201,
        {
            "id": use.pk,
            "power": power,
            "day": use.day,
            "charges_left": power_uses.uses_left(use.game, power),
            **more,
        },
    )


def _used(request, game_id: int, power: str, choices: dict, reason: str = "") -> Status:
    use = powers.power_used(
        game_id=game_id, by=request.user, power=power, choices=choices, reason=reason, now=_now()
    )
    return _use_out(use, power)


@mafia_router.post(
    "/games/{game_id}/mafia/powers/{power}",
    response={201: PowerUseOut},
    operation_id="mafia_power_use",
)
def mafia_power_use_op(request, game_id: int, power: str, payload: PowerIn):
    """Use any mafia power that has its own form (R33-R42): `choices` holds its fields by name,
    as the power's form on the mafia page names them; a moderator's override needs a reason."""
    _mafia_or_moderator(request, game_id)
    return _used(request, game_id, power, payload.choices, payload.reason)


@mafia_router.post(
    "/games/{game_id}/mafia/poison", response={201: PowerUseOut}, operation_id="mafia_poison"
)
def mafia_poison_op(request, game_id: int, payload: PoisonIn):
    """Poison a player (R35): told at the start of the next day, dies at the end of the day
    after, after the execution."""
    _mafia_or_moderator(request, game_id)
    return _used(request, game_id, "poison", {"victim": payload.victim_id}, payload.reason)


@mafia_router.post(
    "/games/{game_id}/mafia/conscript",
    response={201: PowerUseOut},
    operation_id="mafia_conscript",
)
def mafia_conscript_op(request, game_id: int, payload: ConscriptIn):
    """Conscript a player (R39): they become mafia-aligned, keep their role and gain the Mafia
    Den and the mafia powers."""
    _mafia_or_moderator(request, game_id)
    return _used(request, game_id, "conscript", {"target": payload.target_id}, payload.reason)


@mafia_router.post(
    "/games/{game_id}/mafia/trap", response={201: TrapOut}, operation_id="mafia_trap_set"
)
def mafia_trap_set_op(request, game_id: int, payload: TrapIn):
    """Set a Trap or Slaughter the Weak (R36): the answer says whether the guess was right."""
    _mafia_or_moderator(request, game_id)
    use = mafia.mafia_trap_set(game_id=game_id, by=request.user, now=_now(), **payload.dict())
    return _use_out(use, use.power, guess_right=bool(use.guess_right))


@mafia_router.post(
    "/games/{game_id}/mafia/hitman",
    response={201: PowerUseOut},
    operation_id="mafia_hitman_hire",
)
def mafia_hitman_hire_op(request, game_id: int, payload: HitmanIn):
    """Hire a Hitman (R38) for the next day; `day` in the answer is the day they work."""
    _mafia_or_moderator(request, game_id)
    choices = {"hitman_name": payload.hitman_name}
    return _used(request, game_id, "hitman", choices, payload.reason)


@mafia_router.post(
    "/games/{game_id}/mafia/stalk", response={201: StalkingOut}, operation_id="mafia_stalk"
)
def mafia_stalk_op(request, game_id: int, payload: StalkIn):
    """Stalk a player today (R41): a kill they make today is posted in the Mafia Den."""
    _mafia_or_moderator(request, game_id)
    return Status(
        201, stalking.mafia_stalk(game_id=game_id, by=request.user, now=_now(), **payload.dict())
    )


@mafia_router.post(
    "/games/{game_id}/mafia/frame", response={201: PowerUseOut}, operation_id="mafia_frame"
)
def mafia_frame_op(request, game_id: int, payload: FrameIn):
    _mafia_game(request, game_id)
    return _used(
        request, game_id, "frame", {"suspect": payload.suspect_id, "victim": payload.victim_id}
    )


@mafia_router.post(
    "/games/{game_id}/mafia/plant-evidence",
    response={201: PowerUseOut},
    operation_id="mafia_plant_evidence",
)
def mafia_plant_evidence_op(request, game_id: int, payload: PlantIn):
    _mafia_game(request, game_id)
    choices = {"target": payload.target_id, "role": payload.role, "alignment": payload.alignment}
    return _used(request, game_id, "plant_evidence", choices)


@mafia_router.post(
    "/games/{game_id}/mafia/manipulate-press",
    response={201: PowerUseOut},
    operation_id="mafia_manipulate_press",
)
def mafia_manipulate_press_op(request, game_id: int, payload: PressIn):
    _mafia_game(request, game_id)
    choices = {"kill": payload.kill_id, "location": payload.location}
    return _used(request, game_id, "manipulate_press", choices)


@mafia_router.post(
    "/games/{game_id}/mafia/don", response={201: PowerUseOut}, operation_id="mafia_designate_don"
)
def mafia_designate_don_op(request, game_id: int, payload: DonIn):
    _mafia_game(request, game_id)
    return _used(request, game_id, "don", {"don": payload.don_id})


@mafia_router.post(
    "/games/{game_id}/mafia/record",
    response={201: PowerUseOut},
    operation_id="mafia_power_record",
)
def mafia_power_record_op(request, game_id: int, payload: PowerRecordIn):
    """The moderators record a mafia power used in person, by hand (R33-R37)."""
    moderated_game_for(request.user, game_id)
    use = power_uses.mafia_power_record(
        game_id=game_id, by=request.user, now=_now(), **payload.dict()
    )
    return _use_out(use, use.power)


@mafia_router.get(
    "/games/{game_id}/mod/queue", response=list[QueueEntryOut], operation_id="moderator_queue"
)
def moderator_queue_op(request, game_id: int):
    """Everything waiting for a moderator, oldest first, with the computed answers (R20)."""
    _, viewer = moderated_game_for(request.user, game_id)
    out = []
    for entry in queue_selectors.moderator_queue(viewer).entries:
        if entry.kill:
            summary = f"kill of {entry.kill.victim.name}"
        elif entry.investigation:
            summary = entry.computed.summary
        elif entry.shovel:
            summary = f"{entry.shovel.role}, {entry.shovel.alignment}"
        else:
            count = entry.mafia_count
            summary = f"{count.computed_answer} mafia-aligned alive, for mayor {count.mayor.name}"
        out.append(
            {
                "kind": entry.kind,
                "id": entry.subject_id,
                "at": entry.at,
                "summary": summary,
                "violations": entry.violations,
                "reasons": entry.computed.reasons if entry.computed else [],
                "disagreements": sorted(entry.differences),
            }
        )
    return out
