"""An HP game runs on the shared phase engine (C1): each night and each vote is a phase row;
a tied vote is repeated as the round's next vote at the day's end time (H8, the engine's
`next_phase` and a phase's day clock), a positive test decides the day without a vote (H7,
`DECIDED_OUTCOME`), a solo game's phases have no deadline (H10), and the moderators' "End the
phase now" ends an HP night as its deadline would. The night's choices are the HP page's only
(H3): the engine's night-action endpoint answers as for a page the game does not serve."""

from __future__ import annotations

import json

import pytest

from game.models import DueEvent, GamePhase, NightAction, Player
from game.rulesets.hp import HP
from game.rulesets.hp.phases import FORCED_OUT, POSITIVE_TEST, TIED, phase_after_hp
from game.rulesets.phases import DAY, DECIDED_OUTCOME, NIGHT, PhaseId, phase_end_after
from game.services.days.votes import vote_cast
from game.services.hp.actions import hp_pick
from game.services.hp.solo import hp_solo_create
from game.services.nights.phases import phase_clock, phase_end_now
from tests.conftest import client_for
from tests.factories import moderator_of
from tests.game.deaths_by_rule_set import NOW, hp_game

pytestmark = pytest.mark.django_db


def test_the_rule_set_chooses_each_next_phase_of_a_round():
    assert phase_after_hp(NIGHT, 2, {}) == (DAY, 2, {})
    decided = {DECIDED_OUTCOME: {"executed": 7, "reason": POSITIVE_TEST}}
    assert phase_after_hp(NIGHT, 2, {FORCED_OUT: 7}) == (DAY, 2, decided)
    assert phase_after_hp(DAY, 2, {TIED: [3, 4]}) == ("vote_2", 2, {})
    assert phase_after_hp("vote_2", 2, {TIED: [3, 4]}) == ("vote_3", 2, {})
    assert phase_after_hp("vote_3", 2, {}) == (NIGHT, 3, {})
    assert phase_after_hp(DAY, 2, decided) == (NIGHT, 3, {})


def phases_of(game) -> list[tuple]:
    return list(GamePhase.objects.filter(game=game).values_list("code", "number", "state"))


def test_tied_votes_are_the_rounds_next_votes_each_ending_at_the_days_time():
    game, p = hp_game()
    for actor, target in (("mafia", "com1"), ("detective", "com2"), ("healer", "com1")):
        hp_pick(player=p[actor], target_id=p[target].pk, now=NOW)
    for voter, target in (("mafia", "com2"), ("com2", "mafia")):
        vote_cast(game_id=p[voter].game_id, voter_id=p[voter].pk, target_id=p[target].pk, now=NOW)
    for voter in ("detective", "healer", "com1", "com3"):
        vote_cast(
            game_id=p[voter].game_id,
            voter_id=p[voter].pk,
            target_id=p["mafia" if voter == "com3" else "com2"].pk,
            now=NOW,
        )
    assert [(c, n) for c, n, _ in phases_of(game)] == [(NIGHT, 1), (DAY, 1), (NIGHT, 2)]
    game, p = hp_game()
    for actor, target in (("mafia", "com1"), ("detective", "com2"), ("healer", "com1")):
        hp_pick(player=p[actor], target_id=p[target].pk, now=NOW)
    for voter, target in (("mafia", "com2"), ("detective", "com2"), ("healer", "com2")):
        vote_cast(game_id=p[voter].game_id, voter_id=p[voter].pk, target_id=p[target].pk, now=NOW)
    for voter in ("com1", "com2", "com3"):
        vote_cast(game_id=p[voter].game_id, voter_id=p[voter].pk, target_id=p["mafia"].pk, now=NOW)
    tied = sorted([p["com2"].pk, p["mafia"].pk])
    assert phases_of(game) == [(NIGHT, 1, {}), (DAY, 1, {TIED: tied}), ("vote_2", 1, {})]
    vote_2 = GamePhase.objects.get(game=game, code="vote_2")
    game.refresh_from_db()
    assert vote_2.ends_at == phase_end_after(PhaseId(1, DAY), NOW, phase_clock(game))
    assert vote_2.event.due_at == vote_2.ends_at


def test_a_positive_test_decides_the_day_without_a_vote():
    game, p = hp_game()
    for actor, target in (("mafia", "com1"), ("detective", "mafia"), ("healer", "com1")):
        hp_pick(player=p[actor], target_id=p[target].pk, now=NOW)
    decided = {DECIDED_OUTCOME: {"executed": p["mafia"].pk, "reason": POSITIVE_TEST}}
    assert phases_of(game) == [(NIGHT, 1, {FORCED_OUT: p["mafia"].pk}), (DAY, 1, decided)]
    assert not Player.objects.get(pk=p["mafia"].pk).alive


def test_a_solo_games_phases_have_no_deadline(user):
    game = hp_solo_create(user=user, players=6, role="mafia", now=NOW)
    phase = GamePhase.objects.get(game=game)
    assert (phase.code, phase.ends_at, phase.event) == (NIGHT, None, None)
    assert not DueEvent.objects.filter(game=game).exists()


def test_the_moderators_end_an_hp_night_as_its_deadline_would():
    game, p = hp_game()
    hp_pick(player=p["mafia"], target_id=p["com1"].pk, now=NOW)
    phase_end_now(game_id=game.pk, by=moderator_of(game), now=NOW, code=NIGHT, number=1)
    game.refresh_from_db()
    assert (game.current_phase, game.current_day) == (DAY, 1)
    assert not Player.objects.get(pk=p["com1"].pk).alive


def test_the_engines_night_action_endpoint_is_not_an_hp_games():
    game, p = hp_game()
    assert "night_action" not in HP.pages.served
    answer = client_for(p["mafia"].user).post(
        f"/api/v1/games/{game.pk}/night-action",
        json.dumps({"target_id": p["com1"].pk}),
        content_type="application/json",
    )
    assert answer.status_code == 404
    assert not NightAction.objects.filter(game=game).exists()
    phase = json.loads(client_for(p["mafia"].user).get(f"/api/v1/games/{game.pk}/phase").content)
    assert (phase["night_cards"], phase["dawn"]) == ([], None)
