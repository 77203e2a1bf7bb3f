"""A mafia power's form starts with no target chosen, and its confirmation names the targets and
the charges left after it ("Frame Alex for the death of Dale? 3 of 4 frames left after this")."""

import pytest
from playwright.sync_api import expect

from game.rulesets.live_action.powers import frame
from tests.game.kills_setup import town

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_frame_form_starts_empty_and_its_question_names_targets_and_charges(phone):
    t = town()
    suspect, victim = t.townies[1], t.townies[0]
    page = phone(t.mafia.user)
    questions = []

    def answer(dialog):
        questions.append(dialog.message)
        dialog.accept()

    page.on("dialog", answer)
    page.goto(f"/games/{t.game.pk}/mafia/")
    for select in (
        "#frame-suspect",
        "#frame-victim",
        "#plant-target",
        "#plant-role",
        "#don-player",
    ):
        expect(page.locator(select)).to_have_value("")
    page.click("#frame-submit")
    assert questions == [], "a frame without targets was sent"
    page.select_option("#frame-suspect", str(suspect.pk))
    page.select_option("#frame-victim", str(victim.pk))
    page.click("#frame-submit")
    expect(page.locator(".messages")).to_contain_text("Framed.")
    charges = frame.POWER.charges
    assert questions == [
        f"Frame {suspect.name} for the death of {victim.name}? "
        f"{charges - 1} of {charges} frames left after this."
    ]
