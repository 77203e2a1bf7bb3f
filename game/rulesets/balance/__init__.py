"""The balance estimate of a setup before play: the computer players of a rule set play it many
times, by the rules alone, and the share each side wins is counted; so are the setups with one
more and one fewer of each role, to show how the balance moves. Pure Python: the services run
it in chunks in the worker (`game.services.estimates`).

Each rule set with computer players declares a `Simulation` (`simulations.SIMULATIONS`); every
game's draws come from the estimate's seed, the variant and the game's number (C8), so that a
chunk played twice counts the same."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass

Counts = Mapping[str, int]


@dataclass(frozen=True)
class Simulation:
    """What the estimate needs of a rule set: the parts of a setup it counts (roles, or
    Chiang Mai's face cards) with the `filler` that takes the other seats, the defaults for a
    number of players, why a setup cannot be played, and one computer game's winner."""

    code: str
    parts: tuple[tuple[str, str], ...]
    filler: str
    filler_name: str
    min_players: int
    defaults: Callable[[int], dict[str, int]]
    refusal: Callable[[Counts, int], str]
    winner_of: Callable[[Counts, int, str], str | None]
    computer_play: str
    max_players: int = 30
    cards_a_player: int = 1
    setup_from_game: bool = True
    """False where the game's setup names no counts to estimate (Chiang Mai's host deals a deck of
    their own at the table): the defaults for the number of players are estimated instead."""

    def part_name(self, code: str) -> str:
        return dict(self.parts).get(code, self.filler_name if code == self.filler else code)


@dataclass(frozen=True)
class Variant:
    """The setup itself (delta 0) or one more (+1) or one fewer (-1) of `part`: a counted part
    takes or gives its seat to the filler; the filler itself is a player more or fewer."""

    part: str
    delta: int
    counts: dict[str, int]
    players: int

    @property
    def key(self) -> str:
        return "base" if self.delta == 0 else f"{self.part}{self.delta:+d}"


def counts_refusal(counts: Counts, players: int, simulation: Simulation) -> str:
    """Why counts cannot be dealt to `players` in the rule set, or ""."""
    if not simulation.min_players <= players <= simulation.max_players:
        return (
            f"Estimate a setup of {simulation.min_players} to {simulation.max_players} players; "
            f"this one has {players}."
        )
    unknown = sorted(set(counts) - {code for code, _ in simulation.parts})
    if unknown:
        return f"No such role to count: {', '.join(unknown)}."
    if any(n < 0 for n in counts.values()):
        return "A count cannot be negative."
    if sum(counts.values()) > players * simulation.cards_a_player:
        return f"The counts need more than the setup's {players} players."
    return simulation.refusal(counts, players)


def variants(simulation: Simulation, counts: Counts, players: int) -> list[Variant]:
    """The setup first, then one more and one fewer of each part and of the filler, those that
    the rule set can deal."""
    found = [Variant("", 0, dict(counts), players)]
    for part in [code for code, _ in simulation.parts] + [simulation.filler]:
        for delta in (1, -1):
            changed = dict(counts)
            seats = players
            if part == simulation.filler:
                seats += delta
            else:
                changed[part] = changed.get(part, 0) + delta
            if not counts_refusal(changed, seats, simulation):
                found.append(Variant(part, delta, changed, seats))
    return found


def game_seed(seed: str, variant: Variant, number: int) -> str:
    return f"{seed}:{variant.key}:{number}"


def play_range(
    simulation: Simulation, variant: Variant, seed: str, start: int, stop: int
) -> Counter[str]:
    """The winners of games `start` to `stop` (excluded) of one variant; a game no side won
    counts as "none"."""
    return Counter(
        simulation.winner_of(variant.counts, variant.players, game_seed(seed, variant, n)) or "none"
        for n in range(start, stop)
    )


def variant_games_for(games: int) -> int:
    """Each variant plays a quarter of the setup's games, at least 100 (or all when fewer):
    enough to show which way the balance moves, with its own wider interval."""
    return max(min(games, 100), -(-games // 4))


@dataclass(frozen=True)
class Plan:
    """Every game of an estimate in order: the setup's `games`, then each other variant's
    `variant_games`; a position says which variant's which game."""

    variants: tuple[Variant, ...]
    games: int
    variant_games: int

    @property
    def total(self) -> int:
        return self.games + (len(self.variants) - 1) * self.variant_games

    def at(self, position: int) -> tuple[Variant, int, int]:
        """The variant at `position`, the game's number in it, and the games it has left."""
        if position < self.games:
            return self.variants[0], position, self.games - position
        index, number = divmod(position - self.games, self.variant_games)
        return self.variants[1 + index], number, self.variant_games - number


def plan_for(
    simulation: Simulation, counts: Counts, players: int, games: int, variant_games: int
) -> Plan:
    return Plan(tuple(variants(simulation, counts, players)), games, variant_games)
