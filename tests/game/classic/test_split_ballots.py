"""Ballots with a weight per voter, split between players or partly withheld, as a rule set
allows (`Ruleset.day`); the classic rule set allows neither, so its votes stay one player
or no one (C5)."""

from dataclasses import replace

import pytest
from django.utils import timezone

from game.errors import GameRuleError
from game.models import DayResult, LogEntry, Player
from game.rulesets import registry
from game.rulesets.ballots import split_refusal, weighted_picks
from game.rulesets.classic import CLASSIC
from game.rulesets.classic import day as classic_day
from game.rulesets.days import Ballot, DaySpec
from game.rulesets.phases import NO_ONE, draw_rng
from game.services.days.votes import vote_cast
from tests.conftest import client_for
from tests.game.classic.helpers import classic_game, end_phase, refresh


def cards(state) -> int:
    return len(state.get("hand", ())) or 1


SPLITS = replace(
    CLASSIC,
    code="splits",
    day=replace(CLASSIC.day, ballot=Ballot.SPLIT, weight=cards, withhold=True),
)


def test_a_split_is_refused_unless_the_rule_set_allows_it():
    assert "cannot be split" in split_refusal(CLASSIC.day, {5: 1}, 1)
    assert split_refusal(SPLITS.day, {5: 1, 6: 1}, 2) == ""
    assert "placed 3" in split_refusal(SPLITS.day, {5: 2, 6: 1}, 2)
    assert "at least one" in split_refusal(SPLITS.day, {5: 0}, 2)
    no_withholding = DaySpec(ballot=Ballot.SPLIT)
    assert "withhold" in split_refusal(no_withholding, {5: 1}, 2)


def test_each_vote_counts_and_withheld_votes_count_for_no_one():
    picks = weighted_picks([1, 2, 3, 4], {1: 5, 3: 6}, {2: {6: 1}}, {1: 2, 2: 2, 3: 1, 4: 1})
    assert sorted(picks, key=lambda p: -1 if p is None else p) == [NO_ONE, 5, 5, 6, 6]
    outcome = classic_day.day_outcome(
        {1: 5, 3: 6}, [1, 2, 3, 4], draw_rng("s", "d"), splits={2: {6: 2}}, weights={1: 2, 2: 2}
    )
    assert outcome.executed == 6 and outcome.totals == {5: 2, 6: 3, NO_ONE: 1}


@pytest.mark.django_db
def test_a_voter_with_two_cards_splits_their_votes(monkeypatch):
    monkeypatch.setitem(registry.RULESETS, SPLITS.code, SPLITS)
    game, p = classic_game(start=timezone.now())
    game.__class__.objects.filter(pk=game.pk).update(ruleset=SPLITS.code)
    Player.objects.filter(pk=p["cop"].pk).update(state={"hand": ["cop", "doctor"]})
    end_phase(game)
    end_phase(game)  # day 1
    with pytest.raises(GameRuleError, match="placed 3"):
        vote_cast(game_id=game.pk, voter_id=p["cop"].pk, target_id=None, split={p["vil1"].pk: 3})
    vote_cast(
        game_id=game.pk,
        voter_id=p["cop"].pk,
        target_id=None,
        split={p["maf1"].pk: 1, p["maf2"].pk: 1},
    )
    for voter in ("doc", "vil1", "vil2", "vil3"):
        vote_cast(game_id=game.pk, voter_id=p[voter].pk, target_id=p["maf1"].pk)
    assert "cop places their votes: maf1 1, maf2 1." in LogEntry.objects.filter(
        game=game, kind="vote_public"
    ).values_list("text", flat=True)
    end_phase(game)
    result = DayResult.objects.get(game=game, day=1)
    assert result.totals[str(p["maf1"].pk)] == 5 and result.totals[str(p["maf2"].pk)] == 1
    assert not refresh(p)["maf1"].alive


@pytest.mark.django_db
def test_classic_votes_cannot_be_split():
    game, p = classic_game(start=timezone.now())
    end_phase(game)
    end_phase(game)
    with pytest.raises(GameRuleError, match="cannot be split"):
        vote_cast(game_id=game.pk, voter_id=p["cop"].pk, target_id=None, split={p["vil1"].pk: 1})


@pytest.mark.django_db
def test_a_split_ballot_keyed_by_anything_but_ids_is_refused_with_a_message_by_the_api():
    game, p = classic_game()
    response = client_for(p["vil1"].user).post(
        f"/api/v1/games/{game.pk}/votes",
        {"split": {"Casey": 1}},
        content_type="application/json",
    )
    assert response.status_code == 400
    assert response.json()["detail"] == "A split ballot names players by their ids."
