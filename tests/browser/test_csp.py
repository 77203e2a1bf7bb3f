"""In Chromium, under the Content-Security-Policy: the app's own scripts run (they carry the
nonce), an inline script or event handler without it does not, and the confirmations that used
to be inline `onsubmit` handlers still ask before a form is sent."""

import pytest
from playwright.sync_api import expect

from game.models import Player
from tests.factories import make_game, running_game, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

INJECT = """(withNonce) => {
  window.__ran = [];
  const script = document.createElement("script");
  if (withNonce) script.nonce = document.querySelector("script[nonce]").nonce;
  script.textContent = "window.__ran.push('script')";
  document.body.appendChild(script);
  const button = document.createElement("button");
  button.setAttribute("onclick", "window.__ran.push('handler')");
  document.body.appendChild(button);
  button.click();
  return window.__ran;
}"""


def violations_of(page) -> list[str]:
    found: list[str] = []
    page.on(
        "console",
        lambda message: "Content Security Policy" in message.text and found.append(message.text),
    )
    return found


def test_the_apps_scripts_run_and_no_inline_script_runs_without_the_nonce(signed_in):
    game, players = running_game(4)
    page = signed_in(players[1].user).new_page()
    violations = violations_of(page)
    response = page.goto(f"/games/{game.pk}/")
    assert "'nonce-" in response.headers["content-security-policy"]
    expect(page.locator("#day-clock [data-countdown]")).to_contain_text("processed")
    assert page.evaluate("typeof window.htmx") == "object"
    assert violations == []
    assert page.evaluate(INJECT, False) == []
    assert len(violations) == 2
    assert page.evaluate(INJECT, True) == ["script"]


def test_a_confirmation_still_asks_before_the_form_is_sent(signed_in):
    game = make_game()
    (player,) = sign_up(game, 1)
    page = signed_in(player.user).new_page()
    violations = violations_of(page)
    page.goto(f"/games/{game.pk}/")
    questions: list[str] = []
    page.once("dialog", lambda dialog: (questions.append(dialog.message), dialog.dismiss()))
    with page.expect_event("dialog"):
        page.get_by_role("button", name="Withdraw").click()
    assert questions == ["Withdraw your sign-up?"]
    assert Player.objects.filter(pk=player.pk).exists()
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Withdraw").click()
    expect(page.locator(".messages")).to_be_visible()
    assert not Player.objects.filter(pk=player.pk).exists()
    assert violations == []


def test_the_api_documentation_renders_under_the_policy(new_page, live_server):
    page = new_page()
    violations = violations_of(page)
    page.goto(f"{live_server.url}/api/v1/docs")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("mafia-mod API")
    assert violations == []
