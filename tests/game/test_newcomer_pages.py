"""A newcomer under `make run` finds the demo's logins on the home page, and the page that waits
for a verification e-mail says where this server puts e-mails (issue: the newcomer's README)."""

import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from game.demo import DEMO_PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo_loaded():
    call_command("demo_load", stdout=io.StringIO())


def test_the_home_page_of_make_run_shows_the_demo_logins(client, settings, demo_loaded):
    settings.DEMO_LOGINS_SHOWN = True
    page = client.get(reverse("home")).content.decode()
    assert "demo-mod" in page and "demo-player-01" in page and "demo-player-30" in page
    assert DEMO_PASSWORD in page


def test_a_production_home_page_never_shows_the_demo_logins(client, settings, demo_loaded):
    settings.DEMO_LOGINS_SHOWN = False
    page = client.get(reverse("home")).content.decode()
    assert DEMO_PASSWORD not in page and "demo-mod" not in page


def test_the_demo_logins_are_not_offered_where_there_is_no_demo_game(client, settings):
    settings.DEMO_LOGINS_SHOWN = True
    assert DEMO_PASSWORD not in client.get(reverse("home")).content.decode()


def sign_up(client) -> str:
    response = client.post(
        reverse("account_signup"),
        {
            "username": "newcomer",
            "email": "newcomer@example.com",
            "password1": "a long enough password 123",
            "password2": "a long enough password 123",
        },
        follow=True,
    )
    return response.content.decode()


def test_the_verification_page_points_to_the_terminal_when_e_mails_are_printed(client, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
    page = sign_up(client)
    assert "Verify your e-mail address" in page
    assert "terminal" in page and "spam" not in page


def test_the_verification_page_speaks_of_the_inbox_when_e_mails_are_sent(client, settings):
    page = sign_up(client)
    assert "Verify your e-mail address" in page
    assert "terminal" not in page and "spam folder" in page
