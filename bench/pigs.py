"""The pig game's simulator (seed 003): deals simulated per second on 1,000 seeded random deals
of 2 to 10 pigs and decks of up to 2,000 cards, every event recorded, as the pages and the API
play them. Pure Python, no database: `make bench-pigs` runs it alone, `make bench` with the rest."""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rulesets.pigs import deal_random, simulate  # noqa: E402

DEALS = 1000


def pigs_benchmark(deals: int = DEALS) -> dict[str, float]:
    dealt = [deal_random(seed) for seed in range(deals)]
    start, cpu = time.perf_counter(), time.process_time()
    results = [simulate(deal) for deal in dealt]
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {
        "deals": deals,
        "seconds": elapsed,
        "per_second": deals / elapsed,
        # On a shared machine the wall clock counts others' work too; the CPU time does not.
        "per_cpu_second": deals / cpu,
        "endless": sum(r.winner is None for r in results),
        "events": sum(len(r.events) for r in results) / deals,
        "turns": sum(r.turns for r in results) / deals,
    }


def print_pigs_benchmark() -> None:
    figures = pigs_benchmark()
    print(f"\nPig game: {figures['deals']} random deals (2-10 pigs, decks of 1-2,000 cards)")
    print(
        f"  {figures['per_second']:8.1f} deals/s ({figures['seconds']:.2f} s;"
        f" {figures['per_cpu_second']:.1f} a second of CPU time);"
        f" {figures['turns']:.0f} turns and {figures['events']:.0f} events a deal on average;"
        f" {figures['endless']:.0f} endless (100,000 turns each, P6)"
    )


if __name__ == "__main__":
    print_pigs_benchmark()
