"""What waits for the viewer in a game, for the card at the top of its overview: one registry of
kinds, each a function (viewer, day) -> items, listed in the card's order. A feature that makes
a player act or read adds its kind with `@waiting_kind`; each kind reads a fixed number of
queries."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.db.models import Q
from django.urls import reverse

from game.models import (
    Day,
    DueEvent,
    Investigation,
    Kill,
    KillStatus,
    ResultStatus,
    ShovelUse,
)
from game.permissions import Viewer
from game.rulesets.live_action.powers import poison
from game.selectors.role_cards import standing_item_offers


@dataclass(frozen=True)
class Waiting:
    """One thing for the viewer: what it is, and the link to where they act on it or read it."""

    kind: str
    text: str
    url: str
    link_text: str


WaitingKind = Callable[[Viewer, Day], list[Waiting]]
WAITING_KINDS: list[WaitingKind] = []


def waiting_kind(kind: WaitingKind) -> WaitingKind:
    WAITING_KINDS.append(kind)
    return kind


def waiting_for(viewer: Viewer) -> list[Waiting]:
    """Everything waiting for the viewer's action or reading in a running game, by kind."""
    player = viewer.player
    if player is None or viewer.game.status != "running":
        return []
    day = viewer.game.days.filter(number=viewer.game.current_day).first()
    if day is None:
        return []
    return [item for kind in WAITING_KINDS for item in kind(viewer, day)]


@waiting_kind
def items_offered(viewer: Viewer, day: Day) -> list[Waiting]:
    """Items offered to the viewer whose offer stands: the item is theirs only once they accept,
    and nothing moves if they decline (R45). First on the card: the giver is waiting in person."""
    offers = (
        standing_item_offers(viewer.game)
        .filter(receiver=viewer.player)
        .select_related("item", "giver")
    )
    return [
        Waiting(
            "item_offered",
            f"{offer.giver.name} offers you their {offer.item.get_kind_display().lower()}: "
            "it is yours only once you accept (R45).",
            reverse("role_card", args=[viewer.game.pk]) + f"#offer-{offer.pk}",
            "Accept or decline",
        )
        for offer in offers
    ]


@waiting_kind
def kill_reports_to_answer(viewer: Viewer, day: Day) -> list[Waiting]:
    """A kill reported by the other party, that the viewer has not confirmed or disputed (R11)."""
    player = viewer.player
    kills = (
        Kill.objects.filter(game=viewer.game, status=KillStatus.PENDING)
        .filter(Q(victim=player) | Q(killer=player))
        .exclude(statements__reporter=player)
        .select_related("victim")
        .order_by("reported_at")
    )
    return [
        Waiting(
            "kill_to_answer",
            "A report of your death waits for your answer (R11)."
            if kill.victim_id == player.pk
            else f"A report that you killed {kill.victim.name} waits for your answer (R11).",
            reverse("kills", args=[viewer.game.pk]) + f"#kill-{kill.pk}",
            "Confirm or dispute",
        )
        for kill in kills
    ]


@waiting_kind
def answers_ready(viewer: Viewer, day: Day) -> list[Waiting]:
    """Answers to the viewer's investigations and shovels sent since today began (R20, R43)."""
    game = viewer.game
    investigations = Investigation.objects.filter(
        asker=viewer.player, status=ResultStatus.SENT, sent_at__gte=day.started_at
    ).select_related("victim")
    shovels = ShovelUse.objects.filter(
        player=viewer.player, status=ResultStatus.SENT, sent_at__gte=day.started_at
    ).select_related("dead_player")
    return [
        Waiting(
            "answer_ready",
            f"Your investigation about {i.victim.name} has its answer.",
            reverse("investigation_detail", args=[game.pk, i.pk]),
            "Read the answer",
        )
        for i in investigations
    ] + [
        Waiting(
            "answer_ready",
            f"Your shovel on {use.dead_player.name} has its result.",
            reverse("shovel_detail", args=[game.pk, use.pk]),
            "Read the result",
        )
        for use in shovels
    ]


@waiting_kind
def poisoned(viewer: Viewer, day: Day) -> list[Waiting]:
    """The viewer was poisoned and has been told so (from the next day on, R35)."""
    deaths = DueEvent.objects.filter(
        game=viewer.game,
        kind=poison.DEATH.event_kind,
        subject=viewer.player,
        done_at__isnull=True,
        cancelled_at__isnull=True,
        day__lt=day.number + poison.DELAY_DAYS,
    ).values_list("day", flat=True)
    return [
        Waiting(
            "poisoned",
            f"You were poisoned: you die at the end of day {death_day} unless the game ends "
            "first (R35).",
            reverse("game_log", args=[viewer.game.pk]),
            "See the notice",
        )
        for death_day in deaths
    ]
