"""Going desperado (R25) and using a taser (R44) from the role card on a 375 px phone."""

import datetime as dt

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from game.models import DesperadoRequest, Item, Tazing
from game.rulesets.live_action.items import ItemKind
from tests.browser.test_kills_frame_to_answer import fits_the_phone, phone_page
from tests.game.kills_setup import town

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_desperado_asks_then_cancels_on_the_phone(signed_in):
    t = town()
    page = phone_page(signed_in, t.desperado)
    page.goto(f"/games/{t.game.pk}/me/")
    fits_the_phone(page)
    page.click("#desperado-submit")
    expect(page.locator(".messages")).to_contain_text("Request sent")
    fits_the_phone(page)
    page.click("#desperado-cancel")
    expect(page.locator(".messages")).to_contain_text("Request cancelled")
    assert DesperadoRequest.objects.get().cancelled_at is not None


def test_a_taser_holder_writes_a_name_and_tazes_on_the_phone(signed_in):
    t = town()
    holder = t.townies[0]
    taser = Item.objects.create(game=t.game, kind=ItemKind.TASER, holder=holder)
    page = phone_page(signed_in, holder)
    page.goto(f"/games/{t.game.pk}/me/")
    fits_the_phone(page)
    page.select_option(f"#taser-{taser.pk}-target", str(t.vigilante.pk))
    page.click("button.taser-write")
    expect(page.locator(".messages")).to_contain_text("Name written")
    page.click("button.taser-use")
    expect(page.locator("#error-summary")).to_contain_text("5 minutes")
    expect(page.locator("#error-summary")).to_be_focused()
    fits_the_phone(page)
    Item.objects.filter(pk=taser.pk).update(
        taser_target_written_at=timezone.now() - dt.timedelta(minutes=6)
    )
    page.click("button.taser-use")
    expect(page.locator(".messages")).to_contain_text("Tazing reported")
    assert Tazing.objects.get().target == t.vigilante
