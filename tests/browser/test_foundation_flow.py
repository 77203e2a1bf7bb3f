import re

import pytest
from django.core import mail

from game.models import Game, Player
from tests.browser.conftest import DESKTOP, log_in
from tests.factories import PASSWORD, UserFactory, make_game, sign_up

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_new_player_signs_up_joins_and_reads_their_role_card(live_server, new_page):
    base = live_server.url
    moderator = UserFactory(username="modder")
    game = make_game(
        moderator=moderator,
        name="Spring Game",
        setup={
            "roles": {
                "mafia": 1,
                "serial_killer": 0,
                "investigator": 0,
                "desperado": 0,
                "gay_knight": 0,
                "group_investigator": 0,
                "innocent_child": 0,
                "priest": 0,
                "stalker": 0,
                "vigilante": 0,
            }
        },
    )
    sign_up(game, 2)

    phone = new_page()
    phone.goto(f"{base}/accounts/signup/")
    phone.fill("input[name=email]", "newcomer@example.com")
    phone.fill("input[name=username]", "newcomer")
    phone.fill("input[name=password1]", "a-long-Passphrase-42")
    phone.fill("input[name=password2]", "a-long-Passphrase-42")
    phone.click("form button[type=submit]")
    phone.wait_for_url(re.compile(r".*/accounts/confirm-email/"))
    link = re.search(r"https?://[^/\s]+(/accounts/confirm-email/\S+)", mail.outbox[-1].body)
    phone.goto(base + link.group(1))
    phone.click("form button[type=submit]")
    phone.wait_for_url(f"{base}/")

    phone.click("text=Spring Game")
    phone.click("a.button:has-text('Sign up')")
    phone.fill("textarea[name=introduction]", "I live in the east tower.")
    phone.click("button:has-text('Join the game')")
    phone.wait_for_selector("text=You are signed up for Spring Game.")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375

    desk = new_page(DESKTOP)
    log_in(desk, base, "modder", PASSWORD)
    desk.goto(f"{base}/games/{game.pk}/mod/")
    desk.on("dialog", lambda dialog: dialog.accept())
    desk.click("button:has-text('Deal roles at random')")
    desk.wait_for_selector("text=Roles dealt at random.")
    desk.click("#start-game")
    desk.wait_for_selector("text=The game has started")
    assert Game.objects.get(pk=game.pk).current_day == 1

    phone.goto(f"{base}/games/{game.pk}/")
    phone.click("text=My role")
    newcomer = Player.objects.get(game=game, user__username="newcomer")
    assert phone.inner_text("#role-name") == newcomer.get_role_display()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
