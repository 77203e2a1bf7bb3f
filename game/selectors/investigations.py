"""Reads for the investigate page and the results (R21-R24, R43, R50): a player's own results
only, 404 for anyone else but a moderator."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404

from game.models import (
    Investigation,
    Item,
    Kill,
    KillStatus,
    Player,
    PoliceWatch,
    PriestList,
    PriestListEntry,
    ResultStatus,
    ShovelUse,
    SiteVisit,
)
from game.permissions import Viewer, can_read_results_of
from game.rulesets.live_action.investigation_limits import NOT_A_KILL
from game.rulesets.live_action.items.shovel import ITEM as SHOVEL
from game.rulesets.live_action.roles import priest
from game.rulesets.live_action.suspects import allowed_suspects
from game.rulesets.reasons import Reason
from game.selectors.record import investigation_results
from game.snapshots.investigations import LIFE_FIELDS, capacities_of, killed_at, player_life


@dataclass(frozen=True)
class SuspectChoice:
    """The suspects the viewer may name for the death of `victim` (R12, R19), by name; None and
    nothing when no victim is chosen, and the reason when the death cannot be investigated."""

    victim: Player | None = None
    suspects: tuple[Player, ...] = ()
    refusal: Reason | None = None


def suspect_choice(viewer: Viewer, victim_id: int | None, players: list[Player]) -> SuspectChoice:
    """The suspects of `victim_id`'s death among `players` (every player of the game, loaded with
    `LIFE_FIELDS`): one query for the kill's moment, whatever the game's size."""
    victim = next((p for p in players if p.pk == victim_id), None)
    if victim is None:
        return SuspectChoice()
    moment = killed_at(viewer.game, victim)
    if moment is None:
        return SuspectChoice(victim, refusal=NOT_A_KILL)
    allowed = set(
        allowed_suspects(
            (player_life(p) for p in players),
            victim=victim.pk,
            killed_at=moment,
            asker=viewer.player.pk,
        )
    )
    return SuspectChoice(victim, tuple(p for p in players if p.pk in allowed))


def suspects_for(viewer: Viewer, victim_id: int | None) -> SuspectChoice:
    """`suspect_choice` for the viewer, a player of the game: two queries."""
    return suspect_choice(viewer, victim_id, _players(viewer))


def _players(viewer: Viewer) -> list[Player]:
    return list(Player.objects.filter(game=viewer.game).only(*LIFE_FIELDS))


@dataclass(frozen=True)
class InvestigatePage:
    capacities: list[tuple[str, str]]
    kill_sites: list[Player]
    visited: set[int]
    players: list[Player]
    dead: list[Player]
    killed: list[Player]
    pending: list[Investigation]
    shovels: int
    is_officer: bool
    watching: set[int]
    is_priest: bool
    saints: set[int]
    sinners: set[int]
    priest_limit: int
    ask: SuspectChoice


def investigate_page(viewer: Viewer, victim_id: int | None = None) -> InvestigatePage:
    """The page, with the suspects of `victim_id`'s death when one is chosen (the form's first
    step without scripts, or a refused question shown again)."""
    game, player = viewer.game, viewer.player
    held = capacities_of(player, game.current_day)
    players = _players(viewer)
    site_ids = set(
        Kill.objects.filter(
            game=game,
            status__in=[KillStatus.PENDING, KillStatus.CONFIRMED],
            announced_at__isnull=False,
        ).values_list("victim_id", flat=True)
    )
    killed_ids = set(
        Kill.objects.filter(game=game, status=KillStatus.CONFIRMED).values_list(
            "victim_id", flat=True
        )
    )
    asked = list(
        Investigation.objects.filter(asker=player)
        .select_related("victim")
        .prefetch_related("suspects")
        .order_by("requested_at")
    )
    used_today = {i.capacity for i in asked if i.day == game.current_day}
    entries = PriestListEntry.objects.filter(priest=player, removed_at__isnull=True)
    entries = list(entries) if player.role == priest.ROLE.code else []
    return InvestigatePage(
        capacities=[
            (c.code, c.label)
            for c in game.rules.capacities
            if c.code in held and not (c.daily and c.code in used_today)
        ],
        kill_sites=[p for p in players if p.pk in site_ids],
        visited=set(SiteVisit.objects.filter(visitor=player).values_list("victim_id", flat=True)),
        players=players,
        dead=[p for p in players if not p.alive],
        killed=[p for p in players if p.pk in killed_ids],
        pending=[i for i in asked if i.status == ResultStatus.PENDING],
        shovels=Item.objects.filter(
            holder=player, kind=SHOVEL.code, destroyed_at__isnull=True
        ).count(),
        is_officer=player.police_officer_since is not None,
        watching=set(
            PoliceWatch.objects.filter(officer=player, day=game.current_day + 1).values_list(
                "watched_id", flat=True
            )
        ),
        is_priest=player.role == priest.ROLE.code,
        saints={e.player_id for e in entries if e.list == PriestList.SAINT},
        sinners={e.player_id for e in entries if e.list == PriestList.SINNER},
        priest_limit=priest.list_limit(sum(1 for p in players if p.alive)),
        ask=suspect_choice(viewer, victim_id, players),
    )


@dataclass(frozen=True)
class NightResult:
    night: int
    target: str
    alignment: str


@dataclass(frozen=True)
class Results:
    investigations: list[Investigation]
    shovels: list[ShovelUse]
    nights: list[NightResult]


def results_of(viewer: Viewer, player: Player) -> Results:
    """A player's own results (R50): answers only, never the reasons. 404 for anyone else but a
    moderator."""
    if not can_read_results_of(viewer, player):
        raise Http404("No such page.")
    return Results(
        list(
            Investigation.objects.filter(asker=player)
            .select_related("victim")
            .prefetch_related("suspects")
            .order_by("-requested_at")
        ),
        list(
            ShovelUse.objects.filter(player=player)
            .select_related("dead_player")
            .order_by("-used_at")
        ),
        _night_results(viewer, player),
    )


def _night_results(viewer: Viewer, player: Player) -> list[NightResult]:
    """The dawn results (C4) of a game whose roles act at night, newest first, with the chosen
    players' names."""
    if not viewer.game.rules.night_order:
        return []
    results = investigation_results(viewer, player)
    names = dict(
        Player.objects.filter(pk__in=[r.target_id for r in results]).values_list("pk", "name")
    )
    return [NightResult(r.night, names[r.target_id], r.alignment) for r in reversed(results)]


def investigation_for(viewer: Viewer, investigation_id: int) -> Investigation:
    investigation = (
        Investigation.objects.select_related("asker", "victim")
        .prefetch_related("suspects")
        .filter(game=viewer.game, pk=investigation_id)
        .first()
    )
    if investigation is None or not can_read_results_of(viewer, investigation.asker):
        raise Http404("No such investigation.")
    return investigation


def shovel_use_for(viewer: Viewer, use_id: int) -> ShovelUse:
    use = (
        ShovelUse.objects.select_related("player", "dead_player")
        .filter(game=viewer.game, pk=use_id)
        .first()
    )
    if use is None or not can_read_results_of(viewer, use.player):
        raise Http404("No such result.")
    return use
