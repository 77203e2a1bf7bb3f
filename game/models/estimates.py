from django.conf import settings
from django.db import models


class BalanceEstimate(models.Model):
    """A setup's balance estimate: the rule set's computer players play it `games` times (and
    each variant with one role more or fewer `variant_games` times) in the worker, chunk by
    chunk. `results` holds the wins so far, {variant key: {side: games won}}; `played` counts
    the games so far of `total`. `due_at` is when the periodic job must (re)start the run if it
    has not finished: the `runner` holding the row moves it on with every chunk it saves, so a
    worker that stops mid-run leaves the row due, never stuck."""

    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="estimates")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    requested_at = models.DateTimeField()
    ruleset = models.CharField(max_length=30)
    players = models.PositiveIntegerField()
    counts = models.JSONField(help_text="The setup estimated: how many of each role or card.")
    games = models.PositiveIntegerField()
    variant_games = models.PositiveIntegerField()
    seed = models.CharField(max_length=64)
    total = models.PositiveIntegerField()
    played = models.PositiveIntegerField(default=0)
    results = models.JSONField(default=dict, blank=True)
    due_at = models.DateTimeField(null=True, blank=True)
    runner = models.CharField(
        max_length=32, blank=True, help_text="The run that holds the row until `due_at`."
    )
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-requested_at", "-id"]
        indexes = [
            models.Index(
                fields=["due_at"],
                name="unfinished_estimates",
                condition=models.Q(finished_at__isnull=True),
            )
        ]

    def __str__(self) -> str:
        return f"Estimate {self.pk} of game {self.game_id}: {self.played}/{self.total}"

    @property
    def finished(self) -> bool:
        return self.finished_at is not None

    @property
    def percent(self) -> int:
        return 100 * self.played // self.total if self.total else 100
