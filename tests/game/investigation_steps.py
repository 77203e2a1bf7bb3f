"""Investigation steps through the services on a `town()`: visit a death's site, ask, send the
answer, end the day; and the scenarios that more than one test file reads the answer of."""

from dataclasses import dataclass

from game.models import Investigation, Player
from game.services.days.day_cycle import day_end_now
from game.services.investigating.investigations import (
    investigation_request,
    investigation_send,
    site_visit_report,
)
from game.services.investigating.investigative_roles import priest_lists_set
from game.services.mafia_powers.powers import mafia_frame
from tests.game.helpers import current_day
from tests.game.kills_setup import Town, confirmed_kill, town


def visit(t: Town, player: Player, victim: Player, minutes=100):
    return site_visit_report(
        game_id=t.game.pk, by=player.user, victim_id=victim.pk, now=t.at(minutes)
    )


def ask(t: Town, player: Player, victim: Player, suspects, capacity="investigator", minutes=110):
    return investigation_request(
        game_id=t.game.pk,
        by=player.user,
        capacity=capacity,
        victim_id=victim.pk,
        suspect_ids=[s.pk for s in suspects],
        now=t.at(minutes),
    )


def send(t: Town, investigation: Investigation, minutes=120, **extra):
    return investigation_send(
        game_id=t.game.pk, investigation_id=investigation.pk, by=t.mod, now=t.at(minutes), **extra
    )


def frame(t: Town, suspect: Player, victim: Player, minutes: int, by: Player | None = None):
    """The mafia (by default its first member) frames `suspect` for `victim`'s death (R34)."""
    return mafia_frame(
        game_id=t.game.pk,
        by=(by or t.mafia).user,
        suspect_id=suspect.pk,
        victim_id=victim.pk,
        now=t.at(minutes),
    )


def next_day(t: Town, minutes: int) -> None:
    day_end_now(game_id=t.game.pk, day=current_day(t.game).number, by=t.mod, now=t.at(minutes))
    t.game.refresh_from_db()


@dataclass
class Asked:
    """A scenario's town, the death asked about, the player it named and the investigation."""

    t: Town
    victim: Player
    suspect: Player
    investigation: Investigation


def framed_question() -> Asked:
    """The mafia framed an innocent for a victim's death (R34), another mafioso killed the victim,
    and the investigator asked about the innocent; the answer, "yes (framed)", is not sent."""
    t = town()
    victim, innocent = t.townies[0], t.townies[1]
    frame(t, innocent, victim, 10)
    confirmed_kill(t, t.mafia2, victim, "free_kill", 30)
    visit(t, t.investigator, victim)
    return Asked(t, victim, innocent, ask(t, t.investigator, victim, [innocent]))


def framed_investigation() -> Asked:
    """The framed question of `framed_question`, its answer sent."""
    asked = framed_question()
    asked.investigation = send(asked.t, asked.investigation)
    return asked


def saint_killed_a_sinner() -> Asked:
    """The priest listed the vigilante among the saints and a townie among the sinners, the
    vigilante killed that townie, and the investigator asked about the vigilante: the answer
    sent is "no (priest)"."""
    t = town()
    victim = t.townies[0]
    priest_lists_set(
        game_id=t.game.pk,
        by=t.priest.user,
        saint_ids=[t.vigilante.pk],
        sinner_ids=[victim.pk],
        now=t.at(5),
    )
    confirmed_kill(t, t.vigilante, victim, "vigilante", 30)
    visit(t, t.investigator, victim)
    sent = send(t, ask(t, t.investigator, victim, [t.vigilante]))
    return Asked(t, victim, t.vigilante, sent)
