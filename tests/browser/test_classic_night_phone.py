"""A night of a classic game on phones (375 px): the mafia pick a victim on their night cards,
the doctor saves them, the night ends once every action is in (C1), and the dawn post in Town
Square says nobody died (C2, C3)."""

import pytest
from django.utils import timezone

from game.services.nights.phases import phase_end_now
from tests.factories import moderator_of
from tests.game.classic.helpers import classic_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def choose(page, game, target) -> None:
    page.goto(f"/games/{game.pk}/night/")
    page.select_option("#id_target", str(target.pk))
    page.click("#night-submit")
    page.wait_for_selector("text=Your choice for tonight is recorded.")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375


def test_the_mafia_pick_a_victim_the_doctor_saves_them_and_dawn_says_nobody_died(phone):
    game, p = classic_game(start=timezone.now(), night_ends_when_all_in=True)
    phase_end_now(game_id=game.pk, by=moderator_of(game), now=timezone.now(), code="day", number=0)
    victim = p["vil1"]

    mafioso = phone(p["maf1"].user)
    mafioso.goto(f"/games/{game.pk}/night/")
    assert "It is night. Vote for a victim." in mafioso.inner_text("#night-choice")
    assert "none yet" in mafioso.inner_text("#current-choice")
    assert mafioso.locator("#phase-clock [data-countdown]").count() == 1
    choose(mafioso, game, victim)
    assert mafioso.inner_text("#current-choice") == victim.name
    choose(phone(p["maf2"].user), game, victim)
    choose(phone(p["cop"].user), game, p["maf1"])

    doctor = phone(p["doc"].user)
    doctor.goto(f"/games/{game.pk}/night/")
    assert "It is night. Who would you like to save?" in doctor.inner_text("#night-choice")
    choose(doctor, game, victim)

    town = phone(victim.user)
    town.goto(f"/forums/games/{game.pk}/town_square/")
    town.click("text=Dawn: Dawn of day 1.")
    post = town.inner_text("main")
    assert "Last night, nobody was killed." in post
    assert victim.name in post.split("These players are still alive:")[1]
    assert town.evaluate("document.documentElement.scrollWidth") <= 375
