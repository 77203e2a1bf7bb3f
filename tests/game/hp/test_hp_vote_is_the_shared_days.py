"""An HP vote is the shared day's (`vote_cast`, `HP_DAY`, H8): each vote of a round is its own
ballot (`Vote.round`), cast in its phase while the round's day row is open (the moderated
game's deadline; none in a solo game, H10); one vote a ballot, for another living player; the
phase ends as soon as nobody is awaited (H2), through the page, the API and the service alike."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from game.errors import ConflictError, GameRuleError
from game.models import Day, GamePhase, Vote
from game.rulesets.hp.vote import HP_DAY
from game.services.days.votes import vote_cast
from game.services.hp import solo
from game.services.hp.actions import hp_pick
from game.services.hp.solo import hp_solo_create
from tests.conftest import client_for
from tests.game.deaths_by_rule_set import NOW, hp_game

pytestmark = pytest.mark.django_db


def cast(p, voter: str, target: str) -> Vote:
    return vote_cast(
        game_id=p[voter].game_id, voter_id=p[voter].pk, target_id=p[target].pk, now=NOW
    )


def test_the_day_declares_its_ballots_and_that_the_last_vote_awaited_ends_it():
    assert [HP_DAY.ballot_round(code) for code in ("day", "vote_2", "vote_3")] == [0, 1, 2]
    assert HP_DAY.ballot_round("night") == 0
    assert HP_DAY.vote_may_end(majority_ends_day=False)


def test_a_repeated_vote_is_a_ballot_of_its_own_in_the_days_row_open_again():
    game, p = hp_game()
    with pytest.raises(ConflictError, match=r"^It is night: the vote comes at day \(H2\)\.$"):
        cast(p, "com1", "com2")
    for actor, target in (("mafia", "com1"), ("detective", "com2"), ("healer", "com1")):
        hp_pick(player=p[actor], target_id=p[target].pk, now=NOW)
    for voter, target in (("mafia", "com2"), ("detective", "com2"), ("healer", "com2")):
        cast(p, voter, target)
    with pytest.raises(GameRuleError, match=r"already voted .*\(H8\)"):
        cast(p, "mafia", "com1")
    with pytest.raises(GameRuleError, match=r"yourself \(H8\)"):
        cast(p, "com1", "com1")
    for voter in ("com1", "com2", "com3"):
        cast(p, voter, "mafia")
    vote_2 = GamePhase.objects.get(game=game, code="vote_2", ended_at__isnull=True)
    day = Day.objects.get(game=game, number=1)
    assert (day.ends_at, day.ended_at) == (vote_2.ends_at, None)
    again = cast(p, "mafia", "com2")
    assert (again.day, again.round) == (1, 1)
    with pytest.raises(GameRuleError, match=r"already voted .*\(H8\)"):
        cast(p, "mafia", "com1")
    assert Vote.objects.filter(game=game, round=0).count() == 6
    assert not Vote.objects.filter(game=game, voter=p["mafia"], round=1).exclude(pk=again.pk)


def test_a_solo_day_has_no_deadline_and_ends_with_the_persons_vote(user, monkeypatch):
    monkeypatch.setattr(solo, "secrets", SimpleNamespace(token_hex=lambda _: "newcomer-0"))
    game = hp_solo_create(user=user, players=10, role="commoner", now=NOW)
    game.refresh_from_db()
    assert (game.current_phase, game.current_day) == ("day", 1)
    assert Day.objects.get(game=game, number=1).ends_at is None
    person = game.players.get(computer=False)
    voted_for = game.players.filter(alive=True).exclude(pk=person.pk).first()
    response = client_for(user).post(
        f"/api/v1/games/{game.pk}/hp/choose",
        {"target_id": voted_for.pk},
        content_type="application/json",
    )
    assert response.status_code == 200
    assert response.json()["number"] >= 1 and "ballot" in response.json()
    assert Vote.objects.filter(game=game, voter=person, target=voted_for, round=0).exists()
    assert GamePhase.objects.get(game=game, code="day", number=1).ended_at is not None
