"""``ludo simulate``: many games between bots, with a progress bar, then win rates and averages."""

from __future__ import annotations

import argparse
import json

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from ..bots import make_bot
from ..engine.errors import OptionError
from ..engine.game import get_game
from ..engine.options import parse_option_args
from ..sim import SimConfig, Summary, simulate

_TEXT = {
    "en": {"bot": "bot", "seats": "seat-games", "wins": "win rate", "ci": "95% interval", "score": "mean score",
           "rank": "mean rank", "fair": "fair share", "length": "mean game length (actions)",
           "seat": "win rate by seat", "ends": "how games ended",
           "title": "{games} games of {game}, {players} players"},
    "fr": {"bot": "bot", "seats": "parties-sièges", "wins": "victoires", "ci": "intervalle 95 %",
           "score": "score moyen", "rank": "rang moyen", "fair": "part équitable",
           "length": "durée moyenne (actions)", "seat": "victoires par siège", "ends": "fins de partie",
           "title": "{games} parties de {game}, {players} joueurs"},
}


def config_from_args(args: argparse.Namespace) -> SimConfig:
    game = get_game(args.game)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()] or ["random"]
    players = args.players or len(bots)
    if len(bots) == 1 and players > 1:
        bots = bots * players
    if len(bots) != players:
        raise OptionError(f"--bots names {len(bots)} bots for {players} players; name one bot per seat")
    options = game.resolve(players, parse_option_args(args.option))
    for b in set(bots):
        make_bot(b, game.info.name, 0, __import__("random").Random(0))  # refuses unknown names early
    if args.games < 1:
        raise OptionError(f"--games {args.games}: play at least one game")
    if args.jobs < 1:
        raise OptionError(f"--jobs {args.jobs}: use at least one process")
    return SimConfig(game.info.name, players, tuple(bots), options, args.games, args.seed or 0)


def run_simulate(args: argparse.Namespace) -> int:
    config = config_from_args(args)
    console = Console(stderr=True)
    if args.json or args.no_progress:
        summary = simulate(config, jobs=args.jobs)
    else:
        columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                   TimeRemainingColumn())
        with Progress(*columns, console=console, transient=True) as bar:
            task = bar.add_task(config.game, total=config.games)
            summary = simulate(config, jobs=args.jobs, progress=lambda k: bar.advance(task, k))
    if args.json:
        print(json.dumps(summary.to_json(), indent=1))
    else:
        print_summary(summary, args.lang, Console())
    if args.plot:
        from ..sim.plot import plot_summary

        path = plot_summary(summary, args.plot, args.lang, get_game(config.game).info.title(args.lang))
        console.print(f"plot: {path}")
    return 0


def print_summary(summary: Summary, lang: str, console: Console) -> None:
    t = _TEXT.get(lang, _TEXT["en"])
    c = summary.config
    title = get_game(c.game).info.title(lang)
    table = Table(title=t["title"].format(games=len(summary.results), game=title, players=c.players))
    for col in ("bot", "seats", "wins", "ci", "score", "rank"):
        table.add_column(t[col], justify="left" if col == "bot" else "right")
    for b in summary.by_bot():
        lo, hi = b.interval
        table.add_row(b.bot, str(b.seats), f"{b.win_rate:.1%}", f"{lo:.1%} – {hi:.1%}",
                      f"{b.score_total / max(1, b.seats):,.0f}", f"{b.rank_total / max(1, b.seats):.2f}")
    console.print(table)
    console.print(f"{t['fair']}: {1 / c.players:.1%}   {t['length']}: {summary.mean_actions():.0f}")
    console.print(f"{t['seat']}: " + "  ".join(f"{s + 1}: {r:.1%}" for s, r in enumerate(summary.seat_win_rates())))
    console.print(f"{t['ends']}: " + ", ".join(f"{k} {v}" for k, v in sorted(summary.terminations().items())))
