from django.conf import settings
from django.db import models


class Visibility(models.TextChoices):
    PUBLIC = "public", "Everyone in the game"
    MODERATORS = "moderators", "Moderators only"
    PLAYERS = "players", "Given players"
    MAFIA = "mafia", "Mafia-aligned players"


class AppendOnlyError(Exception):
    pass


class LogEntry(models.Model):
    """One line of a game's append-only event log. Who may read it is decided at read time (R50):
    MAFIA entries are read by whoever is mafia-aligned when they look, so conscripts see them."""

    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="log_entries")
    created_at = models.DateTimeField()
    day = models.PositiveIntegerField(default=0)
    kind = models.CharField(max_length=40)
    text = models.TextField()
    visibility = models.CharField(max_length=12, choices=Visibility.choices)
    recipients = models.ManyToManyField("game.Player", blank=True, related_name="+")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    reason = models.TextField(blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [models.Index(fields=["game", "visibility", "created_at"])]
        verbose_name_plural = "log entries"

    def __str__(self) -> str:
        return self.text

    def save(self, *args, **kwargs) -> None:
        if self.pk is not None:
            raise AppendOnlyError("Log entries are never changed; append a correction instead.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnlyError("Log entries are never deleted.")
