"""Re-deal cost: ``python bench/resample.py`` (options: --game NAME|all, --players, --positions, --json).

Search bots (IS-MCTS) call ``state.resample(seat, rng)`` once per iteration, so it should cost about what a
``clone()`` costs (resample is a clone plus a re-deal of what the seat cannot see). For each game this times
both on positions early, mid- and late-game (a fifth, a half and four fifths of random games, at a seat to move)
and prints clone µs, resample µs and their ratio, per stage and over all positions (medians). Target for
Acquire and Gracias: a ratio of 2 to 3 at 4 players.

Times are this process's CPU time (``time.process_time``, one core), the best of a few repeats per position, so
that they stay comparable from run to run on a busy machine; ``--json`` also gives wall-clock medians.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from ludotheque.engine import CHANCE, Match, State, get_game

GAMES = ("acquire", "gracias", "stack-market", "luxembourg-shopping", "a-vendre")
STAGES = {"early": 0.2, "mid": 0.5, "late": 0.8}
"""How far into a random game each stage's positions are."""


def positions(name: str, players: int, count: int, fraction: float) -> list[tuple[State, int]]:
    """``count`` positions ``fraction`` of the way into random games, each with the seat to move there."""
    game = get_game(name)
    out: list[tuple[State, int]] = []
    for seed in range(count):
        whole = Match(game, players, seed=seed, log=False)
        whole.play_randomly(random.Random(seed))
        match = Match(game, players, seed=seed, log=False)
        match.play_randomly(random.Random(seed), int(len(whole.history) * fraction))
        while match.state.current_player == CHANCE:
            match.draw_chance()
        if not match.is_over():
            out.append((match.state, match.state.current_player))
    return out


def best_us(call: Callable[[], object], number: int, repeats: int = 3) -> tuple[float, float]:
    """The best of ``repeats`` timings of ``number`` calls: µs per call of CPU time and of wall time."""
    cpus, walls = [], []
    for _ in range(repeats):
        cpu, wall = time.process_time(), time.perf_counter()
        for _ in range(number):
            call()
        cpus.append((time.process_time() - cpu) / number * 1e6)
        walls.append((time.perf_counter() - wall) / number * 1e6)
    return min(cpus), min(walls)


def measure(name: str, players: int, count: int, number: int) -> dict[str, Any]:
    row: dict[str, Any] = {"game": name, "players": players}
    ratios: list[float] = []
    for stage, fraction in STAGES.items():
        clone_cpu, clone_wall, redeal_cpu, redeal_wall = [], [], [], []
        for state, seat in positions(name, players, count, fraction):
            rng = random.Random(0)
            c, cw = best_us(state.clone, number)
            r, rw = best_us(partial(state.resample, seat, rng), number)
            clone_cpu.append(c)
            clone_wall.append(cw)
            redeal_cpu.append(r)
            redeal_wall.append(rw)
            ratios.append(r / c)
        clone, redeal = statistics.median(clone_cpu), statistics.median(redeal_cpu)
        row[stage] = {"positions": len(clone_cpu), "clone_us": round(clone, 2), "resample_us": round(redeal, 2),
                      "ratio": round(redeal / clone, 2), "clone_us_wall": round(statistics.median(clone_wall), 2),
                      "resample_us_wall": round(statistics.median(redeal_wall), 2)}
    row["ratio"] = round(statistics.median(ratios), 2)
    return row


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", default="all", help=f"one of {', '.join(GAMES)}, or all")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--positions", type=int, default=4, help="positions per stage (one random game each)")
    p.add_argument("--number", type=int, default=2000, help="calls per timing")
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    names = GAMES if args.game == "all" else (args.game,)
    rows = [measure(name, args.players, args.positions, args.number) for name in names]
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    print(f"resample vs clone, {args.players} players, µs of CPU time (median of {args.positions} positions a stage)")
    print(f"{'game':<22}" + "".join(f"{stage + ' clone/resample/ratio':>32}" for stage in STAGES) + f"{'ratio':>8}")
    for row in rows:
        cells = "".join(f"{row[s]['clone_us']:>14.2f}{row[s]['resample_us']:>9.2f}{row[s]['ratio']:>9.2f}"
                        for s in STAGES)
        print(f"{row['game']:<22}{cells}{row['ratio']:>8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
