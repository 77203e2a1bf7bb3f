"""The mayor's Count the Mafia (R48): asked by the living mayor, computed at once (R16), reviewed
by a moderator in the queue like an investigation answer, or sent at once when the game answers
without review (R20). Only the mayor is told."""

import datetime as dt

from django.db import transaction

from game.errors import ConflictError, GameRuleError, NotFoundError
from game.models import Game, MafiaCount, ResultStatus, User, Visibility
from game.rulesets.live_action.offices import mayor
from game.services.locking import lock_game
from game.services.log import log_append
from game.services.players import running_game_player


def _computed(game: Game) -> int:
    living = game.players.filter(alive=True).only("role", "conscripted", "game")
    return mayor.mafia_count(p.mafia_aligned for p in living)


@transaction.atomic
def mayor_count_mafia(*, game_id: int, by: User, now: dt.datetime) -> MafiaCount:
    """The mayor asks how many mafia-aligned players are alive (R48)."""
    game = lock_game(game_id)
    player = running_game_player(game, by)
    is_mayor = player.alive and player.mayor_since is not None
    used = MafiaCount.objects.filter(game=game)
    refusal = mayor.count_refusal(
        is_living_mayor=is_mayor,
        counts_in_game=used.count(),
        counts_this_term=used.filter(mayor=player, term_start=player.mayor_since).count()
        if is_mayor
        else 0,
    )
    if refusal is not None:
        raise GameRuleError(str(refusal))
    count = MafiaCount.objects.create(
        game=game,
        mayor=player,
        term_start=player.mayor_since,
        day=game.current_day,
        requested_at=now,
        computed_answer=_computed(game),
    )
    log_append(
        game=game,
        kind="mafia_count_asked",
        text=f"Mayor {player.name} asked to count the mafia (R48).",
        visibility=Visibility.MODERATORS,
        now=now,
        actor=by,
    )
    if game.answers_without_review:
        _send(game, count, by=None, now=now)
    return count


@transaction.atomic
def mafia_count_send(
    *,
    game_id: int,
    count_id: int,
    by: User,
    now: dt.datetime,
    answer: int | None = None,
    reason: str = "",
) -> MafiaCount:
    """A moderator sends the computed count, or overrides it with a reason (R20)."""
    game = lock_game(game_id)
    count = MafiaCount.objects.select_related("mayor").filter(game=game, pk=count_id).first()
    if count is None:
        raise NotFoundError("No such count.")
    if count.status != ResultStatus.PENDING:
        raise ConflictError("That count has already been answered.")
    return _send(game, count, by=by, now=now, answer=answer, reason=reason)


def _send(
    game: Game,
    count: MafiaCount,
    *,
    by: User | None,
    now: dt.datetime,
    answer: int | None = None,
    reason: str = "",
) -> MafiaCount:
    overridden = answer is not None and answer != count.computed_answer
    if overridden and not reason.strip():
        raise GameRuleError("Give a reason for overriding the computed count (R20).")
    count.answer = answer if answer is not None else count.computed_answer
    count.status = ResultStatus.SENT
    count.sent_at, count.sent_by = now, by
    count.override_reason = reason.strip() if overridden else ""
    count.save()
    how = f"overridden to {count.answer}" if overridden else "sent as computed"
    log_append(
        game=game,
        kind="mafia_count_answered",
        text=f"Count the Mafia #{count.pk} by {count.mayor.name}: {how}.",
        visibility=Visibility.MODERATORS,
        now=now,
        actor=by,
        reason=count.override_reason,
    )
    noun = "player is" if count.answer == 1 else "players are"
    log_append(
        game=game,
        kind="mafia_count_result",
        text=f"Count the Mafia: {count.answer} mafia-aligned {noun} alive, conscripts included, "
        "serial killers not (R48).",
        visibility=Visibility.PLAYERS,
        recipients=[count.mayor],
        now=now,
    )
    return count
