"""Six players sign a petition on their phones, its holder uses it, and the new mayor's vote
counts three (R8, R46, R47); a player accepts a taser offered by another (R45). The petition
pages, the role card with an offer, the printed item cards and the claim page have no axe
violation at 375 px."""

import datetime as dt

import pytest
from django.utils import timezone
from django.utils.html import strip_tags

from game.models import Item, Petition
from game.rulesets.live_action.items import ItemKind
from game.services.days.day_cycle import day_end_now
from game.services.items_offices.item_transfers import item_transfer_offer
from tests.browser.axe import axe_violations
from tests.factories import moderator_of, running_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_six_players_sign_on_phones_the_holder_elects_and_the_mayor_votes_three(phone):
    game, players = running_game(10)
    game.days.update(ends_at=timezone.now() + dt.timedelta(hours=6))
    game.due_events.update(due_at=timezone.now() + dt.timedelta(hours=6))
    holder, candidate = players[1], players[2]
    questions = []

    start = phone(holder.user)
    start.on("dialog", lambda dialog: (questions.append(dialog.message), dialog.accept()))
    start.goto(f"/games/{game.pk}/petitions/")
    start.select_option("#petition-candidate", str(candidate.pk))
    start.select_option("#petition-office", "mayor")
    start.click("#petition-start")
    start.wait_for_selector("text=Petition started.")
    assert questions == [f"Start a petition to elect {candidate.name} as Mayor?"]
    petition = Petition.objects.get()
    detail = f"/games/{game.pk}/petitions/{petition.pk}/"

    for signer in players[:6]:
        page = phone(signer.user)
        page.on("dialog", lambda dialog: dialog.accept())
        page.goto(detail)
        page.click("#petition-sign")
        page.wait_for_selector("text=You signed.")
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
    assert "6</strong> living signers" in page.inner_html("#petition-count")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert axe_violations(page) == []
        page.goto(f"/games/{game.pk}/petitions/")
        assert axe_violations(page) == []
        page.goto(detail)

    start.goto(detail)
    start.click("#petition-use")
    start.wait_for_selector("text=Petition used")
    assert questions[-1].startswith(f"Use the petition to elect {candidate.name} mayor?")

    mayor = phone(candidate.user)
    mayor.goto(f"/games/{game.pk}/vote/")
    assert "your vote counts three (R8)" in strip_tags(mayor.content())
    mayor.select_option("#id_target", str(players[7].pk))
    mayor.click("#cast-vote")
    mayor.wait_for_selector("text=Your vote for day 1 is recorded.")
    day_end_now(game_id=game.pk, day=1, by=moderator_of(game), now=timezone.now(), reason="Test")
    tally = phone(players[0].user)
    tally.goto(f"/games/{game.pk}/votes/")
    assert f"Executed: {players[7].name}" in tally.inner_text("#tally-day-1")


def test_a_player_accepts_a_taser_offered_by_another_on_phones(phone):
    game, players = running_game(6)
    giver, receiver = players[1], players[2]
    taser = Item.objects.create(game=game, kind=ItemKind.TASER, holder=giver)
    questions = []

    offering = phone(giver.user)
    offering.on("dialog", lambda dialog: (questions.append(dialog.message), dialog.accept()))
    offering.goto(f"/games/{game.pk}/me/")
    offering.click(f"#item-{taser.pk} summary")
    offering.select_option(f"#offer-{taser.pk}-receiver", str(receiver.pk))
    offering.click(f"#item-{taser.pk} .item-offer")
    offering.wait_for_selector("text=Offer made")
    assert questions == [f"Offer your taser to {receiver.name}? It is theirs when they accept."]
    assert f"offered to {receiver.name}" in offering.inner_text(f"#item-{taser.pk}")

    accepting = phone(receiver.user)
    accepting.on("dialog", lambda dialog: (questions.append(dialog.message), dialog.accept()))
    accepting.goto(f"/games/{game.pk}/me/")
    assert axe_violations(accepting) == []
    accepting.click(".offer-accept")
    accepting.wait_for_selector("text=Accepted: the item is yours")
    assert questions[-1] == f"Accept the taser from {giver.name}?"
    assert accepting.evaluate("document.documentElement.scrollWidth") <= 375
    taser.refresh_from_db()
    assert taser.holder == receiver


def test_the_item_cards_and_the_claim_page_have_no_axe_violation_at_375px(phone):
    game, players = running_game(6)
    taser = Item.objects.create(game=game, kind=ItemKind.TASER, holder=players[1])
    Item.objects.create(game=game, kind=ItemKind.SHOVEL, holder=players[2])
    item_transfer_offer(
        game_id=game.pk,
        by=players[1].user,
        item_id=taser.pk,
        receiver_id=players[3].pk,
        now=timezone.now(),
    )
    cards = phone(moderator_of(game))
    cards.goto(f"/games/{game.pk}/mod/items/cards/")
    claim = phone(players[3].user)
    claim.goto(f"/games/{game.pk}/items/{taser.pk}/claim/{taser.card_secret}/")
    for page in (cards, claim):
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            assert axe_violations(page) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
    claim.on("dialog", lambda dialog: dialog.accept())
    claim.click("#claim-item")
    claim.wait_for_selector("text=The taser is yours")
    taser.refresh_from_db()
    assert taser.holder == players[3]
