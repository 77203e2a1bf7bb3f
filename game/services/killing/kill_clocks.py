"""The kill facts that the end-of-day clocks read (R18, R32, R40).

The kill decisions record each confirmed kill and each disarm as a `KillRecord`; this
module turns them (and poison deaths) into the inputs of the pure rules. Nothing else is needed
from kills for the mafia kill clock and for bloodlust."""

import datetime as dt

from game.models import Game, Kill, KillerAlignment, KillRecord, Player
from game.rulesets.base import KILLED
from game.rulesets.live_action.facts import Alignment
from game.rulesets.live_action.powers import hitman, poison
from game.rulesets.live_action.win import Death
from game.rulesets.live_action.win import mafia_kill_days as rules_mafia_kill_days


def kill_record_add(
    *,
    game: Game,
    day: int,
    killer: Player | None,
    victim: Player | None,
    killer_alignment: KillerAlignment,
    happened_at: dt.datetime,
    announced_at: dt.datetime | None = None,
    disarmed: bool = False,
    kill: Kill | None = None,
) -> KillRecord:
    """Record a confirmed kill (or, with `disarmed`, a serial killer's disarmed attempt, R40).
    The caller holds the game lock and makes the victim die through deaths.player_die. A serial
    killer's bloodlust clock restarts (R32) at the next day end, which recomputes it."""
    return KillRecord.objects.create(
        game=game,
        kill=kill,
        day=day,
        killer=killer,
        victim=victim,
        killer_alignment=killer_alignment,
        happened_at=happened_at,
        announced_at=announced_at,
        disarmed=disarmed,
    )


_ALIGNMENT_CAUSE = {
    KillerAlignment.TOWN: (KILLED.code, Alignment.TOWN),
    KillerAlignment.MAFIA: (KILLED.code, Alignment.MAFIA),
    KillerAlignment.SERIAL_KILLER: (KILLED.code, Alignment.SERIAL_KILLER),
    KillerAlignment.HITMAN: (hitman.DEATH.code, None),
}


def mafia_kill_days(game: Game) -> frozenset[int]:
    """The days with a kill that counts for the mafia clock (R18): kills by mafia-aligned
    players and hitmen, and poison deaths, on the day they happen. Two queries."""
    deaths = [
        Death(
            victim=victim or 0,
            day=day,
            cause=_ALIGNMENT_CAUSE[kind][0],
            killer_alignment=_ALIGNMENT_CAUSE[kind][1],
        )
        for day, victim, kind in KillRecord.objects.filter(game=game, disarmed=False).values_list(
            "day", "victim_id", "killer_alignment"
        )
    ]
    deaths += [
        Death(victim=pk, day=day, cause=poison.DEATH.code)
        for pk, day in Player.objects.filter(
            game=game, death_cause=poison.DEATH.code, death_day__isnull=False
        ).values_list("pk", "death_day")
    ]
    return rules_mafia_kill_days(deaths, serial_killer_kills_count=game.serial_killer_kills_count)


def serial_killer_reset_days(game: Game, killer_ids: list[int]) -> dict[int, frozenset[int]]:
    """Per serial killer, the days of their kills and disarms (R32, R40). One query."""
    days: dict[int, set[int]] = {pk: set() for pk in killer_ids}
    for killer_id, day in KillRecord.objects.filter(
        game=game, killer_id__in=killer_ids
    ).values_list("killer_id", "day"):
        days[killer_id].add(day)
    return {pk: frozenset(found) for pk, found in days.items()}
