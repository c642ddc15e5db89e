"""Search speed: ``python bench/search.py`` (options: --game NAME|all, --players, --seconds, --generic, --no-model,
--json).

For each game, plays one reference game of 4 ``heuristic`` bots (seeded) and takes the positions where a seat
must choose at the start (5 % of the game's decisions), in the middle (50 %) and near the end (90 %); at each,
runs the search bot (``ludotheque.bots.search``) from the seat to move's view for ``--seconds`` and prints the
iterations per second (CPU time of this one process, so one core). ``--generic`` switches the game's search hooks
off (random rollouts to the end, every legal move a branch): the figure a game without hooks would get.
``--no-model`` keeps the hooks but not the game's opponent model (``SearchHooks.model``, a bot that plays the other
seats: iterations cost several times as much with it, and are worth more).

Goal (issue #12), mid-game at 4 players: at least 5,000 iterations per second in Acquire and 15,000 in Gracias.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from ludotheque.bots.search import Search, opponent_model
from ludotheque.engine import get_game
from ludotheque.engine.bots import SeatView
from ludotheque.engine.game import all_games
from ludotheque.engine.search import NO_HOOKS
from ludotheque.engine.state import State
from ludotheque.sim.positions import heuristic_decisions

POINTS = {"start": 0.05, "middle": 0.5, "end": 0.9}


def reference_positions(game_name: str, players: int, seed: int) -> dict[str, State]:
    """Positions of a seeded game between heuristic bots where a seat must choose, at each point of ``POINTS``."""
    state = get_game(game_name).new_game(players)
    bot_rngs = [random.Random(seed * 10 + s) for s in range(players)]
    decisions = [state.clone() for legal in heuristic_decisions(game_name, state, random.Random(seed), bot_rngs)
                 if len(legal) > 1]
    return {name: decisions[min(len(decisions) - 1, int(share * len(decisions)))] for name, share in POINTS.items()}


def iterations_per_second(game_name: str, state: State, seconds: float, generic: bool,
                          model: bool = True) -> tuple[float, int]:
    game = get_game(game_name)
    seat = state.current_player
    hooks = NO_HOOKS if generic else game.search_hooks()
    rng = random.Random(1)
    search = Search(SeatView(state, seat, state.legal_actions()), rng, hooks, max_actions=game.info.max_actions,
                    paired=hooks.paired, model=opponent_model(game, hooks, rng) if model else None)
    cpu = time.process_time()
    done = search.run(seconds=seconds)
    return done / max(time.process_time() - cpu, 1e-9), len(state.legal_actions())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="all")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=2.0, help="thinking time per position (default 2)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--generic", action="store_true", help="without the games' search hooks")
    parser.add_argument("--no-model", action="store_true", help="without the games' opponent models")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    names = [g.info.name for g in all_games() if g.info.name != "hidden-dice"] if args.game == "all" else [args.game]
    results: dict[str, dict[str, dict[str, float]]] = {}
    for name in names:
        positions = reference_positions(name, args.players, args.seed)
        results[name] = {}
        for point, state in positions.items():
            rate, legal = iterations_per_second(name, state, args.seconds, args.generic, not args.no_model)
            results[name][point] = {"iterations_per_second": round(rate), "legal_actions": legal}
            if not args.json:
                print(f"{name:22} {point:7} {rate:9,.0f} iterations/s  ({legal} legal moves)", flush=True)
    if args.json:
        json.dump({"players": args.players, "seconds": args.seconds, "generic": args.generic,
                   "model": not args.no_model, "results": results},
                  sys.stdout, indent=2)
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
