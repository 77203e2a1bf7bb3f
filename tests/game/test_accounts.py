import re

import pytest
from django.core import mail
from django.test import Client

from game.models import User
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


def test_sign_up_needs_email_verification_before_login():
    client = Client()
    response = client.post(
        "/accounts/signup/",
        {
            "email": "new@example.com",
            "username": "newbie",
            "password1": "s3cret-Passphrase",
            "password2": "s3cret-Passphrase",
        },
    )
    assert response.status_code == 302
    assert "/accounts/confirm-email/" in response["Location"]
    assert len(mail.outbox) == 1
    link = re.search(r"http://testserver(/accounts/confirm-email/[^\s]+)", mail.outbox[0].body)
    assert link
    assert client.get("/").wsgi_request.user.is_authenticated is False
    confirm = client.post(link.group(1))
    assert confirm.status_code == 302
    assert client.get("/").wsgi_request.user.username == "newbie"


@pytest.mark.parametrize("login_field", ["username", "email"])
def test_login_by_username_or_email(login_field):
    user = UserFactory()
    response = Client().post(
        "/accounts/login/", {"login": getattr(user, login_field), "password": PASSWORD}
    )
    assert response.status_code == 302


def failed_login(client: Client, login: str, address: str) -> int:
    return client.post(
        "/accounts/login/", {"login": login, "password": "wrong"}, REMOTE_ADDR=address
    ).status_code


def test_failed_logins_lock_out_a_username_only_from_the_guessing_address():
    victim = UserFactory()
    client = Client()
    for _ in range(5):
        failed_login(client, victim.username, "10.0.0.7")
    locked = client.post(
        "/accounts/login/",
        {"login": victim.username, "password": PASSWORD},
        REMOTE_ADDR="10.0.0.7",
    )
    assert locked.status_code == 200
    assert b"Too many failed login attempts" in locked.content
    from_elsewhere = Client().post(
        "/accounts/login/",
        {"login": victim.username, "password": PASSWORD},
        REMOTE_ADDR="10.0.0.99",
    )
    assert from_elsewhere.status_code == 302


def test_a_neighbour_on_a_shared_address_is_not_locked_out_by_anothers_failures():
    neighbour = UserFactory()
    client = Client()
    for _ in range(6):
        failed_login(client, "someone-else", "10.1.1.1")
    response = Client().post(
        "/accounts/login/",
        {"login": neighbour.username, "password": PASSWORD},
        REMOTE_ADDR="10.1.1.1",
    )
    assert response.status_code == 302


def test_display_name_change():
    user = UserFactory()
    client = Client()
    client.force_login(user)
    client.post("/profile/", {"display_name": "Night Owl"})
    user.refresh_from_db()
    assert user.display_name == "Night Owl"
    assert User.objects.get(pk=user.pk).public_name == "Night Owl"


def test_a_spoofed_forwarded_for_header_does_not_reset_the_login_limit():
    victim = UserFactory()
    client = Client()
    for attempt in range(5):
        client.post(
            "/accounts/login/",
            {"login": victim.username, "password": "wrong"},
            REMOTE_ADDR="10.0.0.7",
            HTTP_X_FORWARDED_FOR=f"198.51.100.{attempt}",
            HTTP_X_REAL_IP=f"198.51.100.{attempt}",
        )
    response = client.post(
        "/accounts/login/",
        {"login": victim.username, "password": PASSWORD},
        REMOTE_ADDR="10.0.0.7",
        HTTP_X_FORWARDED_FOR="198.51.100.200",
        HTTP_X_REAL_IP="198.51.100.200",
    )
    assert response.status_code == 200
    assert b"Too many failed login attempts" in response.content


def test_logins_by_email_and_by_username_share_one_limit():
    victim = UserFactory()
    client = Client()
    for login in [victim.username, victim.email.upper()] * 2 + [victim.username.upper()]:
        failed_login(client, login, "10.0.0.8")
    for login in (victim.email, victim.username):
        response = client.post(
            "/accounts/login/", {"login": login, "password": PASSWORD}, REMOTE_ADDR="10.0.0.8"
        )
        assert response.status_code == 200
        assert b"Too many failed login attempts" in response.content
