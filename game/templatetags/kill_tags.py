"""The moderators' queue counts for the navigation (three count queries)."""

from django import template

from game.selectors.kills import queue_counts

register = template.Library()


@register.simple_tag
def moderator_queue_counts(game) -> dict[str, int]:
    counts = queue_counts(game)
    return {**counts, "total": sum(counts.values())}
