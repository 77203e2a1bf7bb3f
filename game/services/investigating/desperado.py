"""Going desperado (R25): a desperado asks during a day, may cancel until the day ends, and goes
desperado at the start of the next day (the day-end step `desperados_go`). A moderator's record
(investigative_roles.desperado_mark) stays available as an override."""

import datetime as dt

from django.db import transaction

from game.errors import GameRuleError
from game.models import Day, DesperadoRequest, Game, Player, User, Visibility
from game.rulesets.live_action.roles import desperado
from game.rulesets.live_action.roles.desperado import DesperadoAsker
from game.services.days.end_of_day import desperado_schedule
from game.services.locking import lock_game
from game.services.log import log_append
from game.services.players import running_game_player


def _waiting(player: Player) -> DesperadoRequest | None:
    return DesperadoRequest.objects.filter(
        player=player, cancelled_at__isnull=True, applied_at__isnull=True
    ).first()


def _asker(game: Game, player: Player, waiting: DesperadoRequest | None) -> DesperadoAsker:
    day_open = Day.objects.filter(
        game=game, number=game.current_day, ended_at__isnull=True
    ).exists()
    return DesperadoAsker(
        is_desperado=player.role == desperado.ROLE.code,
        alive=player.alive,
        day_open=day_open,
        gone_on=player.desperado_since_day,
        waiting_request_day=waiting.requested_day if waiting else None,
    )


@transaction.atomic
def desperado_request(*, game_id: int, by: User, now: dt.datetime) -> DesperadoRequest:
    """The desperado asks to go desperado (R25); it takes effect at the start of the next day."""
    game = lock_game(game_id)
    player = running_game_player(game, by)
    waiting = _waiting(player)
    refusal = desperado.request_refusal(_asker(game, player, waiting))
    if refusal is not None:
        raise GameRuleError(str(refusal))
    request = DesperadoRequest.objects.create(
        game=game, player=player, requested_day=game.current_day, requested_at=now
    )
    starts = desperado.start_day(game.current_day)
    log_append(
        game=game,
        kind="desperado_requested",
        text=f"{player.name} asked to go desperado from day {starts} (R25).",
        visibility=Visibility.MODERATORS,
        now=now,
        actor=by,
    )
    return request


@transaction.atomic
def desperado_cancel(*, game_id: int, by: User, now: dt.datetime) -> DesperadoRequest:
    """The desperado withdraws their waiting request before it takes effect (R25)."""
    game = lock_game(game_id)
    player = running_game_player(game, by)
    waiting = _waiting(player)
    refusal = desperado.cancel_refusal(_asker(game, player, waiting))
    if refusal is not None:
        raise GameRuleError(str(refusal))
    waiting.cancelled_at = now
    waiting.save(update_fields=["cancelled_at"])
    log_append(
        game=game,
        kind="desperado_cancelled",
        text=f"{player.name} cancelled their request to go desperado (R25).",
        visibility=Visibility.MODERATORS,
        now=now,
        actor=by,
    )
    return waiting


def desperados_go(game: Game, day: Day, ended_at: dt.datetime) -> None:
    """Day-end step (R25): each waiting request made by the end of this day takes effect at the
    start of the next day: desperado from day N+1, death scheduled for the end of day N+2, the
    player told privately. A request whose desperado died, or went desperado by a moderator's
    record, lapses."""
    starts = desperado.start_day(day.number)
    waiting = DesperadoRequest.objects.filter(
        game=game,
        requested_day__lte=day.number,
        cancelled_at__isnull=True,
        applied_at__isnull=True,
    ).select_related("player")
    for request in waiting:
        player = request.player
        if not player.alive or player.desperado_since_day is not None:
            request.cancelled_at = ended_at
            request.save(update_fields=["cancelled_at"])
            continue
        request.applied_at = ended_at
        request.save(update_fields=["applied_at"])
        player.desperado_since_day = starts
        player.save(update_fields=["desperado_since_day"])
        desperado_schedule(game=game, player=player, went_desperado_on=starts, now=ended_at)
        dies = desperado.death_day(starts)
        log_append(
            game=game,
            kind="desperado_gone",
            text=f"{player.name} went desperado at the start of day {starts} (R25).",
            visibility=Visibility.MODERATORS,
            now=ended_at,
        )
        log_append(
            game=game,
            kind="desperado_started",
            text=f"You have gone desperado from the start of day {starts}: you investigate like "
            f'an investigator, and may answer a BANG with "I do not die" (R25). You will die '
            f"at the end of day {dies}.",
            visibility=Visibility.PLAYERS,
            recipients=[player],
            now=ended_at,
        )
