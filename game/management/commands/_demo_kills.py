"""The demo game's first kill and a pending investigation, built through the services."""

import datetime as dt

from game.models import Game, User
from game.rulesets.live_action.roles import Role
from game.services.investigating.investigations import investigation_request, site_visit_report
from game.services.killing.kill_decisions import kill_confirm
from game.services.killing.kills import kill_report


def demo_kill_and_investigation(*, game: Game, moderator: User, now: dt.datetime) -> None:
    """A mafia free kill on a townie, confirmed and announced; an investigator visits the site
    and asks about the killer, waiting in the moderators' queue."""
    players = list(game.players.select_related("user"))
    mafia = next(p for p in players if p.role == Role.MAFIA)
    victim = next(p for p in players if p.role == Role.TOWNIE)
    investigator = next(p for p in players if p.role == Role.INVESTIGATOR)
    kill = kill_report(
        game_id=game.pk,
        by=mafia.user,
        side="killer",
        other_player_id=victim.pk,
        method="free_kill",
        location="Lobby 7",
        happened_at=now,
        now=now,
    )
    kill_confirm(game_id=game.pk, kill_id=kill.pk, by=moderator, now=now)
    site_visit_report(game_id=game.pk, by=investigator.user, victim_id=victim.pk, now=now)
    investigation_request(
        game_id=game.pk,
        by=investigator.user,
        capacity="investigator",
        victim_id=victim.pk,
        suspect_ids=[mafia.pk],
        now=now,
    )
