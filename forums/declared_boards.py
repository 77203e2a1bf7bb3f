"""The boards a game has, from its rule set: Town Square, the board of each private group the
rule set declares (the Mafia Den, R51; HP's mafias, detectives and healers, H1), then the
Graveyard. Each is named by its key in links and the API: its kind, or its group's code."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q

from forums.models import GROUP_BOARD, BoardKind
from game.models import Game
from game.permissions import has_spectators_board
from game.rulesets.groups import PrivateGroup


@dataclass(frozen=True)
class DeclaredBoard:
    key: str
    kind: str
    group: PrivateGroup | None = None

    @property
    def group_code(self) -> str:
        return self.group.code if self.group is not None else ""


def group_board(group: PrivateGroup) -> DeclaredBoard:
    """The Den keeps its own kind (and so its links and API paths); every other group's board
    is a group board named by the group's code."""
    if group.den:
        return DeclaredBoard(BoardKind.MAFIA_DEN, BoardKind.MAFIA_DEN, group)
    return DeclaredBoard(group.code, GROUP_BOARD, group)


def declared_boards(game: Game) -> tuple[DeclaredBoard, ...]:
    """The game's boards in the order the board list shows them; last, the spectators' board
    where the moderators switched it on (docs/spectators.md)."""
    spectators = DeclaredBoard(BoardKind.SPECTATORS, BoardKind.SPECTATORS)
    return (
        DeclaredBoard(BoardKind.TOWN_SQUARE, BoardKind.TOWN_SQUARE),
        *(group_board(group) for group in game.rules.private_groups),
        DeclaredBoard(BoardKind.GRAVEYARD, BoardKind.GRAVEYARD),
        *((spectators,) if has_spectators_board(game) else ()),
    )


def declared_board(game: Game, key: str) -> DeclaredBoard | None:
    """The game's board with this key, or None when its rule set has no such board."""
    return next((board for board in declared_boards(game) if board.key == key), None)


def boards_keyed(game: Game, keys: list[str]) -> Q:
    """The game's board rows of these keys: a group board by its group, the others by kind."""
    kinds = [key for key in keys if key in BoardKind.values]
    groups = [key for key in keys if key not in BoardKind.values]
    return Q(game=game) & (Q(kind__in=kinds) | Q(kind=GROUP_BOARD, group__in=groups))
