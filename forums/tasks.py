from celery import shared_task
from django.utils import timezone

from forums.services.notifications import EMAIL_TASK, notification_email_send
from forums.services.push import PUSH_TASK, push_batch_send


@shared_task(name=EMAIL_TASK)
def notification_emails_send(notification_ids: list[int]) -> int:
    return sum(
        notification_email_send(notification_id=pk, now=timezone.now()) for pk in notification_ids
    )


@shared_task(name=PUSH_TASK)
def push_notifications_send(notification_ids: list[int]) -> int:
    return push_batch_send(notification_ids=notification_ids, now=timezone.now())
