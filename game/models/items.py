from django.db import models


class ItemKind(models.TextChoices):
    SHOVEL = "shovel", "Shovel"
    TASER = "taser", "Taser"


class Item(models.Model):
    """A shovel (R43) or a taser (R44); a used or destroyed item keeps its row with destroyed_at."""

    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="items")
    kind = models.CharField(max_length=10, choices=ItemKind.choices)
    holder = models.ForeignKey(
        "game.Player", on_delete=models.SET_NULL, null=True, blank=True, related_name="items"
    )
    destroyed_at = models.DateTimeField(null=True, blank=True)
    taser_target = models.ForeignKey(
        "game.Player", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    taser_target_written_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["kind", "id"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} #{self.pk}"
