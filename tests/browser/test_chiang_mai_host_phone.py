"""A Chiang Mai game run by its host on one phone at 375 px, with no player phones (M1-M12): the
seats and the deal, each night's script tapped once per role called, the dawn announcements,
the Hunter, the day's timers, a split vote, a runoff and the win. The host's taps per night are
printed (the closing figure: one tap per role called)."""

import pytest

from game.models import GameStatus
from tests.browser.axe import axe_violations, blocking
from tests.factories import make_game, moderator_of
from tests.game.chiang_mai.driver import ballots, call_target, hands_counted, shot_target

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Ann", "Bo", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"]


def test_a_host_runs_a_ten_player_table_from_the_deal_to_the_win_on_a_phone(phone):
    game = make_game(ruleset="chiang_mai", name="Chiang Mai night")
    page = phone(moderator_of(game))
    host_url = f"/games/{game.pk}/chiang-mai/host/"
    page.goto(host_url)
    page.fill("#seat-name", "\n".join(NAMES))
    with page.expect_navigation():
        page.click("#seat-add")
    page.click("#deck summary")
    page.fill("#call-seconds", "10")
    with page.expect_navigation():
        page.click("#deal")
    fits(page)
    with page.expect_navigation():
        page.click("#next")

    def table():
        return page.request.get(f"/api/v1/games/{game.pk}/chiang-mai").json()

    def tap(selector):
        with page.expect_navigation():
            page.click(selector)
        assert page.locator("#error-summary").count() == 0, page.inner_text("main")

    def button(box, player_id):
        name = next(s["name"] for s in table()["seats"] if s["id"] == player_id)
        return f"{box} form:has(input[value='{player_id}']) button >> text={name}"

    def hunters():
        state = table()
        while state["hunter"] and not state["winner"]:
            assert "shoots" in page.inner_text("#hunter-heading")
            hunter = next(s["id"] for s in state["seats"] if s["name"] == state["hunter"])
            tap(button("#shot-buttons", shot_target(state, hunter)))
            state = table()
        return state

    checked = set()

    def accessible():
        """Each stage's page once: axe finds nothing blocking."""
        stage = table()["stage"]
        if stage not in checked:
            checked.add(stage)
            assert blocking(axe_violations(page)) == [], stage

    taps_per_night = []
    while not table()["winner"]:
        taps = 0
        while table()["stage"] == "night":
            assert page.locator("#say").count() == 1 and page.locator("#call-timer").count() == 1
            accessible()
            target = call_target(table())
            tap(button("#name-buttons", target) if target else "#call-next")
            taps += 1
        taps_per_night.append(taps)
        assert "Dawn:" in page.inner_text("#announced")
        fits(page)
        accessible()
        if hunters()["winner"]:
            break
        tap("#next")
        day = int(table()["label"].split()[1])
        tap(".timer-start[data-code=discussion]")
        assert ":" in page.inner_text("#running-timer")
        while table()["stage"] in ("day", "runoff"):
            counted = hands_counted(ballots(table(), day))
            for field, hands in counted.items():
                if field.startswith("count-"):
                    page.fill(f"#{field}", str(hands))
            fits(page)
            accessible()
            tap("#tally")
        if hunters()["winner"]:
            break
        tap("#next")
    print(f"\nChiang Mai host taps per night (one per role called): {taps_per_night}")
    assert set(taps_per_night) == {4}
    assert any(a["text"].startswith("The vote tied") for a in table()["announcements"])
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert "The whole story" in page.inner_text("#host-log")
    fits(page)


def fits(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
