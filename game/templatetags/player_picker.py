"""What a player field offers for a player: "name #id" (game/forms/pickers.py reads it back)."""

from django import template

register = template.Library()


@register.filter
def picked(player, living_only: str = "") -> str:
    """ "name #id" of `player`, or "" for none (or for a dead one, with `picked:"alive"`)."""
    if player is None or (living_only and not player.alive):
        return ""
    return f"{player.name} #{player.pk}"
