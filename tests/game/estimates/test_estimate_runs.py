"""The estimate in the worker: the done-when test (a classic setup of 7, 1,000 games of the seed's
bots through the Celery task, with progress, its rate within its interval of the same bots' rate
from an independent run; tests/bots/test_estimate_agrees_with_make_bots.py sets the same games
beside `make bots`' own games through the app), the progress page, and a run whose worker
stopped, which the periodic job restarts and which counts every game once."""

import datetime as dt
import time

import pytest
from celery.contrib.testing.worker import start_worker
from django.conf import settings
from django.db import connection
from django.urls import reverse
from django.utils import timezone
from kombu import Connection

from game.models import BalanceEstimate
from game.rulesets.balance import play_range, variants
from game.rulesets.balance.simulations import CLASSIC
from game.selectors.estimates import estimate_view
from game.services.estimates.requests import estimate_request
from game.services.estimates.runs import LEASE, estimate_claim, estimate_step
from game.tasks import process_due_events
from mafia_mod.celery import app
from tests.conftest import client_for
from tests.factories import make_game, moderator_of, sign_up

SEVEN = {"mafioso": 2, "cop": 1, "doctor": 1}
REFERENCE_GAMES = 2000


def broker_reachable() -> bool:
    try:
        with Connection(settings.CELERY_BROKER_URL, connect_timeout=2) as broker:
            broker.ensure_connection(max_retries=1)
        return True
    except Exception:
        return False


@pytest.fixture
def worker():
    """A real worker thread fed through the real broker where the database can be shared with
    it (PostgreSQL); on SQLite the suite's eager mode runs the same task in this process. Yields
    whether the worker is real."""
    if connection.vendor != "postgresql" or not broker_reachable():
        yield False
        return
    app.conf.task_always_eager = False
    app.control.purge()
    try:
        with start_worker(app, perform_ping_check=False, pool="solo", loglevel="WARNING"):
            yield True
    finally:
        app.conf.task_always_eager = True


def classic_game(players: int = 7):
    game = make_game(ruleset="classic")
    sign_up(game, players)
    return game


def wait_finished(estimate_id: int, seconds: float = 300) -> list[int]:
    """The progress seen until the estimate finished."""
    seen = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        row = BalanceEstimate.objects.get(pk=estimate_id)
        if not seen or seen[-1] != row.played:
            seen.append(row.played)
        if row.finished:
            return seen
        time.sleep(0.05)
    raise AssertionError(f"the estimate did not finish in {seconds} s; progress seen: {seen}")


@pytest.mark.django_db(transaction=True)
def test_a_classic_seven_plays_1000_games_in_the_worker_within_the_bots_rate(worker):
    game = classic_game()
    estimate = estimate_request(
        game_id=game.pk,
        by=moderator_of(game),
        players=7,
        games=1000,
        now=timezone.now(),
        seed="done-when",
    )
    seen = wait_finished(estimate.pk)
    estimate.refresh_from_db()
    assert estimate.counts == SEVEN and estimate.played == estimate.total == 1000 + 8 * 250
    assert sum(estimate.results["base"].values()) == 1000
    assert seen[-1] == estimate.total and seen == sorted(seen)
    if worker:
        assert len(seen) > 1, "the page saw no progress before the end"
    shown = estimate_view(estimate)
    mafia = next(side.rate for side in shown.base.sides if side.code == "mafia")
    # The same bots, an independent run: other seeds, played here by the rules.
    reference = play_range(CLASSIC, variants(CLASSIC, SEVEN, 7)[0], "reference", 0, REFERENCE_GAMES)
    reference_rate = reference["mafia"] / REFERENCE_GAMES
    assert mafia.low <= reference_rate <= mafia.high, (mafia, reference_rate)
    shown_rates = f"{mafia.rate:.3f} [{mafia.low:.3f}, {mafia.high:.3f}]"
    print(f"estimate {shown_rates}, reference {reference_rate:.3f}")


@pytest.mark.django_db
def test_the_page_shows_the_progress_and_polls_while_the_worker_plays(
    django_capture_on_commit_callbacks,
):
    game = classic_game()
    mod = moderator_of(game)
    now = timezone.now()
    estimate = estimate_request(game_id=game.pk, by=mod, players=7, games=400, now=now)
    runner = estimate_claim(estimate_id=estimate.pk, now=now)
    assert estimate_step(estimate_id=estimate.pk, runner=runner, now=now, most=150, seconds=60)
    page = client_for(mod).get(reverse("mod_estimates", args=[game.pk])).content.decode()
    assert "Playing: 150 of 1200 games" in page
    assert 'max="1200" value="150"' in page
    assert "Computer play, not human play" in page
    assert f'hx-get="{reverse("mod_estimate", args=[game.pk, estimate.pk])}"' in page
    polled = (
        client_for(mod)
        .get(reverse("mod_estimate", args=[game.pk, estimate.pk]), headers={"HX-Request": "true"})
        .content.decode()
    )
    assert polled.startswith("<section") and "150 of 1200" in polled
    while estimate_step(estimate_id=estimate.pk, runner=runner, now=now, seconds=60):
        pass
    done = (
        client_for(mod).get(reverse("mod_estimate", args=[game.pk, estimate.pk])).content.decode()
    )
    detail = reverse("mod_estimate", args=[game.pk, estimate.pk])
    assert "Done: 1200 games played." in done and f'hx-get="{detail}"' not in done
    assert "One more Mafioso (7 players)" in done and "One fewer Villager (6 players)" in done


@pytest.mark.django_db
def test_a_run_whose_worker_stopped_is_restarted_by_the_periodic_job_and_counts_once(
    django_capture_on_commit_callbacks,
):
    game = classic_game()
    mod = moderator_of(game)
    start = timezone.now() - dt.timedelta(hours=1)
    with django_capture_on_commit_callbacks(execute=False):
        stopped = estimate_request(
            game_id=game.pk, by=mod, players=7, games=200, now=start, seed="x"
        )
    # The worker plays one chunk and dies: the row stays due at the end of its lease.
    runner = estimate_claim(estimate_id=stopped.pk, now=start)
    assert estimate_step(estimate_id=stopped.pk, runner=runner, now=start, most=120, seconds=60)
    stopped.refresh_from_db()
    assert stopped.played == 120 and stopped.due_at == start + LEASE
    # Another run cannot take the row while the lease holds.
    assert estimate_claim(estimate_id=stopped.pk, now=start + dt.timedelta(seconds=5)) == ""
    with django_capture_on_commit_callbacks(execute=True):
        process_due_events()
    stopped.refresh_from_db()
    assert stopped.finished and stopped.played == stopped.total
    # The stopped run's late chunk is not counted again.
    assert not estimate_step(estimate_id=stopped.pk, runner=runner, now=timezone.now())
    # Every game counted once: the same seed played at one go gives the same wins.
    other = make_game(moderator=mod, ruleset="classic")
    sign_up(other, 7)
    with django_capture_on_commit_callbacks(execute=True):
        whole = estimate_request(
            game_id=other.pk, by=mod, players=7, games=200, now=start, seed="x"
        )
    whole.refresh_from_db()
    assert whole.finished and whole.results == stopped.results
