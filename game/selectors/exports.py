"""A game's record for its moderators (R50: the mod log is theirs): the log, the votes, the
kills, the investigations and the shovel uses, as rows streamed from the database. The number of
queries is fixed (one per record kind, two for the many-to-many names), whatever the game's size;
rows are read in chunks so that memory stays flat too."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.db.models import Prefetch

from game.models import Game, Investigation, Item, Kill, LogEntry, Player, ShovelUse, Vote
from game.rulesets.base import RoleSpec

CHUNK = 500
COLUMNS = ("record", "id", "day", "at", "who", "whom", "what", "details", "visibility")

Row = dict[str, Any]


def _names_by(through_rows: Iterator[tuple[int, str]]) -> dict[int, list[str]]:
    names: dict[int, list[str]] = defaultdict(list)
    for owner_id, name in through_rows:
        names[owner_id].append(name)
    return names


def _log_rows(game: Game) -> Iterator[Row]:
    through = LogEntry.recipients.through
    recipients = _names_by(
        through.objects.filter(logentry__game=game)
        .order_by("logentry_id", "player__name")
        .values_list("logentry_id", "player__name")
        .iterator(chunk_size=CHUNK)
    )
    entries = (
        LogEntry.objects.filter(game=game)
        .select_related("actor")
        .order_by("created_at", "id")
        .iterator(chunk_size=CHUNK)
    )
    for e in entries:
        yield {
            "record": "log",
            "id": e.pk,
            "day": e.day,
            "at": e.created_at,
            "who": e.actor.username if e.actor else "",
            "whom": ", ".join(recipients.get(e.pk, [])),
            "what": e.kind,
            "details": f"{e.text} ({e.reason})" if e.reason else e.text,
            "visibility": e.visibility,
        }


def _vote_rows(game: Game) -> Iterator[Row]:
    votes = (
        Vote.objects.filter(game=game)
        .select_related("voter", "target", "fallback")
        .order_by("cast_at", "id")
        .iterator(chunk_size=CHUNK)
    )
    for v in votes:
        details = []
        if v.fallback_id:
            details.append(f"else {v.fallback.name} {v.get_condition_display()}")
        if v.note:
            details.append(f"note: {v.note}")
        yield {
            "record": "vote",
            "id": v.pk,
            "day": v.day,
            "at": v.cast_at,
            "who": v.voter.name,
            "whom": v.target.name if v.target_id else "No Execution",
            "what": "vote",
            "details": "; ".join(details),
            "visibility": "",
        }


def _kill_rows(game: Game) -> Iterator[Row]:
    kills = (
        Kill.objects.filter(game=game)
        .select_related("victim", "killer")
        .order_by("happened_at", "id")
        .iterator(chunk_size=CHUNK)
    )
    for k in kills:
        details = [k.get_status_display(), f"at {k.location}"]
        if k.announced_location:
            details.append(f"announced at {k.announced_location}")
        if k.decision_reason:
            details.append(k.decision_reason)
        yield {
            "record": "kill",
            "id": k.pk,
            "day": k.day,
            "at": k.happened_at,
            "who": k.killer.name if k.killer_id else "",
            "whom": k.victim.name,
            "what": k.method,
            "details": "; ".join(details),
            "visibility": "",
        }


def _investigation_rows(game: Game) -> Iterator[Row]:
    suspects = _names_by(
        Investigation.suspects.through.objects.filter(investigation__game=game)
        .order_by("investigation_id", "player__name")
        .values_list("investigation_id", "player__name")
        .iterator(chunk_size=CHUNK)
    )
    rows = (
        Investigation.objects.filter(game=game)
        .select_related("asker", "victim")
        .order_by("requested_at", "id")
        .iterator(chunk_size=CHUNK)
    )
    for i in rows:
        answer = "" if i.answer is None else i.answer_word
        yield {
            "record": "investigation",
            "id": i.pk,
            "day": i.day,
            "at": i.requested_at,
            "who": i.asker.name,
            "whom": i.victim.name,
            "what": i.capacity,
            "details": f"suspects: {', '.join(suspects.get(i.pk, []))}; "
            f"{i.get_status_display()}" + (f"; answer: {answer}" if answer else ""),
            "visibility": "",
        }


def _shovel_rows(game: Game) -> Iterator[Row]:
    rows = (
        ShovelUse.objects.filter(game=game)
        .select_related("player", "dead_player")
        .order_by("used_at", "id")
        .iterator(chunk_size=CHUNK)
    )
    for s in rows:
        yield {
            "record": "shovel",
            "id": s.pk,
            "day": s.day,
            "at": s.used_at,
            "who": s.player.name,
            "whom": s.dead_player.name,
            "what": "shovel",
            "details": f"{s.role}, {s.alignment}"
            + ("; planted evidence" if s.planted else "")
            + f"; {s.get_status_display()}",
            "visibility": "",
        }


SECTIONS = {
    "log": _log_rows,
    "votes": _vote_rows,
    "kills": _kill_rows,
    "investigations": _investigation_rows,
    "shovels": _shovel_rows,
}


def record_rows(game: Game) -> Iterator[Row]:
    for section in SECTIONS.values():
        yield from section(game)


# A spreadsheet runs a cell starting with one of these as a formula (OWASP "CSV injection"); a
# player's name such as `=HYPERLINK(...)` must open as the text it is.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _inert(value: object) -> object:
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def _csv_line(values) -> str:
    buffer = io.StringIO()
    csv.writer(buffer).writerow([_inert(v) for v in values])
    return buffer.getvalue()


def record_csv(game: Game) -> Iterator[str]:
    """The record as CSV lines, one header line then one line per row, times in UTC (ISO 8601)."""
    yield _csv_line(COLUMNS)
    for row in record_rows(game):
        at = row["at"]
        row = {**row, "at": at.astimezone(dt.UTC).isoformat() if at else ""}
        yield _csv_line(row[c] for c in COLUMNS)


def record_json(game: Game) -> Iterator[str]:
    """The record as one JSON object, written piece by piece: the game, then a list per kind."""
    encode = DjangoJSONEncoder().encode
    head = {
        "id": game.pk,
        "name": game.name,
        "ruleset": game.ruleset,
        "status": game.status,
        "winner": game.winner,
        "time_zone": game.time_zone,
    }
    yield '{"game": ' + encode(head)
    for name, section in SECTIONS.items():
        yield f', "{name}": ['
        for index, row in enumerate(section(game)):
            yield ("," if index else "") + json.dumps(
                {k: v for k, v in row.items() if k != "record"}, cls=DjangoJSONEncoder
            )
        yield "]"
    yield "}\n"


@dataclass(frozen=True)
class RoleCard:
    player: Player
    role: RoleSpec | None
    team: str
    item_names: list[str]


def role_cards(game: Game) -> list[RoleCard]:
    """Every player's card to print and hand out (the moderators'; R50): role, team, what the
    role may do, partner and items, in three queries whatever the game's size."""
    rules = game.rules
    item_names = {item.code: item.name for item in rules.items}
    live_items = Item.objects.filter(destroyed_at__isnull=True).only("id", "kind", "holder_id")
    players = game.players.select_related("partner").prefetch_related(
        Prefetch("items", queryset=live_items, to_attr="live_items")
    )
    cards = []
    for p in players:
        role = rules.role(p.role) if rules.has_role(p.role) else None
        alignment = rules.alignment_of(p.role, conscripted=p.conscripted) if role else ""
        team = rules.team_label(alignment) if role else ""
        cards.append(
            RoleCard(p, role, team, [item_names.get(i.kind, i.kind) for i in p.live_items])
        )
    return cards
