"""A refused form comes back on its page with what was typed, an error summary that takes focus and
links to the field, and the field marked invalid and tied to its message."""

import datetime as dt

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from game.models import Kill, Vote
from tests.browser.axe import axe_violations, blocking
from tests.browser.conftest import DESKTOP
from tests.factories import UserFactory, make_game, moderator_of, running_game, sign_up
from tests.game.kills_setup import town

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def day_running_for_hours(game) -> None:
    game.days.update(ends_at=timezone.now() + dt.timedelta(hours=6))
    game.due_events.update(due_at=timezone.now() + dt.timedelta(hours=6))


def test_a_refused_vote_keeps_its_input_focuses_the_summary_and_marks_the_field(phone):
    game, players = running_game(5)
    day_running_for_hours(game)
    voter, suspect = players[1], players[2]
    page = phone(voter.user)
    page.goto(f"/games/{game.pk}/vote/")
    page.select_option("#id_target", str(suspect.pk))
    page.click("summary")
    page.select_option("#id_condition", index=1)
    page.fill("#id_note", "Quiet all day.")
    page.click("#cast-vote")

    summary = page.locator("#error-summary")
    expect(summary).to_be_focused()
    expect(summary).to_contain_text("A fallback needs a condition and a condition needs a fallback")
    expect(page.locator("#id_target")).to_have_value(str(suspect.pk))
    assert page.input_value("#id_condition") != ""
    expect(page.locator("#id_note")).to_have_value("Quiet all day.")
    fallback = page.locator("#id_fallback")
    expect(fallback).to_have_attribute("aria-invalid", "true")
    described_by = fallback.get_attribute("aria-describedby").split()
    messages = [page.locator(f"#{id_}").inner_text() for id_ in described_by]
    assert any("needs a fallback" in m for m in messages), messages
    assert summary.locator("a").first.get_attribute("href") == "#id_fallback"
    assert not blocking(axe_violations(page))
    assert not Vote.objects.filter(game=game).exists()


def test_a_refused_kill_report_keeps_what_was_typed_in_a_hand_written_form(signed_in):
    t = town()
    page = signed_in(t.mafia.user).new_page()
    page.goto(f"/games/{t.game.pk}/kills/")
    page.select_option("#kill-method", "free_kill")
    page.fill("#kill-location", "Lobby 10")
    page.fill("#kill-note", "By the stairs")
    page.click("#kill-report-submit")

    expect(page.locator("#error-summary")).to_be_focused()
    expect(page.locator("#kill-location")).to_have_value("Lobby 10")
    expect(page.locator("#kill-note")).to_have_value("By the stairs")
    expect(page.locator("#kill-method")).to_have_value("free_kill")
    assert not blocking(axe_violations(page))
    assert not Kill.objects.filter(game=t.game).exists()


def test_a_missing_required_field_is_named_and_marked_on_the_create_form(phone):
    page = phone(UserFactory())
    page.goto("/games/new/")
    expect(page.locator("label[for=id_name]")).to_have_class("required")
    marker = page.evaluate(
        "getComputedStyle(document.querySelector('label[for=id_name]'), '::after').content"
    )
    assert "required" in marker
    expect(page.locator("#id_phase_minutes")).to_be_hidden()
    page.select_option("#id_ruleset", "classic")
    page.fill("#id_phase_minutes", "30")
    page.evaluate("document.querySelector('#id_name').removeAttribute('required')")
    page.click("text=Create game")
    summary = page.locator("#error-summary")
    expect(summary).to_be_focused()
    expect(summary).to_contain_text("Name: This field is required.")
    expect(page.locator("#id_phase_minutes")).to_have_value("30")
    expect(page.locator("#id_phase_minutes")).to_be_visible()
    expect(page.locator("#id_name")).to_have_attribute("aria-invalid", "true")


def test_the_introduction_is_optional_on_the_sign_up_form(phone):
    game = make_game()
    page = phone(UserFactory())
    page.goto(f"/games/{game.pk}/signup/")
    expect(page.locator("#id_introduction")).not_to_have_attribute("required", "")
    page.fill("#id_name", "Robin")
    page.click("text=Join the game")
    expect(page.locator("#error-summary")).to_have_count(0)
    assert game.players.filter(name="Robin", introduction="").exists()


def test_a_refused_role_change_comes_back_in_its_own_row_of_the_dashboard(
    browser_contexts, live_server
):
    game = make_game()
    players = sign_up(game, 3)
    page = browser_contexts(DESKTOP, live_server.url, moderator_of(game)).new_page()
    page.goto(f"/games/{game.pk}/mod/")
    second = page.locator("form", has=page.locator(f"input[name=player][value='{players[1].pk}']"))
    second.locator("select[name=role]").select_option("gay_knight")
    second.get_by_role("button", name="Set").click()

    expect(page.locator("#error-summary")).to_be_focused()
    expect(page.locator("#error-summary")).to_contain_text("A Gay Knight needs a partner")
    expect(second.locator("select[name=role]")).to_have_value("gay_knight")
    expect(second.locator("[name=partner]")).to_have_attribute("aria-invalid", "true")
    first = page.locator("form", has=page.locator(f"input[name=player][value='{players[0].pk}']"))
    expect(first.locator("select[name=role]")).not_to_have_value("gay_knight")
    expect(first.locator("[name=partner]")).not_to_have_attribute("aria-invalid", "true")
