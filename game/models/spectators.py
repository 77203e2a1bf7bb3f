from django.conf import settings
from django.db import models


class Spectator(models.Model):
    """A signed-in user who follows a running game that its moderators open to spectators
    (`Game.spectators_allowed`): its public boards and announcements, never what R50 keeps
    secret. The row stays when they stop watching: whoever watched a running game may not join
    it while it runs (a substitute who read the spectators' board knows what the dead know)."""

    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="spectators")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="games_watched"
    )
    started_at = models.DateTimeField()
    stopped_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="one_spectator_row")]

    @property
    def watching(self) -> bool:
        return self.stopped_at is None
