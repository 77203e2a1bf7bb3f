"""What a rule set announces, as lines: who reads each one (everyone, the moderators, one player,
or the holders of a role: HP's groups, H1) and the reason that words it. The services write them to
the game's log (`services.lines`), whatever the rule set. Pure Python, no Django."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from game.rulesets.reasons import Reason

ALL: Final = "all"
MODERATORS: Final = "moderators"
"""The audiences of a line besides a role's code (the role's holders: one of HP's groups) and
one player's (`to_player`)."""
ONE_PLAYER: Final = "player:"


def to_player(player_id: int) -> str:
    """The audience of a line for one player alone."""
    return f"{ONE_PLAYER}{player_id}"


def player_of(audience: str) -> int | None:
    """The player a line is for alone, or None for everyone, the moderators or a group."""
    return int(audience.removeprefix(ONE_PLAYER)) if audience.startswith(ONE_PLAYER) else None


@dataclass(frozen=True)
class Line:
    """One announcement and who reads it."""

    audience: str
    reason: Reason

    @property
    def kind(self) -> str:
        """The kind of the log entry that keeps it."""
        return self.reason.code
