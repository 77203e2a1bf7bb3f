"""The moderators' queue counts for the navigation and the dashboard, and their summary."""

from django import template

from game.selectors.queue import queue_counts

register = template.Library()


@register.simple_tag
def moderator_queue_counts(game) -> dict[str, int]:
    counts = queue_counts(game)
    return {**counts, "total": sum(counts.values())}


QUEUE_NOUNS = {
    "kill": ("kill", "kills"),
    "investigation": ("investigation", "investigations"),
    "shovel": ("shovel", "shovels"),
    "mafia_count": ("Mafia count", "Mafia counts"),
}


@register.filter
def queue_summary(counts: dict[str, int]) -> str:
    """What waits in the queue, in words, kinds with none left out: "1 kill, 2 shovels"."""
    return ", ".join(
        f"{counts[kind]} {one if counts[kind] == 1 else many}"
        for kind, (one, many) in QUEUE_NOUNS.items()
        if counts[kind]
    )
