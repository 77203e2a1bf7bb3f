"""Players report kills (R11, R14, R40): the first report opens a `Kill`, the other party confirms
or disputes it, and the victim may announce it when no moderator has within 30 minutes."""

import datetime as dt

from django.db import transaction
from django.utils import timezone

from game.errors import ConflictError, GameRuleError
from game.models import (
    Day,
    Game,
    Kill,
    KillSide,
    KillStatement,
    KillStatus,
    Player,
    User,
    Visibility,
)
from game.rulesets.base import KillMethodSpec
from game.services.killing.announcements import kill_announce
from game.services.locking import lock_game
from game.services.log import log_append
from game.services.players import player_of, running_game_player
from game.snapshots.announcements import victim_may_announce


def kill_time_checked(game: Game, happened_at: dt.datetime, now: dt.datetime) -> dt.datetime:
    """A time given without its UTC offset is the game's local time, as players read the clock
    on the pages (R1)."""
    if timezone.is_naive(happened_at):
        happened_at = timezone.make_aware(happened_at, game.zone)
    if happened_at > now:
        raise GameRuleError("A kill cannot be reported for a time in the future.")
    if game.started_at is None or happened_at < game.started_at:
        raise GameRuleError("That time is before the game started.")
    return happened_at


def day_of(game: Game, moment: dt.datetime) -> int:
    """The number of the day during which `moment` fell."""
    day = (
        Day.objects.filter(game=game, started_at__lte=moment)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    )
    return day or game.current_day


def method_checked(game: Game, method: str, *, required: bool) -> str:
    """A kill method of the game's rule set (or none yet, when not `required`)."""
    if not method and not required:
        return ""
    if method not in {m.code for m in game.rules.kill_methods}:
        raise GameRuleError("Choose how the kill was made.", field="method")
    return method


def made_by_no_player(game: Game, method: str) -> bool:
    """A kill method no player makes (a hitman's, R38)."""
    spec: KillMethodSpec | None = game.rules.kill_method(method) if method else None
    return spec is not None and not spec.needs_player_killer


@transaction.atomic
def kill_report(
    *,
    game_id: int,
    by: User,
    side: str,
    other_player_id: int | None,
    method: str,
    location: str,
    now: dt.datetime,
    happened_at: dt.datetime | None = None,
    disarm_claimed: bool = False,
    note: str = "",
) -> Kill:
    """A killer or a victim reports a kill (R11). A victim may leave the killer unknown, and may
    claim a disarm (R40). A living mafia-aligned player reports a hitman's kill on the hitman's
    behalf (R38), with no player as the killer. A report about a kill already reported by the
    other party joins it."""
    game = lock_game(game_id)
    reporter = running_game_player(game, by)
    if side not in KillSide.values:
        raise GameRuleError("Say whether you killed or were killed.")
    location = location.strip()
    if not location:
        raise GameRuleError("Say where the kill happened.")
    when = kill_time_checked(game, happened_at or now, now)
    if side == KillSide.KILLER:
        method, victim, killer = _reported_by_killer(game, reporter, other_player_id, method, when)
        disarm_claimed = False
    else:
        method, victim, killer = _reported_by_victim(game, reporter, other_player_id, method)
    _check_killer_and_victim(reporter, killer, victim)
    kill = Kill.objects.filter(game=game, victim=victim, status=KillStatus.PENDING).first()
    if kill is not None and kill.statements.filter(reporter=reporter).exists():
        raise ConflictError("You have already reported this kill.")
    if kill is None:
        kill = Kill.objects.create(
            game=game,
            victim=victim,
            killer=killer,
            method=method,
            happened_at=when,
            day=day_of(game, when),
            location=location[:200],
            reported_at=now,
            disarm_claimed=disarm_claimed,
        )
    else:
        _join(game, kill, killer=killer, method=method, disarm_claimed=disarm_claimed)
    KillStatement.objects.create(
        kill=kill,
        reporter=reporter,
        side=side,
        named_killer=killer,
        method=method,
        happened_at=when,
        location=location[:200],
        disarm_claimed=disarm_claimed,
        note=note.strip()[:1000],
        created_at=now,
    )
    _log_report(game, kill, reporter, now)
    return kill


def _reported_by_killer(
    game: Game, reporter: Player, victim_id: int | None, method: str, when: dt.datetime
) -> tuple[str, Player, Player | None]:
    """The method, victim and killer of a killer's report: no killer for a kill no player makes,
    which a living mafia-aligned player reports (R38); never a kill made after the reporter's
    own death (R12)."""
    method = method_checked(game, method, required=True)
    on_behalf = made_by_no_player(game, method)
    if on_behalf and not (reporter.alive and reporter.mafia_aligned):
        raise GameRuleError("No player makes this kill: its victim or the mafia report it (R38).")
    victim = player_of(game, victim_id, what="The player you killed")
    if not reporter.alive and reporter.died_at is not None and when >= reporter.died_at:
        raise GameRuleError(
            "You were already dead at that time: dead players tell no tales (rules, Kills; "
            "R12). Report only kills you made while alive."
        )
    return method, victim, None if on_behalf else reporter


def _reported_by_victim(
    game: Game, reporter: Player, killer_id: int | None, method: str
) -> tuple[str, Player, Player | None]:
    """The method, victim and killer of a victim's report: the killer may be unknown, and is
    none for a kill no player makes (R38)."""
    method = method_checked(game, method, required=False)
    killer = player_of(game, killer_id) if killer_id else None
    if made_by_no_player(game, method) and killer is not None:
        raise GameRuleError("No player makes this kill: leave the killer empty (R38).")
    return method, reporter, killer


def _check_killer_and_victim(reporter: Player, killer: Player | None, victim: Player) -> None:
    if killer is not None and killer.pk == victim.pk:
        raise GameRuleError("You cannot report a kill on yourself.")
    if not victim.alive:
        raise GameRuleError(
            "You are already dead." if victim == reporter else f"{victim.name} is already dead."
        )


def _join(
    game: Game, kill: Kill, *, killer: Player | None, method: str, disarm_claimed: bool
) -> None:
    """The other party's own report fills what the first one left open."""
    if kill.killer_id is None and killer is not None and not made_by_no_player(game, kill.method):
        kill.killer = killer
    if not kill.method and method:
        kill.method = method
    kill.disarm_claimed = kill.disarm_claimed or disarm_claimed
    kill.save(update_fields=["killer", "method", "disarm_claimed"])


def _report_line(reporter: Player, kill: Kill) -> str:
    """The moderators' log line of a report: a victim reporting their own death is said so, not
    "Jordan reported the kill of Jordan"."""
    if reporter.pk == kill.victim_id:
        return f"{reporter.name} reported being killed (day {kill.day})."
    return f"{reporter.name} reported killing {kill.victim.name} (day {kill.day})."


def _log_report(game: Game, kill: Kill, reporter: Player, now: dt.datetime) -> None:
    log_append(
        game=game,
        kind="kill_reported",
        text=_report_line(reporter, kill),
        visibility=Visibility.MODERATORS,
        now=now,
        actor=reporter.user,
    )
    other = kill.killer if reporter.pk == kill.victim_id else kill.victim
    if other is not None and not kill.statements.filter(reporter=other).exists():
        log_append(
            game=game,
            kind="kill_to_confirm",
            text=f"{reporter.name} reported a kill involving you. Please confirm or dispute it "
            "on your kills page (R11).",
            visibility=Visibility.PLAYERS,
            recipients=[other],
            now=now,
        )


@transaction.atomic
def kill_respond(
    *,
    game_id: int,
    kill_id: int,
    by: User,
    agrees: bool,
    now: dt.datetime,
    note: str = "",
    disarm_claimed: bool = False,
    method: str = "",
) -> KillStatement:
    """The other party confirms or disputes a reported kill (R11); the moderator sees both. A
    killer confirming a kill whose victim did not know how it was made names the method, so that
    the moderators get every fact of R11 from the parties."""
    game = lock_game(game_id)
    player = running_game_player(game, by)
    kill = Kill.objects.filter(game=game, pk=kill_id).first()
    if kill is None or player.pk not in (kill.victim_id, kill.killer_id):
        raise GameRuleError("You are not a party to that kill.")
    if kill.status != KillStatus.PENDING:
        raise ConflictError("The moderators have already decided on that kill.")
    if kill.statements.filter(reporter=player).exists():
        raise ConflictError("You have already reported this kill.")
    note = note.strip()[:1000]
    if not agrees and not note:
        raise GameRuleError("Say what you dispute.")
    is_victim = player.pk == kill.victim_id
    if agrees and not is_victim and not kill.method:
        kill.method = method_checked(game, method, required=True)
        if made_by_no_player(game, kill.method):
            raise GameRuleError(
                "No player makes this kill: its victim or a moderator reports it (R38).",
                field="method",
            )
        kill.save(update_fields=["method"])
    claim = disarm_claimed and is_victim
    if claim and not kill.disarm_claimed:
        kill.disarm_claimed = True
        kill.save(update_fields=["disarm_claimed"])
    statement = KillStatement.objects.create(
        kill=kill,
        reporter=player,
        side=KillSide.VICTIM if is_victim else KillSide.KILLER,
        named_killer=kill.killer,
        method=kill.method,
        happened_at=kill.happened_at,
        location=kill.location,
        disarm_claimed=claim,
        agrees=agrees,
        note=note,
        created_at=now,
    )
    log_append(
        game=game,
        kind="kill_confirmed_by_party" if agrees else "kill_disputed",
        text=f"{player.name} {'confirmed' if agrees else 'disputed'} the kill of "
        f"{kill.victim.name}.",
        visibility=Visibility.MODERATORS,
        now=now,
        actor=by,
        reason=note,
    )
    return statement


@transaction.atomic
def kill_announce_by_victim(*, game_id: int, kill_id: int, by: User, now: dt.datetime) -> Kill:
    """The victim posts their own death's announcement when no moderator has (R14)."""
    game = lock_game(game_id)
    kill = Kill.objects.select_related("victim").filter(game=game, pk=kill_id).first()
    if kill is None or kill.victim.user_id != by.pk:
        raise GameRuleError("Only the victim may announce their own death.")
    if kill.announced_at is not None:
        raise ConflictError("This kill has already been announced.")
    if not victim_may_announce(kill, now):
        raise GameRuleError(
            "You may announce your death yourself 30 minutes after reporting it, if no moderator "
            "has (R14)."
        )
    return kill_announce(game=game, kill=kill, now=now, by=by)
