"""A moderator's queue decision held for a minute before it takes effect, so that it can be
undone: a kill confirmation before it is announced, an answer before its player can read it."""

from django.conf import settings
from django.db import models


class HeldKind(models.TextChoices):
    KILL_CONFIRM = "kill_confirm", "Kill confirmation"
    ANSWER_SEND = "answer_send", "Investigation answer"
    SHOVEL_SEND = "shovel_send", "Shovel result"


class HeldDecision(models.Model):
    """`subject_id` is the kill's, the investigation's or the shovel use's id, by `kind`. The
    periodic job applies it once `due_at` has passed (R4); `outcome` says why it could not be
    applied, if it could not (the kill then waits in the queue again)."""

    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="held_decisions")
    kind = models.CharField(max_length=20, choices=HeldKind.choices)
    subject_id = models.PositiveIntegerField()
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    reason = models.TextField(blank=True)
    override = models.BooleanField(default=False)
    answer = models.BooleanField(
        null=True, help_text="An overriding answer (R20); none: as computed."
    )
    held_at = models.DateTimeField()
    due_at = models.DateTimeField()
    applied_at = models.DateTimeField(null=True, blank=True)
    undone_at = models.DateTimeField(null=True, blank=True)
    outcome = models.TextField(blank=True)

    class Meta:
        ordering = ["due_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["kind", "subject_id"],
                condition=models.Q(applied_at__isnull=True, undone_at__isnull=True),
                name="one_waiting_hold_per_subject",
            )
        ]
        indexes = [
            models.Index(
                fields=["due_at"],
                name="waiting_holds",
                condition=models.Q(applied_at__isnull=True, undone_at__isnull=True),
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} #{self.subject_id} due {self.due_at:%H:%M:%S}"
