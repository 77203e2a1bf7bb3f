import datetime as dt

from django.db import transaction

from forums.access import (
    ForumViewer,
    can_add_to_den,
    can_moderate_posts,
    can_read,
    forum_viewer_for,
)
from forums.declared_boards import declared_board, declared_boards
from forums.errors import ForbiddenError
from forums.models import Board, BoardKind, DenMembership, Thread
from forums.services.posts import check_post_allowed, post_write
from game.errors import GameRuleError
from game.models import Game, Player, User, Visibility
from game.services.locking import lock_game
from game.services.log import log_append

TITLE_MAX = 150


def boards_ensure(*, game: Game) -> dict[str, Board]:
    """Every game has the boards its rule set declares (forums.declared_boards), keyed by their
    key: created with the game and at its start (forums.services.game_events), and ensured
    again by the writers that post in them. One query when they exist."""
    boards = {board.key: board for board in Board.objects.filter(game=game)}
    missing = [board for board in declared_boards(game) if board.key not in boards]
    if missing:
        Board.objects.bulk_create(
            [Board(game=game, kind=b.kind, group=b.group_code) for b in missing],
            ignore_conflicts=True,
        )
        boards = {board.key: board for board in Board.objects.filter(game=game)}
    return boards


@transaction.atomic
def thread_create(
    *, game_id: int, board_kind: str, by: User, title: str, body: str, now: dt.datetime
) -> Thread:
    game = lock_game(game_id)
    if declared_board(game, board_kind) is None:
        raise GameRuleError("There is no such board.")
    board = boards_ensure(game=game)[board_kind]
    fv = forum_viewer_for(by, game)
    check_post_allowed(fv, board)
    title = " ".join(title.split())
    if not title:
        raise GameRuleError("A thread needs a title.")
    if len(title) > TITLE_MAX:
        raise GameRuleError(f"A title has at most {TITLE_MAX} characters.")
    thread = thread_start(board=board, title=title, now=now)
    post_write(fv=fv, thread=thread, body=body, now=now)
    return thread


def thread_start(*, board: Board, title: str, now: dt.datetime, pinned: bool = False) -> Thread:
    return Thread.objects.create(
        board=board, title=title[:TITLE_MAX], created_at=now, last_post_at=now, pinned=pinned
    )


@transaction.atomic
def thread_pin(*, thread_id: int, by: User, pinned: bool, now: dt.datetime) -> Thread:
    thread = Thread.objects.select_related("board").filter(pk=thread_id).first()
    if thread is None:
        raise GameRuleError("There is no such thread.")
    game = lock_game(thread.board.game_id)
    fv = forum_viewer_for(by, game)
    if not can_moderate_posts(fv):
        raise ForbiddenError("Only the moderators pin threads.")
    thread.pinned = pinned
    thread.save(update_fields=["pinned"])
    return thread


@transaction.atomic
def den_member_add(*, game_id: int, by: User, player_id: int, now: dt.datetime) -> DenMembership:
    """The mafia may give anyone Mafia Den access (rules, Serial Killer; R51). Access lasts
    while the player lives."""
    game = lock_game(game_id)
    fv = forum_viewer_for(by, game)
    if not can_add_to_den(fv):
        raise ForbiddenError(
            "Only living mafia-aligned players and the moderators add players to the Den."
        )
    player = Player.objects.filter(game=game, pk=player_id).first()
    if player is None:
        raise GameRuleError("That player is not in this game.")
    if not player.alive:
        raise GameRuleError(f"{player.name} is dead; the dead lose the Den (R51).")
    if can_read(_player_viewer(fv, player), BoardKind.MAFIA_DEN):
        raise GameRuleError(f"{player.name} can already read the Mafia Den.")
    membership = DenMembership.objects.create(game=game, player=player, added_by=by, added_at=now)
    adder = "the moderators" if fv.is_moderator else fv.player.name
    log_append(
        game=game,
        kind="den_member_added",
        text=f"{player.name} was added to the Mafia Den by {adder}.",
        visibility=Visibility.MAFIA,
        now=now,
        actor=by,
    )
    return membership


def _player_viewer(fv: ForumViewer, player: Player) -> ForumViewer:
    return forum_viewer_for(player.user, fv.game)
