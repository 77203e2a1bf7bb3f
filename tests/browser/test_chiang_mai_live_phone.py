"""A Chiang Mai phone on the live channel (the embedded one of `make run`) at 375 px: the
host's tap is heard at once and a called Killer's "point now" appears without a reload; the
host's page hears the phone's pointing (M12)."""

from __future__ import annotations

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from game.services.chiang_mai.entries import chiang_mai_enter
from tests.browser.conftest import PHONE
from tests.browser.test_live_embedded_phone import heard, listen
from tests.browser.test_live_pages_phone import wait_until_live
from tests.factories import moderator_of
from tests.game.chiang_mai.helpers import dealt_table
from tests.live.conftest import embedded_server  # noqa: F401 (fixture)

pytestmark = pytest.mark.browser


@pytest.fixture
def phone_at(browser_contexts, embedded_server):  # noqa: F811 (the fixture imported above)
    return lambda user: browser_contexts(PHONE, embedded_server, user).new_page()


def test_a_called_killer_sees_point_now_and_the_host_sees_where_they_pointed(phone_at):
    game, players = dealt_table(10, phones=10)
    host_user = moderator_of(game)
    killer = next(p for p in players if "black_king" in p.state["dealt"])
    target = next(p for p in players if not {"black_king", "red_king"} & set(p.state["dealt"]))
    phone = phone_at(killer.user)
    phone.goto(f"/games/{game.pk}/chiang-mai/")
    wait_until_live(phone)
    listen(phone, "phase")
    expect(phone.locator("#call-heading")).to_have_count(0)
    chiang_mai_enter(game_id=game.pk, by=host_user, entries=[{"kind": "next"}], now=timezone.now())
    heard(phone, "phase")
    expect(phone.locator("#call-heading")).to_contain_text("Killers, point now")
    host = phone_at(host_user)
    host.goto(f"/games/{game.pk}/chiang-mai/host/")
    wait_until_live(host)
    listen(host, "table")
    with phone.expect_navigation():
        phone.locator(f"#main form:has(input[value='{target.pk}']) button").first.click()
    heard(host, "table")
    expect(host.locator("#pointings")).to_contain_text(f"{killer.name}, pointed at {target.name}")
