"""What one player tells another through the app: stalking (R29, R41) and the innocent child's
reveal (R27). A stalked player is told they are being stalked, not by whom; a kill the target
makes that day is told to the stalker (the mafia's result is posted in the Mafia Den), from the
true killer whatever the mafia manipulated (R29)."""

import datetime as dt

from django.db import transaction

from game.errors import GameRuleError
from game.models import Game, Kill, Player, Stalking, User, Visibility
from game.rulesets.live_action.powers import stalk
from game.rulesets.live_action.roles import innocent_child
from game.rulesets.live_action.roles import stalker as stalker_role
from game.rulesets.reasons import Reason
from game.services.locking import lock_game
from game.services.log import log_append
from game.services.mafia_powers.power_uses import power_used_on, refused, target_refused
from game.services.players import player_of, running_game_player

TARGET_TOLD = "You are being stalked today. You are not told by whom (R29)."


def _stalk_refusals(game: Game, stalker: Player | None, target: Player) -> list[Reason]:
    """R29, R41: the stalker's (or the mafia's) stalks so far refuse a target stalked before."""
    stalks = [
        stalker_role.Stalk(s.target_id, s.day)
        for s in Stalking.objects.filter(
            game=game, **({"stalker": stalker} if stalker else {"stalker__isnull": True})
        )
    ]
    return stalker_role.stalk_refusals(
        stalker=stalker.pk if stalker else None,
        target=target.pk,
        target_alive=target.alive,
        day=game.current_day,
        stalks=stalks,
    )


def _stalk(game: Game, stalker: Player | None, target: Player, now: dt.datetime) -> Stalking:
    """The stalking is recorded; the target is told, and the stalker of any kill the target
    already made today (R29)."""
    stalking = Stalking.objects.create(
        game=game, stalker=stalker, target=target, day=game.current_day, created_at=now
    )
    log_append(
        game=game,
        kind="stalked",
        text=TARGET_TOLD,
        visibility=Visibility.PLAYERS,
        recipients=[target],
        now=now,
    )
    for kill in Kill.objects.filter(
        game=game, killer=target, status="confirmed", day=game.current_day
    ).select_related("victim"):
        _told(game, stalking, kill, now)
    return stalking


@transaction.atomic
def stalker_target_set(*, game_id: int, by: User, target_id: int, now: dt.datetime) -> Stalking:
    """The stalker's target for today (R29): a new living player each day."""
    game = lock_game(game_id)
    player = running_game_player(game, by)
    if player.role != stalker_role.ROLE.code:
        raise GameRuleError("Only a stalker stalks (R29).")
    if not player.alive:
        raise GameRuleError("Dead players tell no tales: the dead cannot stalk (R29).")
    target = player_of(game, target_id, what="The player to stalk")
    target_refused(game, _stalk_refusals(game, player, target), target, field="target")
    stalking = _stalk(game, player, target, now)
    log_append(
        game=game,
        kind="stalker_target_set",
        text=f"{player.name} stalks {target.name} on day {game.current_day}.",
        visibility=Visibility.MODERATORS,
        now=now,
        actor=by,
    )
    return stalking


@transaction.atomic
def mafia_stalk(
    *, game_id: int, by: User, target_id: int, now: dt.datetime, reason: str = ""
) -> Stalking:
    """The mafia's Stalk (R41): once a day, as one stalker; results go to the Mafia Den."""
    game = lock_game(game_id)
    _, target = power_used_on(
        game,
        stalk.POWER.code,
        by=by,
        reason=reason,
        now=now,
        target_id=target_id,
        what="The player to stalk",
        field="target",
        refusals=lambda target: _stalk_refusals(game, None, target),
        text=lambda actor, target: (
            f"{actor} stalked {target.name} for the mafia on day {game.current_day}."
        ),
    )
    return _stalk(game, None, target, now)


def _told(game: Game, stalking: Stalking, kill: Kill, now: dt.datetime) -> None:
    """A kill the target made is told to their stalker, or to the Mafia Den (R29, R41)."""
    seen = stalker_role.kill_seen(
        stalker=stalking.stalker_id, killer=kill.killer_id, victim=kill.victim_id, day=kill.day
    )
    log_append(
        game=game,
        kind=seen.code,
        text=seen.render({kill.killer_id: kill.killer.name, kill.victim_id: kill.victim.name}),
        visibility=Visibility.PLAYERS if stalking.stalker_id is not None else Visibility.MAFIA,
        recipients=[stalking.stalker] if stalking.stalker_id is not None else [],
        now=now,
    )


@transaction.atomic
def innocent_child_reveal(*, game_id: int, by: User, target_id: int, now: dt.datetime) -> Player:
    """The innocent child names the player they revealed themselves to (R27): that player alone
    is told, in the app, that the revealer is an innocent child."""
    game = lock_game(game_id)
    player = running_game_player(game, by)
    if player.role != innocent_child.ROLE.code or not player.alive:
        raise GameRuleError("Only a living innocent child reveals themselves (R27).")
    target = player_of(game, target_id, what="The player you revealed yourself to")
    refused(
        innocent_child.reveal_refusals(
            revealer=player.pk, target=target.pk, target_alive=target.alive
        ),
        [target],
        field="target",
    )
    log_append(
        game=game,
        kind="innocent_child_revealed",
        text=f"{player.name} is an innocent child: they revealed themselves to you, and the "
        "moderators confirm it (R27).",
        visibility=Visibility.PLAYERS,
        recipients=[target],
        now=now,
    )
    log_append(
        game=game,
        kind="innocent_child_revealed",
        text=f"{player.name} revealed themselves as an innocent child to {target.name}.",
        visibility=Visibility.MODERATORS,
        now=now,
        actor=by,
    )
    return target
