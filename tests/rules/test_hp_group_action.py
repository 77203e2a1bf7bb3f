"""The HP groups' night actions come from one helper (H3): each group chooses together, the
mafias and the detectives may not pick their own, and a group that chose no one does nothing."""

import pytest

from game.rulesets.hp.group_action import group_action
from game.rulesets.hp.roles import detective, healer, mafia
from game.rulesets.nights import Act
from game.rulesets.phases import NO_ONE


@pytest.mark.parametrize(
    ("action", "own_role", "refusal"),
    [
        (mafia.ATTACK, "mafia", "You cannot target a mafia."),
        (detective.TEST, "detective", "You cannot test a detective."),
    ],
)
def test_the_mafias_and_the_detectives_choose_together_and_never_one_of_their_own(
    action, own_role, refusal
):
    assert action.group
    assert action.self_choices == 0 and action.self_refusal == refusal
    assert action.not_roles == (own_role,) and action.not_roles_refusal == refusal


def test_the_healers_choose_together_and_may_pick_anyone():
    assert healer.HEAL.group
    assert healer.HEAL.self_choices is None and healer.HEAL.not_roles == ()


def test_a_group_that_chose_no_one_runs_no_effect_and_a_chosen_target_runs_it_once():
    ran = []
    action = group_action(
        code="test",
        prompt="?",
        priority=1,
        effect=lambda state, act: ran.append(act.target),
        label="",
    )
    action.effect(None, Act(action, (1,), NO_ONE))
    assert ran == []
    action.effect(None, Act(action, (1,), 4))
    assert ran == [4]
