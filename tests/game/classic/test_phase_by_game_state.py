"""The next phase is the rule set's choice from the game's state: a tied day inserts a runoff
with its own candidates (kept in its `GamePhase.state`, at the day's end time), after which the
cycle goes on; a day without a tie goes to the night as before."""

import datetime as dt
from dataclasses import replace

import pytest

from game.models import GamePhase
from game.rulesets import registry
from game.rulesets.base import Phase
from game.rulesets.phases import DAY, NIGHT, PhaseId, phase_following
from game.services.lobby.setup import game_start, role_set
from game.services.nights import phases
from tests.factories import START, make_game, moderator_of, sign_up
from tests.game.classic.helpers import end_phase
from tests.rulesets.party import PARTY

RUNOFF = "runoff"
TIED = "tied"


def after_a_tie(code: str, number: int, state) -> tuple[str, int, dict] | None:
    """A tied day goes to a runoff among the tied; an untied day and the runoff go to the next
    night; the night to the plain cycle's day."""
    if code == DAY and state.get(TIED):
        return RUNOFF, number, {"candidates": state[TIED]}
    if code in (DAY, RUNOFF):
        return NIGHT, number + 1, {}
    return None


RUNOFFS = replace(
    PARTY,
    code="runoffs",
    phases=(
        Phase(NIGHT, "Night", end_steps=("dawn",)),
        Phase(DAY, "Day", end_steps=("tie_found",)),
        Phase(RUNOFF, "Runoff", clock=DAY),
    ),
    next_phase=after_a_tie,
)


def test_the_rule_set_chooses_the_next_phase_from_the_state():
    assert phase_following(RUNOFFS, PhaseId(1, DAY), {TIED: [3, 4]}) == (
        PhaseId(1, RUNOFF),
        {"candidates": [3, 4]},
    )
    assert phase_following(RUNOFFS, PhaseId(1, DAY), {}) == (PhaseId(2, NIGHT), {})
    assert phase_following(RUNOFFS, PhaseId(1, RUNOFF), {}) == (PhaseId(2, NIGHT), {})
    assert phase_following(PARTY, PhaseId(1, DAY), {TIED: [3]}) == (PhaseId(2, NIGHT), {})


@pytest.mark.django_db
def test_a_tied_day_inserts_a_runoff_with_its_candidates(monkeypatch):
    tied_on = []

    def tie_found(game, phase, at):
        players = sorted(game.players.values_list("pk", flat=True))
        if phase.number in tied_on:
            phase.state = {TIED: players[:2]}
            phase.save(update_fields=["state"])

    monkeypatch.setitem(registry.RULESETS, RUNOFFS.code, RUNOFFS)
    monkeypatch.setitem(phases.PHASE_STEPS, "tie_found", tie_found)
    game = make_game(ruleset=RUNOFFS.code, night_ends_when_all_in=False)
    mod = moderator_of(game)
    players = sign_up(game, 5)
    roles = ("werewolf", "healer", "peasant", "peasant", "peasant")
    for player, role in zip(players, roles, strict=True):
        role_set(game_id=game.pk, player_id=player.pk, role=role, by=mod, now=START)
    game_start(game_id=game.pk, by=mod, now=START)
    tied_on.append(1)
    for _ in range(4):
        end_phase(game, late=dt.timedelta(hours=1))
    seen = list(GamePhase.objects.filter(game=game).values_list("code", "number", "state"))
    runoff_state = {"candidates": sorted(p.pk for p in players)[:2]}
    assert seen == [
        (NIGHT, 1, {}),
        (DAY, 1, {TIED: runoff_state["candidates"]}),
        (RUNOFF, 1, runoff_state),
        (NIGHT, 2, {}),
        (DAY, 2, {}),
    ]
