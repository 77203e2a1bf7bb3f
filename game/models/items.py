import secrets

from django.db import models

from game.rulesets import registry


def new_card_secret() -> str:
    """The secret of an item card's claim link: unguessable, and new after every claim."""
    return secrets.token_urlsafe(24)


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
    card_secret = models.CharField(
        max_length=64,
        default=new_card_secret,
        help_text="The secret of the claim link on the item's printed card; a new one after "
        "every claim, so a used link claims nothing.",
    )

    class Meta:
        ordering = ["kind", "id"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} #{self.pk}"


class ItemOffer(models.Model):
    """A holder's offer of an item to another player (R45): the item moves when the receiver
    accepts. It ends when declined, when either player dies, or when the item moves, is used or
    is destroyed (`ended_at`, with `outcome`)."""

    class Outcome(models.TextChoices):
        ACCEPTED = "accepted", "Accepted"
        DECLINED = "declined", "Declined"
        LAPSED = "lapsed", "Ended"

    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="+")
    item = models.ForeignKey(Item, on_delete=models.CASCADE, related_name="offers")
    giver = models.ForeignKey("game.Player", on_delete=models.CASCADE, related_name="+")
    receiver = models.ForeignKey("game.Player", on_delete=models.CASCADE, related_name="+")
    offered_at = models.DateTimeField()
    ended_at = models.DateTimeField(null=True, blank=True)
    outcome = models.CharField(max_length=10, choices=Outcome.choices, blank=True)

    class Meta:
        ordering = ["offered_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["item"], condition=models.Q(ended_at__isnull=True), name="one_open_offer"
            )
        ]

    @property
    def is_open(self) -> bool:
        return self.ended_at is None
