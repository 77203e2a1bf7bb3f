from celery import shared_task

from game.services.deadlines import process_due_events as process_due_events_service
from game.services.locking import database_now


@shared_task(name="game.tasks.process_due_events")
def process_due_events() -> int:
    """What is due is decided by the database's clock, the one the votes are recorded by."""
    return process_due_events_service(now=database_now())
