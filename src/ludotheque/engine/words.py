"""Numbers and lists as each language writes them: ``6,000`` and ``75.0%`` in English, ``6 000`` and ``75,0 %``
in French (with a no-break space, U+00A0, so that a number and its unit read as one word), ``A, B and C`` /
``A, B et C``.

Shared by everything that prints for people (the terminal screens, the games' event texts, ``ludo simulate``).
It lives in the engine because the games' event texts use it: it depends on nothing.
"""

from __future__ import annotations

from collections.abc import Iterable

NBSP = "\u00a0"
"""The space inside French numbers and before ``%`` (no-break, one column wide like any space)."""

_AND = {"en": " and ", "fr": " et "}
_OR = {"en": " or ", "fr": " ou "}


def format_number(x: float, lang: str, digits: int = 0) -> str:
    """A number with its thousands grouped and ``digits`` decimals: ``12,345.5`` in English, ``12 345,5`` in
    French (no-break space). Numbers below 10 000 are grouped too (``1 200``), as the French rulebooks print
    prices."""
    # A whole number is grouped as it is: through a float (``.0f``), one above 2**53 would lose its last digits.
    text = f"{x:,}" if isinstance(x, int) and not digits else f"{x:,.{digits}f}"
    return text.replace(",", NBSP).replace(".", ",") if lang == "fr" else text


def format_int(n: int, lang: str) -> str:
    """A whole number: ``format_int(6000, "en") == "6,000"``, ``"6 000"`` in French."""
    return format_number(n, lang)


def format_percent(x: float, lang: str, digits: int = 1) -> str:
    """A fraction as a percentage: ``format_percent(0.75, "en") == "75.0%"``, ``"75,0 %"`` in French."""
    return format_number(100 * x, lang, digits) + (NBSP + "%" if lang == "fr" else "%")


def join_words(items: Iterable[str], lang: str, *, either: bool = False) -> str:
    """A list in words: ``A``, ``A and B``, ``A, B and C`` (French: ``A, B et C``); ``either``: one of them,
    ``A, B or C`` (``A, B ou C``)."""
    words = list(items)
    if len(words) <= 1:
        return "".join(words)
    last = _OR if either else _AND
    return ", ".join(words[:-1]) + last.get(lang, last["en"]) + words[-1]


__all__ = ["NBSP", "format_int", "format_number", "format_percent", "join_words"]
