"""What a moderator is told before ending the day by hand (R52)."""

from game.models import DayEndRecord, Game
from game.permissions import Viewer
from game.snapshots.kill_facts import undecided_reports


def day_end_warning(viewer: Viewer) -> str:
    """The confirmation of "End the day now": it names the day's kill reports still undecided,
    since the mafia kill clock will wait for them (R18, R52)."""
    game = viewer.game
    text = f"End day {game.current_day} now? This runs the full day end."
    today = undecided_reports(game, day=game.current_day)
    if today:
        names = ", ".join(kill.victim.name for kill in today)
        text += (
            f" Kill reports of today are still undecided ({names}): the mafia kill clock (R18) "
            "waits until each is confirmed or rejected (R52)."
        )
    return text


def day_end_to_undo(game: Game) -> int | None:
    """The day whose end the moderators may undo: the last one processed, once; None before any
    day has ended (the dashboard then offers no undo)."""
    record = DayEndRecord.objects.filter(game=game).order_by("-id").first()
    return record.day if record is not None and record.undone_at is None else None
