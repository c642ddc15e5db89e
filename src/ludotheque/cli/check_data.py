"""``ludo check-data FILE``: check a game's data file (a board, a deck) and say what it holds, or every problem with
the file, the entry and the reason."""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.table import Table

from ..engine.datafiles import DataFileError, load_data, read_format, schema
from ..engine.game import all_games
from .output import Screen
from .texts import UI


def run_check_data(args: argparse.Namespace) -> int:
    lang = args.lang
    fmt = read_format(args.file)
    formats = {f: (g, model) for g in all_games() for f, model in g.data_formats.items()}
    if fmt not in formats:
        known = ", ".join(sorted(formats)) or "none"
        raise DataFileError(args.file, [("format", f"{fmt!r} is not a format any game reads; the formats are: "
                                                   f"{known}")])
    game, model = formats[fmt]
    if args.schema:
        print(json.dumps(schema(model), indent=1, ensure_ascii=False))
        return 0
    loaded = load_data(args.file, model)
    summary: dict[str, Any] = {"file": loaded.source, "format": fmt, "game": game.info.name, "sha256": loaded.sha256,
                               **game.describe_data(loaded.value)}
    if args.json:
        print(json.dumps(summary, indent=1, ensure_ascii=False))
        return 0
    screen = Screen()
    screen.print(UI.t(lang, "check_data.ok", file=loaded.source, game=game.info.title(lang), format=fmt))
    table = Table(box=None, show_header=False, padding=(0, 2))
    for key, value in summary.items():
        if key not in ("file", "format", "game"):
            table.add_row(key, value if isinstance(value, str) else json.dumps(value, ensure_ascii=False))
    screen.print(table)
    if summary.get("edition") == "reconstructed":
        screen.print(UI.t(lang, "check_data.reconstructed"))
    return 0
