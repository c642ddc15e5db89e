"""``ludo check-data FILE``: check a game's data file (a board, a deck) and say what it holds, or every problem with
the file, the entry and the reason."""

from __future__ import annotations

import argparse
import json
import re
from typing import Any

from rich.table import Table

from ..engine.datafiles import (
    MAX_PROBLEMS,
    DataFileError,
    load_data,
    read_format,
    said_by,
    schema,
)
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
    for (entry, text), reason, catalog in list(zip(error.problems, error.reasons, error.catalogs,
                                                    strict=True))[:MAX_PROBLEMS]:
        if reason is None:
            problem = text
        elif catalog is not None:  # a format's own check, in its game's words
            problem = said_by(catalog, reason, lang)
        else:
            problem = _data_reason(reason, lang)
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
    if reason.key in ("data_not_toml", "data_not_toml_at"):
        fields["detail"] = toml_words(str(fields["detail"]), lang)
    if "allowed" in fields:
        fields["allowed"] = join_words(fields["allowed"], lang, either=True)
    if isinstance(fields.get("limit"), float):
        fields["limit"] = format_number(fields["limit"], lang, digits=0 if fields["limit"].is_integer() else 2)
    if reason.key in COUNTED:  # "at least 1 character", « au moins 2 caractères »
        said = UI.counted(lang, reason.fields["limit"], *COUNTED[reason.key], **fields)
    else:
        said = UI.t(lang, DATA_TEXTS[reason.key], **fields)
    return UI.t(lang, "data.got", problem=said, value=fields["got"]) if "got" in fields else said


DATA_TEXTS = {"data_unreadable": "data.unreadable", "data_too_large": "data.too_large",
              "data_not_utf8": "data.not_text", "data_not_toml": "data.not_toml",
              "data_not_toml_at": "data.not_toml_at", "data_no_format": "data.no_format",
              "data_unknown_format": "data.unknown_format", "data_unknown_field": "data.unknown_field",
              "data_missing_field": "data.missing_field", "data_integer": "data.integer", "data_number": "data.number",
              "data_text": "data.text", "data_yes_no": "data.yes_no", "data_list": "data.list",
              "data_table": "data.table",
              "data_above": "data.above", "data_at_least": "data.at_least", "data_below": "data.below",
              "data_at_most": "data.at_most", "data_one_of": "data.one_of", "data_multiple_of": "data.multiple_of",
              "data_pattern": "data.pattern"}
"""The catalogue's text of each data file problem's reason (``engine.datafiles``)."""
COUNTED = {"data_too_few": ("data.too_few_one", "data.too_few_other"),
           "data_too_many": ("data.too_many_one", "data.too_many_other"),
           "data_text_too_short": ("data.text_too_short_one", "data.text_too_short_other"),
           "data_text_too_long": ("data.text_too_long_one", "data.text_too_long_other")}
"""The problems whose words depend on their limit's number: their texts for one and for more."""

TOML_WORDS: list[tuple[re.Pattern[str], str]] = [(re.compile(pattern), key) for pattern, key in (
    (r"Cannot declare (?P<name>.+) twice", "toml.declare_twice"),
    (r"Cannot mutate immutable namespace (?P<name>.+)", "toml.immutable"),
    (r"Cannot overwrite a value", "toml.overwrite"),
    (r"Cannot redefine namespace (?P<name>.+)", "toml.redefine"),
    (r"Duplicate inline table key (?P<name>.+)", "toml.inline_twice"),
    (r"Escaped character is not a Unicode scalar value", "toml.not_unicode"),
    (r"Expected '=' after a key in a key/value pair", "toml.equals"),
    (r"Expected '\]' at the end of a table declaration", "toml.table_end"),
    (r"Expected '\]\]' at the end of an array declaration", "toml.array_end"),
    (r"Expected (?P<what>.+)", "toml.expected"),
    (r"Found invalid character (?P<char>.+)", "toml.invalid_character"),
    (r"Illegal character (?P<char>.+)", "toml.illegal_character"),
    (r"Invalid date or datetime", "toml.date"),
    (r"Invalid hex value", "toml.hex"),
    (r"Invalid initial character for a key part", "toml.key_start"),
    (r"Invalid statement", "toml.statement"),
    (r"Invalid value", "toml.value"),
    (r"Unclosed array", "toml.unclosed_array"),
    (r"Unclosed inline table", "toml.unclosed_table"),
    (r"Unescaped '\\' in a string", "toml.backslash"),
    (r"Unterminated string", "toml.unterminated"))]
"""What Python's TOML parser says (``tomllib``), by the catalogue's key that says it in the user's language."""


def toml_words(detail: str, lang: str) -> str:
    """The TOML parser's words about a file in ``lang``, as far as the catalogue knows them (else as it says them)."""
    for pattern, key in TOML_WORDS:
        found = pattern.fullmatch(detail)
        if found is not None:
            return UI.t(lang, key, **found.groupdict())
    return detail
