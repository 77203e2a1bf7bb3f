from django.conf import settings
from django.db import models


class NotificationKind(models.TextChoices):
    KILL_ANNOUNCEMENT = "kill_announcement", "Kill announcement"
    RESULT = "result", "Investigation or shovel result"
    POISONED = "poisoned", "You were poisoned"
    STALKED = "stalked", "You are being stalked"
    INACTIVITY = "inactivity", "Inactivity notice"
    MESSAGE = "message", "Private message"
    MENTION = "mention", "Mention"
    MISSED_DAY_ENDS = "missed_day_ends", "Missed day ends"
    VOTE_REMINDER = "vote_reminder", "Reminder to vote"
    KILL_TO_CONFIRM = "kill_to_confirm", "Kill report to confirm"
    ITEM_OFFERED = "item_offered", "Item offered to you"
    GAME_STARTED = "game_started", "Game started"
    ROLE_DEALT = "role_dealt", "Your role"
    ACTION_REMINDER = "action_reminder", "Action still missing"
    QUEUE = "queue", "New in the moderators' queue"
    REPLACED = "replaced", "You were replaced"
    REPLACEMENT_REQUEST = "replacement_ask", "A replacement is needed"


class Notification(models.Model):
    """A pointer to something the recipient may read: a post, a message or a log entry. It
    stores no text: its text is built when shown or emailed, by the selectors of the page it
    links to, for the recipient as they are then (R50). A target they can no longer read is
    not shown."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=20, choices=NotificationKind.choices)
    post = models.ForeignKey(
        "forums.Post", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    message = models.ForeignKey(
        "forums.Message", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    log_entry = models.ForeignKey(
        "game.LogEntry", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField()
    read_at = models.DateTimeField(null=True, blank=True)
    emailed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["user", "read_at"])]


class NotificationSetting(models.Model):
    """Per-user choice: notifications by email as well as in the app (off by default)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_setting"
    )
    email = models.BooleanField(
        default=False, help_text="Also send each notification to your email address."
    )
    vote_reminder_email = models.BooleanField(
        default=False,
        help_text="Email me a reminder before the day ends when I have not voted.",
    )


class PushSubscription(models.Model):
    """One browser's Web Push subscription (RFC 8030): where its push service takes messages
    for it, and the keys they are encrypted with (RFC 8291). A user has one per device that
    turned push on."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=100)
    auth = models.CharField(max_length=40)
    created_at = models.DateTimeField()
    last_pushed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
