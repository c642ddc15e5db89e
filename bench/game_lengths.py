"""How long games last, to choose a game's ``rounds`` option default (Luxembourg-Shopping, issue #9; « A Vendre ! »,
issue #10).

``python bench/game_lengths.py --game luxembourg-shopping [--games 200] [--bots heuristic,random]
[--option game=double]`` plays games with no rounds limit (a safety stop at ``--cap`` rounds, counted apart) at every
player count the game allows and prints, per bot and player count, the rounds a game took (mean, median, 90th, 99th
percentile, longest) and how games ended. A default limit is chosen above the 99th percentile of the heuristic bots'
games, so that it only stops games that would otherwise go on and on.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections import Counter

from ludotheque.bots import make_bot
from ludotheque.engine import get_game, parse_option_args, play_out


def lengths(name: str, options: dict[str, str], players: int, bot: str, games: int, cap: int) -> dict[str, object]:
    game = get_game(name)
    rounds: list[int] = []
    ends: Counter[str] = Counter()
    for seed in range(games):
        state = game.new_game(players, {**options, "rounds": cap})
        bots = [make_bot(bot, game.info.name, s, random.Random(f"{seed}:{s}")) for s in range(players)]
        play_out(state, bots, random.Random(seed))
        ends[state.outcome().termination] += 1
        rounds.append(min(int(state.round), cap))  # type: ignore[attr-defined]
    rounds.sort()

    def pct(q: float) -> int:
        return rounds[min(len(rounds) - 1, int(q * len(rounds)))]

    return {"players": players, "bot": bot, "games": games, "mean": round(statistics.mean(rounds), 1),
            "median": pct(0.5), "p90": pct(0.9), "p99": pct(0.99), "max": rounds[-1], "ends": dict(ends)}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--game", default="luxembourg-shopping")
    p.add_argument("--option", action="append", default=[], help="name=value, repeatable")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--bots", default="heuristic,random", help="bots to measure, each playing every seat")
    p.add_argument("--players", default="", help="player counts, e.g. 2,4,9 (default: every count)")
    p.add_argument("--cap", type=int, default=2000, help="safety stop (rounds), reported as rounds_limit")
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    info = get_game(args.game).info
    counts = [int(c) for c in args.players.split(",")] if args.players else range(info.min_players,
                                                                                  info.max_players + 1)
    options = parse_option_args(args.option)
    rows = [lengths(args.game, options, n, bot, args.games, args.cap) for bot in args.bots.split(",") for n in counts]
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    print(f"{info.title_en} {options or ''}: rounds per game, {args.games} games a row, no limit (safety stop at "
          f"{args.cap}: 'rounds_limit')")
    print(f"{'bot':<10}{'players':>8}{'mean':>8}{'median':>8}{'p90':>6}{'p99':>6}{'max':>6}  how games ended")
    for r in rows:
        ends = ", ".join(f"{k} {v}" for k, v in sorted(r["ends"].items()))  # type: ignore[attr-defined]
        print(f"{r['bot']:<10}{r['players']:>8}{r['mean']:>8}{r['median']:>8}{r['p90']:>6}{r['p99']:>6}"
              f"{r['max']:>6}  {ends}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
