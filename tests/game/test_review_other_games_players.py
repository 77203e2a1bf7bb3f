"""A player id from another game in any body is forged input: a clear message, nothing changes."""

import pytest

from forums.models import Conversation, DenMembership
from forums.services.boards import den_member_add
from forums.services.messages import message_send
from game.errors import GameRuleError
from game.models import (
    Investigation,
    Kill,
    LogEntry,
    MafiaPowerUse,
    PriestListEntry,
    ShovelUse,
    Vote,
)
from game.services.days.votes import vote_cast
from game.services.investigating.investigations import investigation_request
from game.services.investigating.investigative_roles import priest_lists_set
from game.services.items_offices.shovels import shovel_use
from game.services.killing.kills import kill_report
from game.services.mafia_powers.mafia import mafia_manipulate_press
from game.services.mafia_powers.powers import mafia_designate_don, mafia_frame, mafia_plant_evidence
from tests.game.kills_setup import confirmed_kill, town

pytestmark = pytest.mark.django_db


def actions(a, b, b_kill):
    """Each action of game A, given a player (or kill) of game B."""
    there = b.townies[0]
    return {
        "vote": lambda: vote_cast(
            game_id=a.game.pk, voter_id=a.townies[1].pk, target_id=there.pk, now=a.at(40)
        ),
        "vote fallback": lambda: vote_cast(
            game_id=a.game.pk,
            voter_id=a.townies[1].pk,
            target_id=a.townies[2].pk,
            fallback_id=there.pk,
            condition="primary_dead",
            now=a.at(40),
        ),
        "kill report": lambda: kill_report(
            game_id=a.game.pk,
            by=a.vigilante.user,
            side="killer",
            other_player_id=b.townies[1].pk,
            method="vigilante",
            location="x",
            now=a.at(40),
        ),
        "investigation": lambda: investigation_request(
            game_id=a.game.pk,
            by=a.investigator.user,
            capacity="investigator",
            victim_id=a.townies[0].pk,
            suspect_ids=[there.pk],
            now=a.at(40),
        ),
        "frame": lambda: mafia_frame(
            game_id=a.game.pk,
            by=a.mafia.user,
            suspect_id=there.pk,
            victim_id=a.townies[0].pk,
            now=a.at(40),
        ),
        "plant": lambda: mafia_plant_evidence(
            game_id=a.game.pk,
            by=a.mafia.user,
            target_id=b.townies[1].pk,
            role="mafia",
            alignment="mafia",
            now=a.at(40),
        ),
        "press": lambda: mafia_manipulate_press(
            game_id=a.game.pk, by=a.mafia.user, kill_id=b_kill.pk, location="x", now=a.at(40)
        ),
        "don": lambda: mafia_designate_don(
            game_id=a.game.pk, by=a.mafia.user, don_id=b.mafia.pk, now=a.at(40)
        ),
        "shovel": lambda: shovel_use(
            game_id=a.game.pk, by=a.vigilante.user, dead_player_id=there.pk, now=a.at(40)
        ),
        "priest": lambda: priest_lists_set(
            game_id=a.game.pk, by=a.priest.user, saint_ids=[there.pk], sinner_ids=[], now=a.at(40)
        ),
        "den add": lambda: den_member_add(
            game_id=a.game.pk, by=a.mafia.user, player_id=b.townies[1].pk, now=a.at(40)
        ),
        "message": lambda: message_send(
            game_id=a.game.pk,
            by=a.townies[1].user,
            body="hi",
            recipient_ids=[b.townies[1].pk],
            now=a.at(40),
        ),
    }


def counts():
    return [
        model.objects.count()
        for model in (
            Vote,
            Kill,
            Investigation,
            MafiaPowerUse,
            ShovelUse,
            PriestListEntry,
            DenMembership,
            Conversation,
            LogEntry,
        )
    ]


def test_every_action_refuses_a_player_or_kill_of_another_game_and_changes_nothing():
    a = town()
    confirmed_kill(a, a.mafia2, a.townies[0], "free_kill", 10)
    a.give_shovel(a.vigilante)
    b = town()
    b_kill = confirmed_kill(b, b.mafia, b.townies[0], "free_kill", 10)
    before = counts()
    accepted, messages = [], {}
    for name, action in actions(a, b, b_kill).items():
        try:
            action()
        except GameRuleError as error:
            messages[name] = error.message
        else:
            accepted.append(name)
    assert accepted == []
    assert counts() == before
    assert all("this game" in text for name, text in messages.items() if name != "press")
