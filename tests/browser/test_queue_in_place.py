"""The moderators' queue acts in place (htmx) on a 375 px phone: a decision changes its card and
the queue counter without loading a page, a refusal shows its summary in place, Undo brings the
kill back; the page passes axe with decisions waiting their minute."""

import pytest
from playwright.sync_api import expect

from game.models import Kill, KillStatus
from tests.browser.axe import axe_violations, blocking
from tests.browser.test_refused_forms import day_running_for_hours
from tests.game.kills_setup import town
from tests.game.test_queue_decisions import reported

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_decisions_change_the_queue_in_place_and_undo_brings_a_kill_back(phone):
    t = town()
    day_running_for_hours(t.game)
    first = reported(t, t.mafia, t.townies[0], "free_kill")
    reported(t, t.vigilante, t.townies[1], "vigilante")
    disputed = reported(t, t.serial_killer, t.townies[2], "serial_killer", agreed=False)
    page = phone(t.mod)
    loads = []
    page.on("load", lambda _: loads.append(1))
    page.goto(f"/games/{t.game.pk}/mod/queue/")
    expect(page.locator("#queue-link")).to_contain_text("Queue (3)")

    page.locator("#confirm-agreed").click()
    expect(page.locator(".queue-entry.held")).to_have_count(2)
    expect(page.locator("#queue-link")).to_contain_text("Queue (1)")
    expect(page.locator("#messages")).to_be_focused()

    page.locator(f"#kill-{disputed.pk} button.secondary").first.click()
    expect(page.locator("#error-summary")).to_contain_text("Give a reason")
    expect(page.locator("#error-summary")).to_be_focused()

    page.locator(f"#kill-{first.pk} button.undo").click()
    expect(page.locator(f"#kill-{first.pk} button.confirm-kill")).to_be_visible()
    expect(page.locator("#queue-link")).to_contain_text("Queue (2)")
    assert len(loads) == 1, "the queue loaded a page for a decision"
    assert Kill.objects.get(pk=first.pk).status == KillStatus.PENDING

    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert not blocking(axe_violations(page))
