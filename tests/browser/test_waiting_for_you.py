"""The "waiting for you" card at the top of a player's overview on a 375 px phone: each thing
that waits (an item offered, a kill report to answer, an answer ready, a poisoning) links to
where to act or read, and the card passes axe in light and dark mode."""

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from game.services.days.end_of_day import poison_schedule
from game.services.investigating.investigations import (
    investigation_request,
    investigation_send,
    site_visit_report,
)
from game.services.items_offices.item_transfers import item_transfer_offer
from game.services.killing.kills import kill_report
from tests.browser.axe import axe_violations, blocking
from tests.game.kills_setup import confirmed_kill, town

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_card_lists_what_waits_and_each_item_links_to_its_action(phone):
    t = town()
    victim = t.townies[0]
    kill = kill_report(
        game_id=t.game.pk,
        by=t.mafia.user,
        side="killer",
        other_player_id=victim.pk,
        method="free_kill",
        location="Lobby 7",
        now=timezone.now(),
    )
    page = phone(victim.user)
    page.goto(f"/games/{t.game.pk}/")
    card = page.get_by_role("region", name="Waiting for you")
    expect(card).to_contain_text("A report of your death waits for your answer")
    expect(page.locator("main h1 + #waiting-for-you")).to_have_count(1)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert not blocking(axe_violations(page))
    card.get_by_role("link", name="Confirm or dispute").click()
    expect(page).to_have_url(
        f"{page.url.split('/games/')[0]}/games/{t.game.pk}/kills/#kill-{kill.pk}"
    )
    expect(page.locator(f"#kill-{kill.pk} button.confirm-kill")).to_be_visible()


def test_an_answer_ready_and_a_poisoning_are_on_the_card(phone):
    t = town()
    dead = t.townies[1]
    confirmed_kill(t, t.mafia, dead, "free_kill", 10)
    site_visit_report(game_id=t.game.pk, by=t.investigator.user, victim_id=dead.pk, now=t.at(20))
    inv = investigation_request(
        game_id=t.game.pk,
        by=t.investigator.user,
        capacity="investigator",
        victim_id=dead.pk,
        suspect_ids=[t.mafia.pk],
        now=t.at(21),
    )
    investigation_send(game_id=t.game.pk, investigation_id=inv.pk, by=t.mod, now=t.at(30))
    poison_schedule(game=t.game, victim=t.investigator, day=0, now=t.at(31))
    page = phone(t.investigator.user)
    page.goto(f"/games/{t.game.pk}/")
    card = page.get_by_role("region", name="Waiting for you")
    expect(card).to_contain_text("You were poisoned")
    card.get_by_role("link", name="Read the answer").click()
    expect(page).to_have_url(
        f"{page.url.split('/games/')[0]}/games/{t.game.pk}/results/investigations/{inv.pk}/"
    )


def test_an_item_offered_to_the_player_is_first_on_the_card_and_links_to_accept_or_decline(phone):
    t = town()
    shovel = t.give_shovel(t.townies[0])
    offer = item_transfer_offer(
        game_id=t.game.pk,
        by=t.townies[0].user,
        item_id=shovel.pk,
        receiver_id=t.investigator.pk,
        now=t.at(5),
    )
    kill_report(
        game_id=t.game.pk,
        by=t.mafia.user,
        side="killer",
        other_player_id=t.investigator.pk,
        method="free_kill",
        location="Lobby 7",
        now=t.at(6),
    )
    page = phone(t.investigator.user)
    page.goto(f"/games/{t.game.pk}/")
    first = page.get_by_role("region", name="Waiting for you").get_by_role("listitem").first
    expect(first).to_have_text(
        f"{t.townies[0].name} offers you their shovel: it is yours only once you accept (R45). "
        "Accept or decline"
    )
    first.get_by_role("link", name="Accept or decline").click()
    expect(page).to_have_url(
        f"{page.url.split('/games/')[0]}/games/{t.game.pk}/me/#offer-{offer.pk}"
    )
    expect(page.locator(f"#offer-{offer.pk} button.offer-accept")).to_be_visible()
    expect(page.locator(f"#offer-{offer.pk} button.offer-decline")).to_be_visible()
