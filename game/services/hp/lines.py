"""The HP log's lines written as log entries: everyone's, the moderators', or one group's (H1,
H7), each worded as the seed words it (game.rulesets.hp.texts)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence

from game.models import Game, Player, Visibility
from game.rulesets.hp.texts import ALL, MODERATORS, Line, player_of
from game.services.log import log_append


def lines_write(
    *,
    game: Game,
    lines: Iterable[Line],
    players: Sequence[Player],
    now: dt.datetime,
    groups: Mapping[str, Sequence[Player]] | None = None,
) -> None:
    """A group's line goes to the group's members named in `groups` (those alive when the night
    began, H2), so that a detective who died that night still reads the test (H12). A line for
    one player goes to that player, unless the computer plays them: nobody would read it."""
    names = {p.pk: p.name for p in players}
    for line in lines:
        text = line.reason.render(names)
        kind = f"hp_{line.reason.code}"
        if line.audience == ALL:
            log_append(game=game, kind=kind, text=text, visibility=Visibility.PUBLIC, now=now)
        elif line.audience == MODERATORS:
            log_append(game=game, kind=kind, text=text, visibility=Visibility.MODERATORS, now=now)
        else:
            members = _readers(line.audience, players, groups or {})
            if members:
                log_append(
                    game=game,
                    kind=kind,
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
        kind=f"hp_{line.reason.code}",
        text=line.reason.render(names),
        visibility=Visibility.PLAYERS,
        now=now,
        recipients=[player],
    )
