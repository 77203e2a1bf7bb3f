"""Kill reports (R11-R14, R40): one `Kill` per reported kill, and each party's statement."""

from django.conf import settings
from django.db import models

from game.rulesets import registry


class KillStatus(models.TextChoices):
    PENDING = "pending", "Waiting for a moderator"
    CONFIRMED = "confirmed", "Confirmed"
    FAILED = "failed", "Attempt failed (the target did not die)"
    REJECTED = "rejected", "Rejected"


class Kill(models.Model):
    """A reported kill and the moderators' decision on it. Its facts (killer, method, time, place)
    start as the first report's and are what a moderator confirms, possibly after editing (R11).
    A hitman kill has no killer (R38)."""

    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="kills")
    victim = models.ForeignKey("game.Player", on_delete=models.CASCADE, related_name="deaths")
    killer = models.ForeignKey(
        "game.Player", on_delete=models.CASCADE, null=True, blank=True, related_name="kills_made"
    )
    method = models.CharField(max_length=30, choices=registry.kill_method_choices, blank=True)
    happened_at = models.DateTimeField()
    day = models.PositiveIntegerField()
    location = models.CharField(max_length=200)
    reported_at = models.DateTimeField()
    disarm_claimed = models.BooleanField(default=False)

    status = models.CharField(max_length=10, choices=KillStatus.choices, default="pending")
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    decision_reason = models.TextField(blank=True)
    disarmed = models.BooleanField(
        default=False, help_text="The shot mafia survived a serial killer's shot by a disarm (R40)."
    )
    killer_role = models.CharField(max_length=30, blank=True)
    killer_mafia_aligned = models.BooleanField(
        default=False, help_text="Whether the killer was mafia-aligned when the kill happened."
    )
    announced_at = models.DateTimeField(null=True, blank=True)
    announced_location = models.CharField(
        max_length=200, blank=True, help_text="Set by Manipulate the Press (R37)."
    )

    class Meta:
        ordering = ["reported_at", "id"]
        indexes = [models.Index(fields=["game", "status", "day"])]

    def __str__(self) -> str:
        return f"Kill of {self.victim} (day {self.day})"

    @property
    def is_mafia_kill(self) -> bool:
        """A kill by a mafia-aligned player, or by a mafia method no player makes (a hitman's,
        R18, R38, R42)."""
        if self.killer_mafia_aligned:
            return True
        method = self.game.rules.kill_method(self.method) if self.method else None
        return method is not None and method.mafia and not method.needs_player_killer


class KillSide(models.TextChoices):
    KILLER = "killer", "I killed"
    VICTIM = "victim", "I was killed by"


class KillStatement(models.Model):
    """One party's word on a kill (R11): the first report, or the other party's confirmation or
    dispute (`agrees` is None for the first report)."""

    kill = models.ForeignKey(Kill, on_delete=models.CASCADE, related_name="statements")
    reporter = models.ForeignKey("game.Player", on_delete=models.CASCADE, related_name="+")
    side = models.CharField(max_length=10, choices=KillSide.choices)
    named_killer = models.ForeignKey(
        "game.Player", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    method = models.CharField(max_length=30, choices=registry.kill_method_choices, blank=True)
    happened_at = models.DateTimeField()
    location = models.CharField(max_length=200)
    disarm_claimed = models.BooleanField(default=False)
    agrees = models.BooleanField(null=True)
    note = models.TextField(blank=True, max_length=1000)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["kill", "reporter"], name="one_statement_per_party")
        ]


class Tazing(models.Model):
    """A target tazed (R44): they can make no kill for the rest of the day. Reported by the
    taser's holder (`tazer`), or recorded by a moderator (`recorded_by`)."""

    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="tazings")
    target = models.ForeignKey("game.Player", on_delete=models.CASCADE, related_name="+")
    tazer = models.ForeignKey(
        "game.Player", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    day = models.PositiveIntegerField()
    tazed_at = models.DateTimeField()
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
