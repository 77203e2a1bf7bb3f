"""Kill reports no moderator has decided yet, which the mafia kill clock waits for (R52)."""

from game.models import Game, Kill, KillStatus


def undecided_reports(
    game: Game, *, up_to_day: int | None = None, day: int | None = None
) -> list[Kill]:
    """Kill reports that no moderator has confirmed or rejected (R52), of day `day` or of the days
    up to `up_to_day` (exactly one of them), with their victims, oldest day first. One query."""
    if (up_to_day is None) == (day is None):
        raise TypeError("undecided_reports takes exactly one of up_to_day and day")
    days = {"day": day} if day is not None else {"day__lte": up_to_day}
    return list(
        Kill.objects.filter(game=game, status=KillStatus.PENDING, **days)
        .select_related("victim")
        .order_by("day", "id")
    )
