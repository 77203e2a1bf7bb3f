from celery import shared_task
from django.utils import timezone

from game.services.deadlines import process_due_events as process_due_events_service


@shared_task(name="game.tasks.process_due_events")
def process_due_events() -> int:
    return process_due_events_service(now=timezone.now())
