"""Strength: ``python bench/strength.py`` (options: --game NAME|all, --bot SPEC, --against SPEC, --games, --jobs,
--players, --seed, --generic, --json); a progress bar on stderr while games are played.

Plays ``--games`` games of each game at ``--players`` (4) between one ``--bot`` (default ``expert``) and three
``--against`` bots (default ``heuristic``), seats rotated so that the bot plays every seat equally often, and prints
its win rate with the 95 % interval (Wilson), the fair share and the ratio, its seconds per move, and the
command that reproduces the figure with ``ludo simulate``. ``--generic`` switches the games' search hooks off (the
search through the State contract alone), to say what the hooks are worth.

Goal (issue #12): ``expert`` at 1 s per move wins at least 85 % of Acquire games and 40 % of Gracias games against
three heuristic bots, and at least 1.5 times a fair share in every other game, over 200 games or more.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from ludotheque.cli.output import Screen
from ludotheque.cli.simulate import progress_bar
from ludotheque.engine import get_game
from ludotheque.engine.game import all_games
from ludotheque.sim.simulator import SimConfig, simulate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="all")
    parser.add_argument("--bot", default="expert")
    parser.add_argument("--against", default="heuristic")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--generic", action="store_true", help="without the games' search hooks")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    names = [g.info.name for g in all_games() if g.info.name != "hidden-dice"] if args.game == "all" else [args.game]
    results = []
    for name in names:
        if args.generic:  # the registry's game object, in this process and in workers forked from it
            get_game(name).search_path = None
        bots = (args.bot, *[args.against] * (args.players - 1))
        config = SimConfig(name, args.players, bots, games=args.games, seed=args.seed)
        started = time.perf_counter()
        with progress_bar(Screen(stderr=True), name, args.games) as advance:
            summary = simulate(config, jobs=args.jobs, progress=advance)
        wall = time.perf_counter() - started
        data = summary.to_json()
        mine = next(b for b in data["by_bot"] if b["bot"] == args.bot)
        result = {"game": name, "bot": args.bot, "against": args.against, "players": args.players,
                  "games": args.games, "generic": args.generic, "win_rate": mine["win_rate"], "ci95": mine["ci95"],
                  "fair_share": data["fair_share"], "ratio": round(mine["win_rate"] / data["fair_share"], 2),
                  "seconds_per_move": data["thinking"][args.bot]["seconds_per_move"], "wall_seconds": round(wall),
                  "command": f"ludo simulate {name} --players {args.players} --games {args.games} --seed {args.seed} "
                             f"--bots {','.join(bots)} --jobs {args.jobs} --json"}
        results.append(result)
        if not args.json:
            lo, hi = mine["ci95"]
            print(f"{name:22} {args.bot}: {100 * mine['win_rate']:5.1f} % ({100 * lo:.1f}–{100 * hi:.1f} %) over "
                  f"{args.games} games, {result['ratio']}× a fair share, "
                  f"{1000 * result['seconds_per_move']:.0f} ms per move{' (generic)' if args.generic else ''}",
                  flush=True)
    if args.json:
        json.dump(results, sys.stdout, indent=2)
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
