"""Play many games between bots and summarise them.

Game ``i`` is seeded from the base seed and ``i`` only, and seats are rotated (game ``i`` shifts the bot
list by ``i`` seats); results are added up in game order whatever the number of worker processes, so
they do not depend on it. Nothing is kept per game: the summary holds running totals (and a bounded
histogram of scores per bot), so memory does not grow with the number of games, and games are handed to
the workers as they go, a few at a time, so a simulation of any size starts at once.
"""

from __future__ import annotations

import multiprocessing
import random
import signal
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.pool import AsyncResult
from typing import Any

from ..bots import make_bot, stand_in_bot
from ..engine.bots import Bot
from ..engine.driver import MoveTimes, play_out
from ..engine.game import get_game
from ..engine.match import bot_rng, chance_rng
from ..engine.options import OptionValue
from .stats import wilson_interval

CHUNK = 25
"""The most games handed to a worker at once."""
IN_FLIGHT = 4
"""Chunks handed out per worker and not yet added up (so workers never wait for the next one)."""
HISTOGRAM_BINS = 2048
"""The most bins in a bot's score histogram (beyond, bins are widened two by two)."""
STAND_IN = -1
"""The stand-ins' generators are told apart from the seats' own bots' by this in place of an action count."""


@dataclass(frozen=True)
class SimConfig:
    game: str
    players: int
    bots: tuple[str, ...]
    """One bot name per seat (before rotation)."""
    options: dict[str, OptionValue] = field(default_factory=dict)
    games: int = 100
    seed: int = 0
    seat_settings: tuple[dict[str, OptionValue], ...] = ()
    """Each seat's own settings (``GameInfo.seat_options``; empty: the game's defaults). They stay with the seat
    while the bots rotate, so the win rate by seat shows what a setting is worth."""
    move_limit: float | None = None
    """Seconds a bot may think per move: given to bots as their move's deadline; a move over it is counted, and not
    played: the game's stand-in bot (``bots.stand_in_bot``) plays for the seat instead."""

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
    out: tuple[int, ...] = ()
    """The seats that left the game before its end (ruined, in Luxembourg-Shopping)."""
    moves: tuple[int, ...] = ()
    """Per seat: the decisions its bot made."""
    thought: tuple[float, ...] = ()
    """Per seat: seconds its bot thought, in all."""
    slowest: tuple[float, ...] = ()
    """Per seat: its bot's longest thought, in seconds."""
    over: tuple[int, ...] = ()
    """Per seat: moves over the simulation's ``move_limit`` (a stand-in played them)."""


def play_one(config: SimConfig, i: int) -> GameResult:
    """Play game ``i`` of a simulation."""
    game = get_game(config.game)
    seed = config.game_seed(i)
    seating = config.seating(i)
    state = game.new_game(config.players, config.options, list(config.seat_settings) or None)
    bots = [make_bot(name, game.info.name, s, bot_rng(seed, s)) for s, name in enumerate(seating)]
    stand_ins: list[Bot] = []
    if config.move_limit is not None:  # the limit is enforced: a stand-in per seat plays its late moves
        stand_in = stand_in_bot(game.info.name)
        stand_ins = [make_bot(stand_in, game.info.name, s, bot_rng(seed, s, STAND_IN)) for s in range(config.players)]
    times = MoveTimes(config.players, config.move_limit, stand_ins)
    actions = play_out(state, bots, chance_rng(seed), game.info.max_actions, times)
    o = state.outcome()
    return GameResult(i, seed, seating, o.scores, o.ranks, o.winners, o.termination, actions,
                      tuple(state.seats_out()), tuple(times.moves), tuple(times.total), tuple(times.slowest),
                      tuple(times.over))


def _play_range(config: SimConfig, start: int, stop: int) -> list[GameResult]:
    return [play_one(config, i) for i in range(start, stop)]


def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the parent, which stops them all."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@dataclass
class ScoreHistogram:
    """Final scores counted in bins ``width`` points wide (whole points while they fit in
    ``HISTOGRAM_BINS`` bins, then twice, four times, … wider), with the exact lowest and highest."""

    width: int = 1
    counts: dict[int, int] = field(default_factory=dict)
    """Games by bin: bin ``k`` holds the scores from ``k * width`` to ``(k + 1) * width - 1``."""
    low: int | None = None
    high: int | None = None

    def add(self, score: int) -> None:
        self.low = score if self.low is None else min(self.low, score)
        self.high = score if self.high is None else max(self.high, score)
        k = score // self.width
        self.counts[k] = self.counts.get(k, 0) + 1
        while len(self.counts) > HISTOGRAM_BINS:
            self.width *= 2
            wider: dict[int, int] = {}
            for k, n in self.counts.items():
                wider[k // 2] = wider.get(k // 2, 0) + n
            self.counts = wider

    def points(self) -> tuple[list[int], list[int]]:
        """Each bin as a score (its lowest, kept within the scores seen) and its number of games."""
        lo, hi = self.low or 0, self.high or 0
        bins = sorted(self.counts.items())
        return [min(max(k * self.width, lo), hi) for k, _ in bins], [n for _, n in bins]


@dataclass
class BotSummary:
    bot: str
    seats: int = 0
    """Seat-games played by this bot (a bot named twice plays two seats a game)."""
    wins: float = 0.0
    """Games won; a shared win counts as a fraction."""
    score_total: float = 0.0
    rank_total: float = 0.0
    left: int = 0
    """Seat-games this bot left before the end (put out of the game)."""
    scores: ScoreHistogram = field(default_factory=ScoreHistogram)
    moves: int = 0
    """Decisions this bot made."""
    thought: float = field(default=0.0, compare=False)
    """Seconds it thought, in all (like the two below, the machine's figure: left out of comparisons)."""
    slowest: float = field(default=0.0, compare=False)
    """Its longest thought, in seconds."""
    over: int = field(default=0, compare=False)
    """Its moves over the simulation's limit."""

    @property
    def seconds_per_move(self) -> float:
        return self.thought / self.moves if self.moves else 0.0

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
                "mean_rank": round(self.rank_total / max(1, self.seats), 3),
                "left_rate": round(self.left / max(1, self.seats), 4), "moves": self.moves}

    def thinking_json(self) -> dict[str, Any]:
        """How long it thought (the one part of a summary that depends on the machine and its load)."""
        return {"seconds_per_move": round(self.seconds_per_move, 6), "slowest_move": round(self.slowest, 4),
                "over_limit": self.over}


@dataclass(kw_only=True)
class GameTally:
    """What games add up to whatever bots played them: how many, wins by seat position (shared wins as fractions),
    moves, and how they ended; for a simulation's ``Summary`` and a tournament's ``Standings``."""

    games: int = 0
    seat_wins: list[float] = field(default_factory=list)
    """Games won by seat position (shared wins as fractions), one for each seat."""
    actions: int = 0
    ends: dict[str, int] = field(default_factory=dict)
    """Games by how they ended, in the order first seen."""

    def count_game(self, r: GameResult) -> None:
        self.games += 1
        for seat in r.winners:
            self.seat_wins[seat] += 1 / len(r.winners)
        self.actions += r.actions
        self.ends[r.termination] = self.ends.get(r.termination, 0) + 1

    def seat_win_rates(self) -> list[float]:
        """How often each seat position won (first player advantage and the like)."""
        n = self.games or 1
        return [w / n for w in self.seat_wins]

    def mean_actions(self) -> float:
        return self.actions / max(1, self.games)


@dataclass
class Summary(GameTally):
    """Running totals of a simulation's games (added in game order)."""

    config: SimConfig
    bots: dict[str, BotSummary] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.seat_wins = self.seat_wins or [0.0] * self.config.players

    def add(self, r: GameResult) -> None:
        self.count_game(r)
        for seat, name in enumerate(r.seating):
            b = self.bots.setdefault(name, BotSummary(name))
            b.seats += 1
            if seat in r.winners:
                b.wins += 1 / len(r.winners)
            b.score_total += r.scores[seat]
            b.rank_total += r.ranks[seat]
            b.left += seat in r.out
            b.scores.add(r.scores[seat])
            if r.moves:
                b.moves += r.moves[seat]
                b.thought += r.thought[seat]
                b.slowest = max(b.slowest, r.slowest[seat])
                b.over += r.over[seat]

    def by_bot(self) -> list[BotSummary]:
        return sorted(self.bots.values(), key=lambda s: -s.win_rate)

    def terminations(self) -> dict[str, int]:
        return dict(self.ends)

    def to_json(self) -> dict[str, Any]:
        c = self.config
        return {
            "game": c.game, "players": c.players, "bots": list(c.bots), "options": c.options,
            "seat_settings": [dict(s) for s in c.seat_settings], "games": self.games,
            "seed": c.seed, "move_limit": c.move_limit,
            "thinking": {b.bot: b.thinking_json() for b in self.by_bot()}, "fair_share": round(1 / c.players, 4),
            "by_bot": [b.to_json() for b in self.by_bot()],
            "seat_win_rates": [round(x, 4) for x in self.seat_win_rates()],
            "mean_actions": round(self.mean_actions(), 1), "terminations": self.terminations(),
        }


def simulate(config: SimConfig, jobs: int = 1, progress: Callable[[int], None] | None = None) -> Summary:
    """Play ``config.games`` games on ``jobs`` processes (no more than there are games); ``progress(k)`` is called
    as k more finish.

    On Ctrl-C (or any error) every worker is stopped at once and the exception goes on."""
    summary = Summary(config)
    jobs = min(jobs, config.games)

    def add(results: list[GameResult]) -> None:
        for r in results:
            summary.add(r)
        if progress:
            progress(len(results))

    if jobs <= 1:
        for i in range(config.games):
            add([play_one(config, i)])
        return summary
    size = max(1, min(CHUNK, config.games // (jobs * 8)))
    pool = multiprocessing.Pool(jobs, initializer=_ignore_sigint)
    try:
        pending: deque[AsyncResult[list[GameResult]]] = deque()
        for start in range(0, config.games, size):
            pending.append(pool.apply_async(_play_range, (config, start, min(config.games, start + size))))
            if len(pending) >= IN_FLIGHT * jobs:
                add(pending.popleft().get())
        while pending:
            add(pending.popleft().get())
    except BaseException:
        pool.terminate()
        raise
    pool.close()
    pool.join()
    return summary
