"""Two people sign up under one username at the same moment (SQLite and PostgreSQL): one account
is made, and the other is answered on the sign-up form as a name already taken, never a 500."""

import pytest
from django.test import Client

from game.models import User
from tests.concurrency.at_once import Call, at_once
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db(transaction=True)


def sign_up(email: str) -> Call:
    fields = {"email": email, "username": "river", "password1": PASSWORD, "password2": PASSWORD}
    return Call(Client(), "post", "/accounts/signup/", fields, form=True)


def test_one_account_for_one_username_when_two_sign_up_at_once():
    answers = at_once([sign_up("ann@example.com"), sign_up("bob@example.com")])

    assert sorted(answer.status_code for answer in answers) == [200, 302]
    refused = next(answer for answer in answers if answer.status_code == 200)
    assert "A user with that username already exists." in refused.content.decode()
    assert User.objects.filter(username="river").count() == 1
