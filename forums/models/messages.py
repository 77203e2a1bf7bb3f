from django.conf import settings
from django.db import models


class ConversationKind(models.TextChoices):
    PLAYERS = "players", "Between players"
    MODERATORS = "moderators", "With the moderators"


class Conversation(models.Model):
    """A private conversation of one game. Every conversation is readable by the game's
    moderators (rules, Communication: players copy the moderators), and members are told so.
    A MODERATORS conversation is the moderators' inbox: the moderators answer as "Moderators"."""

    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=12, choices=ConversationKind.choices)
    subject = models.CharField(max_length=150)
    created_at = models.DateTimeField()
    last_message_at = models.DateTimeField()
    members = models.ManyToManyField("game.Player", through="ConversationMember", related_name="+")

    class Meta:
        ordering = ["-last_message_at", "-id"]

    def __str__(self) -> str:
        return self.subject


class ConversationMember(models.Model):
    conversation = models.ForeignKey(
        Conversation, on_delete=models.CASCADE, related_name="memberships"
    )
    player = models.ForeignKey("game.Player", on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["conversation", "player"], name="one_membership")
        ]


class Message(models.Model):
    conversation = models.ForeignKey(
        Conversation, on_delete=models.CASCADE, related_name="messages"
    )
    author_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    author_player = models.ForeignKey(
        "game.Player", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    as_moderator = models.BooleanField(default=False)
    body = models.TextField(max_length=20000)
    body_html = models.TextField()
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["created_at", "id"]

    @property
    def author_label(self) -> str:
        if self.as_moderator:
            return "Moderators"
        return self.author_player.name if self.author_player else "Unknown"
