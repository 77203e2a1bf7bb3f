"""axe-core on every page a player, a newcomer or a moderator reaches, at 375 px and 1280 px, in
light and dark mode: no violation of impact serious or critical."""

import pytest
from playwright.sync_api import expect

from tests.browser.axe import axe_violations, blocking
from tests.browser.conftest import DESKTOP, PHONE
from tests.site_pages import build_world, visits

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["375px", "1280px"])
def test_no_page_has_a_serious_or_critical_axe_violation(viewport, browser_contexts, live_server):
    world = build_world()
    pages = visits(world)
    found: dict[str, list[dict]] = {}
    pages_checked = 0
    for user, paths in pages:
        page = browser_contexts(viewport, live_server.url, user).new_page()
        for path in paths:
            response = page.goto(path)
            assert response.status == 200, f"{path} answered {response.status}"
            expect(page.locator(".htmx-request")).to_have_count(0)
            for scheme in ("light", "dark"):
                page.emulate_media(color_scheme=scheme)
                violations = axe_violations(page)
                pages_checked += 1
                print(
                    f"axe {viewport['width']}px {scheme} {path}: {len(violations)} "
                    f"({len(blocking(violations))} serious or critical)",
                    [v["id"] for v in violations],
                )
                if blocking(violations):
                    found[f"{scheme} {path}"] = blocking(violations)
            page.emulate_media(color_scheme="light")
    assert pages_checked == 2 * sum(len(paths) for _, paths in pages)
    assert not found, "\n".join(f"{where}: {v}" for where, vs in found.items() for v in vs)
