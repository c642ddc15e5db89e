"""How steady search's choices are: ``python bench/agreement.py --game NAME`` (options: --iterations, --positions,
--games, --players, --seed, --paired, --jobs, --json).

Plays seeded games of ``heuristic`` bots and takes, from each, positions where the seat to move has more than one
move worth a branch (the game's ``SearchHooks.candidates``), spread over the game. At each, two searches of
``--iterations`` with different seeds think from the seat's view, and the bench counts how often they pick the same
move (the most tried). Two searches that agree more often are less at the mercy of their luck: that is what
``--paired`` (common random numbers at the root, ``Search.iterate_paired``) is for. Prints the agreement with its
95 % interval (Wilson) and the CPU time per search.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from ludotheque.bots.search import Search
from ludotheque.engine import get_game
from ludotheque.engine.bots import SeatView
from ludotheque.engine.state import State
from ludotheque.sim.positions import heuristic_decisions
from ludotheque.sim.stats import wilson_interval


def positions(game_name: str, players: int, games: int, per_game: int, seed: int) -> list[State]:
    """``per_game`` positions from each of ``games`` seeded games between heuristic bots, evenly spread over the
    decisions where search has a choice to make."""
    game = get_game(game_name)
    hooks = game.search_hooks()
    out: list[State] = []
    for g in range(games):
        rng = random.Random(seed * 1000 + g)
        state = game.new_game(players)
        bot_rngs = [random.Random(rng.random()) for _ in range(players)]
        choices = [state.clone() for legal in heuristic_decisions(game_name, state, rng, bot_rngs)
                   if len(legal) > 1 and len(hooks.candidates(state.clone(), legal)) > 1]
        step = max(1, len(choices) // per_game)
        out.extend(choices[step // 2::step][:per_game])
    return out


def agree(job: tuple[str, State, int, bool, int]) -> tuple[bool, float]:
    """Whether two searches from the position's seat, seeded apart, pick the same move; their mean CPU time."""
    game_name, state, iterations, paired, seed = job
    game = get_game(game_name)
    seat = state.current_player
    picks = []
    cpu = time.process_time()
    for k in range(2):
        search = Search(SeatView(state, seat, state.legal_actions()), random.Random(seed * 2 + k),
                        game.search_hooks(), max_actions=game.info.max_actions, paired=paired)
        search.run(iterations)
        picks.append(search.estimates()[0].action)
    return picks[0] == picks[1], (time.process_time() - cpu) / 2


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True)
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--games", type=int, default=20, help="games to take positions from (default 20)")
    parser.add_argument("--positions", type=int, default=5, help="positions per game (default 5)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--paired", action="store_true", help="common random numbers at the root")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    states = positions(args.game, args.players, args.games, args.positions, args.seed)
    jobs = [(args.game, s, args.iterations, args.paired, args.seed * 100_000 + i) for i, s in enumerate(states)]
    same = 0
    cpu = 0.0
    with ProcessPoolExecutor(args.jobs) if args.jobs > 1 else contextlib.nullcontext() as pool:
        for i, (agreed, seconds) in enumerate((pool.map if pool else map)(agree, jobs), 1):
            same += agreed
            cpu += seconds
            print(f"\r{i}/{len(jobs)} positions, {same} agreed", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    low, high = wilson_interval(same, len(jobs))
    result = {"game": args.game, "iterations": args.iterations, "paired": args.paired, "positions": len(jobs),
              "agreed": same, "share": same / len(jobs), "interval": [low, high],
              "cpu_seconds_per_search": cpu / len(jobs)}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{args.game}, {args.iterations} iterations{', paired' if args.paired else ''}: two searches agreed "
              f"at {same} of {len(jobs)} positions ({same / len(jobs):.1%}, interval {low:.1%}-{high:.1%}), "
              f"{cpu / len(jobs) * 1000:.0f} ms of CPU a search")
    return 0


if __name__ == "__main__":
    sys.exit(main())
