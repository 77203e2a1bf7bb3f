"""A running game of each rule set open to spectators, with a secret in every private place:
the private boards and the Graveyard, the log's entries for the mafia, for one player and for
the moderators, and a private message; a spectator of it and a spectator of another game."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.apps import apps
from django.utils import timezone

from forums.declared_boards import declared_boards
from forums.models import BoardKind, Thread
from forums.services import message_send, thread_create
from game.models import Game, LogEntry, Player, User, Visibility
from game.services.lobby.setup import game_start, roles_assign
from game.services.log import log_append
from tests.factories import UserFactory, make_game, moderator_of, running_game, sign_up
from tests.forums.helpers import watched_by
from tests.game.chiang_mai.helpers import dealt_table
from tests.game.classic.helpers import classic_game

NOW = dt.datetime(2026, 10, 5, 15, 0, tzinfo=dt.UTC)
SECRET = "CANARY-spectated"
PUBLIC = "PUBLIC-town-square-hello"


def hp_running() -> tuple[Game, list[Player]]:
    game = make_game(ruleset="hp")
    sign_up(game, 10)
    moderator = moderator_of(game)
    roles_assign(game_id=game.pk, by=moderator, now=NOW)
    game_start(game_id=game.pk, by=moderator, now=NOW)
    return game, list(game.players.order_by("pk"))


def live_action_running() -> tuple[Game, list[Player]]:
    return running_game(6, mafia=2)


def classic_running() -> tuple[Game, list[Player]]:
    game, players = classic_game()
    return game, list(players.values())


def chiang_mai_running() -> tuple[Game, list[Player]]:
    return dealt_table(size=7, phones=3)


RULE_SETS = {
    "live_action": live_action_running,
    "classic": classic_running,
    "hp": hp_running,
    "chiang_mai": chiang_mai_running,
}


@dataclass
class Watched:
    game: Game
    players: list[Player]
    watcher: User
    other_game_watcher: User
    public_thread: Thread
    private_threads: list[Thread]
    spectators_thread: Thread


def watched_world(ruleset: str) -> Watched:
    game, players = RULE_SETS[ruleset]()
    moderator = moderator_of(game)
    watcher, other_game_watcher = UserFactory(), UserFactory()
    watched_by(game, watcher)
    other, _ = running_game(2)
    watched_by(other, other_game_watcher)
    now = timezone.now()
    private = []
    for board in declared_boards(game):
        if board.key in (BoardKind.TOWN_SQUARE, BoardKind.SPECTATORS):
            continue
        private.append(
            thread_create(
                game_id=game.pk,
                board_kind=board.key,
                by=moderator,
                title=f"{SECRET} {board.key}",
                body=f"{SECRET} on {board.key}",
                now=now,
            )  # fmt: skip
        )
    public = thread_create(
        game_id=game.pk, board_kind=BoardKind.TOWN_SQUARE, by=moderator, title="Hello",
        body=PUBLIC, now=now,
    )  # fmt: skip
    spectators = thread_create(
        game_id=game.pk, board_kind=BoardKind.SPECTATORS, by=watcher, title="From the stands",
        body="Who do you think it is?", now=now,
    )  # fmt: skip
    _plant_log_secrets(game, players[0], moderator, now)
    with_phones = [p for p in players if p.user_id is not None]
    message_send(
        game_id=game.pk, by=moderator, body=f"{SECRET} message", subject="Psst",
        recipient_ids=[with_phones[0].pk], now=now,
    )  # fmt: skip
    game.refresh_from_db()
    return Watched(game, players, watcher, other_game_watcher, public, private, spectators)


def _plant_log_secrets(game: Game, player: Player, moderator: User, now) -> None:
    for visibility, recipients in (
        (Visibility.MAFIA, []),
        (Visibility.PLAYERS, [player]),
        (Visibility.MODERATORS, []),
    ):
        log_append(
            game=game, kind="note", text=f"{SECRET} for {visibility}", visibility=visibility,
            now=now, actor=moderator, recipients=recipients,
        )  # fmt: skip


def fingerprint() -> tuple:
    """Everything an operation could change: the rows of every model of the app, and the games'
    and players' own fields."""
    counts = tuple(
        (model._meta.label, model.objects.count())
        for app in ("game", "forums")
        for model in apps.get_app_config(app).get_models()
    )
    games = tuple(Game.objects.order_by("pk").values_list())
    players = tuple(Player.objects.order_by("pk").values_list("alive", "role", "state", "user_id"))
    latest = LogEntry.objects.order_by("-pk").values_list("pk", flat=True).first()
    return counts, games, players, latest
