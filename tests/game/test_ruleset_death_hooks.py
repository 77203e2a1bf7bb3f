"""The follow-ups of a death are the rule set's own (Ruleset.death_hooks): a classic death runs
no live-action follow-up (the Gay Knight's partner R26, petitions R46, item offers R45), and
every follow-up a rule set names is registered."""

import pytest

from game.rulesets import registry
from game.rulesets.classic import CLASSIC
from game.rulesets.live_action import LIVE_ACTION
from game.services.killing import deaths
from game.services.killing.deaths import player_die
from tests.factories import START
from tests.game.classic.helpers import classic_game


def test_every_named_follow_up_is_registered_and_the_win_check_runs_last():
    for rules in registry.RULESETS.values():
        assert set(rules.death_hooks) <= set(deaths.NAMED_DEATH_HOOKS)
        assert rules.death_hooks[-1] == "win_check"
    assert "partner_death_schedule" in LIVE_ACTION.death_hooks
    assert not {"partner_death_schedule", "petitions_after_death", "offers_after_death"} & set(
        CLASSIC.death_hooks
    )


@pytest.mark.django_db
def test_a_classic_death_runs_only_the_classic_follow_ups(monkeypatch):
    ran = []
    for name in deaths.NAMED_DEATH_HOOKS:
        monkeypatch.setitem(
            deaths.NAMED_DEATH_HOOKS, name, lambda game, player, at, name=name: ran.append(name)
        )
    game, p = classic_game()
    player_die(game=game, player=p["vil1"], at=START, cause="moderator")
    assert ran == ["pending_events_cancel", "win_check"]
