"""``ludo games [GAME]``: the games (or one) with their players, options and seat settings (``--seat-option``), and
the levels."""

from __future__ import annotations

import argparse
import json

from rich.table import Table
from rich.text import Text

from ..bots import LEVELS, bot_names, describe_parameters, other_bots
from ..bots.levels import WORDS, levels_json
from ..engine.errors import OptionError
from ..engine.game import all_games, get_game
from ..engine.options import OptionSpec, written
from ..engine.words import format_int, join_words
from .output import Screen
from .render import Words
from .texts import UI


def run_games(args: argparse.Namespace) -> int:
    lang = args.lang
    games = all_games()
    if args.game is not None:  # one game, by its name or an alias
        try:
            games = [get_game(args.game)]
        except OptionError:
            raise OptionError(UI.t(lang, "error.no_such_game", name=args.game,
                                   games=join_words((g.info.name for g in all_games()), lang))) from None
    if args.json:
        print(json.dumps([{
            "name": g.info.name, "aliases": list(g.info.aliases), "title_en": g.info.title_en,
            "title_fr": g.info.title_fr, "min_players": g.info.min_players, "max_players": g.info.max_players,
            "bots": bot_names(g.info.name), "levels": levels_json(),
            "options": [_option_json(o) for o in g.info.options],
            "seat_options": [_option_json(o) for o in g.info.seat_options],
            "other_bots": [{"name": name, "description": m.description,
                            "parameters": {k: t.__name__ for k, t in (m.parameters or {}).items()}}
                           for name, m in other_bots(g.info.name).items()],
        } for g in games], indent=1, ensure_ascii=False))
        return 0
    console = Screen()
    for g in games:
        i = g.info
        console.print(Text.assemble((i.name, "bold"), UI.t(lang, "games.line", title=i.title(lang), min=i.min_players,
                                                           max=i.max_players, bots=", ".join(bot_names(i.name)))))
        # The game's options, then the seats' own settings under a header of their own, in one table.
        table = Table(UI.t(lang, "games.option"), UI.t(lang, "games.default"), UI.t(lang, "games.allowed"), "",
                      box=None, padding=(0, 2), header_style="bold")
        for o in i.options:
            table.add_row(o.name, _default(o, lang), Words(allowed(o, lang)),
                          Words(o.help_fr if lang == "fr" else o.help_en))
        if i.seat_options:
            table.add_row(*(Text(UI.t(lang, key), style="bold") for key in
                            ("games.seat_option", "games.default", "games.allowed")), "")
        for o in i.seat_options:
            table.add_row(o.name, _default(o, lang), Words(allowed(o, lang)),
                          Words(o.help_fr if lang == "fr" else o.help_en))
        console.print(table)
    console.print(Text(UI.t(lang, "games.levels"), style="bold"))
    levels = Table(box=None, padding=(0, 2), show_header=False)
    for name, budget in LEVELS.items():
        spec = ":".join(["= mcts", *(f"{k}={written(v)}" for k, v in budget.items())])
        title = WORDS.t(lang, f"level.{name}")
        # the spec under its words, where it has the width to stay whole (it is typed as it is shown)
        levels.add_row(name if title == name else f"{name} ({title})",
                       Text.assemble(WORDS.t(lang, f"level_help.{name}"), "\n", (spec, "dim"), overflow="fold"))
    console.print(levels)
    plays: dict[str, list[str]] = {}  # the bots of other installed packages, as their authors describe them
    for g in games:
        for name in other_bots(g.info.name):
            plays.setdefault(name, []).append(g.info.name)
    if plays:
        console.print(Text(UI.t(lang, "games.other_bots"), style="bold"))
        table = Table(box=None, padding=(0, 2), show_header=False)
        makers = other_bots()
        for name, names in sorted(plays.items()):
            takes = describe_parameters(makers[name])
            words = [makers[name].description, UI.t(lang, "games.other_bot_games", games=", ".join(names))]
            if takes:
                words.append(UI.t(lang, "games.other_bot_takes", parameters=takes))
            table.add_row(name, Words(" — ".join(w for w in words if w)))
        console.print(table)
    return 0


def _default(option: OptionSpec, lang: str) -> str:
    """An option's default as ``lang`` writes it: « non », 1 800 (a command line takes either)."""
    if isinstance(option.default, bool):
        return UI.t(lang, "games.yes" if option.default else "games.no")
    if isinstance(option.default, int):
        return format_int(option.default, lang)
    return written(option.default)


def _quoted(value: object, lang: str) -> str:
    return UI.t(lang, "games.quoted", value=value)


def _option_json(o: OptionSpec) -> dict[str, object]:
    return {"name": o.name, "type": o.kind.__name__, "default": o.default, "choices": list(o.choices),
            **({"bounds": list(o.bounds)} if o.bounds is not None else {}), **({"file": True} if o.file else {}),
            "help_en": o.help_en, "help_fr": o.help_fr}


def allowed(option: OptionSpec, lang: str) -> str:
    """The values an option takes, in words."""
    if option.kind is bool:
        return UI.t(lang, "games.bool")
    if option.file:
        return UI.t(lang, "games.file", default=_quoted(option.default, lang))
    if option.bounds is not None:
        return UI.t(lang, "games.range", min=format_int(option.bounds[0], lang), max=format_int(option.bounds[1], lang))
    if option.choices:
        return join_words((_quoted(c, lang) if isinstance(c, str) else str(c) for c in option.choices), lang,
                          either=True)
    return UI.t(lang, "games.any", kind=option.kind.__name__)
