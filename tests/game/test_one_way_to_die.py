"""Every death of every rule set goes through one service (`players_die`) and its follow-ups:
a will is posted in Town Square where the game keeps wills, and the live channel is told of the
death and ends the dead player's streams, whose access a death changes (R51; the streams
themselves are read in tests/live/test_deaths_end_streams.py). Here the channel is the
embedded one, a table of the test database: no Redis is needed."""

from __future__ import annotations

import pytest

from forums.models import Post, PostKind
from forums.services.wills import will_save
from game.models import LiveEvent, Player
from game.services.killing import deaths
from tests.game import deaths_by_rule_set as by
from tests.game.deaths_by_rule_set import SCENARIOS

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_death_in_every_rule_set_posts_the_will_and_tells_the_live_channel(
    scenario, settings, django_capture_on_commit_callbacks, monkeypatch
):
    game, victim, death = SCENARIOS[scenario]()
    will_save(game_id=game.pk, by=victim.user, body="Trust nobody.", now=by.NOW)
    settings.LIVE_CHANNEL = "database"
    died: list[int] = []
    monkeypatch.setattr(
        deaths,
        "DEATH_HOOKS",
        [*deaths.DEATH_HOOKS, lambda game, player, at: died.append(player.pk)],
    )
    with django_capture_on_commit_callbacks(execute=True):
        death()
    assert died.count(victim.pk) == 1  # through players_die, once
    victim = Player.objects.get(pk=victim.pk)
    assert not victim.alive and victim.death_cause in {c.code for c in game.rules.death_causes}
    wills = Post.objects.filter(thread__board__game=game, kind=PostKind.LAST_WILL)
    assert [post.body for post in wills] == [f"The last will of {victim.name}:\n\nTrust nobody."]
    heard = set(LiveEvent.objects.values_list("topic", "kind"))
    assert {(f"game-{game.pk}", "death"), (f"user-{victim.user_id}", "access")} <= heard
