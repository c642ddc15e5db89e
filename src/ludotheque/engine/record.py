"""The game record: the one format for saving, replaying, scenario tests and storage.

A record is JSON::

    {"format": "ludotheque-record", "version": 2, "game": "acquire", "rules": "1", "players": 4,
     "options": {"cards": false}, "seats": [{"name": "Ada", "bot": null}, ...], "seed": 7,
     "start": null, "actions": ["chance: draw 5C", "0: 5C", "0: buy Luxor", ...],
     "played_at": [1795665710.402, ...], "played_by": ["chance", "person", "bot", ...]}

Version 3 adds ``data``: the data files a game was played on (Luxembourg-Shopping's board and decks), by option,
each with its content's SHA-256 (``{"board": {"file": "luxembourg_shopping/data/board.toml", "sha256": "…"}}``);
a replay refuses a record whose files have changed since.

Version 2 adds what a table knows of each move: ``played_at`` (when, in seconds since 1970) and ``played_by``
(``person``, ``bot``, ``timeout`` — a stand-in bot played for a person out of time —, ``chance``, or
``unknown``), one entry per action, and ``rules``, the game's rules version. All three are optional; version 1
records (without them) still load. A seat may also carry ``settings``, its own values of the game's seat options
(Stack Market: ``{"steadiness": 900}``), written in full by the program.

Each action is its text form, optionally prefixed by who acts (``"2: "`` for seat 2, ``"chance: "`` for a
random event); a prefix is checked on replay. ``start`` may hold a position (the game's state JSON) to
begin mid-game.

Limits. Records may come from strangers, so every size is checked before anything is built from it, and
anything larger is refused with a one-line ``RecordError`` that says what is wrong and what is allowed. Any
record, well-formed or not, is read or refused within a second and a few tens of megabytes.

- the whole record: at most ``MAX_RECORD_BYTES`` (2 MiB; ``load`` never reads more than that) holding at
  most ``MAX_CONTAINERS`` (10,000) JSON lists and objects;
- ``players``: 1 to ``MAX_PLAYERS`` (64; each game allows fewer), and ``seats`` one per player;
- ``game``, a seat's ``name`` and ``bot``, an option's name and text value: at most ``MAX_NAME_CHARS``
  (100) characters;
- ``options``: at most ``MAX_OPTIONS`` (32), each true, false, a whole number or a text;
- ``actions``: at most ``MAX_ACTIONS`` (100,000), each at most ``MAX_ACTION_CHARS`` (200) characters;
- ``start`` and ``result``: at most ``MAX_START_VALUES`` (10,000) JSON values nested at most
  ``MAX_START_DEPTH`` (10) deep, each text at most ``MAX_ACTION_CHARS`` characters;
- every whole number (``seed`` included): between ``-MAX_INT`` and ``MAX_INT`` (2**63 - 1).

Each refusal also carries a ``reason``, a key and its fields, that the CLI's catalogue says in every language
(``cli.start.RECORD_TEXTS``). A field that is words rather than the input itself is a ``Reason`` of its own, said in
the reader's language too: an input described (``value.*``: a long text cut, a list's size…), a place in the record
said in words (``where.*``), a type (``type.*``), what the JSON parser found (``syntax.*``).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import Reason, RecordError

FORMAT = "ludotheque-record"
VERSION = 3
"""The version written; every version from 1 to this one is read."""
PLAYED_BY = ("person", "bot", "timeout", "chance", "unknown")

MAX_RECORD_BYTES = 2 * 1024 * 1024
"""The largest record file (bytes) or text (characters)."""
MAX_CONTAINERS = 10_000
"""The most JSON lists and objects in a record's text (each costs memory once parsed)."""
MAX_PLAYERS = 64
"""The most players a record may name (each game allows fewer)."""
MAX_NAME_CHARS = 100
"""The longest game name, seat name, bot name, option name or option text."""
MAX_OPTIONS = 32
"""The most options a record may set."""
MAX_ACTIONS = 100_000
"""The most actions in a record."""
MAX_ACTION_CHARS = 200
"""The longest action text (prefix included), and the longest text in ``start`` or ``result``."""
MAX_START_VALUES = 10_000
"""The most JSON values (containers, texts, numbers, …) in ``start`` or ``result``."""
MAX_START_DEPTH = 10
"""The deepest nesting of lists and objects in ``start`` or ``result``."""
MAX_INT = 2**63 - 1
"""The largest magnitude of a whole number anywhere in a record."""
_MAX_INT_TEXT = str(MAX_INT)
"""``MAX_INT`` in a refusal's fields, written as the messages write it in every language: its digits, ungrouped,
beside ``2**63 - 1``, the form a programmer knows it by."""

QUOTE_CHARS = 40
"""How much of a long text an error message quotes."""

_FIELDS = ("format", "version", "game", "rules", "players", "options", "seats", "seed", "start", "actions", "result",
           "played_at", "played_by", "data")
_SEAT_FIELDS = ("name", "bot", "settings")
_JSON_STRING = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+"')
"""A JSON string; possessive, so that matching a long one keeps no backtracking state."""
_JSON_PROBLEMS = {"Expecting value": "value", "Expecting property name enclosed in double quotes": "name",
                  "Expecting ':' delimiter": "colon", "Expecting ',' delimiter": "comma",
                  "Unterminated string starting at": "string", "Invalid control character at": "control",
                  "Invalid \\escape": "escape", "Invalid \\uXXXX escape": "unicode", "Extra data": "extra"}
"""The JSON parser's complaints, by their reason (``syntax.<key>``); any other is quoted as the parser says it."""
_PARTS = {
    "value.long_text": "{text}… ({length:,} characters)", "value.bits": "a {bits:,}-bit number",
    "value.list": "a list of {count:,} items", "value.object": "an object of {count:,} fields",
    "where.option": "options[{name}]", "where.setting": "{where}[{name}]",
    "where.option_name": "an option name", "where.data": "data[{name}]",
    "where.data_file": "data[{name}].file", "where.data_name": "a data file's option name",
    "where.key": "a key in {where}", "where.text": "a text in {where}", "where.number": "a number in {where}",
}
"""The parts of a refusal that are not the input itself (``_described``, a place in the record), as the messages
below say them in English; a type (``type.<name>``) is said by its name."""


@dataclass(frozen=True)
class SeatConfig:
    """Who sits at a seat: a person (``bot`` None) or a bot by name, and the seat's own settings."""

    name: str
    bot: str | None = None
    settings: dict[str, Any] = field(default_factory=dict, compare=True, hash=False)
    """The seat's values of the game's seat options (filled in by ``Match``; empty for games without)."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "bot": self.bot}
        if self.settings:
            data["settings"] = dict(self.settings)
        return data


@dataclass
class GameRecord:
    """Configuration, seed and every action of a game."""

    game: str
    players: int
    options: dict[str, Any]
    seed: int
    seats: list[SeatConfig]
    actions: list[str] = field(default_factory=list)
    start: dict[str, Any] | None = None
    result: dict[str, Any] | None = None
    played_at: list[float] | None = None
    """Per action: when it was played (seconds since 1970), when known."""
    played_by: list[str] | None = None
    """Per action: who played it (one of ``PLAYED_BY``), when known."""
    rules: str | None = None
    """The game's rules version the record was played with, when known."""
    data: dict[str, dict[str, str]] | None = None
    """The data files played on, by option: ``{"file": where it was read, "sha256": its content's hash}``."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT, "version": VERSION, "game": self.game, "players": self.players,
            "options": self.options, "seats": [s.to_json() for s in self.seats], "seed": self.seed,
            "start": self.start, "actions": self.actions,
        }
        if self.rules is not None:
            data["rules"] = self.rules
        if self.result is not None:
            data["result"] = self.result
        if self.data:
            data["data"] = self.data
        if self.played_at is not None and self.played_by is not None:
            data["played_at"] = [round(t, 3) for t in self.played_at]
            data["played_by"] = self.played_by
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1, ensure_ascii=False)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        """A record from parsed JSON; every field's type and size checked (see the module's limits)."""
        if not isinstance(data, dict):
            raise RecordError(f"a record is a JSON object, not {_said(_kind(data))}",
                              Reason("not_object", {"kind": _kind(data)}))
        for key in data:
            if key not in _FIELDS:
                raise RecordError(f"unknown record field {quote(key)}; the fields are: {', '.join(sorted(_FIELDS))}",
                                  Reason("unknown_field", {"field": _described(key),
                                                           "fields": ", ".join(sorted(_FIELDS))}))
        if data.get("format", FORMAT) != FORMAT:
            raise RecordError(f"format {quote(data.get('format'))}: expected {FORMAT!r}",
                              Reason("format", {"format": _described(data.get("format")), "expected": repr(FORMAT)}))
        version = data.get("version")
        if type(version) is not int or not 1 <= version <= VERSION:
            raise RecordError(f"record version {quote(version)} is not supported; this program reads versions 1 "
                              f"to {VERSION}", Reason("no_version" if version is None else "version",
                                                      {"version": _described(version), "latest": VERSION}))
        game = _text(_field(data, "game", str), "'game'", MAX_NAME_CHARS)
        players = _field(data, "players", int)
        if not 1 <= players <= MAX_PLAYERS:
            raise RecordError(f"'players' = {quote(players)}: a record is for 1 to {MAX_PLAYERS} players "
                              "(and each game allows fewer)",
                              Reason("players", {"players": _described(players), "max": MAX_PLAYERS}))
        seed = _whole(_field(data, "seed", int, default=0), "'seed'")
        options = _options(_field(data, "options", dict, default={}))
        actions = _actions(_field(data, "actions", list, default=[]))
        start = data.get("start")
        if start is not None and not isinstance(start, dict):
            raise RecordError(f"'start' = {quote(start)}: expected a position (a JSON object) or null",
                              Reason("start", {"value": _described(start)}))
        _check_tree(start, "'start'")
        result = data.get("result")
        _check_tree(result, "'result'")
        seats = _seats(_field(data, "seats", list, default=None), players)
        rules = _text(_field(data, "rules", str), "'rules'", MAX_NAME_CHARS) if "rules" in data else None
        played_at, played_by = _played(data, len(actions))
        files = _data_files(data.get("data"))
        return cls(game, players, options, seed, seats, actions, start, result, played_at, played_by, rules, files)

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        """A record from JSON text, refused before parsing when too long or holding too many containers."""
        if len(text) > MAX_RECORD_BYTES:
            raise RecordError(f"the record is {len(text):,} characters long; a record is at most "
                              f"{MAX_RECORD_BYTES:,}", Reason("length", {"length": len(text), "max": MAX_RECORD_BYTES}))
        bare = _JSON_STRING.sub("", text)
        containers = bare.count("[") + bare.count("{")
        del bare
        if containers > MAX_CONTAINERS:
            raise RecordError(f"the record holds {containers:,} lists and objects; a record holds at most "
                              f"{MAX_CONTAINERS:,}", Reason("containers", {"count": containers, "max": MAX_CONTAINERS}))
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            # Where, as the parser counts (a position, not an amount: written as it is in every language).
            problem = Reason(f"syntax.{_JSON_PROBLEMS[e.msg]}") if e.msg in _JSON_PROBLEMS else e.msg
            at = Reason("json_at", {"problem": problem, "line": str(e.lineno), "column": str(e.colno),
                                    "char": str(e.pos)})
            raise RecordError(f"not valid JSON: {e}", Reason("json", {"detail": at})) from None
        except RecursionError:
            raise RecordError(f"lists and objects are nested too deeply; a record's 'start' and 'result' nest "
                              f"at most {MAX_START_DEPTH} levels", Reason("nested", {"max": MAX_START_DEPTH})) from None
        except ValueError:  # a number with thousands of digits
            raise RecordError(f"a number in the record is too large; whole numbers are at most {MAX_INT} "
                              "(2**63 - 1)", Reason("number", {"max": _MAX_INT_TEXT})) from None
        return cls.from_json(data)

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """A record from a file, of which no more than ``MAX_RECORD_BYTES`` (+1, to tell) is read."""
        try:
            with Path(path).open("rb") as f:
                raw = f.read(MAX_RECORD_BYTES + 1)
        except OSError as e:
            # ``errno`` lets a front end say the system's reason in its own words.
            raise RecordError(f"cannot read {path}: {e.strerror or e}",
                              Reason("unreadable", {"path": str(path), "reason": e.strerror or str(e),
                                                    "errno": e.errno})) from None
        if len(raw) > MAX_RECORD_BYTES:
            raise RecordError(f"{path} is larger than {MAX_RECORD_BYTES:,} bytes, the most a record may be",
                              Reason("too_large", {"path": str(path), "max": MAX_RECORD_BYTES}))
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError(f"{path} is not a text file in UTF-8; a record is JSON text",
                              Reason("not_text", {"path": str(path)})) from None
        return cls.loads(text)


def quote(value: Any) -> str:
    """Any input, quoted briefly for an error message: long texts cut, containers and huge numbers described."""
    return _said(_described(value))


def _described(value: Any) -> str | Reason:
    """Any input as a refusal quotes it (``quote``): the text of a short one, the same in every language; else a
    ``Reason`` (``value.*``) that describes it: a long text cut, a container's size, a huge number's size."""
    if isinstance(value, str):
        if len(value) <= QUOTE_CHARS:
            return repr(value)
        return Reason("value.long_text", {"text": repr(value[:QUOTE_CHARS]), "length": len(value)})
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_INT:
        return Reason("value.bits", {"bits": value.bit_length()})
    if isinstance(value, list | dict):
        return _kind(value)
    text = repr(value)
    return text if len(text) <= QUOTE_CHARS else text[:QUOTE_CHARS] + "…"


def _said(part: str | Reason) -> str:
    """A part of a refusal (``_described``, a place in the record, a type) in English."""
    if isinstance(part, str):
        return part
    if part.key.startswith("type."):
        return part.key.removeprefix("type.")
    return _PARTS[part.key].format(**{name: _said(v) if isinstance(v, Reason) else v
                                      for name, v in part.fields.items()})


def _kind(value: Any) -> str | Reason:
    if isinstance(value, list):
        return Reason("value.list", {"count": len(value)})
    if isinstance(value, dict):
        return Reason("value.object", {"count": len(value)})
    return _type(type(value))


def _type(kind: type) -> str | Reason:
    """A type by its name: a JSON value's (``type.str``, ``type.NoneType``…) said in every language."""
    if kind in (str, int, float, bool, list, dict, type(None)):
        return Reason(f"type.{kind.__name__}")
    return kind.__name__


def _field(data: dict[str, Any], key: str, kind: type, default: Any = ...) -> Any:
    if key not in data:
        if default is ...:
            raise RecordError(f"the record has no {key!r} field", Reason("missing", {"field": repr(key)}))
        return default
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(f"{key!r} = {quote(value)}: expected {kind.__name__}",
                          Reason("wrong_type", {"where": repr(key), "value": _described(value),
                                                "expected": _type(kind)}))
    return value


_Where = str | Reason
"""Where in a record: a path, the same in every language (``'game'``, ``seats[1].name``), or a ``Reason``
(``where.*``) for a place said in words (an option's name, a text in ``'start'``…)."""


def _text(value: str, where: _Where, limit: int) -> str:
    if len(value) > limit:
        raise RecordError(f"{_said(where)} = {quote(value)}: at most {limit} characters",
                          Reason("long_text", {"where": where, "value": _described(value), "limit": limit}))
    return value


def _whole(value: int, where: _Where) -> int:
    if abs(value) > MAX_INT:
        raise RecordError(f"{_said(where)} = {quote(value)}: whole numbers in a record are between -{MAX_INT} and "
                          f"{MAX_INT} (2**63 - 1)", Reason("whole", {"where": where, "value": _described(value),
                                                                      "max": _MAX_INT_TEXT}))
    return value


def _options(options: dict[Any, Any], where_all: str = "'options'") -> dict[str, Any]:
    if len(options) > MAX_OPTIONS:
        raise RecordError(f"{where_all} = {quote(options)}: a record sets at most {MAX_OPTIONS} options there",
                          Reason("options", {"where": where_all, "value": _described(options), "max": MAX_OPTIONS}))
    for name, value in options.items():
        if not isinstance(name, str):
            raise RecordError(f"option name {quote(name)}: expected a text",
                              Reason("option_name", {"name": _described(name)}))
        named = _described(_text(name, Reason("where.option_name"), MAX_NAME_CHARS))
        # a game option, or a seat's setting (``seats[0].settings``), named where it is
        where = Reason("where.option", {"name": named}) if where_all == "'options'" else \
            Reason("where.setting", {"name": named, "where": where_all})
        if isinstance(value, str):
            _text(value, where, MAX_NAME_CHARS)
        elif isinstance(value, int) and not isinstance(value, bool):
            _whole(value, where)
        elif not isinstance(value, bool):
            raise RecordError(f"{_said(where)} = {quote(value)}: an option is true, false, a whole number or a text",
                              Reason("option_value", {"where": where, "value": _described(value)}))
    return dict(options)


def _actions(actions: list[Any]) -> list[str]:
    if len(actions) > MAX_ACTIONS:
        raise RecordError(f"'actions' holds {len(actions):,} actions; a record holds at most {MAX_ACTIONS:,}",
                          Reason("actions", {"size": len(actions), "max": MAX_ACTIONS}))
    for i, a in enumerate(actions):
        if not isinstance(a, str):
            raise RecordError(f"actions[{i}] = {quote(a)}: each action is a string such as \"0: buy Luxor\"",
                              Reason("action", {"where": f"actions[{i}]", "value": _described(a),
                                                "example": '"0: buy Luxor"'}))
        _text(a, f"actions[{i}]", MAX_ACTION_CHARS)
    return list(actions)


def _played(data: dict[str, Any], count: int) -> tuple[list[float] | None, list[str] | None]:
    """``played_at`` and ``played_by``: both or neither, one entry per action."""
    if "played_at" not in data and "played_by" not in data:
        return None, None
    at = _field(data, "played_at", list)
    by = _field(data, "played_by", list)
    if len(at) != count or len(by) != count:
        raise RecordError(f"'played_at' and 'played_by' list {len(at):,} and {len(by):,} entries; there are "
                          f"{count:,} actions, one entry each",
                          Reason("played", {"at": len(at), "by": len(by), "count": count}))
    for i, t in enumerate(at):
        if isinstance(t, bool) or not isinstance(t, int | float) or not 0 <= t < 1e11:
            raise RecordError(f"played_at[{i}] = {quote(t)}: expected seconds since 1970",
                              Reason("played_at", {"where": f"played_at[{i}]", "value": _described(t)}))
    for i, b in enumerate(by):
        if b not in PLAYED_BY:
            raise RecordError(f"played_by[{i}] = {quote(b)}: expected one of {', '.join(PLAYED_BY)}",
                              Reason("played_by", {"where": f"played_by[{i}]", "value": _described(b),
                                                   "kinds": ", ".join(PLAYED_BY)}))
    return [float(t) for t in at], list(by)


def _seats(raw: list[Any] | None, players: int) -> list[SeatConfig]:
    """The seats (``players`` is already checked, so the default list is small)."""
    if raw is None:
        return [SeatConfig(f"Player {i + 1}") for i in range(players)]
    if len(raw) != players:
        raise RecordError(f"'seats' lists {len(raw):,} seats but 'players' is {players}",
                          Reason("seats", {"count": len(raw), "players": players}))
    seats = []
    for i, s in enumerate(raw):
        if not isinstance(s, dict):
            raise RecordError(f"seats[{i}] = {quote(s)}: expected {{\"name\": str, \"bot\": str or null}}",
                              Reason("seat", {"where": f"seats[{i}]", "value": _described(s)}))
        for key in s:
            if key not in _SEAT_FIELDS:
                raise RecordError(f"seats[{i}] has an unknown field {quote(key)}; a seat has 'name', 'bot' and "
                                  "'settings'", Reason("seat_field", {"where": f"seats[{i}]",
                                                                       "field": _described(key)}))
        name, bot = s.get("name"), s.get("bot")
        if name is not None and not isinstance(name, str):
            raise RecordError(f"seats[{i}].name = {quote(name)}: expected a text",
                              Reason("seat_name", {"where": f"seats[{i}].name", "value": _described(name)}))
        if bot is not None and not isinstance(bot, str):
            raise RecordError(f"seats[{i}].bot = {quote(bot)}: expected a bot name or null",
                              Reason("seat_bot", {"where": f"seats[{i}].bot", "value": _described(bot)}))
        _text(name or "", f"seats[{i}].name", MAX_NAME_CHARS)
        _text(bot or "", f"seats[{i}].bot", MAX_NAME_CHARS)
        settings = s.get("settings", {})
        if not isinstance(settings, dict):
            raise RecordError(f"seats[{i}].settings = {quote(settings)}: expected an object of name: value",
                              Reason("seat_settings", {"where": f"seats[{i}].settings", "value": _described(settings)}))
        seats.append(SeatConfig(name or f"Player {i + 1}", bot, _options(settings, f"seats[{i}].settings")))
    return seats


_SHA256 = re.compile(r"^[0-9a-f]{64}$")


def _data_files(raw: Any) -> dict[str, dict[str, str]] | None:
    """``data``: at most ``MAX_OPTIONS`` files, each ``{"file": text, "sha256": 64 hex digits}``."""
    if raw is None:
        return None
    if not isinstance(raw, dict) or len(raw) > MAX_OPTIONS:
        raise RecordError(f"'data' = {quote(raw)}: expected at most {MAX_OPTIONS} entries option: "
                          "{\"file\": …, \"sha256\": …}", Reason("data", {"value": _described(raw), "max": MAX_OPTIONS,
                                                                         "entry": '{"file": …, "sha256": …}'}))
    out: dict[str, dict[str, str]] = {}
    for name, entry in raw.items():
        where = Reason("where.data", {"name": _described(name)})
        _text(name, Reason("where.data_name"), MAX_NAME_CHARS)
        if not isinstance(entry, dict) or set(entry) != {"file", "sha256"} or not isinstance(entry["file"], str) \
                or not isinstance(entry["sha256"], str) or not _SHA256.match(entry["sha256"]):
            raise RecordError(f"{_said(where)} = {quote(entry)}: expected "
                              "{\"file\": text, \"sha256\": 64 hex digits}",
                              Reason("data_entry", {"where": where, "value": _described(entry)}))
        _text(entry["file"], Reason("where.data_file", {"name": _described(name)}), MAX_ACTION_CHARS)
        out[name] = {"file": entry["file"], "sha256": entry["sha256"]}
    return out


def _check_tree(value: Any, where: str) -> None:
    """Refuse JSON data holding more than ``MAX_START_VALUES`` values, nested deeper than ``MAX_START_DEPTH``,
    with a text longer than ``MAX_ACTION_CHARS`` or a number beyond ``MAX_INT``. No recursion, and no more
    than ``MAX_START_VALUES`` values are looked at."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    seen = 1
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth >= MAX_START_DEPTH:
                raise RecordError(f"{where} nests lists and objects more than {MAX_START_DEPTH} deep; "
                                  f"at most {MAX_START_DEPTH} levels are allowed",
                                  Reason("depth", {"where": where, "max": MAX_START_DEPTH}))
            seen += len(item)
            if seen > MAX_START_VALUES:
                raise RecordError(f"{where} holds more than {MAX_START_VALUES:,} values; at most "
                                  f"{MAX_START_VALUES:,} are allowed",
                                  Reason("values", {"where": where, "max": MAX_START_VALUES}))
            if isinstance(item, dict):
                for key, child in item.items():
                    if not isinstance(key, str):
                        raise RecordError(f"{where}: the key {quote(key)} is not a text",
                                          Reason("key", {"where": where, "name": _described(key)}))
                    _text(key, Reason("where.key", {"where": where}), MAX_ACTION_CHARS)
                    stack.append((child, depth + 1))
            else:
                stack.extend((child, depth + 1) for child in item)
        elif isinstance(item, str):
            _text(item, Reason("where.text", {"where": where}), MAX_ACTION_CHARS)
        elif isinstance(item, int) and not isinstance(item, bool):
            _whole(item, Reason("where.number", {"where": where}))
        elif item is not None and not isinstance(item, bool | float):
            raise RecordError(f"{where} holds {quote(item)}, which is not JSON",
                              Reason("not_json", {"where": where, "value": _described(item)}))


def split_actor(entry: str) -> tuple[str | None, str]:
    """``"2: buy Luxor"`` -> ``("2", "buy Luxor")``; ``"buy Luxor"`` -> ``(None, "buy Luxor")``."""
    head, sep, tail = entry.partition(":")
    if sep and (head.strip().isdigit() or head.strip() == "chance"):
        return head.strip(), tail.strip()
    return None, entry.strip()
