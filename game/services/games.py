import datetime as dt
from collections.abc import Mapping
from typing import Any

from django.db import IntegrityError, transaction

from game.errors import GameRuleError
from game.models import Game, GameModerator, GameStatus, User, Visibility
from game.models.games import validate_time_zone
from game.rulesets.base import Ruleset
from game.rulesets.registry import DEFAULT_RULESET, UnknownRuleset, ruleset_named
from game.rulesets.setup import Setup, SetupError
from game.services.locking import lock_game
from game.services.log import log_append

SETTING_FIELDS = (
    "name",
    "time_zone",
    "day_end_time",
    "secret_ballots",
    "answers_without_review",
    "serial_killer_kills_count",
    "vote_reminder_minutes",
)
SETUP = "setup"
MAX_REMINDER_MINUTES = 1440


@transaction.atomic
def game_create(
    *,
    created_by: User,
    name: str,
    now: dt.datetime,
    ruleset: str = DEFAULT_RULESET,
    setup: Mapping[str, Any] | None = None,
    **settings,
) -> Game:
    """A new game of `ruleset`, its role and item counts the rule set's defaults changed by
    `setup` ({"roles": {...}, "items": {...}})."""
    name = name.strip()
    if not name:
        raise GameRuleError("A game needs a name.")
    unknown = set(settings) - set(SETTING_FIELDS)
    if unknown:
        raise GameRuleError(f"Unknown settings: {', '.join(sorted(unknown))}.")
    if "time_zone" in settings:
        _check_time_zone(settings["time_zone"])
    try:
        rules = ruleset_named(ruleset)
    except UnknownRuleset:
        raise GameRuleError(f"{ruleset!r} is not a rule set the app plays.") from None
    checked = _setup_changed(rules, rules.default_setup(), setup or {})
    game = Game.objects.create(
        name=name, created_by=created_by, ruleset=rules.code, setup=checked.as_json(), **settings
    )
    GameModerator.objects.create(game=game, user=created_by, added_by=created_by)
    log_append(
        game=game,
        kind="game_created",
        text=f"{created_by.public_name} created the game.",
        visibility=Visibility.MODERATORS,
        now=now,
        actor=created_by,
    )
    return game


@transaction.atomic
def game_settings_update(*, game_id: int, by: User, now: dt.datetime, **changes) -> Game:
    """Per-game settings (R1, R18, R50), and before the start the role and item counts
    (`setup`: only the counts given change). The day-end time of a running game changes
    through `day_end_time_change`, which also moves the current day's end."""
    game = lock_game(game_id)
    allowed = set(SETTING_FIELDS) - {"day_end_time"}
    if game.status == GameStatus.SIGNUP:
        allowed |= {SETUP, "day_end_time"}
    if game.status == GameStatus.FINISHED:
        raise GameRuleError("The game is over; its settings can no longer change.")
    refused = set(changes) - allowed
    if refused:
        raise GameRuleError(f"These settings cannot change now: {', '.join(sorted(refused))}.")
    if "time_zone" in changes:
        if game.status != GameStatus.SIGNUP:
            raise GameRuleError("The time zone cannot change once the game has started.")
        _check_time_zone(changes["time_zone"])
    if not 0 <= changes.get("vote_reminder_minutes", 0) <= MAX_REMINDER_MINUTES:
        raise GameRuleError(
            "The reminder to vote comes between 0 and 1440 minutes (24 hours) before the day ends.",
            field="vote_reminder_minutes",
        )
    if "name" in changes and not str(changes["name"]).strip():
        raise GameRuleError("A game needs a name.")
    if SETUP in changes:
        changes[SETUP] = _setup_changed(game.rules, game.role_setup, changes[SETUP]).as_json()
    changed = {field: value for field, value in changes.items() if getattr(game, field) != value}
    for field, value in changed.items():
        setattr(game, field, value)
    if changed:
        game.save(update_fields=list(changed))
        log_append(
            game=game,
            kind="settings_changed",
            text="Settings changed: " + ", ".join(f"{f} = {v}" for f, v in changed.items()),
            visibility=Visibility.MODERATORS,
            now=now,
            actor=by,
        )
    return game


@transaction.atomic
def moderator_add(
    *, game_id: int, by: User, username_or_email: str, now: dt.datetime
) -> GameModerator:
    """The creator (or any moderator) invites a co-moderator. A player of the game cannot also
    moderate it: they would see every role."""
    game = lock_game(game_id)
    lookup = username_or_email.strip()
    user = (
        User.objects.filter(username__iexact=lookup).first()
        or User.objects.filter(email__iexact=lookup).first()
    )
    if user is None:
        raise GameRuleError(f"No user is called {lookup!r}.")
    if game.players.filter(user=user).exists():
        raise GameRuleError(f"{user.public_name} plays in this game and cannot moderate it.")
    try:
        with transaction.atomic():
            moderatorship = GameModerator.objects.create(game=game, user=user, added_by=by)
    except IntegrityError:
        raise GameRuleError(f"{user.public_name} already moderates this game.") from None
    log_append(
        game=game,
        kind="moderator_added",
        text=f"{by.public_name} added {user.public_name} as a moderator.",
        visibility=Visibility.MODERATORS,
        now=now,
        actor=by,
    )
    return moderatorship


def _setup_changed(rules: Ruleset, current: Setup, changes: Mapping[str, Any]) -> Setup:
    """`current` with the counts in `changes`, checked by the rule set."""
    if not isinstance(changes, Mapping):
        raise GameRuleError("A setup holds role counts and item counts.")
    merged: dict[str, Any] = {"roles": dict(current.roles), "items": dict(current.items)}
    for part, counts in changes.items():
        if part not in merged or not isinstance(counts, Mapping):
            raise GameRuleError("A setup holds role counts and item counts.")
        merged[part].update(counts)
    try:
        return rules.setup_of(merged)
    except SetupError as error:
        raise GameRuleError(str(error)) from None


def _check_time_zone(value: str) -> None:
    try:
        validate_time_zone(value)
    except Exception as error:
        raise GameRuleError(" ".join(getattr(error, "messages", [str(error)]))) from None
