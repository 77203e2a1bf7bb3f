"""The walk of every page a player or a signed-out visitor reaches (tests/site_pages.py), on a
375 x 812 phone: each page's primary action shows without scrolling, above the bottom bar; no
target is under 44 x 44 px (WCAG 2.5.8's inline exception as tests/browser/walk.py defines it); a
focused control is never hidden by the bottom bar or the header (WCAG 2.2 2.4.11), on the phone
and on a desktop at 200 % zoom; and no page scrolls sideways at 320 px. The moderators' pages
join the focus and 320 px checks. One world and one browser serve every check: the walk runs
once, each test reads its findings."""

import time
from dataclasses import dataclass, field

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, WAIT_MS
from tests.browser.walk import focus_covered, layout, overflow
from tests.site_pages import HEADING, build_world, moderator_pages, primary_actions, visits

WALK_PHONE = {**PHONE, "height": 812}
# A 1280 x 800 desktop window at 200 % zoom lays pages out in 640 x 400 CSS px.
DESKTOP_200 = {"width": 640, "height": 400}
NARROWEST = {"width": 320, "height": 812}


@dataclass
class Findings:
    figures: list[str] = field(default_factory=list)
    primary_hidden: dict[str, str] = field(default_factory=dict)
    small_targets: dict[str, list[str]] = field(default_factory=dict)
    focus_hidden: dict[str, list[str]] = field(default_factory=dict)
    sideways: dict[str, dict] = field(default_factory=dict)
    pages: int = 0
    seconds: float = 0.0


def _visit(page, path: str, findings: Findings, primary: str | None) -> None:
    page.set_viewport_size(WALK_PHONE)
    response = page.goto(path)
    assert response.status == 200, f"{path} answered {response.status}"
    expect(page.locator(".htmx-request")).to_have_count(0)
    findings.pages += 1
    # A moderator's page is measured for the figures; its primary action is not declared.
    seen = layout(page, primary or HEADING)
    action = seen["action"]
    findings.figures.append(
        f"{'' if primary else 'moderator '}{path}: header ends at {seen['headerEnd']}, "
        f"{primary or HEADING} at {action and action['y']}-{action and action['bottom']}, "
        f"bar at {seen['barTop']}"
    )
    if primary is not None:
        if action is None or action["y"] < 0 or action["bottom"] > seen["barTop"]:
            findings.primary_hidden[path] = f"{primary}: {action}, bar at {seen['barTop']}"
        if seen["small"]:
            findings.small_targets[path] = seen["small"]
    for name, viewport in (("phone", WALK_PHONE), ("desktop 200%", DESKTOP_200)):
        page.set_viewport_size(viewport)
        covered = focus_covered(page)
        if covered:
            findings.focus_hidden[f"{name} {path}"] = covered
    page.set_viewport_size(NARROWEST)
    wide = overflow(page)
    if wide["scrollWidth"] > NARROWEST["width"]:
        findings.sideways[path] = wide


@pytest.fixture(scope="module")
def walk(browser, live_server, django_db_setup, django_db_blocker) -> Findings:
    findings = Findings()
    started = time.monotonic()
    with django_db_blocker.unblock():
        try:
            world = build_world()
            primary = primary_actions(world)
            for user, paths in visits(world):
                context = browser.new_context(base_url=live_server.url)
                context.set_default_timeout(WAIT_MS)
                if user is not None:
                    _sign_in(context, user, live_server.url)
                page = context.new_page()
                for path in paths:
                    is_player_page = user != world.moderator
                    _visit(page, path, findings, primary[path] if is_player_page else None)
                context.close()
            assert set(moderator_pages(world)) <= {p for u, ps in visits(world) for p in ps}
        finally:
            call_command("flush", verbosity=0, interactive=False)
    findings.seconds = time.monotonic() - started
    print("\n".join(["", *findings.figures, f"{findings.pages} pages in {findings.seconds:.0f} s"]))
    return findings


def _sign_in(context, user, base_url: str) -> None:
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base_url}])


def _listing(found: dict) -> str:
    return "\n".join(f"{where}: {what}" for where, what in found.items())


def test_every_players_page_shows_its_primary_action_without_scrolling(walk):
    assert walk.figures, "the walk measured no page"
    assert not walk.primary_hidden, _listing(walk.primary_hidden)


def test_no_target_on_a_players_page_is_under_44_px(walk):
    assert not walk.small_targets, _listing(walk.small_targets)


def test_no_focused_control_is_hidden_on_a_phone_or_at_200_percent_zoom(walk):
    assert not walk.focus_hidden, _listing(walk.focus_hidden)


def test_no_page_scrolls_sideways_at_320_px(walk):
    assert not walk.sideways, _listing(walk.sideways)


def test_the_walk_visits_every_page(walk):
    assert walk.pages >= 45, walk.pages
