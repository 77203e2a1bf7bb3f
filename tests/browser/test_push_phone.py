"""Web Push on a 375 px phone: the service worker registers under the strict CSP, the page
subscribes this browser and the server keeps the subscription, and the server builds and signs
a message for it. The browser's push service is not reachable here, so the page is given a
stand-in for PushManager's subscribe (with real keys made by the test); nothing is sent out."""

import base64
import json

import http_ece
import pytest
from django.utils import timezone
from playwright.sync_api import expect
from py_vapid import Vapid02

from forums.models import Notification, PushSubscription
from forums.services.push import push_requests_for
from game.services.deadlines import process_due_events
from tests.factories import running_game
from tests.forums.push_keys import browser_keys, vapid_pair

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
ENDPOINT = "https://push.example.test/send/phone-1"

STAND_IN = """
(() => {
  const subscription = %s;
  let current = null;
  const made = () => ({
    endpoint: subscription.endpoint,
    toJSON: () => subscription,
    unsubscribe: () => { current = null; return Promise.resolve(true); },
  });
  PushManager.prototype.subscribe = function (options) {
    window.pushOptions = {
      userVisibleOnly: options.userVisibleOnly,
      key: Array.from(new Uint8Array(options.applicationServerKey)),
    };
    current = made();
    return Promise.resolve(current);
  };
  PushManager.prototype.getSubscription = function () { return Promise.resolve(current); };
})();
"""


def test_a_phone_subscribes_to_push_and_the_server_signs_a_message_for_it(
    settings, signed_in, live_server
):
    vapid = vapid_pair()
    settings.WEBPUSH_VAPID_PRIVATE_KEY = vapid.private
    settings.WEBPUSH_VAPID_PUBLIC_KEY = vapid.public
    game, players = running_game(4)
    player = players[1]
    keys = browser_keys()
    context = signed_in(player.user)
    context.grant_permissions(["notifications"], origin=live_server.url)
    context.add_init_script(
        STAND_IN % json.dumps(
            {"endpoint": ENDPOINT, "expirationTime": None,
             "keys": {"p256dh": keys.p256dh, "auth": keys.auth}}
        )
    )  # fmt: skip
    page = context.new_page()
    refused_by_csp = []
    page.on(
        "console",
        lambda m: refused_by_csp.append(m.text) if "Content Security Policy" in m.text else None,
    )
    page.goto("/forums/notifications/")

    scope, script = page.evaluate(
        "navigator.serviceWorker.ready.then(r => [r.scope, r.active.scriptURL])"
    )
    assert scope == f"{live_server.url}/"
    assert script == f"{live_server.url}/sw.js"
    assert page.evaluate("document.querySelector('link[rel=manifest]').href").endswith(
        "/manifest.webmanifest"
    )

    toggle = page.get_by_role("button", name="Turn on push notifications")
    expect(toggle).to_be_visible()
    toggle.click()
    expect(page.locator("#push-status")).to_have_text("Push notifications are on for this browser.")
    options = page.evaluate("window.pushOptions")
    assert options["userVisibleOnly"] is True
    padded = vapid.public + "=" * (-len(vapid.public) % 4)
    assert bytes(options["key"]) == base64.urlsafe_b64decode(padded)
    subscription = PushSubscription.objects.get(user=player.user)
    assert (subscription.endpoint, subscription.p256dh) == (ENDPOINT, keys.p256dh)

    game.refresh_from_db()
    process_due_events(now=game.due_events.get(kind="vote_reminder").due_at)
    notification = Notification.objects.get(user=player.user, kind="vote_reminder")
    [request] = push_requests_for(notification, now=timezone.now())
    assert request.endpoint == ENDPOINT
    assert Vapid02.verify(request.headers["Authorization"])
    assert f"k={vapid.public}" in request.headers["Authorization"]
    message = json.loads(
        http_ece.decrypt(
            request.body,
            private_key=keys.private_key,
            auth_secret=keys.auth_secret,
            version="aes128gcm",
        )
    )
    assert message["url"] == f"/games/{game.pk}/vote/"
    assert "you have not voted" in message["body"]

    page.get_by_role("button", name="Turn off push notifications").click()
    expect(page.locator("#push-status")).to_have_text(
        "Push notifications are off for this browser."
    )
    assert not PushSubscription.objects.filter(user=player.user).exists()
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    assert refused_by_csp == []


def test_without_push_support_the_page_says_so_and_everything_else_works(
    settings, signed_in, live_server
):
    vapid = vapid_pair()
    settings.WEBPUSH_VAPID_PRIVATE_KEY = vapid.private
    settings.WEBPUSH_VAPID_PUBLIC_KEY = vapid.public
    game, players = running_game(4)
    context = signed_in(players[1].user)
    context.add_init_script("delete window.PushManager;")
    page = context.new_page()
    page.goto("/forums/notifications/")
    expect(page.locator("#push-status")).to_have_text(
        "This browser cannot receive push notifications."
    )
    expect(page.locator("#push-toggle")).to_be_hidden()
    page.get_by_role("button", name="Save").click()
    expect(page.locator("#messages")).to_contain_text("Your email choices are saved.")
