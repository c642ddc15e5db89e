"""``ludo games``: the games with their players and options."""

from __future__ import annotations

import argparse
import json

from rich.console import Console
from rich.table import Table

from ..bots import bot_names
from ..engine.game import all_games


def run_games(args: argparse.Namespace) -> int:
    lang = args.lang
    games = all_games()
    if args.json:
        print(json.dumps([{
            "name": g.info.name, "aliases": list(g.info.aliases), "title_en": g.info.title_en,
            "title_fr": g.info.title_fr, "min_players": g.info.min_players, "max_players": g.info.max_players,
            "bots": bot_names(g.info.name),
            "options": [{"name": o.name, "type": o.kind.__name__, "default": o.default, "choices": list(o.choices),
                         "help_en": o.help_en, "help_fr": o.help_fr} for o in g.info.options],
        } for g in games], indent=1, ensure_ascii=False))
        return 0
    console = Console()
    for g in games:
        i = g.info
        players = "joueurs" if lang == "fr" else "players"
        console.print(f"[bold]{i.name}[/bold] — {i.title(lang)} ({i.min_players}–{i.max_players} {players}); "
                      f"bots: {', '.join(bot_names(i.name))}")
        table = Table("option", "default", "allowed", "", box=None, padding=(0, 2))
        for o in i.options:
            table.add_row(o.name, str(o.default).lower() if o.kind is bool else str(o.default), o.allowed(),
                          o.help_fr if lang == "fr" else o.help_en)
        console.print(table)
    return 0
