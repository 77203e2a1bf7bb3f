from django.db import models

from game.rulesets import registry


class Item(models.Model):
    """A shovel (R43) or a taser (R44); a used or destroyed item keeps its row with destroyed_at."""

    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="items")
    kind = models.CharField(max_length=10, choices=registry.item_choices)
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
