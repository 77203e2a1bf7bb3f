"""The pages around a game rather than in it: its rules and settings, the archive of finished
games, the recent deaths and the players' introductions. Each reads with the viewer's visibility
applied (R50) in a number of queries that does not grow with the game."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import Count, QuerySet

from game.models import Game, GameStatus, Kill, KillStatus, Player
from game.permissions import (
    Viewer,
    can_see_kill_method,
    can_see_photos,
    can_see_role_of,
    can_see_setup,
)
from game.rulesets.base import EXECUTED, KILLED
from game.rulesets.phases import NIGHT
from game.rulesets.ruleset import Ruleset
from game.selectors.rulings import rulings_of

ARCHIVE_PAGE_SIZE = 50
RECENT_DEATHS = 50


@dataclass(frozen=True)
class Setting:
    label: str
    value: str


@dataclass(frozen=True)
class RulesPage:
    """The rule set's own texts (roles, shared powers, items, offices) and the game's settings;
    the role and item counts only where `can_see_setup` allows."""

    rules: Ruleset
    settings: list[Setting]
    role_counts: list[tuple[str, int]]
    item_counts: list[tuple[str, int]]
    rulings: list[tuple[str, str]]


def _yes_no(value: bool) -> str:
    return "Yes" if value else "No"


def _clock(time: dt.time) -> str:
    return time.strftime("%-I:%M %p")


def _phase_settings(game: Game) -> list[Setting]:
    """When a night-and-day game's phases end (C1): a fixed length, or local end times."""
    if game.phase_minutes:
        return [Setting("Each day and night lasts", f"{game.phase_minutes} minutes (C1)")]
    return [
        Setting("Days end at (C1)", _clock(game.day_end_time)),
        Setting("Nights end at (C1)", _clock(game.night_end_time)),
        Setting(
            "A night ends once every night action is in (C1)",
            _yes_no(game.night_ends_when_all_in),
        ),
    ]


def _live_action_settings(game: Game) -> list[Setting]:
    return [
        Setting("Days end at (R1)", _clock(game.day_end_time)),
        Setting("Secret ballots (R50)", _yes_no(game.secret_ballots)),
        Setting(
            "Serial-killer kills count for the mafia kill clock (R18)",
            _yes_no(game.serial_killer_kills_count),
        ),
        Setting(
            "Answers sent without a moderator's review (R20)",
            _yes_no(game.answers_without_review),
        ),
    ]


# The rows of the rules page's settings, each shown where the rule set has its setting
# (`Ruleset.pages.settings`).
SETTING_ROWS = (
    ("night_end_time", _phase_settings),
    ("secret_ballots", _live_action_settings),
)


def rules_page(viewer: Viewer) -> RulesPage:
    game = viewer.game
    rules = game.rules
    declared = rules.pages.settings
    settings = [
        Setting("Rule set", rules.name),
        Setting("Time zone", game.time_zone),
        *(row for field, rows in SETTING_ROWS if field in declared for row in rows(game)),
    ]
    role_counts: list[tuple[str, int]] = []
    item_counts: list[tuple[str, int]] = []
    if can_see_setup(viewer):
        setup = game.role_setup
        role_counts = [(rules.role_name(code), n) for code, n in setup.roles.items() if n]
        item_names = {item.code: item.name for item in rules.items}
        item_counts = [(item_names.get(code, code), n) for code, n in setup.items.items() if n]
    own = rules.pages.own_words
    settings = [Setting(own(s.label), own(s.value)) for s in settings]
    return RulesPage(rules, settings, role_counts, item_counts, rulings_of(game.ruleset))


def finished_games(*, page: int = 1) -> list[Game]:
    """Finished games, newest first, each with its number of players (one query)."""
    start = (max(page, 1) - 1) * ARCHIVE_PAGE_SIZE
    games: QuerySet[Game] = (
        Game.objects.filter(status=GameStatus.FINISHED)
        .annotate(player_count=Count("players"))
        .order_by("-finished_at", "-id")
    )
    return list(games[start : start + ARCHIVE_PAGE_SIZE + 1])


@dataclass(frozen=True)
class Death:
    player: Player
    how: str
    role_name: str = ""


def death_label(game: Game, player: Player) -> str:
    """What everyone may know of how a player died: an execution and a kill are announced as such
    (R9, R14); an end-of-day death is announced only as dying at that day end (R15), which keeps
    poison, desperados and bloodlust secret; anything else is only a death."""
    cause = {c.code: c for c in game.rules.death_causes}.get(player.death_cause)
    if cause == EXECUTED:
        return f"Executed at the end of day {player.death_day}"
    if cause == KILLED and NIGHT in {phase.code for phase in game.rules.phases}:
        return f"Killed during night {player.death_day}"
    if cause == KILLED:
        return f"Killed on day {player.death_day}"
    if cause is not None and cause.at_day_end:
        return f"Died at the end of day {player.death_day}"
    return f"Died on day {player.death_day}"


def recent_deaths(viewer: Viewer) -> list[Death]:
    """The latest deaths, newest first, with their roles where the viewer may see them: at once
    where the rule set reveals them at death (C6), otherwise once the game is over (R10, R50)."""
    game = viewer.game
    dead = (
        game.players.filter(alive=False)
        .only("id", "name", "game_id", "alive", "died_at", "death_day", "death_cause", "role")
        .order_by("-died_at", "-id")[:RECENT_DEATHS]
    )
    return [
        Death(
            p,
            death_label(game, p),
            game.rules.role_name(p.role) if can_see_role_of(viewer, p) else "",
        )
        for p in dead
    ]


def introductions(viewer: Viewer) -> tuple[list[Player], bool]:
    """Every player's name and introduction, and whether the viewer may see their photos (the
    game's players and moderators only, `can_see_photos`)."""
    players = list(
        viewer.game.players.only("id", "name", "game_id", "introduction", "photo", "alive")
    )
    return players, can_see_photos(viewer)


@dataclass(frozen=True)
class ArchivedKill:
    kill: Kill
    method_label: str
    at: dt.datetime


def archived_kills(viewer: Viewer) -> list[ArchivedKill]:
    """Confirmed kills with killer, method and place, for the archive of a finished game (the
    method is public once the game is over, `can_see_kill_method`)."""
    game = viewer.game
    rows = (
        Kill.objects.filter(game=game, status=KillStatus.CONFIRMED)
        .select_related("victim", "killer")
        .order_by("happened_at", "id")
    )
    rules = game.rules
    found = []
    for kill in rows:
        method = ""
        if kill.method and can_see_kill_method(viewer, kill, named_it=False):
            method = rules.kill_method(kill.method).label
        found.append(ArchivedKill(kill, method, kill.happened_at))
    return found


@dataclass(frozen=True)
class RosterRow:
    player: Player
    role_name: str
    fate: str
    won: bool


def final_roster(viewer: Viewer, winners: set[int]) -> list[RosterRow]:
    """Every player of a finished game with their role's name, how they died (as `death_label`
    says it) and whether they share the win (R17, C6): nothing is secret once it is over."""
    game = viewer.game
    rules = game.rules
    return [
        RosterRow(
            player,
            rules.role_name(player.role) if can_see_role_of(viewer, player) else "",
            "alive" if player.alive else death_label(game, player).lower(),
            player.pk in winners,
        )
        for player in game.players.all()
    ]
