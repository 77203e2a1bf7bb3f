"""The balance estimate's computer games per second (game/rulesets/balance): a classic setup of
7, an HP setup of 10 and a Chiang Mai setup of 10, each its default setup, by the rules alone
as the worker plays them. Pure Python, no database: `python bench/estimates.py` runs it alone,
`make bench` with the rest."""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rulesets.balance import play_range, variants  # noqa: E402
from game.rulesets.balance.simulations import SIMULATIONS  # noqa: E402

SETUPS = (("classic", 7, 1000), ("hp", 10, 300), ("chiang_mai", 10, 200))


def estimates_benchmark() -> list[dict]:
    figures = []
    for code, players, games in SETUPS:
        simulation = SIMULATIONS[code]
        setup = variants(simulation, simulation.defaults(players), players)
        start, cpu = time.perf_counter(), time.process_time()
        play_range(simulation, setup[0], "bench", 0, games)
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
        figures.append(
            {
                "ruleset": code,
                "players": players,
                "games": games,
                "variants": len(setup),
                "per_second": games / elapsed,
                # On a shared machine the wall clock counts others' work too; the CPU time does not.
                "per_cpu_second": games / cpu,
            }
        )
    return figures


def print_estimates_benchmark() -> None:
    print("\nBalance estimate: computer games by the rules alone (one worker process)")
    for f in estimates_benchmark():
        seconds = (2000 + (f["variants"] - 1) * 500) / f["per_cpu_second"]
        print(
            f"  {f['ruleset']:>10} of {f['players']:2}: {f['per_second']:7.1f} games/s"
            f" ({f['per_cpu_second']:.1f} a second of CPU time); an estimate of 2,000 games"
            f" and its {f['variants'] - 1} variants takes about {seconds:.0f} s of CPU"
        )


if __name__ == "__main__":
    print_estimates_benchmark()
