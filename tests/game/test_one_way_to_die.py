"""Every death of every rule set goes through one service (`players_die`) and its follow-ups:
a will is posted in Town Square where the game keeps wills, and the live channel is told of the
death and ends the dead player's streams, whose access a death changes (R51; the streams
themselves are read in tests/live/test_access.py). Here the channel is the embedded one, a
table of the test database: no Redis is needed."""

from __future__ import annotations

import pytest

from forums.models import Post, PostKind
from forums.services.wills import will_save
from game.models import Game, LiveEvent, Player
from game.services.lobby.replacements import player_modkill
from tests.factories import moderator_of
from tests.forums.forum_play.helpers import forum_game, say
from tests.game import deaths_by_rule_set as by
from tests.game.classic.helpers import act, classic_game, end_phase
from tests.game.helpers import end_day, vote
from tests.game.kills_setup import confirmed_kill, town

pytestmark = pytest.mark.django_db


def classic_dawn():
    game, p = classic_game(last_wills="all")
    end_phase(game)  # day 0
    victim = p["vil1"]
    for mafioso in ("maf1", "maf2"):
        act(game, p[mafioso], victim)
    return game, victim, lambda: end_phase(game)


def classic_day_vote():
    game, p = classic_game(last_wills="all")
    end_phase(game)
    end_phase(game)
    victim = p["vil2"]
    for name in ("maf1", "maf2", "cop", "doc", "vil1"):
        vote(game, p[name], victim)
    return game, victim, lambda: end_phase(game)


def forum_lynch():
    game, p = forum_game()
    victim = p["cop"]

    def lynch():
        for name in ("vil1", "vil2", "vil3", "vil4", "maf1"):
            say(p[name], "VOTE: cop")

    return game, victim, lynch


def live_action_kill():
    t = town()
    Game.objects.filter(pk=t.game.pk).update(last_wills="all")
    victim = t.townies[0]
    return t.game, victim, lambda: confirmed_kill(t, t.mafia, victim, "free_kill", 30)


def live_action_execution():
    t = town()
    Game.objects.filter(pk=t.game.pk).update(last_wills="all")
    victim = t.townies[1]
    for voter in (t.mafia, t.mafia2, t.priest, t.vigilante, *t.townies[2:]):
        vote(t.game, voter, victim)
    return t.game, victim, lambda: end_day(t.game)


def modkill():
    game, p = classic_game(last_wills="all")
    victim = p["vil3"]
    return (
        game,
        victim,
        lambda: player_modkill(
            game_id=game.pk, by=moderator_of(game), player_id=victim.pk, reason="gone", now=by.NOW
        ),
    )


SCENARIOS = {
    "live action: a confirmed kill": live_action_kill,
    "live action: an execution at the day's end": live_action_execution,
    "classic: a dawn": classic_dawn,
    "classic: the day's vote": classic_day_vote,
    "forum game: a lynch in the day's thread": forum_lynch,
    "a modkill": modkill,
    "HP: the night's attack takes the last HP": by.hp_night_death,
    "HP: a vote-out": by.hp_vote_out,
    "HP: a positive test's forced vote-out": by.hp_forced_out,
    "Chiang Mai: the last card lost at night": by.chiang_mai_night,
    "Chiang Mai: the last card lost by the vote": by.chiang_mai_vote,
    "Chiang Mai: a Hunter's shot": by.chiang_mai_shot,
}


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_death_in_every_rule_set_posts_the_will_and_tells_the_live_channel(
    scenario, settings, django_capture_on_commit_callbacks
):
    game, victim, death = SCENARIOS[scenario]()
    will_save(game_id=game.pk, by=victim.user, body="Trust nobody.", now=by.NOW)
    settings.LIVE_CHANNEL = "database"
    with django_capture_on_commit_callbacks(execute=True):
        death()
    victim = Player.objects.get(pk=victim.pk)
    assert not victim.alive and victim.death_cause in {c.code for c in game.rules.death_causes}
    wills = Post.objects.filter(thread__board__game=game, kind=PostKind.LAST_WILL)
    assert [post.body for post in wills] == [f"The last will of {victim.name}:\n\nTrust nobody."]
    heard = set(LiveEvent.objects.values_list("topic", "kind"))
    assert {(f"game-{game.pk}", "death"), (f"user-{victim.user_id}", "access")} <= heard
