"""Prods (docs/forum-play.md): a living player who has not posted in Town Square for the
game's number of hours is prodded, a private notification; silent as long again, warned; then
the moderators are asked for a replacement (their notification, and the activity overview).
Each player's prod is one due event (R4) moved by each of their posts (which also ends the
escalation) and re-armed at each day's start, processed once by the periodic job. A vacation
the player announced (forums.services.vacations) holds the prod until it ends."""

import datetime as dt

from forums.access import ForumViewer
from forums.models import BoardKind, ProdStep, SlotActivity, Thread
from game.models import DueEvent, Game, GameStatus, Player, Visibility
from game.rulesets.phases import DAY
from game.rulesets.registry import PROD_EVENT
from game.services.log import log_append

REPLACEMENT_REQUESTED = "replacement_requested"


def prod_key(game: Game, player_id: int) -> str:
    return f"game:{game.pk}:{PROD_EVENT}:{player_id}"


def activity_seen(*, fv: ForumViewer, thread: Thread, now: dt.datetime) -> None:
    """A living player's Town Square post ends their prods' escalation and moves their prod to
    `prod_hours` from now."""
    game = fv.game
    if (
        not game.prod_hours
        or fv.player is None
        or fv.is_moderator
        or thread.board.kind != BoardKind.TOWN_SQUARE
    ):
        return
    SlotActivity.objects.filter(player=fv.player, step__gt=ProdStep.NONE).update(
        step=ProdStep.NONE, stepped_at=now
    )
    _arm(game, fv.player.pk, now + dt.timedelta(hours=game.prod_hours))


def prods_arm(*, game: Game, at: dt.datetime) -> None:
    """At a day's start: every living player whose prod is not waiting gets one, `prod_hours`
    after the start."""
    if not game.prod_hours:
        return
    waiting = set(
        DueEvent.objects.filter(
            game=game, kind=PROD_EVENT, done_at__isnull=True, cancelled_at__isnull=True
        ).values_list("subject_id", flat=True)
    )
    for pk in game.players.filter(alive=True).exclude(pk__in=waiting).values_list("pk", flat=True):
        _arm(game, pk, at + dt.timedelta(hours=game.prod_hours))


def prod_rearm(*, game: Game, player_id: int, at: dt.datetime) -> None:
    """The player's prod falls `prod_hours` after `at` (the end of their vacation)."""
    if game.prod_hours:
        _arm(game, player_id, at + dt.timedelta(hours=game.prod_hours))


def _arm(game: Game, player_id: int, due_at: dt.datetime) -> None:
    DueEvent.objects.update_or_create(
        key=prod_key(game, player_id),
        defaults={
            "game": game,
            "kind": PROD_EVENT,
            "subject_id": player_id,
            "day": game.current_day,
            "due_at": due_at,
            "done_at": None,
            "cancelled_at": None,
        },
    )


def prod_due(event: DueEvent, now: dt.datetime) -> None:
    """The periodic job's handler: the next step for a player still alive in a running game by
    day (nobody is prodded for a night's silence; the next day re-arms the prod), unless they
    are away, when the prod waits for their return."""
    game = Game.objects.get(pk=event.game_id)
    player = Player.objects.filter(pk=event.subject_id, alive=True).first()
    if (
        game.status != GameStatus.RUNNING
        or game.current_phase != DAY
        or player is None
        or not game.prod_hours
    ):
        return
    activity, _ = SlotActivity.objects.get_or_create(player=player, defaults={"game": game})
    if activity.away_until is not None and activity.away_until > event.due_at:
        prod_rearm(game=game, player_id=player.pk, at=activity.away_until)
        return
    if activity.step >= ProdStep.REPLACEMENT_REQUESTED:
        return
    activity.step += 1
    activity.stepped_at = event.due_at
    activity.save(update_fields=["step", "stepped_at"])
    _tell(game, player, activity.step, event.due_at)
    if activity.step < ProdStep.REPLACEMENT_REQUESTED:
        # From now, should the job run late: each step gives the player the full span to post.
        _arm(game, player.pk, max(event.due_at, now) + dt.timedelta(hours=game.prod_hours))


def _tell(game: Game, player: Player, step: int, at: dt.datetime) -> None:
    hours = game.prod_hours * step
    if step == ProdStep.REPLACEMENT_REQUESTED:
        log_append(
            game=game,
            kind=REPLACEMENT_REQUESTED,
            text=f"{player.name} has not posted in Town Square for {hours} hours after a prod "
            "and a warning: find a replacement, or modkill the slot.",
            visibility=Visibility.MODERATORS,
            now=at,
        )
        return
    text = (
        f"Prod: you have not posted in Town Square for {hours} hours. "
        "Post, or ask the moderators for a replacement."
        if step == ProdStep.NOTICE
        else f"Warning: you have not posted in Town Square for {hours} hours. If you stay "
        f"silent {game.prod_hours} more hours, the moderators will be asked to replace you."
    )
    log_append(
        game=game,
        kind="prod",
        text=text,
        visibility=Visibility.PLAYERS,
        recipients=[player],
        now=at,
    )
