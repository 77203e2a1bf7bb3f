"""Dead players tell no tales (rules, Kills; R51): every action of a dead player is refused with a
clear message and changes nothing."""

import pytest

from forums.models import Message, Post, Thread
from forums.services.boards import thread_create
from forums.services.messages import message_send
from game.errors import GameRuleError
from game.models import Investigation, Kill, KillStatement, MafiaPowerUse, Vote
from game.services.days.votes import vote_cast
from game.services.investigating.investigations import investigation_request
from game.services.killing.kills import kill_report
from game.services.mafia_powers.powers import mafia_frame
from tests.game.kills_setup import confirmed_kill, reported_kill, town

pytestmark = pytest.mark.django_db


def dead_mafia_town():
    t = town()
    confirmed_kill(t, t.vigilante, t.mafia, "vigilante", 10)
    assert not t.mafia.alive
    return t


def test_a_dead_player_cannot_report_a_kill_made_after_their_death():
    t = dead_mafia_town()
    with pytest.raises(GameRuleError, match="already dead"):
        reported_kill(t, t.mafia, t.townies[1], "free_kill", 30)
    assert Kill.objects.filter(game=t.game).count() == 1
    assert KillStatement.objects.filter(reporter=t.mafia).count() == 0


def test_a_dead_player_may_still_report_a_kill_they_made_while_alive():
    t = dead_mafia_town()
    kill = kill_report(
        game_id=t.game.pk,
        by=t.mafia.user,
        side="killer",
        other_player_id=t.townies[1].pk,
        method="free_kill",
        location="hall",
        happened_at=t.at(5),
        now=t.at(31),
    )
    assert kill.killer == t.mafia


def test_a_dead_player_cannot_vote():
    t = dead_mafia_town()
    with pytest.raises(GameRuleError):
        vote_cast(game_id=t.game.pk, voter_id=t.mafia.pk, target_id=t.townies[1].pk, now=t.at(40))
    assert not Vote.objects.filter(voter=t.mafia).exists()


def test_a_dead_mafia_cannot_use_the_mafia_powers():
    t = dead_mafia_town()
    with pytest.raises(GameRuleError, match="living"):
        mafia_frame(
            game_id=t.game.pk,
            by=t.mafia.user,
            suspect_id=t.townies[1].pk,
            victim_id=t.townies[2].pk,
            now=t.at(40),
        )
    assert not MafiaPowerUse.objects.exists()


def test_a_dead_investigator_cannot_investigate():
    t = town()
    confirmed_kill(t, t.mafia, t.townies[0], "free_kill", 10)
    confirmed_kill(t, t.serial_killer, t.investigator, "serial_killer", 20)
    with pytest.raises(GameRuleError):
        investigation_request(
            game_id=t.game.pk,
            by=t.investigator.user,
            capacity="investigator",
            victim_id=t.townies[0].pk,
            suspect_ids=[t.mafia.pk],
            now=t.at(40),
        )
    assert not Investigation.objects.exists()


def test_a_dead_player_cannot_post_in_town_square_or_message_the_living():
    t = dead_mafia_town()
    threads, posts = Thread.objects.count(), Post.objects.count()
    with pytest.raises(GameRuleError, match="Dead players tell no tales"):
        thread_create(
            game_id=t.game.pk,
            board_kind="town_square",
            by=t.mafia.user,
            title="I was",
            body="killed by the vigilante",
            now=t.at(40),
        )
    with pytest.raises(GameRuleError, match="Dead players tell no tales"):
        message_send(
            game_id=t.game.pk,
            by=t.mafia.user,
            body="the vigilante did it",
            recipient_ids=[t.mafia2.pk],
            now=t.at(40),
        )
    assert (Thread.objects.count(), Post.objects.count()) == (threads, posts)
    assert not Message.objects.exists()
