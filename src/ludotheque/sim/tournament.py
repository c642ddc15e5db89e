"""A tournament: many games between bots, each kept as a game record in a folder, then every bot rated.

Entrants. The bots are named by spec strings (``heuristic``, ``random``, or whatever ``ludotheque.bots.make_bot``
accepts), passed through as given. Each name in the list is one entrant; a spec named twice is two entrants,
``random#1`` and ``random#2``, rated apart (two equal bots should end with equal ratings: a check of the method).

Schedule. With ``B`` entrants and ``P`` seats a game (``P <= B``), games go by cycles of ``B``. Cycle ``k`` puts the
entrants in an order drawn from the seed and ``k``; its game ``r`` seats in seat ``s`` the entrant ``r + s`` places
along that order (around the circle). Over a cycle every entrant plays ``P`` games, once in each seat, and sits out
``B - P``; the orders change from cycle to cycle, so nobody keeps the same neighbours. Game ``i``'s seating and seed
depend on the tournament's seed and ``i`` only, so results do not depend on the number of worker processes, nor on
whether the tournament was stopped and resumed. Seats are balanced over whole cycles: a game count that is not a
multiple of ``B`` leaves the last cycle unbalanced.

The folder::

    DIR/tournament.json     the configuration (format "ludotheque-tournament")
    DIR/games/000123.json   game 123's record (``Match.to_record()``: the entrants' names and bot specs in its seats)
    DIR/summary.json        the standings, once every game is played

Each game's record is written whole (to a temporary file, then renamed), by the worker that played it, so a stop
at any moment keeps every finished game and no half-written one. Running the same tournament again on the folder
plays only the games it lacks; it refuses a folder holding another tournament. Ratings are OpenSkill's
Plackett–Luce (``ludotheque.ratings``), every entrant from the default rating, updated game after game in game
order, so they are the same however the games were played.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import re
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from multiprocessing.pool import AsyncResult
from pathlib import Path
from typing import Any

from ..bots import make_bot
from ..engine.bots import Bot
from ..engine.driver import play_out
from ..engine.errors import LudoError, Reason, RecordError
from ..engine.game import get_game
from ..engine.match import Match, bot_rng
from ..engine.options import OptionValue, written
from ..engine.record import MAX_NAME_CHARS, GameRecord, SeatConfig
from ..ratings import Rating, rate
from .simulator import CHUNK, IN_FLIGHT, GameResult, GameTally, _ignore_sigint
from .stats import wilson_interval

FORMAT = "ludotheque-tournament"
VERSION = 1
MAX_GAMES = 1_000_000
"""The most games a tournament holds (each is a file)."""
CONFIG_FILE = "tournament.json"
SUMMARY_FILE = "summary.json"
GAMES_FOLDER = "games"
_GAME_FILE = re.compile(r"^(\d{6,})\.json$")


PROBLEMS = {"game": "a game of {game} for {players}, not {want_game} for {want_players}",
            "seed": "seed {seed}, not {want}", "options": "options {options}, not {want}",
            "seats": "seats {seats}, not {want}", "result": "no finished game's result"}
"""Why a record in a tournament's folder is not the game it stands for (``result_of``), in English; the CLI
catalogue's ``tournament.problem_<key>`` says it in every language."""


class TournamentError(LudoError):
    """A tournament folder or configuration that cannot be used; ``reason`` names the CLI catalogue's
    ``tournament.<key>`` entry that says it in every language."""

    def __init__(self, message: str, key: str, **fields: Any) -> None:
        super().__init__(message, Reason(key, fields))


@dataclass(frozen=True)
class TournamentConfig:
    """What decides every game of a tournament (``games`` aside, which may grow: game ``i`` does not depend on it)."""

    game: str
    players: int
    bots: tuple[str, ...]
    """The entrants' bot specs, in the order given."""
    options: dict[str, OptionValue] = field(default_factory=dict)
    """The game's options, resolved (every option's value)."""
    games: int = 100
    seed: int = 0

    @property
    def entrants(self) -> tuple[str, ...]:
        """Each entrant's name: its spec, numbered (``random#2``) when the spec is named more than once."""
        seen: dict[str, int] = {}
        names = []
        for spec in self.bots:
            seen[spec] = seen.get(spec, 0) + 1
            names.append(f"{spec}#{seen[spec]}" if self.bots.count(spec) > 1 else spec)
        return tuple(names)

    @property
    def cycle(self) -> int:
        """Games in a cycle, over which every entrant sits in every seat equally often: one per entrant."""
        return len(self.bots)

    def game_seed(self, i: int) -> int:
        return random.Random(f"ludotheque-tournament:{self.seed}:{i}").getrandbits(48)

    def order(self, k: int) -> list[int]:
        """Cycle ``k``'s order of the entrants (by index), drawn from the seed and ``k``."""
        order = list(range(len(self.bots)))
        random.Random(f"ludotheque-tournament:{self.seed}:order:{k}").shuffle(order)
        return order

    def seating(self, i: int) -> tuple[int, ...]:
        """Game ``i``'s entrant (by index) in each seat."""
        k, r = divmod(i, self.cycle)
        order = self.order(k)
        return tuple(order[(r + s) % self.cycle] for s in range(self.players))

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "game": self.game,
                "rules": get_game(self.game).info.rules_version, "players": self.players, "bots": list(self.bots),
                "options": dict(self.options), "seed": self.seed, "games": self.games}

    @classmethod
    def from_json(cls, data: Any) -> TournamentConfig:
        """A configuration as ``to_json`` writes it; its game must be installed, with the same rules version."""
        if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
            raise ValueError(f"not a {FORMAT} file of version {VERSION}")
        game, players, bots, options, seed, games = (data.get(k) for k in (
            "game", "players", "bots", "options", "seed", "games"))
        if not (isinstance(game, str) and type(players) is int and isinstance(bots, list) and bots
                and all(isinstance(b, str) for b in bots) and isinstance(options, dict)
                and all(isinstance(v, bool | int | str) for v in options.values())
                and type(seed) is int and type(games) is int):
            raise ValueError("a field is missing or of the wrong kind")
        info = get_game(game).info
        if data.get("rules") != info.rules_version:
            raise TournamentError(f"the tournament was played with {game}'s rules version {data.get('rules')!r}; "
                                  f"this program has version {info.rules_version!r}", "rules", game=game,
                                  stored=str(data.get("rules")), now=info.rules_version)
        return cls(game, players, tuple(bots), options, games, seed)

    def arguments(self) -> dict[str, str]:
        """Each setting that decides the games, as the command line writes it (``--bots``: ``a,b,c``)."""
        options = " ".join(f"--option {k}={written(v)}"
                           for k, v in self.options.items())
        return {"game": self.game, "--players": str(self.players), "--bots": ",".join(self.bots),
                "--seed": str(self.seed), "--option": options}

    def command_line(self) -> str:
        """Every setting that decides the games, as the command line writes them (``gracias --players 3 …``)."""
        return " ".join(_setting(k, v) for k, v in self.arguments().items() if v)

    def differences(self, other: TournamentConfig) -> list[str]:
        """What makes ``other`` another tournament (``games`` aside), as this one's command-line settings."""
        mine, theirs = self.arguments(), other.arguments()
        return [_setting(k, mine[k]) for k in mine if mine[k] != theirs[k]]


def _setting(name: str, value: str) -> str:
    """A setting as the command line writes it: the game and the options as they are, the others after their flag."""
    return value if name in ("game", "--option") else f"{name} {value}"


# --- playing --------------------------------------------------------------------------------------

def play_recorded(match: Match, bots: Sequence[Bot], max_actions: int = 1_000_000) -> None:
    """Play ``match`` to its end with ``bots``, keeping every action in its history for its record: the
    simulator's loop (``engine.driver.play_out``) with the match's chance generator, so the same games as
    ``ludo simulate``'s for the same seed and seating."""
    play_out(match.state, bots, match.rng, max_actions, history=match.history)


def play_game(config: TournamentConfig, i: int) -> GameRecord:
    """Game ``i`` of the tournament, played out, as its record."""
    game = get_game(config.game)
    seed = config.game_seed(i)
    seating = config.seating(i)
    seats = [SeatConfig(config.entrants[e], config.bots[e]) for e in seating]
    match = Match(game, config.players, config.options, seed, seats, log=False)
    bots = [make_bot(config.bots[e], game.info.name, s, bot_rng(seed, s)) for s, e in enumerate(seating)]
    play_recorded(match, bots)
    return match.to_record()


def result_of(config: TournamentConfig, i: int, record: GameRecord) -> GameResult:
    """Game ``i``'s result from its record, which must be that game: its game, seed, options and seating."""
    seating = config.seating(i)
    wanted = [(config.entrants[e], config.bots[e]) for e in seating]
    problems: list[tuple[str, dict[str, str]]] = []
    if (record.game, record.players) != (config.game, config.players):
        problems.append(("game", {"game": record.game, "players": str(record.players), "want_game": config.game,
                                  "want_players": str(config.players)}))
    if record.seed != config.game_seed(i):
        problems.append(("seed", {"seed": str(record.seed), "want": str(config.game_seed(i))}))
    if record.options != config.options:
        problems.append(("options", {"options": str(record.options), "want": str(config.options)}))
    if [(s.name, s.bot) for s in record.seats] != wanted:
        problems.append(("seats", {"seats": str([s.name for s in record.seats]),
                                   "want": str([name for name, _ in wanted])}))
    result = record.result or {}
    ranks, scores, winners = result.get("ranks"), result.get("scores"), result.get("winners")
    if not (isinstance(ranks, list) and isinstance(scores, list) and isinstance(winners, list)
            and len(ranks) == len(scores) == config.players and all(type(x) is int for x in ranks + scores + winners)):
        problems.append(("result", {}))
    if problems:
        raise RecordError("; ".join(PROBLEMS[key].format(**fields) for key, fields in problems),
                          Reason("not_this_game", {"problems": problems}))
    assert isinstance(ranks, list) and isinstance(scores, list) and isinstance(winners, list)
    return GameResult(i, record.seed, tuple(config.entrants[e] for e in seating), tuple(scores), tuple(ranks),
                      tuple(winners), str(result.get("termination", "")), len(record.actions))


def _write(path: Path, text: str) -> None:
    """Write a file whole or not at all: a stop halfway leaves at most a ``.tmp`` file, removed on the next run."""
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


def game_path(folder: Path, i: int) -> Path:
    return folder / GAMES_FOLDER / f"{i:06d}.json"


def _play_games(config: TournamentConfig, folder: Path, indices: list[int]) -> list[GameResult]:
    """Play and save the games ``indices`` (in a worker, or in the main process with one job)."""
    results = []
    for i in indices:
        record = play_game(config, i)
        _write(game_path(folder, i), record.dumps() + "\n")
        results.append(result_of(config, i, record))
    return results


# --- the folder -----------------------------------------------------------------------------------

def read_config(folder: str | Path) -> TournamentConfig:
    """The configuration kept in a tournament's folder (``--resume DIR``)."""
    path = Path(folder).expanduser() / CONFIG_FILE
    if not path.parent.is_dir() or not path.is_file():
        raise TournamentError(f"{folder} holds no tournament (no {CONFIG_FILE})", "no_tournament", path=str(folder))
    try:
        return TournamentConfig.from_json(json.loads(path.read_text(encoding="utf-8")))
    except TournamentError:
        raise
    except (OSError, ValueError, LudoError) as e:
        raise TournamentError(f"{path} cannot be read as a tournament's configuration: {e}", "bad_config",
                              path=str(path), detail=str(e)) from None


class Tournament:
    """A tournament in its folder: the games it holds, those it lacks, and the standings."""

    def __init__(self, config: TournamentConfig, folder: Path) -> None:
        self.config = config
        self.folder = folder
        self._results: dict[int, GameResult] = {}
        """The results of the games played by this object (the others are read from their records)."""

    @classmethod
    def open(cls, folder: str | Path, config: TournamentConfig | None = None) -> Tournament:
        """The tournament in ``folder``: ``config``'s (the folder created, or holding the same tournament, whose
        game count ``config`` may raise), or, without ``config``, the one the folder holds. Refused, before anything
        is written: a folder holding another tournament, or other things, or more games than ``config.games``."""
        path = Path(folder).expanduser()
        stored = read_config(path) if (path / CONFIG_FILE).exists() else None
        if config is None:
            if stored is None:
                raise TournamentError(f"{folder} holds no tournament (no {CONFIG_FILE})", "no_tournament",
                                      path=str(folder))
            config = stored
        elif stored is not None and stored.differences(config):
            settings = " ".join(stored.differences(config))
            raise TournamentError(f"{folder} holds another tournament ({settings}); resume it with ludo tournament "
                                  f"--resume {folder}, or choose another folder with --out", "another",
                                  path=str(folder), settings=settings)
        elif stored is None and path.exists() and not path.is_dir():
            raise TournamentError(f"{folder} is a file, not a folder; choose a new or empty folder with --out",
                                  "not_folder", path=str(folder))
        elif stored is None and path.exists() and any(path.iterdir()):
            raise TournamentError(f"{folder} is not empty and holds no tournament; choose a new or empty folder "
                                  "with --out", "not_tournament", path=str(folder))
        tournament = cls(config, path)
        if path.is_dir():
            done = tournament.done()
            beyond = [i for i in done if i >= config.games]
            if beyond:
                raise TournamentError(f"{folder} already holds game number {max(beyond)} (numbered from 0); "
                                      f"--games must be {max(beyond) + 1} or more", "beyond", path=str(folder),
                                      last=max(beyond), held=max(beyond) + 1, games=config.games)
        (path / GAMES_FOLDER).mkdir(parents=True, exist_ok=True)
        for leftover in (path / GAMES_FOLDER).glob("*.tmp"):
            leftover.unlink()
        if stored != config:
            _write(path / CONFIG_FILE, json.dumps(config.to_json(), indent=1, ensure_ascii=False) + "\n")
        return tournament

    def done(self) -> list[int]:
        """The games the folder holds, in order."""
        games = self.folder / GAMES_FOLDER
        if not games.is_dir():
            return []
        return sorted(int(m.group(1)) for p in games.iterdir() if (m := _GAME_FILE.match(p.name)))

    def missing(self) -> list[int]:
        done = set(self.done())
        return [i for i in range(self.config.games) if i not in done]

    def play(self, jobs: int = 1, progress: Callable[[int], None] | None = None, limit: int | None = None) -> int:
        """Play the games the folder lacks (the first ``limit`` of them, if given) on ``jobs`` processes, each
        saved as it ends; ``progress(k)`` is called as k more are saved. Returns how many were played.

        On Ctrl-C (or any error) every worker is stopped at once and the exception goes on; every game finished by
        then is in the folder."""
        todo = self.missing()[:limit]
        jobs = min(jobs, len(todo))

        def add(results: list[GameResult]) -> None:
            for r in results:
                self._results[r.index] = r
            if progress:
                progress(len(results))

        if jobs <= 1:
            for i in todo:
                add(_play_games(self.config, self.folder, [i]))
            return len(todo)
        size = max(1, min(CHUNK, len(todo) // (jobs * 8)))
        pool = multiprocessing.Pool(jobs, initializer=_ignore_sigint)
        try:
            pending: deque[AsyncResult[list[GameResult]]] = deque()
            for start in range(0, len(todo), size):
                pending.append(pool.apply_async(_play_games, (self.config, self.folder, todo[start:start + size])))
                if len(pending) >= IN_FLIGHT * jobs:
                    add(pending.popleft().get())
            while pending:
                add(pending.popleft().get())
        except BaseException:
            pool.terminate()
            raise
        pool.close()
        pool.join()
        return len(todo)

    def results(self) -> list[GameResult]:
        """Every game's result, in game order: those played here as they ended, the others from their records."""
        out = []
        for i in range(self.config.games):
            r = self._results.get(i)
            if r is None:
                path = game_path(self.folder, i)
                if not path.exists():
                    raise TournamentError(f"game {i} is not played yet ({path})", "unfinished", path=str(path))
                try:
                    r = result_of(self.config, i, GameRecord.load(path))
                except RecordError as e:  # ``why``: the record module's reason, or what ``result_of`` found
                    raise TournamentError(f"{path} is not game {i} of this tournament: {e}; remove it to have the "
                                          "game played again", "bad_record", path=str(path), index=i,
                                          detail=str(e), why=e.reason) from None
            out.append(r)
        return out

    def standings(self) -> Standings:
        standings = Standings(self.config)
        for r in self.results():
            standings.add(r)
        return standings

    def save_summary(self, standings: Standings) -> Path:
        path = self.folder / SUMMARY_FILE
        _write(path, json.dumps(standings.to_json(), indent=1, ensure_ascii=False) + "\n")
        return path


# --- standings ------------------------------------------------------------------------------------

@dataclass
class EntrantSummary:
    """One entrant's rating and results."""

    name: str
    bot: str
    """Its bot spec."""
    seats: int
    """Seats a game (the tournament's player count)."""
    rating: Rating = field(default_factory=Rating)
    games: int = 0
    wins: float = 0.0
    """Games won; a shared win counts as a fraction."""
    rank_total: float = 0.0
    score_total: float = 0.0
    seat_games: list[int] = field(default_factory=list)
    """Games played in each seat."""
    seat_wins: list[float] = field(default_factory=list)
    """Games won in each seat."""

    def __post_init__(self) -> None:
        self.seat_games = self.seat_games or [0] * self.seats
        self.seat_wins = self.seat_wins or [0.0] * self.seats

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    @property
    def mean_rank(self) -> float:
        return self.rank_total / max(1, self.games)

    def seat_rate(self, seat: int) -> float:
        return self.seat_wins[seat] / self.seat_games[seat] if self.seat_games[seat] else 0.0

    def seat_interval(self, seat: int) -> tuple[float, float]:
        return wilson_interval(self.seat_wins[seat], self.seat_games[seat])

    def to_json(self) -> dict[str, Any]:
        lo, hi = self.interval
        return {"bot": self.name, "spec": self.bot, "rating": self.rating.to_json(), "games": self.games,
                "wins": round(self.wins, 3), "win_rate": round(self.win_rate, 4), "ci95": [round(lo, 4), round(hi, 4)],
                "mean_rank": round(self.mean_rank, 3),
                "mean_score": round(self.score_total / max(1, self.games), 1),
                "by_seat": [{"seat": s, "games": n, "wins": round(self.seat_wins[s], 3),
                             "win_rate": round(self.seat_rate(s), 4),
                             "ci95": [round(x, 4) for x in self.seat_interval(s)]}
                            for s, n in enumerate(self.seat_games)]}


@dataclass
class Standings(GameTally):
    """Ratings and results of a tournament's games, added in game order."""

    config: TournamentConfig
    entrants: dict[str, EntrantSummary] = field(default_factory=dict)

    def __post_init__(self) -> None:
        c = self.config
        self.entrants = self.entrants or {name: EntrantSummary(name, bot, c.players)
                                          for name, bot in zip(c.entrants, c.bots, strict=True)}
        self.seat_wins = self.seat_wins or [0.0] * c.players

    def add(self, r: GameResult) -> None:
        """Count game ``r`` and update its entrants' ratings (games must come in game order)."""
        self.count_game(r)
        seated = [self.entrants[name] for name in r.seating]
        for e, new in zip(seated, rate([e.rating for e in seated], r.ranks), strict=True):
            e.rating = new
        for seat, e in enumerate(seated):
            e.games += 1
            e.seat_games[seat] += 1
            e.rank_total += r.ranks[seat]
            e.score_total += r.scores[seat]
            if seat in r.winners:
                share = 1 / len(r.winners)
                e.wins += share
                e.seat_wins[seat] += share

    def ranked(self) -> list[EntrantSummary]:
        """The entrants by ordinal (``mu - 3 sigma``), best first; equal ones in the order named."""
        return sorted(self.entrants.values(), key=lambda e: -e.rating.ordinal)

    def balanced(self) -> bool:
        """Whether the games are whole cycles (every entrant in every seat equally often)."""
        return self.games % self.config.cycle == 0

    def to_json(self) -> dict[str, Any]:
        c = self.config
        return {"game": c.game, "players": c.players, "bots": list(c.bots), "options": dict(c.options),
                "seed": c.seed, "games": self.games, "cycle": c.cycle, "balanced": self.balanced(),
                "fair_share": round(1 / c.players, 4), "by_bot": [e.to_json() for e in self.ranked()],
                "seat_win_rates": [round(x, 4) for x in self.seat_win_rates()],
                "mean_actions": round(self.mean_actions(), 1), "terminations": dict(self.ends)}


def check_bots(game: str, specs: Sequence[str]) -> None:
    """Refuse a bot spec ``game`` has no bot for, before anything is played: through ``ludotheque.bots.check_bot``
    when there is one, else by making the bot once (with a throwaway generator). Raises ``OptionError`` (the bots
    module's, in English) or ``TournamentError`` (``long_name``)."""
    from .. import bots

    check = getattr(bots, "check_bot", None)
    for spec in dict.fromkeys(specs):
        if len(spec) > MAX_NAME_CHARS - 4:  # room for "#NNN" in a record's seat name
            raise TournamentError(f"the bot spec {spec[:40]!r}… is {len(spec)} characters long; a game record keeps "
                                  f"at most {MAX_NAME_CHARS - 4}", "long_name", bot=spec[:40] + "…",
                                  max=MAX_NAME_CHARS - 4)
        if check is not None:
            check(spec, game)
        else:
            make_bot(spec, game, 0, random.Random(0))


__all__ = ["MAX_GAMES", "EntrantSummary", "Standings", "Tournament", "TournamentConfig", "TournamentError",
           "check_bots", "play_game", "read_config"]
