"""Who may read and post on each board (R51): the one table of the forums. Decided from the game
state at each request, so a player who dies loses Town Square posting and gains the Graveyard on
their very next request, and a conscript gains the Mafia Den. A private group's board (the Den,
HP's groups, H1) follows its group: the rule set says who belongs (game.rulesets.groups).
Views, the API, selectors, services and templates (the `forum_access` filters) ask here."""

from __future__ import annotations

import datetime as dt
import enum
from dataclasses import dataclass

from django.db.models import QuerySet
from django.http import Http404

from forums.declared_boards import (
    DeclaredBoard,
    boards_keyed,
    declared_board,
    declared_boards,
)
from forums.models import (
    Board,
    BoardKind,
    Conversation,
    DenMembership,
    Post,
    Replacement,
    Thread,
)
from game.models import Game, GameStatus, Player
from game.permissions import Viewer, can_view_game, require, require_page_served, viewer_for
from game.permissions.spectators import spectators_board_level
from game.rulesets.groups import candidate_of, groups_of


class Access(enum.IntEnum):
    NONE = 0
    READ = 1
    POST = 2


@dataclass(frozen=True)
class ForumViewer:
    """A game's viewer plus what the forums need beyond it: whether the mafia added them to
    the Den, and the private groups the rule set puts them in (`groups`, their codes)."""

    viewer: Viewer
    den_member: bool
    groups: frozenset[str]

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
    return ForumViewer(viewer=viewer, den_member=den_member, groups=_groups_of(viewer))


def _groups_of(viewer: Viewer) -> frozenset[str]:
    """The private groups the rule set puts the viewer's player in (none for the others)."""
    player = viewer.player
    if player is None:
        return frozenset()
    rules = viewer.game.rules
    return groups_of(
        rules, candidate_of(rules, player.role, player.state, conscripted=player.conscripted)
    )


def board_access(fv: ForumViewer, key: str) -> Access:
    """THE table (R51), for the boards the game's rule set has (forums.declared_boards).

    | board        | running game                                    | finished game        |
    |--------------|-------------------------------------------------|----------------------|
    | Town Square  | living players post; dead players read          | participants post    |
    | group board  | its living members post; the dead see nothing   | participants read    |
    | Graveyard    | dead players post; living players see nothing   | participants read    |
    A group board is the Mafia Den (members: the mafia-aligned and whoever the mafia add) or
    another private group's (H1: HP's mafias, detectives, healers), as the Den.
    Moderators read and post everywhere, always. Spectators read Town Square and share the
    spectators' board with the dead (game.permissions.spectators); other outsiders see nothing.
    Before the start only Town Square is open, to sign-ups."""
    board = declared_board(fv.game, key)
    if board is None:
        return Access.NONE
    if fv.is_moderator:
        return Access.POST
    if key == BoardKind.SPECTATORS:
        return Access(spectators_board_level(fv.viewer))
    player = fv.player
    if player is None:
        return Access(fv.viewer.is_spectator and key == BoardKind.TOWN_SQUARE)
    status = fv.game.status
    if status == GameStatus.FINISHED:
        return Access.POST if key == BoardKind.TOWN_SQUARE else Access.READ
    if status == GameStatus.SIGNUP:
        return Access.POST if key == BoardKind.TOWN_SQUARE else Access.NONE
    if key == BoardKind.TOWN_SQUARE:
        return Access.POST if player.alive else Access.READ
    if key == BoardKind.GRAVEYARD:
        return Access.NONE if player.alive else Access.POST
    return Access.POST if player.alive and in_group(fv, board) else Access.NONE


def in_group(fv: ForumViewer, board: DeclaredBoard) -> bool:
    """A member of the board's group by the rule set's rules, or added to the Den (R51)."""
    group = board.group
    return group is not None and (group.code in fv.groups or (group.den and fv.den_member))


def group_listed(fv: ForumViewer, board: DeclaredBoard) -> bool:
    """Whether the viewer is told of a private group: the moderators of every one, a player of
    those they belong to (H1, R51), even once dead; nobody of any other."""
    return fv.is_moderator or (fv.player is not None and in_group(fv, board))


def can_read(fv: ForumViewer, board: Board | str) -> bool:
    return board_access(fv, _key(board)) >= Access.READ


def can_read_forum_day(fv: ForumViewer) -> bool:
    """The forum's day (the vote count, the activity), in a game whose day may be played in the
    threads (`DaySpec.in_threads`), is for whoever reads Town Square."""
    return fv.game.rules.day.in_threads and can_read(fv, BoardKind.TOWN_SQUARE)


def can_read_vote_count_at(fv: ForumViewer, post: Post | None = None, *, thread=None) -> bool:
    """The count as of a Town Square post, for whoever reads the forum's day (and the post)."""
    return (thread or post.thread).board.kind == BoardKind.TOWN_SQUARE and can_read_forum_day(fv)


def can_post(fv: ForumViewer, board: Board | str) -> bool:
    return board_access(fv, _key(board)) == Access.POST


def post_refusal(fv: ForumViewer, board: Board | str) -> str:
    """Why a viewer who reads a board may not post there, for the 403 page and the API."""
    key = _key(board)
    if fv.game.status == GameStatus.FINISHED:
        return "The game is over: the private boards and the Graveyard are kept as they were."
    if key == BoardKind.TOWN_SQUARE and fv.player is not None and not fv.player.alive:
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


def readable_keys(fv: ForumViewer) -> list[str]:
    """The keys of the boards the viewer reads, in the order the board list shows them."""
    return [b.key for b in declared_boards(fv.game) if board_access(fv, b.key) >= Access.READ]


def readable_boards(fv: ForumViewer) -> QuerySet[Board]:
    """The one filter every board, thread, post and search query goes through."""
    return Board.objects.filter(boards_keyed(fv.game, readable_keys(fv)))


def can_add_to_den(fv: ForumViewer) -> bool:
    """The mafia may give anyone Den access (rules, Serial Killer); so may the moderators. Only
    in a rule set whose mafia have the Den (R51): HP's groups are their members alone (H1)."""
    den = declared_board(fv.game, BoardKind.MAFIA_DEN)
    if den is None or fv.game.status != GameStatus.RUNNING:
        return False
    if fv.is_moderator:
        return True
    return fv.player is not None and fv.player.alive and den.group.code in fv.groups


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


def _key(board: Board | str) -> str:
    return board.key if isinstance(board, Board) else str(board)


def vacation_refusal(game: Game, player: Player | None) -> str:  # "" when they may
    if player is None or not player.alive or game.status != GameStatus.RUNNING:
        return "Only living players of a running game announce a vacation."
    return "" if game.vacation_days else "The moderators allow no vacation notices in this game."


def replacement_of(user, game_id: int) -> Replacement | None:
    """What took `user` out of a game they play and moderate no more: its pages say so."""
    viewer = viewer_for(user, Game(pk=game_id))
    if viewer.player is not None or viewer.is_moderator or not viewer.is_authenticated:
        return None
    return Replacement.objects.filter(game_id=game_id, replaced_user=user).last()


def forum_game_for(user, game_id: int) -> ForumViewer:
    """The game's forum viewer, or 404 when the viewer may not see the game at all."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise Http404("No such game.")
    require_page_served(game)
    fv = forum_viewer_for(user, game)
    require(can_view_game(fv.viewer))
    return fv
