"""The mafia's shared powers (R34-R42), used by living mafia-aligned players (conscripts
included, R39, R50). Moderators may use the powers that are in the app on the mafia's behalf as a
logged override with a reason (for what happened off the app), and record by hand, with a reason,
the powers that are not in the app yet."""

import datetime as dt

from django.db import transaction

from game.errors import GameRuleError
from game.models import (
    DueEvent,
    Game,
    GameModerator,
    GameStatus,
    Kill,
    KillStatus,
    MafiaPowerUse,
    Player,
    User,
    Visibility,
)
from game.rulesets.live_action.powers import (
    conscript,
    don,
    frame,
    hitman,
    manipulate_press,
    plant_evidence,
    poison,
    set_a_trap,
    slaughter_the_weak,
)
from game.rulesets.reasons import Reason
from game.services.conscription import conscripted
from game.services.end_of_day import poison_schedule
from game.services.kills import made_by_no_player
from game.services.locking import lock_game
from game.services.log import log_append
from game.services.players import player_of, running_game_player
from game.snapshots.traps import TRAP_POWERS, trap_charges_left, traps_of


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


def _power_name(game: Game, power: str) -> str:
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


def _mafia_user(game: Game, by: User, power: str) -> Player:
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
):
    if uses_left(game, power) == 0:
        raise GameRuleError(f"The mafia have no {_power_name(game, power)} left.")
    fields.setdefault("day", game.current_day)
    use = MafiaPowerUse.objects.create(
        game=game,
        power=power,
        used_by=player,
        recorded_by=None if player else by,
        used_at=now,
        note=reason.strip(),
        **fields,
    )
    if game.rules.power(power).charges is not None:
        text = f"{text} ({charges_text(game, power)}.)"
    log_append(game=game, kind=f"mafia_{power}", text=text, visibility=Visibility.MAFIA, now=now)
    log_append(
        game=game,
        kind=f"mafia_{power}",
        text=text,
        visibility=Visibility.MODERATORS,
        now=now,
        actor=player.user if player else by,
        reason=reason.strip(),
    )
    return use


def pending_poison_death_day(game: Game, victim: Player) -> int | None:
    """The day at whose end a poisoned player is due to die (R35), or None."""
    return (
        DueEvent.objects.filter(
            game=game,
            subject=victim,
            kind=poison.DEATH.event_kind,
            done_at__isnull=True,
            cancelled_at__isnull=True,
        )
        .values_list("day", flat=True)
        .first()
    )


@transaction.atomic
def mafia_poison(
    *, game_id: int, by: User, victim_id: int, now: dt.datetime, reason: str = ""
) -> MafiaPowerUse:
    """Poison (R35, 3 uses): the victim is told at the start of the next day (`poisoned_told`)
    and dies at the end of day D+2 after the execution (a due event, R4); the death counts for
    the mafia's kill clock (R18)."""
    game = lock_game(game_id)
    player = mafia_actor(game, by, reason, poison.POWER.code)
    victim = player_of(game, victim_id, what="The poisoned player")
    refused(
        poison.poison_refusals(
            victim=victim.pk,
            victim_alive=victim.alive,
            pending_death_day=pending_poison_death_day(game, victim),
        ),
        [victim],
        field="victim",
    )
    actor = player.name if player else "The moderators (override)"
    use = power_use(
        game,
        poison.POWER.code,
        player=player,
        by=by,
        reason=reason,
        now=now,
        text=f"{actor} poisoned {victim.name} on day {game.current_day}: they die at the end of "
        f"day {poison.death_day(game.current_day)}.",
        target=victim,
    )
    poison_schedule(game=game, victim=victim, day=game.current_day, now=now)
    return use


@transaction.atomic
def mafia_conscript(
    *, game_id: int, by: User, target_id: int, now: dt.datetime, reason: str = ""
) -> MafiaPowerUse:
    """Conscript (R39, once per game): the player is told, keeps their role and powers, and is
    mafia-aligned from now on: the Mafia Den and the mafia powers from their next request (R50,
    R51), the win check and the mafia's kill clock (R16-R18), and shovels on them (R43)."""
    game = lock_game(game_id)
    player = mafia_actor(game, by, reason, conscript.POWER.code)
    target = player_of(game, target_id, what="The conscripted player")
    refused(
        conscript.conscript_refusals(
            target=target.pk, target_alive=target.alive, target_mafia_aligned=target.mafia_aligned
        ),
        [target],
        field="target",
    )
    actor = player.name if player else "The moderators (override)"
    use = power_use(
        game,
        conscript.POWER.code,
        player=player,
        by=by,
        reason=reason,
        now=now,
        text=f"{actor} conscripted {target.name}.",
        target=target,
    )
    conscripted(game=game, player=target, now=now, by=by)
    return use


@transaction.atomic
def mafia_trap_set(
    *,
    game_id: int,
    by: User,
    power: str,
    target_id: int,
    now: dt.datetime,
    guessed_role: str = "",
    reason: str = "",
) -> MafiaPowerUse:
    """Set a Trap or Slaughter the Weak (R36), once a day each: a guess of the target's role
    (Slaughter the Weak always guesses "innocent child"). A wrong guess spends the charge and the
    mafia read "wrong"; a right one stores it on the target, shown to the mafia, and it comes
    back when the target dies."""
    game = lock_game(game_id)
    if power not in TRAP_POWERS:
        raise GameRuleError("Choose Set a Trap or Slaughter the Weak.", field="power")
    player = mafia_actor(game, by, reason, power)
    target = player_of(game, target_id, what="The trapped player")
    if power == slaughter_the_weak.POWER.code:
        guessed_role = slaughter_the_weak.GUESSED_ROLE
    if not game.rules.has_role(guessed_role):
        raise GameRuleError("Choose the role you guess.", field="guessed_role")
    traps = traps_of(game)
    name = _power_name(game, power)
    refused(
        set_a_trap.trap_refusals(
            power=name,
            target=target.pk,
            target_alive=target.alive,
            used_today=any(t.power == power and t.day == game.current_day for t in traps),
            left=trap_charges_left(game, power, traps),
            target_holds=any(t.right and t.target == target.pk and t.target_alive for t in traps),
        ),
        [target],
        field="target",
    )
    right = set_a_trap.guess_right(guessed_role=guessed_role, target_role=target.role)
    outcome = (set_a_trap.RIGHT if right else set_a_trap.WRONG)(
        players={"target": target.pk}, role=game.rules.role_name(guessed_role)
    )
    actor = player.name if player else "The moderators (override)"
    return power_use(
        game,
        power,
        player=player,
        by=by,
        reason=reason,
        now=now,
        text=f"{actor} used {name} on {target.name}, guessing "
        f"{game.rules.role_name(guessed_role)}. {outcome.render({target.pk: target.name})}",
        target=target,
        guessed_role=guessed_role,
        guess_right=right,
    )


@transaction.atomic
def mafia_hitman_hire(
    *, game_id: int, by: User, hitman_name: str, now: dt.datetime, reason: str = ""
) -> MafiaPowerUse:
    """Hire a Hitman (R38, once per game): a non-player named during day D works on day D+1,
    when one kill by them may be reported (by the victim or by the mafia on their behalf); it
    uses that day's free kill."""
    game = lock_game(game_id)
    player = mafia_actor(game, by, reason, hitman.POWER.code)
    day = hitman.hired_for_day(game.current_day)
    hired_days = frozenset(
        MafiaPowerUse.objects.filter(game=game, power=hitman.POWER.code).values_list(
            "day", flat=True
        )
    )
    name = hitman_name.strip()[:200]
    refused(hitman.hire_refusals(hitman=name, day=day, hired_days=hired_days), [], "hitman_name")
    actor = player.name if player else "The moderators (override)"
    return power_use(
        game,
        hitman.POWER.code,
        player=player,
        by=by,
        reason=reason,
        now=now,
        text=f"{actor} hired {name} as a hitman for day {day}: that day one hitman kill may be "
        "reported, and it uses the free kill (R38).",
        day=day,
        hitman_name=name,
    )


@transaction.atomic
def mafia_frame(
    *, game_id: int, by: User, suspect_id: int, victim_id: int, now: dt.datetime
) -> MafiaPowerUse:
    """Frame (X, Y): from now on "did X kill Y?" answers yes (R37, R19 step 4)."""
    game = lock_game(game_id)
    player = _mafia_user(game, by, frame.POWER.code)
    suspect = player_of(game, suspect_id, what="The framed player")
    victim = player_of(game, victim_id, what="The victim")
    if suspect.pk == victim.pk:
        raise GameRuleError("Nobody can be framed for their own death.")
    text = f"{player.name} framed {suspect.name} for the death of {victim.name}."
    return power_use(
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
    player = _mafia_user(game, by, plant_evidence.POWER.code)
    target = player_of(game, target_id)
    if not game.rules.has_role(role) or alignment not in dict(game.rules.alignments):
        raise GameRuleError("Choose a role and an alignment.")
    text = (
        f"{player.name} planted evidence on {target.name}: {game.rules.role_name(role)}, "
        f"{game.rules.team_label(alignment)}."
    )
    return power_use(
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
    player = _mafia_user(game, by, manipulate_press.POWER.code)
    kill = game.kills.select_related("victim", "killer").filter(pk=kill_id).first()
    if kill is None or not _mafia_kill(game, kill):
        raise GameRuleError("Manipulate the Press works on a past mafia kill only (R37).")
    location = location.strip()[:200]
    if location and kill.announced_at is not None:
        raise GameRuleError(
            "This kill was already announced: leave the location empty to manipulate only the "
            "investigations (R37)."
        )
    use = power_use(
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
    player = _mafia_user(game, by, don.POWER.code)
    don_player = player_of(game, don_id)
    if not (don_player.alive and don_player.mafia_aligned):
        raise GameRuleError("The Don must be a living mafia-aligned player (R42).")
    text = f"{player.name} designated {don_player.name} as the Don."
    return power_use(game, don.POWER.code, player=player, now=now, text=text, target=don_player)


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
