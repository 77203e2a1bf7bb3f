"""Uses of the mafia's shared powers (R33-R42), made in the mafia page or recorded by a
moderator by hand."""

from django.conf import settings
from django.db import models

from game.rulesets import registry


class MafiaPowerUse(models.Model):
    """One use. `target` is X of a Frame (X, Y), the player of Plant Evidence, the Don, the
    poisoned, the trapped, the conscript …; `second_target` is Y of a Frame; `kill` the kill of
    Manipulate the Press."""

    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="mafia_powers")
    power = models.CharField(max_length=30, choices=registry.power_choices)
    used_by = models.ForeignKey(
        "game.Player", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    day = models.PositiveIntegerField()
    used_at = models.DateTimeField()
    target = models.ForeignKey(
        "game.Player", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    second_target = models.ForeignKey(
        "game.Player", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    kill = models.ForeignKey(
        "game.Kill", on_delete=models.CASCADE, null=True, blank=True, related_name="press"
    )
    planted_role = models.CharField(max_length=30, blank=True)
    planted_alignment = models.CharField(max_length=30, blank=True)
    guessed_role = models.CharField(
        max_length=30, blank=True, help_text="The role guessed by a trap (R36)."
    )
    guess_right = models.BooleanField(
        null=True, blank=True, help_text="Whether the trap's guess was right (R36)."
    )
    hitman_name = models.CharField(
        max_length=200, blank=True, help_text="The non-player hired as a hitman (R38)."
    )
    location = models.CharField(max_length=200, blank=True)
    note = models.TextField(blank=True)

    class Meta:
        ordering = ["used_at", "id"]

    def __str__(self) -> str:
        return f"{self.get_power_display()} (day {self.day})"


class Stalking(models.Model):
    """A stalker's target for one day (R29), or the mafia's Stalk (R41) when `stalker` is None.
    Never the same target twice for one stalker (the mafia count as one)."""

    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="stalkings")
    stalker = models.ForeignKey(
        "game.Player", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    target = models.ForeignKey("game.Player", on_delete=models.CASCADE, related_name="+")
    day = models.PositiveIntegerField()
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["day", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["stalker", "target"],
                condition=models.Q(stalker__isnull=False),
                name="stalker_never_repeats_a_target",
            ),
            models.UniqueConstraint(
                fields=["game", "target"],
                condition=models.Q(stalker__isnull=True),
                name="mafia_never_repeat_a_stalk_target",
            ),
        ]

    def __str__(self) -> str:
        return f"stalking of day {self.day}"
