"""Inactivity in a forum game (docs/forum-play.md): prods that escalate, vacation notices, and
the replacements each user has had, which moderators of later games see."""

from django.conf import settings
from django.db import models


class ProdStep(models.IntegerChoices):
    NONE = 0, "Active"
    NOTICE = 1, "Prodded"
    WARNING = 2, "Warned"
    REPLACEMENT_REQUESTED = 3, "Replacement requested"


class SlotActivity(models.Model):
    """A player's standing in the prods: how far their silence has escalated since their last
    Town Square post, and the vacation they announced (prods wait until it ends)."""

    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="+")
    player = models.OneToOneField("game.Player", on_delete=models.CASCADE, related_name="+")
    step = models.PositiveSmallIntegerField(choices=ProdStep.choices, default=ProdStep.NONE)
    stepped_at = models.DateTimeField(null=True, blank=True)
    away_from = models.DateTimeField(null=True, blank=True)
    away_until = models.DateTimeField(null=True, blank=True)
    away_note = models.CharField(max_length=200, blank=True)


class Replacement(models.Model):
    """A slot that changed hands: who left it, who took it. Counted per user for the
    moderators of later games."""

    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey("game.Player", on_delete=models.CASCADE, related_name="+")
    replaced_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    substitute_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["replaced_user", "game"])]
