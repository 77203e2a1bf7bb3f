from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from forums import services
from forums.models import Notification, NotificationSetting
from forums.notification_texts import notification_item
from forums.selectors.notifications import notification_items, unread_count
from forums.services.push import push_enabled
from forums.views.common import run_and_redirect


@login_required
def notification_list(request: HttpRequest) -> HttpResponse:
    setting = NotificationSetting.objects.filter(user=request.user).first()
    return render(
        request,
        "forums/notification_list.html",
        {
            "items": notification_items(request.user, limit=100),
            "email_on": bool(setting and setting.email),
            "vote_reminder_email_on": bool(setting and setting.vote_reminder_email),
            "push_key": settings.WEBPUSH_VAPID_PUBLIC_KEY if push_enabled() else "",
        },
    )


@login_required
def notification_open(request: HttpRequest, notification_id: int) -> HttpResponse:
    """Go where the notification points. Opening it from the list is a POST, which marks it
    read; a GET (a link preview, a prefetch) only redirects and changes nothing."""
    notification = Notification.objects.filter(pk=notification_id, user=request.user).first()
    item = notification_item(notification) if notification is not None else None
    if item is None:
        raise Http404("No such notification.")
    if request.method == "POST":
        services.notifications_mark_read(
            user=request.user, now=timezone.now(), notification_id=notification_id
        )
    return redirect(item.url)


@login_required
@require_POST
def notifications_read(request: HttpRequest) -> HttpResponse:
    return run_and_redirect(
        request,
        lambda: services.notifications_mark_read(user=request.user, now=timezone.now()),
        success="All notifications marked as read.",
        to="/forums/notifications/",
    )


@login_required
@require_POST
def notification_setting(request: HttpRequest) -> HttpResponse:
    email = request.POST.get("email") == "on"
    vote_reminder_email = request.POST.get("vote_reminder_email") == "on"
    return run_and_redirect(
        request,
        lambda: services.notification_setting_update(
            user=request.user, email=email, vote_reminder_email=vote_reminder_email
        ),
        success="Your email choices are saved.",
        to="/forums/notifications/",
    )


def bell(request: HttpRequest) -> HttpResponse:
    """The bell's count, loaded by htmx after the page so that no page pays for it."""
    count = unread_count(request.user) if request.user.is_authenticated else 0
    return render(request, "forums/_bell.html", {"count": count})
