"""A rule set's announcements (`game.rulesets.announcements.Line`) written as log entries:
everyone's, the moderators', or one role's holders' (HP's groups, H1, H7), each worded as the
rule set words it."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence

from game.models import Game, Player, Visibility
from game.rulesets.announcements import ALL, MODERATORS, Line, player_of
from game.services.log import log_append

OPEN_VISIBILITY = {ALL: Visibility.PUBLIC, MODERATORS: Visibility.MODERATORS}


def lines_write(
    *,
    game: Game,
    lines: Iterable[Line],
    players: Sequence[Player],
    now: dt.datetime,
    groups: Mapping[str, Sequence[Player]] | None = None,
) -> None:
    """A role's line goes to its holders named in `groups` (those alive when the night began,
    H2), so that a detective who died that night still reads the test (H12); else to its
    living holders. A line for one player goes to that player, unless the computer plays them:
    nobody would read it."""
    names = {p.pk: p.name for p in players}
    for line in lines:
        text = line.reason.render(names)
        visibility = OPEN_VISIBILITY.get(line.audience)
        if visibility is not None:
            log_append(game=game, kind=line.kind, text=text, visibility=visibility, now=now)
            continue
        members = _readers(line.audience, players, groups or {})
        if members:
            log_append(
                game=game,
                kind=line.kind,
                text=text,
                visibility=Visibility.PLAYERS,
                now=now,
                recipients=members,
            )


def _readers(
    audience: str, players: Sequence[Player], groups: Mapping[str, Sequence[Player]]
) -> list[Player]:
    """The readers of a group's line, or of one player's (none if the computer plays them)."""
    alone = player_of(audience)
    if alone is not None:
        return [p for p in players if p.pk == alone and not p.computer]
    return list(groups.get(audience) or [p for p in players if p.alive and p.role == audience])


def private_line(*, game: Game, player: Player, line: Line, players: Sequence[Player], now) -> None:
    """A line for one player alone (who they are, H1)."""
    names = {p.pk: p.name for p in players}
    log_append(
        game=game,
        kind=line.kind,
        text=line.reason.render(names),
        visibility=Visibility.PLAYERS,
        now=now,
        recipients=[player],
    )
