"""The pig game on a 375 px phone, signed out: paste the official sample (§9), replay it to the
end with the step buttons and the slider, or let it play itself, and read the result."""

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SAMPLE = "3 10\nMP D D F F\nZP N N N D\nFP J J J J\nF F D D J J F F K D\n"


def test_paste_the_sample_and_replay_it_to_the_end(phone):
    page = phone()
    csp_errors: list[str] = []
    page.on("console", lambda m: "Content Security Policy" in m.text and csp_errors.append(m.text))
    page.goto("/")
    page.get_by_role("link", name="The pig game").click()
    page.get_by_label("Deal in the original's format").fill(SAMPLE)
    page.get_by_role("button", name="Replay this deal").click()
    expect(page.get_by_role("heading", name="Pig game replay")).to_be_visible()

    event = page.locator("#pig-event")
    result = page.locator("#pig-result")
    expect(event).to_have_text("The cards are dealt; the Master Pig plays first.")
    expect(result).to_be_hidden()
    pig2 = page.locator('[data-pig="1"]')
    expect(pig2.locator('[data-field="role"]')).to_have_text("Side unknown")

    page.get_by_role("button", name="Next").click()
    expect(event).to_have_text("Pig 1's turn: it draws Duel and Duel.")
    expect(event.locator(".pig-card").first).to_have_attribute("title", "Letter F")
    expect(page.locator('[data-pig="0"] [data-field="hand"]')).to_have_text("6 cards in hand")
    # To the like-rebel mark: the Master suspects pig 2.
    while "suspects" not in event.inner_text():
        page.get_by_role("button", name="Next").click()
    expect(pig2.locator('[data-field="suspect"]')).to_be_visible()
    expect(page.locator('[data-pig="0"] [data-field="hp"]')).to_have_text("3 hit points")

    page.locator("#pig-step").fill("3")
    expect(page.locator("#pig-step-number")).to_have_text("3")

    page.get_by_role("button", name="Last").click()
    expect(event).to_have_text("The Rebels win.")
    expect(result).to_be_visible()
    expect(result).to_contain_text("The Rebels win.")
    expect(page.locator("#pig-output")).to_have_text("FP\nDEAD\nDEAD\nJ J J J J J D\n")
    expect(page.locator('[data-pig="0"] [data-field="hp"]')).to_have_text("dead")
    expect(page.locator('[data-pig="2"] [data-field="role"]')).to_have_text("Rebel")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    assert csp_errors == []


def test_the_replay_plays_itself_to_the_end_and_its_buttons_never_move(phone):
    """Autoplay at the fastest speed reaches the result with no further tap; the step buttons
    keep their place whatever the table shows (chips appear, pigs die)."""
    page = phone()
    page.goto("/pigs/replay/?deal=MPDDFF-ZPNNND-FPJJJJ-FFDDJJFFKD")
    buttons = page.locator(".pig-buttons button")
    boxes = "bs => bs.map(b => JSON.stringify(b.getBoundingClientRect()))"
    where = buttons.evaluate_all(boxes)
    page.get_by_label("Speed").select_option(label="Fastest")
    page.get_by_role("button", name="Play").click()
    expect(page.get_by_role("button", name="Pause")).to_be_visible()
    expect(page.locator("#pig-result")).to_be_visible()
    expect(page.locator("#pig-event")).to_have_text("The Rebels win.")
    expect(page.get_by_role("button", name="Play")).to_be_visible()
    last = page.locator("#pig-step").get_attribute("max")
    expect(page.locator("#pig-step-number")).to_have_text(last)
    assert buttons.evaluate_all(boxes) == where
