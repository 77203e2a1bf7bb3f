"""Night actions (C2-C4) of night-and-day games: submitted and changed until the night ends,
refused as the rule set says; the moderators' override of the night's victim. When the game's
setting says so, the night ends as soon as every night action is in (C1)."""

import datetime as dt
from collections.abc import Sequence

from django.db import transaction

from game.errors import ConflictError, GameRuleError
from game.models import Game, GamePhase, NightAction, NightOverride, User, Visibility
from game.rulesets.phases import NIGHT, everyone_acted, night_choice_refusal
from game.services.ids import storable_ids
from game.services.locking import lock_game
from game.services.log import log_append
from game.services.nights.phases import open_phase, phase_end_at_once
from game.services.players import night_actors
from game.snapshots.nights import OVERRIDE_VICTIMS

REASON_MAX_LENGTH = 1000


@transaction.atomic
def night_action_submit(
    *,
    game_id: int,
    player_id: int,
    target_id: int | None,
    now: dt.datetime,
    night: int | None = None,
    action: str | None = None,
) -> NightAction:
    """Record a player's choice for tonight (C2-C4) for their night action `action` (their
    first one when None); `target_id` None is "no one". A choice can be changed until the night
    ends; `night`, when given, is the night the player saw, and a choice meant for a night that
    has ended is refused with 409. The action's declared restrictions refuse a choice."""
    game = lock_game(game_id)
    if game.rules.day_clock:
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
    role, spec = game.rules.night_action_of(actor.role, actor.state, action)
    earlier = NightAction.objects.filter(
        game=game, actor=actor, action=spec.code if spec else "", target__isnull=False
    ).exclude(night=phase.number)
    choosing_self = target is not None and target.pk == actor.pk
    refusal = night_choice_refusal(
        role,
        action=spec,
        actor_alive=actor.alive,
        choosing_self=choosing_self,
        target_alive=target is None or target.alive,
        earlier_self_choices=earlier.filter(target=actor).count() if choosing_self else 0,
        target_roles=game.rules.active_roles(target.role, target.state) if target else (),
        earlier_uses=earlier.count() if target is not None and spec and spec.uses else 0,
        choosing_someone=target is not None,
    )
    if refusal:
        raise GameRuleError(refusal, field="target")
    row, created = NightAction.objects.get_or_create(
        game=game,
        night=phase.number,
        actor=actor,
        action=spec.code,
        defaults={"target": target, "submitted_at": now},
    )
    if not created:
        row.target = target
        row.submitted_at = now
        row.changes += 1
        row.save(update_fields=["target", "submitted_at", "changes"])
    if actor.mafia_aligned and spec.group:
        log_append(
            game=game,
            kind="mafia_pick",
            text=f"{actor.name} picks {target.name if target else 'no one'} as tonight's victim.",
            visibility=Visibility.MAFIA,
            now=now,
        )
    if game.night_ends_when_all_in and _all_in(game, phase):
        phase_end_at_once(game=game, phase=phase, now=now)
    return row


def _all_in(game: Game, phase: GamePhase) -> bool:
    acted = NightAction.objects.filter(game=game, night=phase.number).values_list(
        "actor_id", flat=True
    )
    return everyone_acted((p.pk for p in night_actors(game)), list(acted))


@transaction.atomic
def night_override_set(
    *,
    game_id: int,
    reason: str,
    by: User,
    now: dt.datetime,
    victim_id: int | None = None,
    victim_ids: Sequence[int] = (),
    night: int | None = None,
) -> NightOverride:
    """The moderators decide who dies at dawn instead of the resolution (`victim_id` and
    `victim_ids`; none: nobody dies), before dawn, with a reason; logged for the moderators.
    The other outcomes of the night (private results, saves) stay."""
    game = lock_game(game_id)
    if game.current_phase != NIGHT and night is None:
        raise ConflictError("Only the open night's dawn can be overridden.")
    phase = open_phase(game, code=NIGHT, number=night, now=now)
    reason = reason.strip()
    if not reason:
        raise GameRuleError("Give a reason for the override.", field="reason")
    if len(reason) > REASON_MAX_LENGTH:
        raise GameRuleError(f"The reason is too long (at most {REASON_MAX_LENGTH} characters).")
    wanted = list(dict.fromkeys([*victim_ids, *([victim_id] if victim_id is not None else [])]))
    found = {p.pk: p for p in game.players.filter(pk__in=storable_ids(set(wanted)))}
    if len(found) != len(wanted):
        raise GameRuleError("Choose players of this game, or nobody.", field="victim")
    victims = [found[pk] for pk in wanted]
    for victim in victims:
        if not victim.alive:
            raise GameRuleError(f"{victim.name} is already dead.", field="victim")
    override, _ = NightOverride.objects.update_or_create(
        game=game,
        night=phase.number,
        defaults={
            "victim": victims[0] if len(victims) == 1 else None,
            "reason": reason,
            "decided_by": by,
            "decided_at": now,
        },
    )
    phase.state = {**(phase.state or {}), OVERRIDE_VICTIMS: [v.pk for v in victims]}
    phase.save(update_fields=["state"])
    log_append(
        game=game,
        kind="night_overridden",
        text=f"At dawn {_who_dies([v.name for v in victims])} (override).",
        visibility=Visibility.MODERATORS,
        now=now,
        actor=by,
        reason=reason,
    )
    return override


def _who_dies(names: list[str]) -> str:
    if not names:
        return "nobody dies"
    return f"{', '.join(names)} {'dies' if len(names) == 1 else 'die'}"
