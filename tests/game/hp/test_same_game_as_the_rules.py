"""A solo HP game played through the services is the game the rules alone play (H10,
`game.rulesets.hp.play`): when the person chooses as a computer player would, every line of the
public log, and who died and who was voted out, are the model's, whoever the person plays
(a commoner's first night passes without them)."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest

from game.models import GameStatus, LogEntry, Visibility
from game.rulesets.hp.choices import Seat
from game.rulesets.hp.computer import computer_ballots, computer_picks
from game.rulesets.hp.play import play
from game.rulesets.hp.roles import STARTING_HP
from game.rulesets.hp.texts import ALL
from game.services.days.votes import vote_cast
from game.services.hp import solo
from game.services.hp.actions import hp_pick
from game.snapshots.hp import table_of
from game.snapshots.hp_turns import current_ballot, persons_waited_for, players_of

pytestmark = pytest.mark.django_db
NOW = dt.datetime(2026, 11, 26, 1, 0, tzinfo=dt.UTC)


def played_as_a_computer(game) -> None:
    """The person's every choice is the one the computer would make in their seat (H10)."""
    for _ in range(200):
        game.refresh_from_db()
        players = players_of(game)
        waiting = persons_waited_for(game, players) if game.status == GameStatus.RUNNING else []
        if not waiting:
            return
        person, table = waiting[0], table_of(players)
        everyone = {seat.id for seat in table}
        if game.current_phase == "night":
            picks = computer_picks(table, game.random_seed, game.current_day, everyone)
            hp_pick(player=person, target_id=picks[person.role][person.pk], now=NOW)
        else:
            ballot = current_ballot(game)
            votes = computer_ballots(table, game.random_seed, game.current_day, ballot, everyone)
            vote_cast(
                game_id=person.game_id, voter_id=person.pk, target_id=votes[person.pk], now=NOW
            )
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    ("players", "role", "seed"),
    [(5, "mafia", "a"), (8, "detective", "b"), (11, "healer", "c"), (14, "commoner", "d")],
)
def test_a_solo_game_is_the_rules_own_game(user, monkeypatch, players, role, seed):
    monkeypatch.setattr(solo.secrets, "token_hex", lambda n: f"same-{seed}")
    game = solo.hp_solo_create(user=user, players=players, role=role, now=NOW)
    dealt = tuple(
        Seat(p.pk, p.name, p.role, Fraction(STARTING_HP[p.role])) for p in players_of(game)
    )
    played_as_a_computer(game)
    model = play(dealt, game.random_seed)
    names = {seat.id: seat.name for seat in dealt}
    game.refresh_from_db()
    public = LogEntry.objects.filter(game=game, visibility=Visibility.PUBLIC)
    assert list(public.order_by("created_at", "id").values_list("text", flat=True)) == [
        line.reason.render(names) for line in model.lines if line.audience == ALL
    ]
    final = {p.pk: p.alive for p in players_of(game)}
    assert final == {seat.id: seat.alive for seat in model.table}
    assert game.status == GameStatus.FINISHED and game.current_day == len(model.rounds)
