"""`manage.py api_tokens`: tokens for a moderator and bot players, usable on the API at once;
earlier tokens of the same name revoked."""

import io
import json

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from game.models import ApiToken, User
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def tokens(*args) -> dict[str, str]:
    out = io.StringIO()
    call_command("api_tokens", *args, stdout=out)
    return json.loads(out.getvalue())


def test_tokens_are_printed_and_work_on_the_api():
    moderator = UserFactory()
    printed = tokens(moderator.username)
    response = Client().post(
        "/api/v1/games",
        {"name": "Bots' game"},
        content_type="application/json",
        headers={"authorization": f"Bearer {printed[moderator.username]}"},
    )
    assert response.status_code == 201


def test_missing_users_are_refused_unless_asked_to_create_them():
    with pytest.raises(CommandError, match="No user 'bot-1'"):
        tokens("bot-1")
    assert not User.objects.filter(username="bot-1").exists()
    printed = tokens("bot-1", "bot-2", "--create-users")
    assert set(printed) == {"bot-1", "bot-2"}
    bot = User.objects.get(username="bot-1")
    assert not bot.has_usable_password()
    assert bot.emailaddress_set.get().verified


def test_a_new_token_revokes_the_earlier_one_of_the_same_name():
    user = UserFactory()
    first = tokens(user.username)[user.username]
    for _ in range(12):
        latest = tokens(user.username)[user.username]
    assert ApiToken.objects.filter(user=user, name="bots").count() == 1
    client = Client()
    assert (
        client.get(
            "/api/v1/forums/notifications", headers={"authorization": f"Bearer {first}"}
        ).status_code
        == 401
    )
    assert (
        client.get(
            "/api/v1/forums/notifications", headers={"authorization": f"Bearer {latest}"}
        ).status_code
        == 200
    )
