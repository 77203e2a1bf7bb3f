from celery import shared_task

from game.services.deadlines import process_due_events as process_due_events_service
from game.services.estimates.runs import estimate_claim, estimate_step, estimates_restart_due
from game.services.locking import database_now


@shared_task(name="game.tasks.process_due_events")
def process_due_events() -> int:
    """What is due is decided by the database's clock, the one the votes are recorded by; the
    balance estimates whose run stopped are due too."""
    now = database_now()
    processed = process_due_events_service(now=now)
    estimates_restart_due(now=now)
    return processed


@shared_task(name="game.tasks.estimate_run")
def estimate_run(estimate_id: int) -> int:
    """Plays a balance estimate to its end, chunk by chunk; returns the chunks saved."""
    runner = estimate_claim(estimate_id=estimate_id, now=database_now())
    chunks = 0
    while runner and estimate_step(estimate_id=estimate_id, runner=runner, now=database_now()):
        chunks += 1
    return chunks
