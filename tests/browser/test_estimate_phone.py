"""The balance estimate's page at 375 px: it fits the phone's width, says that it is computer
play, and its progress bar moves as the worker plays, polled by htmx."""

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from game.models import BalanceEstimate
from game.services.estimates.runs import estimate_claim, estimate_step
from tests.factories import make_game, moderator_of, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_estimate_fits_a_phone_and_its_progress_moves_while_the_worker_plays(phone):
    game = make_game(ruleset="classic")
    sign_up(game, 7)
    mod = moderator_of(game)
    now = timezone.now()
    # A row as the request makes it, whose run the worker has not started yet.
    estimate = BalanceEstimate.objects.create(
        game=game,
        requested_by=mod,
        requested_at=now,
        ruleset="classic",
        players=7,
        counts={"mafioso": 2, "cop": 1, "doctor": 1},
        games=400,
        variant_games=100,
        seed="phone",
        total=1200,
        due_at=now,
    )
    runner = estimate_claim(estimate_id=estimate.pk, now=now)
    estimate_step(estimate_id=estimate.pk, runner=runner, now=now, most=100, seconds=60)
    page = phone(mod)
    page.goto(f"/games/{game.pk}/mod/estimates/")
    expect(page.locator("main")).to_contain_text("Playing: 100 of 1200 games")
    expect(page.locator("#estimate-computer-play")).to_contain_text("not human play")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    # The worker plays on: the page's poll shows it without a reload.
    while estimate_step(estimate_id=estimate.pk, runner=runner, now=now, seconds=60):
        pass
    expect(page.locator("main")).to_contain_text("Done: 1200 games played.", timeout=15_000)
    expect(page.locator(".estimate-variants")).to_contain_text("One more Mafioso (7 players)")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
