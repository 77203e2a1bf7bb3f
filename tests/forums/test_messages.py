import pytest
from django.urls import reverse

from forums.errors import ForbiddenError
from forums.models import Conversation, ConversationKind, Notification
from forums.services import message_send
from game.errors import GameRuleError
from game.services.lobby.games import moderator_add
from tests.conftest import client_for
from tests.factories import UserFactory, moderator_of, running_game
from tests.forums.helpers import LATER, kill


@pytest.fixture
def game_and_players(db):
    game, players = running_game(5, mafia=1)
    game.refresh_from_db()
    return game, players


def test_players_converse_and_the_moderators_read_every_conversation(game_and_players):
    game, players = game_and_players
    message = message_send(
        game_id=game.pk, by=players[1].user, recipient_ids=[players[2].pk],
        subject="Plans", body="Meet at the dome", now=LATER,
    )  # fmt: skip
    url = reverse("forums:conversation_detail", args=[game.pk, message.conversation_id])
    for reader in (players[1].user, players[2].user, moderator_of(game)):
        page = client_for(reader).get(url).content.decode()
        assert "Meet at the dome" in page
        assert "The moderators of this game can read this conversation" in page
    assert client_for(players[3].user).get(url).status_code == 404
    assert Notification.objects.filter(user=players[2].user, message=message).exists()


def test_the_moderators_inbox_reaches_every_moderator_who_answer_as_moderators(game_and_players):
    game, players = game_and_players
    second = UserFactory()
    moderator_add(
        game_id=game.pk, by=moderator_of(game), username_or_email=second.username, now=LATER
    )
    question = message_send(
        game_id=game.pk, by=players[1].user, to_moderators=True, subject="Shovel",
        body="I shovel p-x", now=LATER,
    )  # fmt: skip
    assert question.conversation.kind == ConversationKind.MODERATORS
    assert Notification.objects.filter(message=question).count() == 2
    answer = message_send(
        game_id=game.pk, by=second, conversation_id=question.conversation_id,
        body="They were a townie.", now=LATER,
    )  # fmt: skip
    assert answer.as_moderator and answer.author_label == "Moderators"
    assert Notification.objects.filter(message=answer, user=players[1].user).exists()
    url = reverse("forums:conversation_detail", args=[game.pk, question.conversation_id])
    page = client_for(moderator_of(game)).get(url).content.decode()
    assert "They were a townie." in page


def test_dead_players_may_not_message_living_players(game_and_players):
    game, players = game_and_players
    kill(players[1])
    with pytest.raises(ForbiddenError, match="Dead players tell no tales"):
        message_send(
            game_id=game.pk, by=players[1].user, recipient_ids=[players[2].pk],
            body="It was p-1", now=LATER,
        )  # fmt: skip
    assert not Conversation.objects.filter(game=game).exists()


def test_dead_players_still_write_to_the_moderators_and_to_the_dead(game_and_players):
    game, players = game_and_players
    kill(players[1])
    kill(players[2])
    message_send(game_id=game.pk, by=players[1].user, to_moderators=True, body="hi", now=LATER)
    message_send(
        game_id=game.pk, by=players[1].user, recipient_ids=[players[2].pk], body="boo", now=LATER
    )
    assert Conversation.objects.filter(game=game).count() == 2


def test_a_dead_player_cannot_reply_in_a_conversation_with_the_living(game_and_players):
    game, players = game_and_players
    first = message_send(
        game_id=game.pk, by=players[1].user, recipient_ids=[players[2].pk], body="hi", now=LATER
    )
    kill(players[2])
    response = client_for(players[2].user).post(
        reverse("forums:conversation_detail", args=[game.pk, first.conversation_id]),
        {"body": "I was killed by p-3"},
    )
    assert response.status_code == 403
    assert "Dead players tell no tales" in response.content.decode()


def test_moderators_can_write_to_anyone(game_and_players):
    game, players = game_and_players
    kill(players[1])
    message = message_send(
        game_id=game.pk, by=moderator_of(game), recipient_ids=[players[1].pk, players[2].pk],
        subject="Inactivity", body="Are you there?", now=LATER,
    )  # fmt: skip
    assert message.as_moderator
    assert Notification.objects.filter(message=message).count() == 2


def test_recipients_from_another_game_are_refused(game_and_players):
    game, players = game_and_players
    _, others = running_game(2)
    with pytest.raises(GameRuleError, match="not players of this game"):
        message_send(
            game_id=game.pk, by=players[1].user, recipient_ids=[others[0].pk], body="hi", now=LATER
        )


def test_a_spectator_has_no_messages_page(game_and_players):
    game, _ = game_and_players
    url = reverse("forums:conversation_list", args=[game.pk])
    assert client_for(UserFactory()).get(url).status_code == 404
