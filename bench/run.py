"""Speed benchmark: ``python bench/run.py`` (options: --game acquire|gracias|all, --games, --players, --json).

Prints complete random games per second on one core, engine decisions per second, clone time, and the
time to replay a full game record. Targets for Acquire (issue #2): >= 200 random 4-player games/s on one
core, clone < 10 µs.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
import timeit

from ludotheque.engine import Match, RandomBot, get_game, play_out
from ludotheque.engine.driver import SeatView


def random_games(game_name: str, players: int, games: int, first_seed: int = 0) -> dict[str, float]:
    game = get_game(game_name)
    actions = decisions = 0
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        state = game.new_game(players)
        bots = [_CountingBot(s, random.Random(seed * 100 + s)) for s in range(players)]
        actions += play_out(state, bots, random.Random(seed))
        decisions += sum(b.calls for b in bots)
    elapsed = time.perf_counter() - start
    return {"games_per_s": games / elapsed, "actions_per_s": actions / elapsed, "decisions_per_s": decisions / elapsed,
            "actions_per_game": actions / games, "decisions_per_game": decisions / games}


class _CountingBot(RandomBot):
    def __init__(self, seat: int, rng: random.Random) -> None:
        super().__init__(seat, rng)
        self.calls = 0

    def choose(self, view: SeatView) -> object:  # type: ignore[override]
        self.calls += 1
        return super().choose(view)


def mid_game_states(game_name: str, players: int, count: int) -> list[object]:
    """Positions 150 to 283 random actions into games (or their ends)."""
    out = []
    for seed in range(count):
        match = Match(get_game(game_name), players, seed=seed, log=False)
        match.play_randomly(random.Random(seed), 150 + seed * 7)
        out.append(match.state)
    return out


def clone_time_us(game_name: str, players: int) -> float:
    states = mid_game_states(game_name, players, 20)
    per = []
    for s in states:
        n = 20000
        per.append(timeit.timeit(s.clone, number=n) / n * 1e6)  # type: ignore[attr-defined]
    return statistics.median(per)


def replay_time_ms(game_name: str, players: int) -> tuple[float, int]:
    game = get_game(game_name)
    match = Match(game, players, seed=5, log=False)
    match.play_randomly(random.Random(5))
    record = match.to_record()
    times = []
    for _ in range(5):
        t = time.perf_counter()
        Match.from_record(record, log=False)
        times.append(time.perf_counter() - t)
    return min(times) * 1000, len(record.actions)


def bot_games_per_s(game_name: str, players: int, bot: str, games: int) -> float:
    """Complete games per second with every seat played by ``bot``."""
    from ludotheque.bots import make_bot

    game = get_game(game_name)
    start = time.perf_counter()
    for seed in range(games):
        state = game.new_game(players)
        bots = [make_bot(bot, game_name, s, random.Random(seed * 100 + s)) for s in range(players)]
        play_out(state, bots, random.Random(seed))
    return games / (time.perf_counter() - start)


TARGETS = {"acquire": {"games_per_s": 200, "clone_us": 10}, "gracias": {"games_per_s": 500}}
"""The issues' targets on this 2-core machine (one core)."""


def bench_game(game: str, players: int, games: int) -> dict[str, object]:
    from ludotheque.bots import bot_names

    random_games(game, players, 20)  # warm up
    # Five batches of different games; the median batch is reported (the machine's other load varies).
    batches = [random_games(game, players, max(1, games // 5), first_seed=b * games) for b in range(5)]
    speed = dict(sorted(batches, key=lambda r: r["games_per_s"])[2])
    speed["games_per_s_min"] = min(r["games_per_s"] for r in batches)
    speed["games_per_s_max"] = max(r["games_per_s"] for r in batches)
    clone = clone_time_us(game, players)
    replay_ms, replay_actions = replay_time_ms(game, players)
    heuristic = (bot_games_per_s(game, players, "heuristic", max(5, games // 25))
                 if "heuristic" in bot_names(game) else None)
    return {"game": game, "players": players, "games": games, **{k: round(v, 1) for k, v in speed.items()},
            "clone_us": round(clone, 2), "replay_ms": round(replay_ms, 1), "replay_actions": replay_actions,
            "heuristic_games_per_s": round(heuristic, 1) if heuristic is not None else None,
            "targets": TARGETS.get(game, {}), "python": sys.version.split()[0]}


def show(r: dict[str, object]) -> None:
    targets: dict[str, float] = r["targets"]  # type: ignore[assignment]

    def mark(key: str, higher: bool = True) -> str:
        if key not in targets:
            return ""
        ok = r[key] >= targets[key] if higher else r[key] <= targets[key]  # type: ignore[operator]
        return f"   target {'≥' if higher else '<'} {targets[key]}: {'met' if ok else 'NOT MET'}"

    print(f"{r['game']}, {r['players']} players, random bots, one core (Python {r['python']})")
    print(f"  complete games per second  : {r['games_per_s']:>10}{mark('games_per_s')}"
          f"   (median of 5 batches; {r['games_per_s_min']}–{r['games_per_s_max']})")
    print(f"  engine decisions per second: {r['decisions_per_s']:>10}  "
          f"({r['decisions_per_game']} decisions, {r['actions_per_game']} actions a game)")
    print(f"  actions per second (chance incl.): {r['actions_per_s']}")
    print(f"  clone (median, mid-game)   : {r['clone_us']:>10} µs{mark('clone_us', higher=False)}")
    print(f"  replay of a full record    : {r['replay_ms']:>10} ms ({r['replay_actions']} actions, checked path)")
    if r["heuristic_games_per_s"] is not None:
        print(f"  heuristic bots, games per s: {r['heuristic_games_per_s']:>10}")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--game", default="all", help="a game's name, or all")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=int, default=500)
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    from ludotheque.engine import all_games

    names = [g.info.name for g in all_games()] if args.game == "all" else [args.game]
    results = [bench_game(name, args.players, args.games) for name in names]
    if args.json:
        print(json.dumps(results, indent=1))
    else:
        for r in results:
            show(r)
    return 0


if __name__ == "__main__":
    sys.exit(main())
