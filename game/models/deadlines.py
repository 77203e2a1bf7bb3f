from enum import StrEnum

from django.db import models

from game.rulesets import registry


class DueEvent(models.Model):
    """A deadline (R4): processed once by the periodic job when due_at has passed. Its kind is
    the day end or an end-of-day death of the game's rule set (`DeathCauseSpec.event_kind`)."""

    Kind = StrEnum("Kind", [(code.upper(), code) for code, _ in registry.due_event_choices()])

    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="due_events")
    kind = models.CharField(max_length=30, choices=registry.due_event_choices)
    subject = models.ForeignKey(
        "game.Player", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    day = models.PositiveIntegerField(help_text="The day the event belongs to.")
    due_at = models.DateTimeField(db_index=True)
    key = models.CharField(max_length=120, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    done_at = models.DateTimeField(null=True, blank=True)
    cancelled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["due_at", "id"]
        indexes = [
            models.Index(
                fields=["due_at"],
                name="pending_due_events",
                condition=models.Q(done_at__isnull=True, cancelled_at__isnull=True),
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} of day {self.day} at {self.due_at:%Y-%m-%d %H:%M} UTC"


class SchedulerHeartbeat(models.Model):
    """When the periodic job last ran, so that moderators and health checks see an outage."""

    DUE_EVENTS = "due-events"

    name = models.CharField(max_length=40, unique=True)
    last_run_at = models.DateTimeField()
    processed_total = models.PositiveBigIntegerField(default=0)
