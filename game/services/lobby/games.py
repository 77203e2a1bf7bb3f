import datetime as dt
import secrets
from collections.abc import Mapping
from typing import Any

from django.db import IntegrityError, transaction

from game.errors import GameRuleError
from game.models import Game, GameModerator, GameStatus, User, Visibility
from game.models.games import validate_time_zone
from game.permissions import GUEST_REFUSAL, can_join_games
from game.rulesets.pages import FORUM_PLAY_SETTINGS, SPECTATOR_SETTINGS
from game.rulesets.registry import DEFAULT_RULESET, UnknownRuleset, ruleset_named
from game.rulesets.ruleset import Ruleset
from game.rulesets.setup import SetupError
from game.services.lobby.spectators import spectators_access_changed
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
    "night_end_time",
    "phase_minutes",
    "night_ends_when_all_in",
    "action_reminder_minutes",
    *FORUM_PLAY_SETTINGS,
    *SPECTATOR_SETTINGS,
)
SETUP = "setup"
# The rule sets whose games seed 002's bots may play (C10; HP games through the protocol's HP
# lines, bots/hp_protocol.py).
BOT_RULESETS = ("classic", "hp")
MAX_REMINDER_MINUTES = 1440
MAX_PHASE_MINUTES = 7 * 24 * 60


@transaction.atomic
def game_create(
    *,
    created_by: User,
    name: str,
    now: dt.datetime,
    ruleset: str = DEFAULT_RULESET,
    setup: Mapping[str, Any] | None = None,
    bots: bool = False,
    **settings,
) -> Game:
    """A new game of `ruleset`, its role and item counts the rule set's defaults changed by
    `setup` ({"roles": {...}, "items": {...}}). `bots`: seed 002's bots may play, so every
    player signs up with a protocol name (C10); fixed at the creation, before any sign-up."""
    if not can_join_games(created_by):
        raise GameRuleError(GUEST_REFUSAL)
    name = name.strip()
    if not name:
        raise GameRuleError("A game needs a name.")
    unknown = set(settings) - set(SETTING_FIELDS)
    if unknown:
        raise GameRuleError(f"Unknown settings: {', '.join(sorted(unknown))}.")
    if "time_zone" in settings:
        _check_time_zone(settings["time_zone"])
    _check_phase_minutes(settings.get("phase_minutes"))
    try:
        rules = ruleset_named(ruleset)
    except UnknownRuleset:
        raise GameRuleError(f"{ruleset!r} is not a rule set the app plays.") from None
    if bots and rules.code not in BOT_RULESETS:
        raise GameRuleError(f"Bots play classic and HP games only (C10), not {rules.name} games.")
    defaults = {} if rules.counts_for else rules.default_setup().as_json()
    checked = _setup_changed(rules, defaults, setup or {})
    seed = secrets.token_hex(16) if rules.seeded else ""
    game = Game.objects.create(
        name=name,
        created_by=created_by,
        ruleset=rules.code,
        setup=checked,
        random_seed=seed,
        bots=bots,
        **settings,
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
    _check_changeable_now(game, changes)
    _check_setting_values(changes)
    if SETUP in changes:
        current = game.setup if game.rules.counts_for else game.role_setup.as_json()
        changes[SETUP] = _setup_changed(game.rules, current, changes[SETUP])
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
    if set(changed) & set(SPECTATOR_SETTINGS):
        spectators_access_changed(game)
    return game


def _check_changeable_now(game: Game, changes: dict) -> None:
    """Nothing changes once the game is over; the counts, the day-end time and the time zone
    only before the start."""
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


def _check_setting_values(changes: dict) -> None:
    if not 0 <= changes.get("vote_reminder_minutes", 0) <= MAX_REMINDER_MINUTES:
        raise GameRuleError(
            "The reminder to vote comes between 0 and 1440 minutes (24 hours) before the day ends.",
            field="vote_reminder_minutes",
        )
    if not 0 <= changes.get("action_reminder_minutes", 0) <= MAX_REMINDER_MINUTES:
        raise GameRuleError(
            "The reminder of a missing action comes between 0 and 1440 minutes (24 hours) "
            "before the phase ends.",
            field="action_reminder_minutes",
        )
    if "name" in changes and not str(changes["name"]).strip():
        raise GameRuleError("A game needs a name.")
    if "phase_minutes" in changes:
        _check_phase_minutes(changes["phase_minutes"])


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


def _setup_changed(
    rules: Ruleset, current: Mapping[str, Any], changes: Mapping[str, Any]
) -> dict[str, Any]:
    """The stored setup `current` with the counts in `changes`, checked by the rule set. A rule
    set whose default counts follow the number of players (C7; the live-action set's
    `setup_counts`) stores only the counts the moderators chose, so that the others follow the
    sign-ups until the deal."""
    if not isinstance(changes, Mapping):
        raise GameRuleError("A setup holds role counts and item counts.")
    merged: dict[str, Any] = {
        "roles": dict(current.get("roles", {})),
        "items": dict(current.get("items", {})),
    }
    for part, counts in changes.items():
        if part not in merged or not isinstance(counts, Mapping):
            raise GameRuleError("A setup holds role counts and item counts.")
        merged[part].update(counts)
    try:
        checked = rules.setup_of(merged)
    except SetupError as error:
        raise GameRuleError(str(error)) from None
    return merged if rules.counts_for else checked.as_json()


def _check_phase_minutes(minutes: object) -> None:
    if minutes is None:
        return
    if isinstance(minutes, bool) or not isinstance(minutes, int):
        raise GameRuleError("Give the phase length as a whole number of minutes.")
    if not 1 <= minutes <= MAX_PHASE_MINUTES:
        raise GameRuleError(
            f"A phase lasts from 1 minute to {MAX_PHASE_MINUTES} minutes (a week).",
            field="phase_minutes",
        )


def _check_time_zone(value: str) -> None:
    try:
        validate_time_zone(value)
    except Exception as error:
        raise GameRuleError(" ".join(getattr(error, "messages", [str(error)]))) from None
