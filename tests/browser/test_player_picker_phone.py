"""A moderator's player field on a 375 px phone searches the game's players as one types: the
page's one list offers the players whose name holds what was typed (the living only where only
the living may be chosen), and the one chosen is the one recorded."""

import pytest
from playwright.sync_api import expect

from game.models import Player, Tazing
from tests.browser.test_refused_forms import day_running_for_hours
from tests.game.kills_setup import town

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_tazing_field_offers_the_living_players_typed_and_records_the_one_chosen(phone):
    t = town()
    day_running_for_hours(t.game)
    target, dead = t.townies[0], t.townies[1]
    Player.objects.filter(pk=dead.pk).update(alive=False)
    page = phone(t.mod)
    page.goto(f"/games/{t.game.pk}/mod/queue/")
    assert page.locator("#player-options option").count() == 0

    page.locator("summary", has_text="Record a tazing").click()
    field = page.locator("#tazed-player")
    typed = "p-"  # every player's name here holds it
    assert target.name.startswith(typed) and dead.name.startswith(typed)
    field.press_sequentially(typed)
    chosen = page.locator(f'#player-options option[value="{target.name} #{target.pk}"]')
    expect(chosen).to_have_count(1)
    values = page.locator("#player-options option").evaluate_all("os => os.map(o => o.value)")
    assert all(typed in value for value in values)
    assert f"{dead.name} #{dead.pk}" not in values

    field.fill("")
    field.press_sequentially(target.name)
    # The list narrows to the names that hold all of it.
    page.wait_for_function(
        """name => {
            const options = document.querySelectorAll('#player-options option');
            const values = [...options].map(o => o.value);
            return values.length > 0 && values.every(v => v.includes(name));
        }""",
        arg=target.name,
    )

    field.fill(f"{target.name} #{target.pk}")
    page.get_by_role("button", name="Record tazing").click()
    expect(page.locator(".messages")).to_contain_text("Tazing recorded.")
    assert Tazing.objects.get(game=t.game).target_id == target.pk
