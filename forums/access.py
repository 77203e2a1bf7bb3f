"""Who may read and post on each board (R51): the one table of the forums. Decided from the game
state at each request, so a player who dies loses Town Square posting and gains the Graveyard on
their very next request, and a conscript gains the Mafia Den.

Views, the API, selectors, services and templates (the `forum_access` filters) ask here."""

from __future__ import annotations

import datetime as dt
import enum
from dataclasses import dataclass

from django.db.models import QuerySet
from django.http import Http404

from forums.models import Board, BoardKind, Conversation, DenMembership, Post, Thread
from game.models import Game, GameStatus, Player
from game.permissions import Viewer, can_view_game, require, viewer_for


class Access(enum.IntEnum):
    NONE = 0
    READ = 1
    POST = 2


@dataclass(frozen=True)
class ForumViewer:
    """A game's viewer plus what the forums need beyond it: whether the mafia added them to
    the Den."""

    viewer: Viewer
    den_member: bool

    @property
    def game(self) -> Game:
        return self.viewer.game

    @property
    def user(self):
        return self.viewer.user

    @property
    def is_moderator(self) -> bool:
        return self.viewer.is_moderator

    @property
    def player(self):
        return self.viewer.player


def forum_viewer_for(user, game: Game) -> ForumViewer:
    """Three queries at most, whatever the game's size."""
    viewer = viewer_for(user, game)
    den_member = (
        viewer.player is not None
        and DenMembership.objects.filter(player=viewer.player, game=game).exists()
    )
    return ForumViewer(viewer=viewer, den_member=den_member)


def board_access(fv: ForumViewer, kind: str) -> Access:
    """THE table (R51).

    | board        | running game                                    | finished game        |
    |--------------|-------------------------------------------------|----------------------|
    | Town Square  | living players post; dead players read          | participants post    |
    | Mafia Den    | living mafia-aligned and added players post     | participants read    |
    | Graveyard    | dead players post; living players see nothing   | participants read    |
    Moderators read and post everywhere, always. Spectators, players of other games and
    anonymous visitors see nothing. Before the start only Town Square is open, to sign-ups."""
    if fv.is_moderator:
        return Access.POST
    player = fv.player
    if player is None:
        return Access.NONE
    status = fv.game.status
    if status == GameStatus.FINISHED:
        return Access.POST if kind == BoardKind.TOWN_SQUARE else Access.READ
    if status == GameStatus.SIGNUP:
        return Access.POST if kind == BoardKind.TOWN_SQUARE else Access.NONE
    if kind == BoardKind.TOWN_SQUARE:
        return Access.POST if player.alive else Access.READ
    if kind == BoardKind.MAFIA_DEN:
        return (
            Access.POST if player.alive and (player.mafia_aligned or fv.den_member) else Access.NONE
        )
    if kind == BoardKind.GRAVEYARD:
        return Access.NONE if player.alive else Access.POST
    return Access.NONE


def can_read(fv: ForumViewer, board: Board | str) -> bool:
    return board_access(fv, _kind(board)) >= Access.READ


def can_post(fv: ForumViewer, board: Board | str) -> bool:
    return board_access(fv, _kind(board)) == Access.POST


def post_refusal(fv: ForumViewer, board: Board | str) -> str:
    """Why a viewer who reads a board may not post there, for the 403 page and the API."""
    kind = _kind(board)
    if fv.game.status == GameStatus.FINISHED:
        return "The game is over: the Mafia Den and the Graveyard are kept as they were."
    if kind == BoardKind.TOWN_SQUARE and fv.player is not None and not fv.player.alive:
        return (
            "Dead players tell no tales: you may read Town Square but not post there (R51). "
            "Post in the Graveyard instead."
        )
    return "You may not post on this board."


def thread_post_refusal(fv: ForumViewer, thread: Thread) -> str:
    """Why the viewer may not post in the thread, "" when they may: the board's table, and a
    phase thread locked at its phase's end is closed to players (docs/forum-play.md)."""
    if not can_post(fv, thread.board):
        return post_refusal(fv, thread.board)
    if thread.locked_at is not None and not fv.is_moderator:
        return "This thread is locked: its phase is over. Post in the thread of the phase now."
    return ""


def can_post_in_thread(fv: ForumViewer, thread: Thread) -> bool:
    return not thread_post_refusal(fv, thread)


def can_read_will(fv: ForumViewer, owner: Player, posted: bool) -> bool:
    """A last will is its writer's and the moderators' until it is posted at the writer's
    death; then it is a Town Square post like any other (docs/forum-play.md)."""
    if posted:
        return can_read(fv, BoardKind.TOWN_SQUARE)
    return fv.is_moderator or (fv.player is not None and fv.player.pk == owner.pk)


def can_write_will(fv: ForumViewer) -> bool:
    return (
        fv.game.last_wills != ""
        and fv.game.status != GameStatus.FINISHED
        and fv.player is not None
        and fv.player.alive
    )


def readable_kinds(fv: ForumViewer) -> list[str]:
    return [kind for kind in BoardKind.values if board_access(fv, kind) >= Access.READ]


def readable_boards(fv: ForumViewer) -> QuerySet[Board]:
    """The one filter every board, thread, post and search query goes through."""
    return Board.objects.filter(game=fv.game, kind__in=readable_kinds(fv))


def can_add_to_den(fv: ForumViewer) -> bool:
    """The mafia may give anyone Den access (rules, Serial Killer); so may the moderators."""
    if fv.is_moderator:
        return fv.game.status == GameStatus.RUNNING
    return (
        fv.game.status == GameStatus.RUNNING
        and fv.player is not None
        and fv.player.alive
        and fv.player.mafia_aligned
    )


def can_moderate_posts(fv: ForumViewer) -> bool:
    return fv.is_moderator


def post_text_visible(fv: ForumViewer, post: Post) -> bool:
    """A deleted post's text is for the moderators only."""
    return post.deleted_at is None or fv.is_moderator


EDIT_WINDOW = dt.timedelta(minutes=10)


def post_edit_refusal(fv: ForumViewer, post: Post, now: dt.datetime) -> str:
    """Why the viewer may not edit the post, "" when they may. No ruling speaks: authors edit
    their own posts for 10 minutes while they may still post on the board; a deleted post is
    edited by nobody, its text being for the moderators only (R51)."""
    board = post.thread.board
    if post.deleted_at is not None or not can_read(fv, board):
        return "There is no such post."
    if post.author_user_id != fv.user.pk or post.kind != "post":
        return "You can only edit your own posts."
    if not can_post(fv, board):
        return post_refusal(fv, board)
    if not edit_window_open(post, now):
        return "Posts can be edited for 10 minutes only."
    return ""


def edit_window_open(post: Post, now: dt.datetime) -> bool:
    return now - post.created_at <= EDIT_WINDOW


def can_edit_post(fv: ForumViewer, post: Post, now: dt.datetime) -> bool:
    return not post_edit_refusal(fv, post, now)


def can_read_conversation(
    fv: ForumViewer, conversation: Conversation, member_ids: set[int]
) -> bool:
    """Members read their conversations; the game's moderators read every one (rules,
    Communication)."""
    if conversation.game_id != fv.game.pk:
        return False
    if fv.is_moderator:
        return True
    return fv.player is not None and fv.player.pk in member_ids


def can_use_messages(fv: ForumViewer) -> bool:
    return fv.is_moderator or fv.player is not None


def _kind(board: Board | str) -> str:
    return board.kind if isinstance(board, Board) else str(board)


def forum_game_for(user, game_id: int) -> ForumViewer:
    """The game's forum viewer, or 404 when the viewer may not see the game at all."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise Http404("No such game.")
    fv = forum_viewer_for(user, game)
    require(can_view_game(fv.viewer))
    return fv
