"""Kill reports no moderator has decided yet, which the mafia kill clock waits for (R52)."""

from game.models import Game, Kill, KillStatus


def undecided_reports(game: Game, *, up_to_day: int) -> list[Kill]:
    """Kill reports of days up to `up_to_day` that no moderator has confirmed or rejected (R52),
    with their victims, oldest day first. One query."""
    return list(
        Kill.objects.filter(game=game, status=KillStatus.PENDING, day__lte=up_to_day)
        .select_related("victim")
        .order_by("day", "id")
    )
