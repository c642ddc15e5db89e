"""Game options: declared by each game with type, default and allowed values, validated in one place."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import OptionError, Reason, as_json

OptionValue = bool | int | str

TRUE_WORDS = frozenset({"true", "yes", "on", "1", "oui", "vrai"})
FALSE_WORDS = frozenset({"false", "no", "off", "0", "non", "faux"})
"""How a yes-or-no setting (a game's option, a bot's parameter) may be typed, in English or French."""
GROUPED = re.compile(r"[+-]?\d{1,3}(?:([ \u00a0\u202f,_])\d{3})(?:\1\d{3})*")
"""A whole number typed with its digits in groups of three, as the screen writes it (``1 800``, ``1,800``)."""


def _ungrouped(raw: Any) -> Any:
    """``raw`` without the spaces or commas that group its digits, if it is such a number; else as it is."""
    if isinstance(raw, str) and GROUPED.fullmatch(raw.strip()):
        return re.sub(r"[ \u00a0\u202f,_]", "", raw.strip())
    return raw


@dataclass(frozen=True)
class OptionSpec:
    """One option a game accepts."""

    name: str
    """The option's name, as typed after ``--option``."""
    default: OptionValue
    """The value used when the option is not given; its type is the option's type."""
    help_en: str
    """One line in English saying what the option changes."""
    help_fr: str
    """The same line in French."""
    choices: tuple[OptionValue, ...] = field(default=())
    """Allowed values (empty: any value of the type). Booleans allow true and false."""
    bounds: tuple[int, int] | None = None
    """For a whole-number option: the smallest and largest value allowed (None: any)."""
    file: bool = False
    """The option names a file on the machine that plays the game (a data file), or keeps its default, a file the
    game ships. A server accepts only the default: it never opens a path a visitor names."""
    title_en: str = ""
    """What the option is, in a few words, for a form (``Fin de partie``); empty: its name."""
    title_fr: str = ""
    """The same in French."""
    labels: tuple[tuple[OptionValue, str, str], ...] = ()
    """Each choice as a form shows it: (value, English, French); a value without one is shown as it is."""

    def title(self, lang: str) -> str:
        """What the option is, in ``lang``, for a form; its name when it has no title."""
        return (self.title_fr if lang == "fr" else self.title_en) or self.name

    def label(self, value: OptionValue, lang: str) -> str:
        """A choice as a form shows it in ``lang``; the value as it is when it has no label."""
        for v, en, fr in self.labels:
            if v == value:
                return fr if lang == "fr" else en
        return str(value)

    @property
    def kind(self) -> type:
        return type(self.default)

    def allowed(self) -> str:
        if self.file:
            return f"{self.default!r} or a file's path"
        if self.kind is bool:
            return "true or false (yes or no)"
        if self.bounds is not None:
            return f"a whole number from {self.bounds[0]} to {self.bounds[1]}"
        if self.choices:
            return " or ".join(repr(c) if isinstance(c, str) else str(c) for c in self.choices)
        return f"any {self.kind.__name__}"

    def parse(self, raw: Any) -> OptionValue:
        """Turn a typed-in or JSON value into the option's value, or raise ``OptionError`` (with its reason, said
        in every language by the engine's catalogue: ``error.option.*``)."""
        value: OptionValue
        if self.kind is bool:
            if isinstance(raw, bool):
                value = raw
            elif isinstance(raw, str) and raw.strip().lower() in TRUE_WORDS | FALSE_WORDS:
                value = raw.strip().lower() in TRUE_WORDS
            else:
                raise self._refused(raw, "option.yes_no")
        elif self.kind is int:
            try:  # as the screen writes it, too: 1 800, 1,800 (but 1,5 is no whole number)
                value = int(_ungrouped(raw))
            except (TypeError, ValueError):
                raise self._refused(raw, "option.whole", f"option {self.name}={raw!r}: expected a whole number") \
                    from None
        else:
            if not isinstance(raw, str):
                raise self._refused(raw, "option.text", f"option {self.name}={raw!r}: expected text, allowed "
                                                        f"{self.allowed()}")
            value = raw.strip()
        if self.bounds is not None and isinstance(value, int) and not self.bounds[0] <= value <= self.bounds[1]:
            raise self._refused(raw, "option.range")
        if self.choices and value not in self.choices:
            raise self._refused(raw, "option.choices")
        return value

    def _refused(self, raw: Any, key: str, message: str = "") -> OptionError:
        """The refusal of ``raw``: ``message`` (else "allowed values are …") in English, and its reason."""
        low, high = self.bounds or (0, 0)
        fields = {"name": self.name, "value": as_json(raw), "min": low, "max": high,
                  "choices": ", ".join(as_json(c) for c in self.choices)}
        return OptionError(message or f"option {self.name}={raw!r}: allowed values are {self.allowed()}",
                           Reason(key, fields))


def resolve_options(specs: tuple[OptionSpec, ...], given: Mapping[str, Any], game: str) -> dict[str, OptionValue]:
    """All of a game's options, the given ones parsed and the others at their defaults."""
    if not isinstance(given, Mapping):
        raise OptionError(f"{game}'s options are given as an object of name: value, not {given!r}",
                          Reason("option.not_object", {"game": game, "value": as_json(given)}))
    by_name = {s.name: s for s in specs}
    unknown = [k for k in given if k not in by_name]
    if unknown:
        names = ", ".join(by_name) or "none"
        raise OptionError(f"{game} has no option {unknown[0]!r}; its options are: {names}",
                          Reason("option.unknown", {"game": game, "name": as_json(unknown[0]), "names": names}))
    return {s.name: (s.parse(given[s.name]) if s.name in given else s.default) for s in specs}


def written(value: object) -> str:
    """A setting's value as a command line writes it (``true``/``false`` for a yes-or-no)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def parse_option_args(pairs: list[str]) -> dict[str, str]:
    """``["end_rule=classic", "cards=true"]`` -> a dict; a pair without ``=`` is refused."""
    out: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise OptionError(f"--option {pair!r}: expected name=value, e.g. --option cards=true")
        out[name.strip()] = value.strip()
    return out
