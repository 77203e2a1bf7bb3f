"""The uses of the mafia's shared powers (R33-R42): who may use them (living mafia-aligned
players, conscripts included, R39, R50; a moderator's override with a reason), the charges left,
and the use's row and log lines that every power writes. The moderators record by hand, with a
reason, the powers that are not in the app yet."""

import datetime as dt
from collections.abc import Callable

from django.db import transaction

from game.errors import GameRuleError
from game.models import Game, GameModerator, GameStatus, MafiaPowerUse, Player, User, Visibility
from game.rulesets.reasons import Reason
from game.services.locking import lock_game
from game.services.log import log_append
from game.services.players import player_of, running_game_player
from game.snapshots.power_facts import TRAP_POWERS, trap_charges_left, traps_of


def uses_left(game: Game, power: str) -> int | None:
    """The uses left of a power with charges per game (R34-R42); None: no such limit. A trap's
    charge stored on a player comes back when they die (R36)."""
    charges = game.rules.power(power).charges
    if charges is None:
        return None
    if power in TRAP_POWERS:
        return trap_charges_left(game, power, traps_of(game))
    return charges - MafiaPowerUse.objects.filter(game=game, power=power).count()


def recorded_powers(game: Game) -> list[str]:
    """The powers the moderators still record by hand: those not in the app yet. The others are
    used in the app, by the mafia or by a moderator's override with a reason."""
    return [
        power.code for power in game.rules.powers if power.not_yet and not power.via_kill_report
    ]


def power_name(game: Game, power: str) -> str:
    return game.rules.power(power).name


def _power_of_the_rule_set(game: Game, power: str) -> None:
    """A rule set without the power (the classic one has none of the live-action powers) refuses
    it, on the pages and in the API alike."""
    if not game.rules.has_power(power):
        raise GameRuleError(f"The {game.rules.name} rule set has no mafia power {power!r}.")


def _living_mafia(game: Game, by: User) -> Player:
    player = running_game_player(game, by)
    if not (player.alive and player.mafia_aligned):
        raise GameRuleError("Only living mafia-aligned players use the mafia powers (R50).")
    return player


def mafia_user(game: Game, by: User, power: str) -> Player:
    """The living mafia-aligned player using `power`, a power of the game's rule set."""
    _power_of_the_rule_set(game, power)
    return _living_mafia(game, by)


def mafia_actor(game: Game, by: User, reason: str, power: str) -> Player | None:
    """The living mafia-aligned player using `power`, a power of the game's rule set, or None for
    a moderator's override, which needs a reason (RULINGS: overrides are logged with who and
    why)."""
    _power_of_the_rule_set(game, power)
    if GameModerator.objects.filter(game=game, user=by).exists():
        if game.status != GameStatus.RUNNING:
            raise GameRuleError("The game is not running.")
        if not reason.strip():
            raise GameRuleError("A moderator's override needs a reason.", field="reason")
        return None
    return _living_mafia(game, by)


def refused(reasons: list[Reason], players: list[Player], field: str = "") -> None:
    """Raise the first refusal of a rule, with the players' names."""
    if reasons:
        names = {p.pk: p.name for p in players}
        raise GameRuleError(reasons[0].render(names), field=field)


def target_refused(game: Game, reasons: list[Reason], target: Player, field: str) -> None:
    """Raise the first refusal about `target`, naming it and the other players it names."""
    if reasons:
        named = [pk for _, pk in reasons[0].players if pk != target.pk]
        refused(reasons, [target, *game.players.filter(pk__in=named)], field=field)


def actor_name(player: Player | None) -> str:
    """Who used a power, as its log line names them: the player, or the moderators' override."""
    return player.name if player else "The moderators (override)"


def power_used_on(
    game: Game,
    power: str,
    *,
    by: User,
    reason: str,
    now: dt.datetime,
    target_id: int,
    what: str,
    field: str,
    refusals: Callable[[Player], list[Reason]],
    text: Callable[[str, Player], str],
) -> tuple[MafiaPowerUse, Player]:
    """A mafia power aimed at one player (R33-R42): who uses it (a living mafia-aligned player, or
    a moderator's override with a reason), its target (`what` names it in a refusal), the rule's
    `refusals` of that target (shown on `field`, with the names of the players they name), then
    the use's row and log lines with the charges left; `text(actor, target)` is the line."""
    player = mafia_actor(game, by, reason, power)
    target = player_of(game, target_id, what=what)
    target_refused(game, refusals(target), target, field=field)
    use = power_use(
        game,
        power,
        player=player,
        by=by,
        reason=reason,
        now=now,
        text=text(actor_name(player), target),
        target=target,
    )
    return use, target


def charges_text(game: Game, power: str) -> str:
    """ "2 of 3 Poison left": what the mafia and the moderators read after a use."""
    spec = game.rules.power(power)
    return f"{uses_left(game, power)} of {spec.charges} {spec.name} left"


def power_use(
    game: Game,
    power: str,
    *,
    player: Player | None,
    now: dt.datetime,
    text: str,
    by: User | None = None,
    reason: str = "",
    **fields,
) -> MafiaPowerUse:
    """A use of `power` by `player` (None: a moderator's override by `by`, with `reason`): its
    row and log lines, the line ending with the charges left of a power that has charges."""
    use = _use_row(game, power, player=player, by=by, now=now, note=reason, **fields)
    if game.rules.power(power).charges is not None:
        text = f"{text} ({charges_text(game, power)}.)"
    _use_logged(game, power, text, now=now, actor=player.user if player else by, reason=reason)
    return use


def _use_row(
    game: Game,
    power: str,
    *,
    player: Player | None,
    by: User | None,
    now: dt.datetime,
    note: str,
    **fields,
) -> MafiaPowerUse:
    """The use's row, refused when the mafia have no charge of `power` left (R34-R42)."""
    if uses_left(game, power) == 0:
        raise GameRuleError(f"The mafia have no {power_name(game, power)} left.")
    fields.setdefault("day", game.current_day)
    return MafiaPowerUse.objects.create(
        game=game,
        power=power,
        used_by=player,
        recorded_by=None if player else by,
        used_at=now,
        note=note.strip(),
        **fields,
    )


def _use_logged(
    game: Game, power: str, text: str, *, now: dt.datetime, actor: User | None, reason: str
) -> None:
    """The use's line, in the Mafia Den and, with who and why, for the moderators."""
    log_append(game=game, kind=f"mafia_{power}", text=text, visibility=Visibility.MAFIA, now=now)
    log_append(
        game=game,
        kind=f"mafia_{power}",
        text=text,
        visibility=Visibility.MODERATORS,
        now=now,
        actor=actor,
        reason=reason.strip(),
    )


@transaction.atomic
def mafia_power_record(
    *,
    game_id: int,
    by: User,
    power: str,
    now: dt.datetime,
    target_id: int | None = None,
    note: str = "",
) -> MafiaPowerUse:
    """A moderator records, with a reason, a mafia power that is not in the app yet and was
    used outside it (R36, R38, R41 …)."""
    game = lock_game(game_id)
    if power not in recorded_powers(game):
        raise GameRuleError("Choose a mafia power that is not in the app yet.", field="power")
    if not note.strip():
        raise GameRuleError("Give the reason for recording it by hand.", field="note")
    target = player_of(game, target_id) if target_id else None
    use = _use_row(game, power, player=None, by=by, now=now, note=note, target=target)
    text = f"The moderators recorded {power_name(game, power)}" + (
        f" on {target.name}." if target else "."
    )
    _use_logged(game, power, text, now=now, actor=by, reason=note)
    return use
