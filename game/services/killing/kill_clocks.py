"""The serial killer's bloodlust clock reads the days of their kills and disarms (R32, R40),
which the kill decisions record as `KillRecord`s. The mafia kill clock's facts (R18) are read with
the other kill facts (`game.snapshots.kill_facts`)."""

from game.models import Game, KillRecord


def serial_killer_reset_days(game: Game, killer_ids: list[int]) -> dict[int, frozenset[int]]:
    """Per serial killer, the days of their kills and disarms (R32, R40). One query."""
    days: dict[int, set[int]] = {pk: set() for pk in killer_ids}
    for killer_id, day in KillRecord.objects.filter(
        game=game, killer_id__in=killer_ids
    ).values_list("killer_id", "day"):
        days[killer_id].add(day)
    return {pk: frozenset(found) for pk, found in days.items()}
