"""The phases of night-and-day games (C1) and what happens in a night (C2-C4)."""

from django.conf import settings
from django.db import models

from game.rulesets.phases import NIGHT


class GamePhase(models.Model):
    """One phase of a night-and-day game (day 0, night 0, day 1, …, C1), from its start to its
    end; its deadline is a due event (R4). A day phase also has its `Day` row, which votes
    read."""

    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="phases")
    code = models.CharField(max_length=20)
    number = models.PositiveIntegerField()
    started_at = models.DateTimeField()
    ends_at = models.DateTimeField(
        null=True, blank=True, help_text="Empty: no deadline (a solo HP game, H10)."
    )
    ended_at = models.DateTimeField(null=True, blank=True)
    event = models.OneToOneField(
        "game.DueEvent", on_delete=models.PROTECT, related_name="phase", null=True
    )
    state = models.JSONField(
        default=dict,
        blank=True,
        help_text="What the rule set keeps of this phase (a runoff's candidates and voters, how "
        "often a tied vote was repeated).",
    )

    class Meta:
        ordering = ["started_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "code", "number"], name="one_phase_each")
        ]

    def __str__(self) -> str:
        return f"{self.code.capitalize()} {self.number}"

    @property
    def is_open(self) -> bool:
        return self.ended_at is None

    @property
    def is_night(self) -> bool:
        """A night: the players with a night action choose it (C2)."""
        return self.code == NIGHT


class NightAction(models.Model):
    """A player's choice for one night (C2-C4); empty `target` is "no one". It can be changed
    until the night ends, so only the latest is kept; `changes` counts the changes."""

    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="night_actions")
    night = models.PositiveIntegerField()
    actor = models.ForeignKey("game.Player", on_delete=models.CASCADE, related_name="+")
    action = models.CharField(max_length=20)
    target = models.ForeignKey(
        "game.Player", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    submitted_at = models.DateTimeField()
    changes = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["submitted_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "night", "actor", "action"], name="one_night_action_per_kind"
            )
        ]


class NightOverride(models.Model):
    """The moderators' decision replacing a night's victim before dawn, with their reason."""

    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="+")
    night = models.PositiveIntegerField()
    victim = models.ForeignKey(
        "game.Player", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    reason = models.TextField()
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    decided_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "night"], name="one_override_per_night")
        ]
