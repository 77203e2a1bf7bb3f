"""The kill facts that the end-of-day clocks read (R18, R32, R40).

The kill decisions record each confirmed kill and each disarm as a `KillRecord`; this
module turns them (and poison deaths) into the inputs of the pure rules. Nothing else is needed
from kills for the mafia kill clock and for bloodlust."""

from game.models import Game, KillerAlignment, KillRecord, Player
from game.rulesets.base import KILLED
from game.rulesets.live_action.facts import Alignment
from game.rulesets.live_action.powers import hitman, poison
from game.rulesets.live_action.win import Death
from game.rulesets.live_action.win import mafia_kill_days as rules_mafia_kill_days

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
