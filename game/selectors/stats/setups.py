"""Statistics per setup: a rule set with the counts of roles and items dealt and the settings
its moderators chose, named by a hash of that content (so a setup changed in any way is another
setup). Over its finished games: games played, wins per side and per role, each with its Wilson
95% interval, and the games' length. Three queries, whatever the number of games."""

from __future__ import annotations

import hashlib
import json
import statistics
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from game.models import Game, GameStatus, Item, Player
from game.rulesets.registry import RULESETS
from game.rulesets.wilson import Rate, wilson

HASH_LENGTH = 12
IGNORED_SETTINGS = ("name",)


@dataclass(frozen=True)
class Setup:
    ruleset: str
    roles: tuple[tuple[str, int], ...]
    items: tuple[tuple[str, int], ...]
    settings: tuple[tuple[str, str], ...]

    @property
    def content(self) -> dict:
        return {
            "ruleset": self.ruleset,
            "roles": dict(self.roles),
            "items": dict(self.items),
            "settings": dict(self.settings),
        }

    @property
    def hash(self) -> str:
        text = json.dumps(self.content, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:HASH_LENGTH]

    @property
    def players(self) -> int:
        return sum(n for _, n in self.roles)


@dataclass(frozen=True)
class Named:
    code: str
    name: str
    rate: Rate


@dataclass
class SetupStats:
    setup: Setup
    ruleset_name: str
    games: list[Game] = field(default_factory=list)
    sides: list[Named] = field(default_factory=list)
    roles: list[Named] = field(default_factory=list)
    days_median: float = 0.0
    hours_median: float = 0.0

    @property
    def hash(self) -> str:
        return self.setup.hash

    @property
    def played(self) -> int:
        return len(self.games)


def _setting(value: object) -> str:
    return "" if value is None else str(value)


def setup_of(game: Game, roles: Counter, items: Counter) -> Setup:
    declared = [f for f in game.rules.pages.settings if f not in IGNORED_SETTINGS]
    return Setup(
        game.ruleset,
        tuple(sorted(roles.items())),
        tuple(sorted(items.items())),
        tuple(sorted((f, _setting(getattr(game, f, None))) for f in declared)),
    )


def _finished() -> tuple[list[Game], dict[int, list[tuple[str, bool]]], dict[int, Counter]]:
    games = list(
        Game.objects.filter(status=GameStatus.FINISHED, ruleset__in=list(RULESETS)).order_by(
            "-finished_at", "-id"
        )
    )
    ids = [g.pk for g in games]
    players: dict[int, list[tuple[str, bool]]] = defaultdict(list)
    for game_id, role, conscripted in (
        Player.objects.filter(game_id__in=ids)
        .exclude(role="")
        .values_list("game_id", "role", "conscripted")
    ):
        players[game_id].append((role, conscripted))
    items: dict[int, Counter] = defaultdict(Counter)
    for game_id, kind in Item.objects.filter(game_id__in=ids).values_list("game_id", "kind"):
        items[game_id][kind] += 1
    return games, players, items


def _rates(stats: SetupStats, players: dict[int, list[tuple[str, bool]]]) -> None:
    rules = RULESETS[stats.setup.ruleset]
    n = stats.played
    stats.sides = [
        Named(code, label, wilson(sum(g.winner == code for g in stats.games), n))
        for code, label in rules.alignments
    ]
    held: Counter = Counter()
    won: Counter = Counter()
    for game in stats.games:
        for role, conscripted in players[game.pk]:
            held[role] += 1
            if rules.has_role(role):
                won[role] += rules.alignment_of(role, conscripted=conscripted) == game.winner
    stats.roles = [
        Named(
            role, rules.role_name(role) if rules.has_role(role) else role, wilson(won[role], count)
        )
        for role, count in sorted(held.items())
    ]
    days = [g.current_day for g in stats.games]
    hours = [
        (g.finished_at - g.started_at).total_seconds() / 3600
        for g in stats.games
        if g.finished_at and g.started_at
    ]
    stats.days_median = statistics.median(days) if days else 0.0
    stats.hours_median = round(statistics.median(hours), 1) if hours else 0.0


def setup_statistics() -> list[SetupStats]:
    """Every setup played to the end, the most played first."""
    games, players, items = _finished()
    found: dict[str, SetupStats] = {}
    for game in games:
        setup = setup_of(game, Counter(role for role, _ in players[game.pk]), items[game.pk])
        stats = found.setdefault(setup.hash, SetupStats(setup, game.rules.name))
        stats.games.append(game)
    for stats in found.values():
        _rates(stats, players)
    return sorted(found.values(), key=lambda s: (-s.played, s.hash))


def setup_statistics_of(setup_hash: str) -> SetupStats | None:
    return next((s for s in setup_statistics() if s.hash == setup_hash), None)


def setup_hash_of(game: Game) -> str:
    """The hash of the setup a game was played with (two queries)."""
    roles = Counter(game.players.exclude(role="").values_list("role", flat=True))
    items = Counter(Item.objects.filter(game=game).values_list("kind", flat=True))
    return setup_of(game, roles, items).hash
