"""A mafia member poisons a townie on a 375 px phone (R35): the townie reads "You have been
poisoned" the next day and dies at the end of the day after."""

import pytest
from playwright.sync_api import expect

from game.rulesets.live_action import DeathCause
from tests.browser.test_kills_frame_to_answer import fits_the_phone, phone_page
from tests.game.helpers import end_day
from tests.game.kills_setup import town
from tests.game.test_day_end import mafia_kill

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_poisoned_townie_is_told_the_next_day_and_dies_the_day_after(signed_in):
    t = town()
    victim = t.townies[0]
    poisoner = phone_page(signed_in, t.mafia)
    poisoner.goto(f"/games/{t.game.pk}/mafia/")
    fits_the_phone(poisoner)
    questions = []
    poisoner.on("dialog", lambda dialog: questions.append(dialog.message))
    poisoner.select_option("#poison-victim", str(victim.pk))
    poisoner.click("#poison-submit")
    expect(poisoner.locator(".messages")).to_contain_text("Poisoned")
    assert questions == [f"Poison {victim.name}? 2 of 3 poisons left after this."]
    expect(poisoner.locator("#poison")).to_contain_text("2 of 3")

    townie = phone_page(signed_in, victim)
    townie.goto(f"/games/{t.game.pk}/me/")
    expect(townie.locator("#poisoned")).to_have_count(0)
    mafia_kill(t.game, 1)
    end_day(t.game)
    townie.goto(f"/games/{t.game.pk}/me/")
    fits_the_phone(townie)
    expect(townie.locator("#poisoned")).to_contain_text("You have been poisoned")
    expect(townie.locator("#poisoned")).to_contain_text("end of day 3")
    mafia_kill(t.game, 2)
    end_day(t.game)
    victim.refresh_from_db()
    assert victim.alive
    mafia_kill(t.game, 3)
    end_day(t.game)
    victim.refresh_from_db()
    assert (victim.alive, victim.death_cause, victim.death_day) == (False, DeathCause.POISON, 3)
    townie.goto(f"/games/{t.game.pk}/me/")
    expect(townie.locator("body")).to_contain_text("you are dead")
