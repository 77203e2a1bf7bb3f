"""A game brought to its end, and its review as a user reads it."""

import datetime as dt

from django.db import transaction
from django.urls import reverse

from game.models import Game
from game.services.locking import lock_game
from game.services.mafia_powers.powers import mafia_frame
from game.services.wins import game_finish
from tests.conftest import client_for
from tests.game.kills_setup import confirmed_kill, town
from tests.game.test_investigations import ask, send, visit


def finish(game: Game, *, winner: str = "", at: dt.datetime | None = None) -> None:
    """The game ends (its win check's service), won by `winner` or by the rule set's first side."""
    with transaction.atomic():
        locked = lock_game(game.pk)
        game_finish(
            game=locked,
            winner=winner or locked.rules.alignments[0][0],
            now=at or (locked.started_at or dt.datetime.now(dt.UTC)) + dt.timedelta(days=3),
            text="The game ends.",
        )
    game.refresh_from_db()


def review_page(user, game: Game, **query) -> tuple[int, str]:
    response = client_for(user).get(reverse("game_review", args=[game.pk]), query)
    return response.status_code, response.content.decode()


def framed_investigation():
    """A town where the mafia framed an innocent for a victim's death (R34) and the investigator
    asked about it: the answer sent is "yes (framed)". Returns the town, victim and innocent."""
    t = town()
    victim, innocent = t.townies[0], t.townies[1]
    mafia_frame(
        game_id=t.game.pk,
        by=t.mafia.user,
        suspect_id=innocent.pk,
        victim_id=victim.pk,
        now=t.at(10),
    )
    confirmed_kill(t, t.mafia2, victim, "free_kill", 30)
    visit(t, t.investigator, victim)
    send(t, ask(t, t.investigator, victim, [innocent]))
    return t, victim, innocent
