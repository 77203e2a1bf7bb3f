"""Site visits, investigations, shovel uses and the state they depend on: police watch lists
(R48) and priest lists (R28)."""

from django.conf import settings
from django.db import models

from game.rulesets import registry


class SiteVisit(models.Model):
    """A reported visit to a kill site (R21). `investigative`: the visitor held an investigative
    capacity then (R24 counts them)."""

    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="site_visits")
    visitor = models.ForeignKey("game.Player", on_delete=models.CASCADE, related_name="visits")
    victim = models.ForeignKey("game.Player", on_delete=models.CASCADE, related_name="+")
    visited_at = models.DateTimeField()
    investigative = models.BooleanField(default=False)
    serial_killer = models.BooleanField(default=False)

    class Meta:
        ordering = ["visited_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["visitor", "victim"], name="one_visit_per_site")
        ]


class ResultStatus(models.TextChoices):
    PENDING = "pending", "Waiting for a moderator"
    SENT = "sent", "Answered"


class Investigation(models.Model):
    """ "Did X kill Y?" (R19), or a set of suspects for the group investigator (R31). The answer is
    computed when a moderator sends it (R20) and stored with its chain of reasons."""

    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="investigations")
    asker = models.ForeignKey(
        "game.Player", on_delete=models.CASCADE, related_name="investigations"
    )
    capacity = models.CharField(max_length=30, choices=registry.capacity_choices)
    day = models.PositiveIntegerField()
    victim = models.ForeignKey("game.Player", on_delete=models.CASCADE, related_name="+")
    suspects = models.ManyToManyField("game.Player", related_name="+")
    requested_at = models.DateTimeField()
    status = models.CharField(max_length=10, choices=ResultStatus.choices, default="pending")
    answer = models.BooleanField(null=True)
    computed_answer = models.BooleanField(null=True)
    reasons = models.JSONField(default=list, blank=True)
    summary = models.CharField(max_length=60, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    sent_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    override_reason = models.TextField(blank=True)

    class Meta:
        ordering = ["requested_at", "id"]

    @property
    def answer_word(self) -> str:
        return "yes" if self.answer else "no"


class ShovelUse(models.Model):
    """A shovel used on a dead player (R43): what it returns, computed at use, sent by a
    moderator (or at once when answers go out without review)."""

    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="shovel_uses")
    player = models.ForeignKey("game.Player", on_delete=models.CASCADE, related_name="+")
    item = models.OneToOneField("game.Item", on_delete=models.CASCADE, related_name="use")
    dead_player = models.ForeignKey("game.Player", on_delete=models.CASCADE, related_name="+")
    used_at = models.DateTimeField()
    day = models.PositiveIntegerField()
    role = models.CharField(max_length=30)
    alignment = models.CharField(max_length=30)
    conscripted = models.BooleanField(default=False)
    planted = models.BooleanField(default=False, help_text="Plant Evidence set the result (R37).")
    status = models.CharField(max_length=10, choices=ResultStatus.choices, default="pending")
    sent_at = models.DateTimeField(null=True, blank=True)
    sent_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["used_at", "id"]


class PoliceWatch(models.Model):
    """A player on the police officer's watch list for `day` (R48), set the day before."""

    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="+")
    officer = models.ForeignKey("game.Player", on_delete=models.CASCADE, related_name="+")
    watched = models.ForeignKey("game.Player", on_delete=models.CASCADE, related_name="+")
    day = models.PositiveIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["officer", "watched", "day"], name="one_watch_a_day")
        ]


class PriestList(models.TextChoices):
    SAINT = "saint", "Saint"
    SINNER = "sinner", "Sinner"


class PriestListEntry(models.Model):
    """A player on a priest's saint or sinner list from `added_at` until `removed_at` (R28), so
    that the lists at the time of any kill can be read back (R19 step 2)."""

    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="+")
    priest = models.ForeignKey("game.Player", on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey("game.Player", on_delete=models.CASCADE, related_name="+")
    list = models.CharField(max_length=10, choices=PriestList.choices)
    added_at = models.DateTimeField()
    removed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["added_at", "id"]
