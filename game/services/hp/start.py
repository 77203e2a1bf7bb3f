"""A moderated HP game with several people (H1, H2): at the start each player takes a seat in
sign-up order (C9) and their role's starting HP, learns who else is in their group, and round 1
begins on the phase engine. Its phases end at their deadlines (C1), when the moderators end
them, or as soon as every living person has acted, as in a solo game."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

from game.models import Game, Player
from game.rulesets.hp import HP, texts
from game.rulesets.hp.roles import GROUP_ROLES, STARTING_HP
from game.rulesets.hp.texts import ALL, Line
from game.rulesets.phases import first_phase
from game.services.lines import private_line
from game.services.nights.phases import phase_begin, phases_unwaited_end
from game.snapshots.hp import hp_state
from game.snapshots.hp_turns import players_of


def hp_game_begin(*, game: Game, now: dt.datetime) -> None:
    """Called by the game's start once the roles are dealt; the caller holds the game's lock."""
    players = list(game.players.order_by("pk"))
    for seat, player in enumerate(players, start=1):
        player.seat = seat
        player.state = {**player.state, **hp_state(Fraction(STARTING_HP[player.role]))}
    Player.objects.bulk_update(players, ["seat", "state"])
    players = players_of(game)
    for person in (p for p in players if not p.computer):
        known = [p.pk for p in players if p.role == person.role and p.pk != person.pk]
        intro = texts.role_intro(person.role, known if person.role in GROUP_ROLES else None)
        private_line(game=game, player=person, line=Line(ALL, intro), players=players, now=now)
    phase_begin(game=game, phase=first_phase(HP), starts_at=now)
    phases_unwaited_end(game=game, now=now)
