"""The day's row (`Day`) of a game on the phase engine: the votes read it and hold it together,
a day end takes it (services.days.votes, C1). Every phase in which the day votes keeps it open
until it ends."""

from game.models import Day, Game, GamePhase


def votes_in_phase(game: Game, phase: GamePhase) -> bool:
    """Whether players cast the day's votes in `phase` (`DaySpec.phases`: the day; a runoff;
    HP's repeated votes, H8), so that it keeps the day's `Day` row, which their votes read (C1);
    a day counted by the host's show of hands (M7) has none."""
    day = game.rules.day
    return day.players_cast and phase.code in day.phases


def day_row_open(game: Game, phase: GamePhase) -> None:
    """The day's row, open until `phase` ends (never by the clock in a game nobody moderates,
    H10): created by the day's first voting phase, opened again by a repeated vote (H8)."""
    Day.objects.update_or_create(
        game=game,
        number=phase.number,
        defaults={"ends_at": phase.ends_at, "ended_at": None},
        create_defaults={"started_at": phase.started_at, "ends_at": phase.ends_at},
    )
