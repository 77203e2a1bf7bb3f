"""The mafia's powers whose effect reaches beyond their use (R35-R38): Poison schedules a
death, Conscript changes a side, Set a Trap and Slaughter the Weak check a guess against the
traps so far, Hire a Hitman names a non-player for the next day, and Manipulate the Press moves
a kill's announced location. Each is reached through the powers' one path (`powers.power_used`)
and the use's row and log lines are `power_uses.power_use`'s."""

import datetime as dt

from django.db import transaction

from game.errors import GameRuleError
from game.models import DueEvent, Game, Kill, KillStatus, MafiaPowerUse, Player, User, Visibility
from game.rulesets.live_action.powers import (
    conscript,
    hitman,
    manipulate_press,
    poison,
    set_a_trap,
    slaughter_the_weak,
)
from game.services.days.end_of_day import poison_schedule
from game.services.killing.kills import made_by_no_player
from game.services.locking import lock_game
from game.services.log import log_append
from game.services.mafia_powers.conscription import conscripted
from game.services.mafia_powers.power_uses import (
    actor_name,
    mafia_actor,
    mafia_user,
    power_name,
    power_use,
    power_used_on,
    refused,
)
from game.services.players import player_of
from game.snapshots.power_facts import TRAP_POWERS, trap_charges_left, traps_of


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
    use, victim = power_used_on(
        game,
        poison.POWER.code,
        by=by,
        reason=reason,
        now=now,
        target_id=victim_id,
        what="The poisoned player",
        field="victim",
        refusals=lambda victim: poison.poison_refusals(
            victim=victim.pk,
            victim_alive=victim.alive,
            pending_death_day=pending_poison_death_day(game, victim),
        ),
        text=lambda actor, victim: (
            f"{actor} poisoned {victim.name} on day {game.current_day}: "
            f"they die at the end of day {poison.death_day(game.current_day)}."
        ),
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
    use, target = power_used_on(
        game,
        conscript.POWER.code,
        by=by,
        reason=reason,
        now=now,
        target_id=target_id,
        what="The conscripted player",
        field="target",
        refusals=lambda target: conscript.conscript_refusals(
            target=target.pk, target_alive=target.alive, target_mafia_aligned=target.mafia_aligned
        ),
        text=lambda actor, target: f"{actor} conscripted {target.name}.",
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
    name = power_name(game, power)
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
    actor = actor_name(player)
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
    actor = actor_name(player)
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
def mafia_manipulate_press(
    *, game_id: int, by: User, kill_id: int, location: str, now: dt.datetime
) -> MafiaPowerUse:
    """On a past mafia kill: answers about it become no (R19 step 3) and the mafia choose the
    announced location; the victim is told so that their own announcement uses it (R14, R37).
    The kill may still wait for the moderators: the location then goes into its announcement."""
    game = lock_game(game_id)
    player = mafia_user(game, by, manipulate_press.POWER.code)
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
