"""``ludo check-data FILE``: check a game's data file (a board, a deck) and say what it holds, or every problem with
the file, the entry and the reason."""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.table import Table

from ..engine.datafiles import MAX_PROBLEMS, VALUE_PROBLEMS, DataFileError, load_data, read_format, schema
from ..engine.errors import Reason
from ..engine.game import all_games
from ..engine.words import format_number, join_words
from .output import Screen
from .texts import UI


def run_check_data(args: argparse.Namespace) -> int:
    lang = args.lang
    fmt = read_format(args.file)
    formats = {f: (g, model) for g in all_games() for f, model in g.data_formats.items()}
    if fmt not in formats:
        known = ", ".join(sorted(formats)) or "none"
        raise DataFileError(args.file, [("format", f"{fmt!r} is not a format any game reads; the formats are: "
                                                   f"{known}")],
                            [Reason("data_unknown_format", {"format": repr(fmt), "known": sorted(formats)})])
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


def data_refusal(error: DataFileError, lang: str) -> str:
    """A refused data file's problems in ``lang``, one a line (the first ``MAX_PROBLEMS``): each problem that has a
    reason in the catalogue's words (``data.*``), any other (a value the file's format does not take) as the
    format's check says it."""
    lines = []
    for (entry, text), reason in list(zip(error.problems, error.reasons, strict=True))[:MAX_PROBLEMS]:
        problem = text if reason is None else _data_reason(reason, lang)
        key = "data.entry" if entry else "data.line"
        lines.append(UI.t(lang, key, file=error.source, entry=entry, problem=problem))
    if len(error.problems) > MAX_PROBLEMS:
        lines.append(UI.t(lang, "data.more", file=error.source, count=len(error.problems) - MAX_PROBLEMS))
    return "\n".join(lines)


def _data_reason(reason: Reason, lang: str) -> str:
    """A data file problem's reason in ``lang``, its fields written as a record refusal's are (``record_fields``:
    numbers grouped, the system's refusal in the catalogue's words), a list of formats in words."""
    from .start import record_fields

    fields = record_fields(reason, lang)
    if "known" in fields:
        fields["known"] = join_words(fields["known"], lang)
    if "allowed" in fields:
        fields["allowed"] = join_words(fields["allowed"], lang, either=True)
    if isinstance(fields.get("limit"), float):
        fields["limit"] = format_number(fields["limit"], lang, digits=0 if fields["limit"].is_integer() else 2)
    key = DATA_TEXTS[reason.key]
    if reason.key in COUNTED:  # "at least 1 character", « au moins 2 caractères »
        said = UI.counted(lang, reason.fields["limit"], f"{key}_one", f"{key}_other", **fields)
    else:
        said = UI.t(lang, key, **fields)
    return UI.t(lang, "data.got", problem=said, value=fields["got"]) if "got" in fields else said


DATA_TEXTS = {"data_unreadable": "data.unreadable", "data_too_large": "data.too_large",
              "data_not_utf8": "data.not_text", "data_not_toml": "data.not_toml",
              "data_not_toml_at": "data.not_toml_at", "data_no_format": "data.no_format",
              "data_unknown_format": "data.unknown_format", "data_unknown_field": "data.unknown_field",
              "data_missing_field": "data.missing_field",
              **{key: "data." + key.removeprefix("data_") for key in VALUE_PROBLEMS.values()}}
"""The catalogue's text of each data file problem's reason (``engine.datafiles``)."""
COUNTED = {"data_too_few", "data_too_many", "data_text_too_short", "data_text_too_long"}
"""The problems whose words depend on their limit's number (``_one``, ``_other``)."""
