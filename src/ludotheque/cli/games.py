"""``ludo games``: the games with their players and options."""

from __future__ import annotations

import argparse
import json

from rich.table import Table
from rich.text import Text

from ..bots import bot_names
from ..engine.game import all_games
from ..engine.options import OptionSpec
from .output import Screen
from .texts import UI


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
    console = Screen()
    for g in games:
        i = g.info
        console.print(Text.assemble((i.name, "bold"), UI.t(lang, "games.line", title=i.title(lang), min=i.min_players,
                                                           max=i.max_players, bots=", ".join(bot_names(i.name)))))
        table = Table(UI.t(lang, "games.option"), UI.t(lang, "games.default"), UI.t(lang, "games.allowed"), "",
                      box=None, padding=(0, 2))
        for o in i.options:
            table.add_row(o.name, str(o.default).lower() if o.kind is bool else str(o.default), allowed(o, lang),
                          Text(o.help_fr if lang == "fr" else o.help_en))
        console.print(table)
    return 0


def allowed(option: OptionSpec, lang: str) -> str:
    """The values an option takes, in words."""
    if option.kind is bool:
        return UI.t(lang, "games.bool")
    if option.choices:
        return UI.t(lang, "games.or").join(repr(c) if isinstance(c, str) else str(c) for c in option.choices)
    return UI.t(lang, "games.any", kind=option.kind.__name__)
