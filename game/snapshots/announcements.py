"""When the victim of a kill may announce it themselves (R14)."""

import datetime as dt

from game.models import Kill, KillStatus

VICTIM_ANNOUNCES_AFTER = dt.timedelta(minutes=30)


def victim_may_announce(kill: Kill, now: dt.datetime) -> bool:
    """R14: no moderator announced the kill within 30 minutes of its report."""
    return (
        kill.announced_at is None
        and kill.status in (KillStatus.PENDING, KillStatus.CONFIRMED)
        and now >= kill.reported_at + VICTIM_ANNOUNCES_AFTER
    )
