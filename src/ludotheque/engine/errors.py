"""Precise error types. Every one is a ``ValueError`` whose message quotes the input and says what is allowed."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Reason:
    """Why something was refused, as a catalogue key and its fields, so front ends can say it in any language."""

    key: str
    fields: dict[str, Any] = field(default_factory=dict)


class LudoError(ValueError):
    """Base class of every error the engine raises on bad input. The message is English; ``reason``, when
    set, names the game catalogue's ``error.<key>`` entry that says the same in every language."""

    def __init__(self, message: str, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.reason = reason


class InvalidActionError(LudoError):
    """An action's text does not parse (bad syntax)."""


class IllegalActionError(LudoError):
    """An action parses but is not legal in this position; the state is left unchanged."""


class OptionError(LudoError):
    """A game option, a player count or a bot name is wrong."""


class StateFormatError(LudoError):
    """A position (state JSON) is malformed or inconsistent. Its reason's key is ``position.<what>``: the game's
    catalogue says it (``error.position.<what>``, in its ``locale/*-position.toml``), or the engine's for what every
    game's reader checks (``engine/texts.py``). A value from the file is a field as the file writes it (``as_json``),
    and a refusal inside another (where in the position, then why) a ``Reason`` field."""


class RecordError(LudoError):
    """A game record is malformed (wrong format, version, game or fields). The record module's ``reason`` (see
    ``engine.record``) is said in every language by the CLI's catalogue, not a game's."""


class ReplayError(LudoError):
    """Replaying a record stopped at an illegal or malformed action."""

    def __init__(self, index: int, action: str, why: str) -> None:
        super().__init__(f"action #{index} {action!r}: {why}")
        self.index = index
        self.action = action
        self.why = why


def as_json(value: Any) -> str:
    """A value read from a JSON file, written as the file writes it (for a refusal's message and its fields)."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


def allowed_list(items: list[str], limit: int = 12) -> str:
    """A short human list of what is allowed, for error messages."""
    if not items:
        return "nothing"
    shown = ", ".join(items[:limit])
    return shown + (f", … [{len(items)}]" if len(items) > limit else "")
