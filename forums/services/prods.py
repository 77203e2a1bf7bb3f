"""Prods (docs/forum-play.md): a living player who has not posted in Town Square for the
game's number of hours is prodded, a private notification. Each player's prod is one due event
(R4) moved by each of their posts and re-armed at each day's start, processed once by the
periodic job."""

import datetime as dt

from forums.access import ForumViewer
from forums.models import BoardKind, Thread
from game.models import DueEvent, Game, GameStatus, Player, Visibility
from game.rulesets.phases import DAY
from game.rulesets.registry import PROD_EVENT
from game.services.log import log_append


def prod_key(game: Game, player_id: int) -> str:
    return f"game:{game.pk}:{PROD_EVENT}:{player_id}"


def activity_seen(*, fv: ForumViewer, thread: Thread, now: dt.datetime) -> None:
    """A living player's Town Square post moves their prod to `prod_hours` from now."""
    game = fv.game
    if (
        not game.prod_hours
        or fv.player is None
        or fv.is_moderator
        or thread.board.kind != BoardKind.TOWN_SQUARE
    ):
        return
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
    """The periodic job's handler: prod the player if they are still alive in a running game
    and it is day (nobody is prodded for a night's silence; the next day re-arms the prod)."""
    game = Game.objects.get(pk=event.game_id)
    player = Player.objects.filter(pk=event.subject_id, alive=True).first()
    if (
        game.status != GameStatus.RUNNING
        or game.current_phase != DAY
        or player is None
        or not game.prod_hours
    ):
        return
    log_append(
        game=game,
        kind="prod",
        text=f"Prod: you have not posted in Town Square for {game.prod_hours} hours. "
        "Post, or ask the moderators for a replacement.",
        visibility=Visibility.PLAYERS,
        recipients=[player],
        now=event.due_at,
    )
