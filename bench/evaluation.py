"""How well a game's search evaluation foresees who wins: ``python bench/evaluation.py`` (options: --game NAME|all,
--games, --players, --every, --seed, --json).

A game's ``SearchHooks.evaluate`` gives every seat its chance to win from a position, and search cuts its rollouts
short on it: a good evaluation is one whose chances come true. This plays ``--games`` seeded games between heuristic
bots and, at one decision in ``--every``, asks the evaluation for its chances; then scores them against who won
with the log loss (the mean of −ln of the chance given to the winners: lower is better; a shared win counts the
winners' chances together). ``no opinion`` is the loss of even chances, ln(players): an evaluation above it
misleads search. Figures are given by quarter of the game (by decision), so an evaluation that is only good at
the end shows it. The same arguments give the same figures.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys

from ludotheque.engine import get_game
from ludotheque.engine.game import all_games
from ludotheque.sim.positions import heuristic_decisions

QUARTERS = ("first", "second", "third", "last")


def judged_positions(game_name: str, games: int, players: int, every: int, seed: int) -> list[tuple[float, float]]:
    """(how far into its game, the chance the evaluation gave the winners) for the positions judged."""
    game = get_game(game_name)
    hooks = game.search_hooks()
    out: list[tuple[float, float]] = []
    for g in range(games):
        state = game.new_game(players)
        rng = random.Random(seed * 100_003 + g)
        bot_rngs = [random.Random(rng.random()) for _ in range(players)]
        judged: list[list[float]] = []
        decisions = 0
        for _ in heuristic_decisions(game_name, state, rng, bot_rngs):
            decisions += 1
            if decisions % every == 0:
                chances = hooks.evaluate(state.clone())
                if chances is not None:
                    judged.append([decisions, *chances])
        winners = state.outcome().winners
        out.extend((j[0] / decisions, sum(j[1 + w] for w in winners)) for j in judged)
    return out


def log_losses(judged: list[tuple[float, float]]) -> dict[str, float]:
    """The log loss over all positions and by quarter of the game."""
    def loss(chances: list[float]) -> float:
        return sum(-math.log(max(c, 1e-9)) for c in chances) / max(1, len(chances))

    by_quarter = {name: loss([c for at, c in judged if min(3, int(at * 4)) == q]) for q, name in enumerate(QUARTERS)}
    return {"all": loss([c for _, c in judged]), **by_quarter}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="all")
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--every", type=int, default=4, help="judge one decision in this many (default 4)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    names = [g.info.name for g in all_games() if g.search_path] if args.game == "all" else [args.game]
    results = {}
    for name in names:
        judged = judged_positions(name, args.games, args.players, args.every, args.seed)
        losses = log_losses(judged)
        results[name] = {"positions": len(judged), "no_opinion": math.log(args.players), "log_loss": losses}
        if not args.json:
            quarters = "  ".join(f"{q} {losses[q]:.3f}" for q in QUARTERS)
            print(f"{name:22} log loss {losses['all']:.3f} (no opinion {math.log(args.players):.3f}) over "
                  f"{len(judged):,} positions; by quarter: {quarters}", flush=True)
    if args.json:
        json.dump({"games": args.games, "players": args.players, "seed": args.seed, "results": results},
                  sys.stdout, indent=1)
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
