"""Night actions (C2-C4) of night-and-day games: submitted and changed until the night ends,
refused as the rule set says; the moderators' override of the night's victim. When the game's
setting says so, the night ends as soon as every night action is in (C1)."""

import datetime as dt

from django.db import transaction

from game.errors import ConflictError, GameRuleError
from game.models import Game, GamePhase, NightAction, NightOverride, User, Visibility
from game.rulesets.phases import NIGHT, everyone_acted, night_choice_refusal
from game.services.ids import storable_ids
from game.services.locking import lock_game
from game.services.log import log_append
from game.services.phases import open_phase, phase_end_at_once
from game.services.players import night_actors

REASON_MAX_LENGTH = 1000


@transaction.atomic
def night_action_submit(
    *,
    game_id: int,
    player_id: int,
    target_id: int | None,
    now: dt.datetime,
    night: int | None = None,
) -> NightAction:
    """Record a player's choice for tonight (C2-C4); `target_id` None is "no one". A choice
    can be changed until the night ends; `night`, when given, is the night the player saw, and
    a choice meant for a night that has ended is refused with 409."""
    game = lock_game(game_id)
    if not game.rules.night_and_day:
        raise GameRuleError("This game has no nights.")
    if game.current_phase != NIGHT and night is None:
        phase = open_phase(game)
        raise ConflictError(f"It is {phase}: night actions are taken at night.")
    phase = open_phase(game, code=NIGHT, number=night, now=now)
    wanted = {pk for pk in (player_id, target_id) if pk is not None}
    players = {p.pk: p for p in game.players.filter(pk__in=storable_ids(wanted))}
    actor = players.get(player_id)
    if actor is None:
        raise GameRuleError("Only players of this game take night actions.")
    target = players.get(target_id) if target_id is not None else None
    if target_id is not None and target is None:
        raise GameRuleError("Choose a player of this game, or no one.", field="target")
    role = game.rules.role(actor.role) if game.rules.has_role(actor.role) else None
    choosing_self = target is not None and target.pk == actor.pk
    earlier_self = (
        NightAction.objects.filter(game=game, actor=actor, target=actor)
        .exclude(night=phase.number)
        .count()
        if choosing_self
        else 0
    )
    refusal = night_choice_refusal(
        role,
        actor_alive=actor.alive,
        choosing_self=choosing_self,
        target_alive=target is None or target.alive,
        earlier_self_choices=earlier_self,
    )
    if refusal:
        raise GameRuleError(refusal, field="target")
    action, created = NightAction.objects.get_or_create(
        game=game,
        night=phase.number,
        actor=actor,
        defaults={"action": role.night_action.code, "target": target, "submitted_at": now},
    )
    if not created:
        action.target = target
        action.submitted_at = now
        action.changes += 1
        action.save(update_fields=["target", "submitted_at", "changes"])
    if actor.mafia_aligned:
        log_append(
            game=game,
            kind="mafia_pick",
            text=f"{actor.name} picks {target.name if target else 'no one'} as tonight's victim.",
            visibility=Visibility.MAFIA,
            now=now,
        )
    if game.night_ends_when_all_in and _all_in(game, phase):
        phase_end_at_once(game=game, phase=phase, now=now)
    return action


def _all_in(game: Game, phase: GamePhase) -> bool:
    acted = NightAction.objects.filter(game=game, night=phase.number).values_list(
        "actor_id", flat=True
    )
    return everyone_acted((p.pk for p in night_actors(game)), list(acted))


@transaction.atomic
def night_override_set(
    *,
    game_id: int,
    victim_id: int | None,
    reason: str,
    by: User,
    now: dt.datetime,
    night: int | None = None,
) -> NightOverride:
    """The moderators decide tonight's victim (None: nobody dies) instead of the resolution,
    before dawn, with a reason; logged for the moderators."""
    game = lock_game(game_id)
    if game.current_phase != NIGHT and night is None:
        raise ConflictError("Only the open night's dawn can be overridden.")
    phase = open_phase(game, code=NIGHT, number=night, now=now)
    reason = reason.strip()
    if not reason:
        raise GameRuleError("Give a reason for the override.", field="reason")
    if len(reason) > REASON_MAX_LENGTH:
        raise GameRuleError(f"The reason is too long (at most {REASON_MAX_LENGTH} characters).")
    victim = None
    if victim_id is not None:
        victim = game.players.filter(pk__in=storable_ids({victim_id})).first()
        if victim is None:
            raise GameRuleError("Choose a player of this game, or nobody.", field="victim")
        if not victim.alive:
            raise GameRuleError(f"{victim.name} is already dead.", field="victim")
    override, _ = NightOverride.objects.update_or_create(
        game=game,
        night=phase.number,
        defaults={"victim": victim, "reason": reason, "decided_by": by, "decided_at": now},
    )
    log_append(
        game=game,
        kind="night_overridden",
        text=f"At dawn {victim.name + ' dies' if victim else 'nobody dies'} (override).",
        visibility=Visibility.MODERATORS,
        now=now,
        actor=by,
        reason=reason,
    )
    return override
