"""``ludo simulate``: many games between bots, with a progress bar, then win rates and averages.

Seats: ``--players`` when given, else as many as bots named (at least the game's minimum); one bot name
(or none: ``random``) plays every seat, several names must be one per seat. ``--seat-option SEAT:name=value`` gives
a seat (numbered from 0) its own setting, which stays with the seat while the bots rotate. The seed defaults to 0, so
the same command gives the same results.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from ..bots import bot_names, check_bot, normal_spec, spec_name
from ..engine.errors import OptionError
from ..engine.game import get_game
from ..engine.options import parse_option_args
from ..engine.words import format_number, format_percent, join_words
from ..sim import SimConfig, Summary, simulate
from .limits import check_numbers
from .outcome import end_reason
from .output import Screen, os_reason
from .render import name_and_number_table, wrapped
from .start import PERSON_MARKS, check_players, parse_seat_options, split_bots
from .texts import UI


def config_from_args(args: argparse.Namespace) -> SimConfig:
    """The simulation the arguments ask for, every argument checked before a game is played."""
    lang: str = getattr(args, "lang", "en") or "en"
    check_numbers(args, lang)
    game = get_game(args.game)
    name = game.info.name
    bots = [normal_spec(b, lang) for b in split_bots(args.bots, lang)] or ["random"]
    players: int = args.players if args.players is not None else max(len(bots), game.info.min_players)
    check_players(game, players, lang, None if args.players is not None else args.bots)
    given = parse_seat_options(game, getattr(args, "seat_option", None) or [], lang, players)
    known = bot_names(name)
    title = game.info.title(lang)
    for b in dict.fromkeys(bots):
        if b in PERSON_MARKS:
            raise OptionError(UI.t(lang, "simulate.person", name=b, game=title, bots=", ".join(known)))
        if spec_name(b, lang) not in known:
            raise OptionError(UI.t(lang, "simulate.unknown_bot", name=b, game=title, bots=", ".join(known)))
        check_bot(b, name, lang)
    if len(bots) == 1:
        bots = bots * players
    if len(bots) != players:
        raise OptionError(UI.t(lang, "simulate.bot_count", bots=len(bots), players=players))
    options = game.resolve(players, parse_option_args(args.option))
    seat_settings = tuple(given.get(s, {}) for s in range(players)) if given else ()
    game.resolve_seats(players, list(seat_settings) or None)
    if args.games < 1:
        raise OptionError(UI.t(lang, "simulate.games", games=args.games))
    if args.jobs < 1:
        raise OptionError(UI.t(lang, "simulate.jobs", jobs=args.jobs))
    if getattr(args, "plot", None) is not None:
        check_plot(args.plot, lang)
    seed: int = args.seed if args.seed is not None else 0
    limit: float | None = getattr(args, "move_limit", None)
    if limit is not None and not limit > 0:
        typed = format_number(limit, lang, 3).rstrip("0").rstrip(".,")  # -1 as it was typed, not -1.0
        raise OptionError(UI.t(lang, "simulate.move_limit", value=typed))
    return SimConfig(name, players, tuple(bots), options, args.games, seed, seat_settings, limit)


PLOT_PROBLEMS = {"empty": "simulate.plot_empty", "directory": "simulate.plot_directory",
                 "format": "simulate.plot_format", "folder": "simulate.plot_folder",
                 "not_file": "simulate.plot_not_file",
                 "denied": "simulate.plot_denied", "read_only": "simulate.plot_read_only",
                 "unwritable": "simulate.plot_unwritable", "matplotlib": "simulate.plot_matplotlib"}
"""The message for each of ``plot_problem``'s kinds."""


def check_plot(path: str, lang: str) -> None:
    """Refuse a ``--plot`` path the picture could not be written to, saying why, before any game is played."""
    from ..sim.plot import plot_problem

    problem = plot_problem(path)
    if problem is not None:
        kind, fields = problem
        endings: list[str] = fields.get("formats", [])
        formats = join_words(endings, lang, either=True)
        error = fields.get("error")
        raise OptionError(UI.t(lang, PLOT_PROBLEMS[kind], path=path, folder=fields.get("folder", ""),
                               formats=formats, reason=os_reason(error, lang) if error is not None else ""))


def run_simulate(args: argparse.Namespace) -> int:
    lang: str = args.lang
    config = config_from_args(args)
    console = Screen(stderr=True)
    if args.json or args.no_progress:
        summary = simulate(config, jobs=args.jobs)
    else:
        with progress_bar(console, config.game, config.games) as advance:
            summary = simulate(config, jobs=args.jobs, progress=advance)
    if args.json:
        print(json.dumps(summary.to_json(), indent=1))
    else:
        print_summary(summary, lang, Screen())
    if args.plot is not None:
        from ..sim.plot import plot_summary

        c = summary.config
        labels = {"wins": UI.t(lang, "plot.wins"), "fair": UI.t(lang, "plot.fair"),
                  "score": UI.t(lang, "plot.score"), "games": UI.t(lang, "plot.games"),
                  "title": UI.t(lang, "plot.title", title=get_game(c.game).info.title(lang),
                                games=format_number(summary.games, lang), players=c.players)}
        path = plot_summary(summary, args.plot, labels, lang)
        console.print(Text(UI.t(lang, "simulate.plot", path=str(path))))
    return 0


@contextmanager
def progress_bar(console: Console, description: str, total: int, completed: int = 0) -> Iterator[Callable[[int], None]]:
    """A progress bar on ``console`` while the block runs (games done out of ``total``, time spent, time left), gone
    after it; the block is given ``advance(k)``, to call as k more games are done. ``completed``: done before."""
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
               TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task(description, total=total, completed=completed)
        yield lambda k: bar.advance(task, k)


def print_summary(summary: Summary, lang: str, console: Console) -> None:
    c = summary.config
    game = get_game(c.game)
    title = Text(UI.t(lang, "simulate.title", games=format_number(summary.games, lang), game=game.info.title(lang),
                      players=c.players))
    left = any(b.left for b in summary.bots.values())  # a column only for games where seats leave
    timed = c.move_limit is not None or any(b.seconds_per_move > 0.001 for b in summary.bots.values())
    limited = c.move_limit is not None
    keys = ("simulate.bot", "simulate.seats", "simulate.wins", "simulate.ci", "simulate.score", "simulate.rank",
            *(("simulate.left",) if left else ()), *(("simulate.think",) if timed else ()),
            *(("simulate.over",) if limited else ()))
    rows = []
    for b in summary.by_bot():
        lo, hi = b.interval
        rows.append((b.bot, format_number(b.seats, lang), format_percent(b.win_rate, lang),
                     f"{format_percent(lo, lang)} – {format_percent(hi, lang)}",
                     format_number(b.score_total / max(1, b.seats), lang),
                     format_number(b.rank_total / max(1, b.seats), lang, 2),
                     *((format_percent(b.left / max(1, b.seats), lang),) if left else ()),
                     *((format_number(1000 * b.seconds_per_move, lang, 1),) if timed else ()),
                     *((format_number(b.over, lang),) if limited else ())))
    console.print(name_and_number_table(title, [UI.t(lang, key) for key in keys], rows, console.width))
    colon, semicolon = ("\u00a0: ", "\u00a0; ") if lang == "fr" else (": ", "; ")
    rates = "  ".join(f"{s}{colon}{format_percent(r, lang)}" for s, r in enumerate(summary.seat_win_rates()))
    ends = semicolon.join(f"{end_reason(game, lang, k)} ({format_number(v, lang)})"
                          for k, v in sorted(summary.terminations().items()))
    for line in (UI.t(lang, "simulate.fair", fair=format_percent(1 / c.players, lang),
                      length=format_number(summary.mean_actions(), lang)),
                 UI.t(lang, "simulate.seat", rates=rates), UI.t(lang, "simulate.ends", ends=ends),
                 *settings_lines(summary, lang)):
        console.print(wrapped(line, console.width, indent="  "))


def settings_lines(summary: Summary, lang: str) -> list[str]:
    """The seats' own settings, when ``--seat-option`` gave some (seat numbers from 0, as ``ludo play`` shows them)."""
    settings = [f"{seat}: " + ", ".join(f"{k}={v}" for k, v in values.items())
                for seat, values in enumerate(summary.config.seat_settings) if values]
    return [UI.t(lang, "simulate.seat_settings", settings="; ".join(settings))] if settings else []
