"""The mafia's falsifying powers and the Don (R37, R42), used by living mafia-aligned players;
moderators may record any mafia power by hand (the rest arrive in a later issue)."""

import datetime as dt

from django.db import transaction

from game.errors import GameRuleError
from game.models import Game, Kill, KillStatus, MafiaPowerUse, Player, User, Visibility
from game.rulesets.live_action.powers import don, frame, manipulate_press, plant_evidence
from game.services.kills import made_by_no_player
from game.services.locking import lock_game
from game.services.log import log_append
from game.services.players import player_of, running_game_player


def uses_left(game: Game, power: str) -> int | None:
    """The uses left of a power with charges per game (R34-R42); None: no such limit."""
    charges = game.rules.power(power).charges
    if charges is None:
        return None
    return charges - MafiaPowerUse.objects.filter(game=game, power=power).count()


def recorded_powers(game: Game) -> list[str]:
    """The powers whose uses are recorded (not those used through a kill report)."""
    return [power.code for power in game.rules.powers if not power.via_kill_report]


def _power_name(game: Game, power: str) -> str:
    return game.rules.power(power).name


def _mafia_user(game: Game, by: User) -> Player:
    player = running_game_player(game, by)
    if not (player.alive and player.mafia_aligned):
        raise GameRuleError("Only living mafia-aligned players use the mafia powers (R37).")
    return player


def _use(game: Game, power: str, *, player: Player, now: dt.datetime, text: str, **fields):
    if uses_left(game, power) == 0:
        raise GameRuleError(f"The mafia have no {_power_name(game, power)} left.")
    use = MafiaPowerUse.objects.create(
        game=game, power=power, used_by=player, day=game.current_day, used_at=now, **fields
    )
    log_append(game=game, kind=f"mafia_{power}", text=text, visibility=Visibility.MAFIA, now=now)
    log_append(
        game=game,
        kind=f"mafia_{power}",
        text=text,
        visibility=Visibility.MODERATORS,
        now=now,
        actor=player.user,
    )
    return use


@transaction.atomic
def mafia_frame(
    *, game_id: int, by: User, suspect_id: int, victim_id: int, now: dt.datetime
) -> MafiaPowerUse:
    """Frame (X, Y): from now on "did X kill Y?" answers yes (R37, R19 step 4)."""
    game = lock_game(game_id)
    player = _mafia_user(game, by)
    suspect = player_of(game, suspect_id, what="The framed player")
    victim = player_of(game, victim_id, what="The victim")
    if suspect.pk == victim.pk:
        raise GameRuleError("Nobody can be framed for their own death.")
    text = f"{player.name} framed {suspect.name} for the death of {victim.name}."
    return _use(
        game,
        frame.POWER.code,
        player=player,
        now=now,
        text=text,
        target=suspect,
        second_target=victim,
    )


@transaction.atomic
def mafia_plant_evidence(
    *, game_id: int, by: User, target_id: int, role: str, alignment: str, now: dt.datetime
) -> MafiaPowerUse:
    """Every shovel on the player returns this role and alignment (R37, R43)."""
    game = lock_game(game_id)
    player = _mafia_user(game, by)
    target = player_of(game, target_id)
    if not game.rules.has_role(role) or alignment not in dict(game.rules.alignments):
        raise GameRuleError("Choose a role and an alignment.")
    text = (
        f"{player.name} planted evidence on {target.name}: {game.rules.role_name(role)}, "
        f"{game.rules.team_label(alignment)}."
    )
    return _use(
        game,
        plant_evidence.POWER.code,
        player=player,
        now=now,
        text=text,
        target=target,
        planted_role=role,
        planted_alignment=alignment,
    )


@transaction.atomic
def mafia_manipulate_press(
    *, game_id: int, by: User, kill_id: int, location: str, now: dt.datetime
) -> MafiaPowerUse:
    """On a past mafia kill: answers about it become no (R19 step 3) and the mafia choose the
    announced location; the victim is told so that their own announcement uses it (R14, R37).
    The kill may still wait for the moderators: the location then goes into its announcement."""
    game = lock_game(game_id)
    player = _mafia_user(game, by)
    kill = game.kills.select_related("victim", "killer").filter(pk=kill_id).first()
    if kill is None or not _mafia_kill(game, kill):
        raise GameRuleError("Manipulate the Press works on a past mafia kill only (R37).")
    location = location.strip()[:200]
    if location and kill.announced_at is not None:
        raise GameRuleError(
            "This kill was already announced: leave the location empty to manipulate only the "
            "investigations (R37)."
        )
    use = _use(
        game,
        manipulate_press.POWER.code,
        player=player,
        now=now,
        kill=kill,
        location=location,
        text=f"{player.name} manipulated the press on the death of {kill.victim.name}.",
    )
    if location:
        kill.announced_location = location
        kill.save(update_fields=["announced_location"])
        log_append(
            game=game,
            kind="press_location",
            text=f"Your death is to be announced at this location: {location} (R14).",
            visibility=Visibility.PLAYERS,
            recipients=[kill.victim],
            now=now,
        )
    return use


def _mafia_kill(game: Game, kill: Kill) -> bool:
    """A confirmed mafia kill, or one reported and not yet decided whose killer is mafia-aligned
    (or a hitman), so that the location can be chosen before the announcement (R14, R37)."""
    if kill.status == KillStatus.CONFIRMED:
        return kill.is_mafia_kill
    if kill.status != KillStatus.PENDING:
        return False
    return made_by_no_player(game, kill.method) or bool(kill.killer and kill.killer.mafia_aligned)


@transaction.atomic
def mafia_designate_don(*, game_id: int, by: User, don_id: int, now: dt.datetime) -> MafiaPowerUse:
    """Once per game, a mafia-aligned player becomes the Don (R42)."""
    game = lock_game(game_id)
    player = _mafia_user(game, by)
    don_player = player_of(game, don_id)
    if not (don_player.alive and don_player.mafia_aligned):
        raise GameRuleError("The Don must be a living mafia-aligned player (R42).")
    text = f"{player.name} designated {don_player.name} as the Don."
    return _use(game, don.POWER.code, player=player, now=now, text=text, target=don_player)


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
    """A moderator records a mafia power used outside the app (hire a hitman, poison, …)."""
    game = lock_game(game_id)
    if power not in recorded_powers(game):
        raise GameRuleError("Choose a mafia power.")
    if uses_left(game, power) == 0:
        raise GameRuleError(f"The mafia have no {_power_name(game, power)} left.")
    target = player_of(game, target_id) if target_id else None
    use = MafiaPowerUse.objects.create(
        game=game,
        power=power,
        recorded_by=by,
        day=game.current_day,
        used_at=now,
        target=target,
        note=note.strip(),
    )
    text = f"The moderators recorded {_power_name(game, power)}" + (
        f" on {target.name}." if target else "."
    )
    log_append(game=game, kind=f"mafia_{power}", text=text, visibility=Visibility.MAFIA, now=now)
    log_append(
        game=game,
        kind=f"mafia_{power}",
        text=text,
        visibility=Visibility.MODERATORS,
        now=now,
        actor=by,
        reason=note,
    )
    return use
