"""Play many games between bots and summarise them.

Game ``i`` is seeded from the base seed and ``i`` only, and seats are rotated (game ``i`` shifts the bot
list by ``i`` seats), so results do not depend on the number of worker processes.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ..bots import make_bot
from ..engine.driver import play_out
from ..engine.game import get_game
from ..engine.match import bot_rng, chance_rng
from ..engine.options import OptionValue
from .stats import wilson_interval


@dataclass(frozen=True)
class SimConfig:
    game: str
    players: int
    bots: tuple[str, ...]
    """One bot name per seat (before rotation)."""
    options: dict[str, OptionValue] = field(default_factory=dict)
    games: int = 100
    seed: int = 0

    def game_seed(self, i: int) -> int:
        return random.Random(f"ludotheque-sim:{self.seed}:{i}").getrandbits(48)

    def seating(self, i: int) -> tuple[str, ...]:
        r = i % self.players
        return tuple(self.bots[(s + r) % self.players] for s in range(self.players))


@dataclass(frozen=True)
class GameResult:
    index: int
    seed: int
    seating: tuple[str, ...]
    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    winners: tuple[int, ...]
    termination: str
    actions: int


def play_one(config: SimConfig, i: int) -> GameResult:
    """Play game ``i`` of a simulation."""
    game = get_game(config.game)
    seed = config.game_seed(i)
    seating = config.seating(i)
    state = game.new_game(config.players, config.options)
    bots = [make_bot(name, game.info.name, s, bot_rng(seed, s)) for s, name in enumerate(seating)]
    actions = play_out(state, bots, chance_rng(seed))
    o = state.outcome()
    return GameResult(i, seed, seating, o.scores, o.ranks, o.winners, o.termination, actions)


def _play_chunk(config: SimConfig, indices: list[int]) -> list[GameResult]:
    return [play_one(config, i) for i in indices]


@dataclass
class BotSummary:
    bot: str
    seats: int
    """Seat-games played by this bot (a bot named twice plays two seats a game)."""
    wins: float
    """Games won; a shared win counts as a fraction."""
    score_total: float
    rank_total: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.seats if self.seats else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.seats)

    def to_json(self) -> dict[str, Any]:
        lo, hi = self.interval
        return {"bot": self.bot, "seat_games": self.seats, "wins": round(self.wins, 3),
                "win_rate": round(self.win_rate, 4), "ci95": [round(lo, 4), round(hi, 4)],
                "mean_score": round(self.score_total / max(1, self.seats), 1),
                "mean_rank": round(self.rank_total / max(1, self.seats), 3)}


@dataclass
class Summary:
    config: SimConfig
    results: list[GameResult]

    def by_bot(self) -> list[BotSummary]:
        table: dict[str, BotSummary] = {}
        for r in self.results:
            for seat, name in enumerate(r.seating):
                s = table.setdefault(name, BotSummary(name, 0, 0.0, 0.0, 0.0))
                s.seats += 1
                if seat in r.winners:
                    s.wins += 1 / len(r.winners)
                s.score_total += r.scores[seat]
                s.rank_total += r.ranks[seat]
        return sorted(table.values(), key=lambda s: -s.win_rate)

    def seat_win_rates(self) -> list[float]:
        """How often each seat position won (first player advantage and the like)."""
        n = len(self.results) or 1
        return [sum(1 / len(r.winners) for r in self.results if s in r.winners) / n
                for s in range(self.config.players)]

    def mean_actions(self) -> float:
        return sum(r.actions for r in self.results) / max(1, len(self.results))

    def terminations(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for r in self.results:
            out[r.termination] = out.get(r.termination, 0) + 1
        return out

    def to_json(self) -> dict[str, Any]:
        c = self.config
        return {
            "game": c.game, "players": c.players, "bots": list(c.bots), "options": c.options,
            "games": len(self.results),
            "seed": c.seed, "fair_share": round(1 / c.players, 4), "by_bot": [b.to_json() for b in self.by_bot()],
            "seat_win_rates": [round(x, 4) for x in self.seat_win_rates()],
            "mean_actions": round(self.mean_actions(), 1), "terminations": self.terminations(),
        }


def _chunks(n: int, size: int) -> Iterator[list[int]]:
    for start in range(0, n, size):
        yield list(range(start, min(n, start + size)))


def simulate(config: SimConfig, jobs: int = 1, progress: Callable[[int], None] | None = None) -> Summary:
    """Play ``config.games`` games on ``jobs`` processes; ``progress(k)`` is called as k more finish."""
    results: list[GameResult] = []
    if jobs <= 1:
        for i in range(config.games):
            results.append(play_one(config, i))
            if progress:
                progress(1)
    else:
        size = max(1, min(25, config.games // (jobs * 8) or 1))
        pool = ProcessPoolExecutor(max_workers=jobs)
        try:
            futures = [pool.submit(_play_chunk, config, chunk) for chunk in _chunks(config.games, size)]
            for fut in futures:
                chunk = fut.result()
                results.extend(chunk)
                if progress:
                    progress(len(chunk))
        except BaseException:
            # Ctrl-C or a failure: drop the queued games instead of waiting for all of them.
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown()
    results.sort(key=lambda r: r.index)
    return Summary(config, results)
