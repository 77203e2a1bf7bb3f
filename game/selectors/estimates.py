"""A balance estimate as its page and the API show it: each side's win rate over the computer
games played so far with its Wilson 95% interval, for the setup and for each variant with one
role more or fewer, and how far each variant moves each side's rate."""

from __future__ import annotations

from dataclasses import dataclass

from game.models import BalanceEstimate, Game
from game.rulesets.balance import Variant, plan_for
from game.rulesets.balance.simulations import SIMULATIONS
from game.rulesets.registry import RULESETS
from game.rulesets.wilson import Rate, wilson

RECENT = 5


@dataclass(frozen=True)
class SideRate:
    code: str
    name: str
    rate: Rate
    move: float | None  # the rate minus the setup's, for a variant


@dataclass(frozen=True)
class VariantRow:
    key: str
    label: str
    part: str
    delta: int
    players: int
    counts: dict[str, int]
    played: int
    sides: list[SideRate]


@dataclass(frozen=True)
class EstimateView:
    estimate: BalanceEstimate
    ruleset_name: str
    computer_play: str
    setup: list[tuple[str, int]]
    base: VariantRow
    variants: list[VariantRow]


def _label(variant: Variant, name: str) -> str:
    if variant.delta == 0:
        return "The setup"
    more = "One more" if variant.delta > 0 else "One fewer"
    return f"{more} {name} ({variant.players} players)"


def _row(estimate: BalanceEstimate, variant: Variant, base: VariantRow | None) -> VariantRow:
    simulation = SIMULATIONS[estimate.ruleset]
    won = estimate.results.get(variant.key, {})
    played = sum(won.values())
    sides = []
    for index, (code, name) in enumerate(RULESETS[estimate.ruleset].alignments):
        rate = wilson(won.get(code, 0), played)
        move = None
        if base is not None and played and base.played:
            move = rate.rate - base.sides[index].rate.rate
        sides.append(SideRate(code, name, rate, move))
    return VariantRow(
        variant.key,
        _label(variant, simulation.part_name(variant.part)),
        variant.part,
        variant.delta,
        variant.players,
        variant.counts,
        played,
        sides,
    )


def estimate_view(estimate: BalanceEstimate) -> EstimateView:
    simulation = SIMULATIONS[estimate.ruleset]
    plan = plan_for(
        simulation, estimate.counts, estimate.players, estimate.games, estimate.variant_games
    )
    base = _row(estimate, plan.variants[0], None)
    return EstimateView(
        estimate,
        RULESETS[estimate.ruleset].name,
        simulation.computer_play,
        [(simulation.part_name(code), n) for code, n in estimate.counts.items()],
        base,
        [_row(estimate, variant, base) for variant in plan.variants[1:]],
    )


def estimates_of(game: Game) -> list[BalanceEstimate]:
    """The game's latest estimates, the newest first."""
    return list(BalanceEstimate.objects.filter(game=game)[:RECENT])


def estimate_of(game: Game, estimate_id: int) -> BalanceEstimate | None:
    return BalanceEstimate.objects.filter(game=game, pk=estimate_id).first()


def estimable(game: Game) -> bool:
    """Whether the game's rule set has computer players to estimate its balance."""
    return game.ruleset in SIMULATIONS
