"""Where a log entry's news is: each kind of entry links to the page about what it announces.
A feature that logs a new kind adds its link here."""

from collections.abc import Callable

from django import template
from django.urls import reverse

from game.models import LogEntry

register = template.Library()

NEWS_LINKS: dict[str, tuple[str, Callable[[LogEntry], str]]] = {
    "kill_announced": (
        "Town Square",
        lambda e: reverse("forums:board_detail", args=[e.game_id, "town_square"]),
    ),
    "kill_announced_by_victim": (
        "Town Square",
        lambda e: reverse("forums:board_detail", args=[e.game_id, "town_square"]),
    ),
    "execution": ("The votes", lambda e: reverse("vote_tally", args=[e.game_id]) + f"?day={e.day}"),
    "no_execution": (
        "The votes",
        lambda e: reverse("vote_tally", args=[e.game_id]) + f"?day={e.day}",
    ),
    "investigation_result": ("Your results", lambda e: reverse("results", args=[e.game_id])),
    "shovel_result": ("Your results", lambda e: reverse("results", args=[e.game_id])),
    "kill_to_confirm": ("Your kills", lambda e: reverse("kills", args=[e.game_id])),
    "items_received": ("Your role card", lambda e: reverse("role_card", args=[e.game_id])),
    "game_over": ("Every role and vote", lambda e: reverse("game_over", args=[e.game_id])),
}


@register.simple_tag
def news_link(entry: LogEntry) -> tuple[str, str] | None:
    """(link text, URL) of the page about the entry's news, or None."""
    found = NEWS_LINKS.get(entry.kind)
    return (found[0], found[1](entry)) if found else None
