"""The game record: the one format for saving, replaying, scenario tests and storage.

A record is JSON::

    {"format": "ludotheque-record", "version": 1, "game": "acquire", "players": 4,
     "options": {"cards": false}, "seats": [{"name": "Ada", "bot": null}, ...], "seed": 7,
     "start": null, "actions": ["chance: draw 5C", "0: 5C", "0: buy Luxor", ...]}

Each action is its text form, optionally prefixed by who acts (``"2: "`` for seat 2, ``"chance: "`` for a
random event); a prefix is checked on replay. ``start`` may hold a position (the game's state JSON) to
begin mid-game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import RecordError

FORMAT = "ludotheque-record"
VERSION = 1


@dataclass(frozen=True)
class SeatConfig:
    """Who sits at a seat: a person (``bot`` None) or a bot by name."""

    name: str
    bot: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "bot": self.bot}


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

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT, "version": VERSION, "game": self.game, "players": self.players,
            "options": self.options, "seats": [s.to_json() for s in self.seats], "seed": self.seed,
            "start": self.start, "actions": self.actions,
        }
        if self.result is not None:
            data["result"] = self.result
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1, ensure_ascii=False)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        if not isinstance(data, dict):
            raise RecordError(f"a record is a JSON object, not {type(data).__name__}")
        if data.get("format", FORMAT) != FORMAT:
            raise RecordError(f"format {data.get('format')!r}: expected {FORMAT!r}")
        version = data.get("version")
        if version != VERSION:
            raise RecordError(f"record version {version!r} is not supported; this program reads version {VERSION}")
        allowed = {"format", "version", "game", "players", "options", "seats", "seed", "start", "actions", "result"}
        extra = sorted(set(data) - allowed)
        if extra:
            raise RecordError(f"unknown record field {extra[0]!r}; the fields are: {', '.join(sorted(allowed))}")
        game = _typed(data, "game", str)
        players = _typed(data, "players", int)
        seed = _typed(data, "seed", int, default=0)
        options = _typed(data, "options", dict, default={})
        actions = _typed(data, "actions", list, default=[])
        for i, a in enumerate(actions):
            if not isinstance(a, str):
                raise RecordError(f"actions[{i}] = {a!r}: each action is a string such as \"0: buy Luxor\"")
        start = data.get("start")
        if start is not None and not isinstance(start, dict):
            raise RecordError("'start' must be a position (a JSON object) or null")
        raw_seats = _typed(data, "seats", list, default=[{"name": f"Player {i + 1}"} for i in range(players)])
        if len(raw_seats) != players:
            raise RecordError(f"'seats' lists {len(raw_seats)} seats but 'players' is {players}")
        seats = []
        for i, s in enumerate(raw_seats):
            if not isinstance(s, dict) or not isinstance(s.get("name", ""), str):
                raise RecordError(f"seats[{i}] = {s!r}: expected {{\"name\": str, \"bot\": str or null}}")
            bot = s.get("bot")
            if bot is not None and not isinstance(bot, str):
                raise RecordError(f"seats[{i}].bot = {bot!r}: expected a bot name or null")
            seats.append(SeatConfig(s.get("name") or f"Player {i + 1}", bot))
        return cls(game, players, options, seed, seats, list(actions), start, data.get("result"))

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise RecordError(f"not valid JSON: {e}") from None
        return cls.from_json(data)

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as e:
            raise RecordError(f"cannot read {path}: {e.strerror}") from None
        except UnicodeDecodeError:
            raise RecordError(f"{path} is not a text file in UTF-8; a record is JSON text") from None
        return cls.loads(text)


def _typed(data: dict[str, Any], key: str, kind: type, default: Any = ...) -> Any:
    if key not in data:
        if default is ...:
            raise RecordError(f"the record has no {key!r} field")
        return default
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(f"{key!r} = {value!r}: expected {kind.__name__}")
    return value


def split_actor(entry: str) -> tuple[str | None, str]:
    """``"2: buy Luxor"`` -> ``("2", "buy Luxor")``; ``"buy Luxor"`` -> ``(None, "buy Luxor")``."""
    head, sep, tail = entry.partition(":")
    if sep and (head.strip().isdigit() or head.strip() == "chance"):
        return head.strip(), tail.strip()
    return None, entry.strip()
