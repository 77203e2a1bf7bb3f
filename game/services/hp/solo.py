"""A solo HP game (H10): one person picks the number of players and a role, or "Assign
Randomly" as the seed offers, and plays at once against computer players, with no moderator."""

from __future__ import annotations

import datetime as dt
import secrets

from django.db import transaction

from game.errors import GameRuleError
from game.models import Game, GameStatus, Player, User
from game.rulesets.hp import HP, texts
from game.rulesets.hp.play import seats
from game.rulesets.hp.roles import GROUP_ROLES
from game.rulesets.hp.setup import MAX_SOLO_PLAYERS, MIN_PLAYERS, deal_with_choice
from game.rulesets.hp.texts import ALL, Line
from game.rulesets.phases import draw_rng, first_phase
from game.services.lines import private_line
from game.services.nights.phases import phase_begin, phases_unwaited_end
from game.snapshots.hp import hp_state
from game.snapshots.hp_turns import players_of

COMPUTER_USERNAME = "computer-{seat}"
"""Every Player has a user: the computer's seats share a pool of inactive users, one per seat
number, so that no game creates users and none of them can sign in."""


def computer_user(seat: int) -> User:
    user, _ = User.objects.get_or_create(
        username=COMPUTER_USERNAME.format(seat=seat),
        defaults={"is_active": False, "display_name": f"Computer {seat}"},
    )
    return user


def _checked(players: int, role: str) -> None:
    if not MIN_PLAYERS <= players <= MAX_SOLO_PLAYERS:
        raise GameRuleError(
            f"Choose between {MIN_PLAYERS} and {MAX_SOLO_PLAYERS} players (H1).", field="players"
        )
    if role and (not HP.has_role(role)):
        raise GameRuleError("Choose a character, or Assign Randomly.", field="role")


@transaction.atomic
def hp_solo_create(*, user: User, players: int, role: str, now: dt.datetime) -> Game:
    """The deal (H1) with the person at a seat drawn from the game's seed (C8) holding the role
    they chose, if any; then round 1 begins and the computer plays its seats (H10)."""
    _checked(players, role)
    seed = secrets.token_hex(16)
    game = Game.objects.create(
        name=f"HP Mafia, {players} players",
        created_by=user,
        ruleset=HP.code,
        random_seed=seed,
        status=GameStatus.RUNNING,
        signups_open=False,
        started_at=now,
    )
    seat_ids = list(range(1, players + 1))
    rng = draw_rng(seed, "deal")
    mine = rng.choice(seat_ids)
    roles = deal_with_choice(HP, seat_ids, {mine: role} if role else {}, rng)
    table = seats(roles)
    rows = [
        Player(
            game=game,
            user=user if seat.id == mine else computer_user(seat.id),
            name=seat.name,
            seat=seat.id,
            role=seat.role,
            computer=seat.id != mine,
            state=hp_state(seat.hp),
        )
        for seat in table
    ]
    Player.objects.bulk_create(rows)
    players_rows = players_of(game)
    person = next(p for p in players_rows if not p.computer)
    others = [p.pk for p in players_rows if p.role == person.role and p.pk != person.pk]
    intro = texts.role_intro(person.role, others if person.role in GROUP_ROLES else None)
    for reason in (texts.YOU_ARE(players={"player": person.pk}), intro):
        private_line(
            game=game, player=person, line=Line(ALL, reason), players=players_rows, now=now
        )
    phase_begin(game=game, phase=first_phase(HP), starts_at=now)
    phases_unwaited_end(game=game, now=now)
    return game
