"""Stack Market's equilibrium rule against MuJoCo: ``python bench/stack_market_agreement.py`` (options: --samples,
--heights, --spreads, --seed, --processes, --examples).

Draws ``--samples`` random buildings per height and hand spread (``mujoco_replay.random_building``: each die
aimed at the one below, missed by a Gaussian hand error), judges each by physics.py's static-equilibrium rule
and by 3 simulated seconds in MuJoCo, and prints in Markdown how often the two agree, per height and spread and
by distance to the edge, then the disagreeing buildings nearest the edge, and the wall and CPU time. Progress
goes to stderr. Needs the ``mujoco`` extra.

The default spreads (1 to 4 mm, the turn a quarter of it in hundredths of a degree) span mostly standing to
mostly falling at every height: by physics.py, 100 % to about 50 % of 5-dice buildings stand, 93 % to none at 30
dice; below 1 mm nearly every building stands. The default run (4000 buildings) takes some 30 CPU-minutes.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import os
import random
import statistics
import sys
import time

from ludotheque.games.stack_market import mujoco_replay
from ludotheque.games.stack_market.mujoco_replay import Cell


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--samples", type=int, default=200, help="random buildings per height and spread")
    parser.add_argument("--heights", default="5,10,15,20,30", help="dice per building, comma-separated")
    parser.add_argument("--spreads", default="1000,2000,3000,4000", help="hand spreads (µm), comma-separated")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--examples", type=int, default=10, help="disagreements to print, nearest the edge first")
    args = parser.parse_args()
    if not mujoco_replay.available():
        sys.exit("MuJoCo is not installed (pip install mujoco)")
    heights = [int(h) for h in args.heights.split(",")]
    spreads = [int(s) for s in args.spreads.split(",")]
    total = len(heights) * len(spreads)
    start = time.perf_counter()

    def progress(cell: Cell) -> None:
        done = len(cells_done) + 1
        cells_done.append(cell)
        print(
            f"[{done}/{total}] {cell.height} dice, spread {cell.spread_um} µm: {cell.agree}/{cell.samples} agree "
            f"({time.perf_counter() - start:.0f} s)",
            file=sys.stderr,
            flush=True,
        )

    cells_done: list[Cell] = []
    cells = mujoco_replay.agreement(heights, spreads, args.samples, random.Random(args.seed), args.processes, progress)
    wall = time.perf_counter() - start
    comparisons = [c for cell in cells for c in cell.comparisons]
    s = mujoco_replay.SETTINGS

    print(f"## Stack Market: physics.py against MuJoCo {_mujoco_version()}\n")
    print(
        f"{args.samples} random buildings per cell (seed {args.seed}); MuJoCo: step {s.timestep * 1e3:g} ms, "
        f"solref {s.solref}, solimp {s.solimp}, friction {s.friction}, elliptic cones, Newton; "
        f"gravity released over {s.release_s:g} s, then {3:g} s; fallen: a die moved > {mujoco_replay.MOVED_MM:g} mm "
        f"or leaned > {mujoco_replay.TILTED_DEG:g}°.\n"
    )
    print(mujoco_replay.markdown(cells))
    print("\n### By distance to the edge\n")
    print(mujoco_replay.markdown_by_margin(cells))
    stood = [c.outcome for c in comparisons if c.outcome.stands]
    fell = [c.outcome for c in comparisons if not c.outcome.stands]
    print("\n### MuJoCo's buildings\n")
    if stood:
        print(
            f"- {len(stood)} stood: their dice moved at most {max(o.moved_mm for o in stood) * 1e3:.1f} µm "
            f"(median of the largest move per building {statistics.median(o.moved_mm for o in stood) * 1e3:.1f} µm) "
            f"and leaned at most {max(o.tilted_deg for o in stood):.3f}°."
        )
    if fell:
        times = sorted(o.seconds for o in fell)
        print(
            f"- {len(fell)} fell, seen falling after {statistics.median(times):.2f} s (median), "
            f"{times[int(0.9 * (len(times) - 1))]:.2f} s (90th percentile), {times[-1]:.2f} s (latest)."
        )
    disagreements = sorted((c for c in comparisons if not c.agree), key=lambda c: abs(c.verdict.margin))
    print(f"\n### Disagreements, nearest the edge first ({len(disagreements)} in all)\n")
    for c in disagreements[: args.examples]:
        print(f"- {c.describe()}")
    if not disagreements:
        print("- none")
    cpu = sum(c.outcome.cpu_s for c in comparisons)
    print(
        f"\nWall time {wall:.0f} s for {len(comparisons)} buildings with {args.processes} processes; "
        f"simulation CPU time {cpu:.0f} s ({1e3 * cpu / max(1, len(comparisons)):.0f} ms a building)."
    )


def _mujoco_version() -> str:
    return importlib.metadata.version("mujoco")


if __name__ == "__main__":
    main()
