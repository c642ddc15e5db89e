"""Small text helpers shared by games' parsers."""

from __future__ import annotations

import unicodedata

from .errors import InvalidActionError, Reason


def fold(text: str) -> str:
    """Lower case without accents, for forgiving parsing of names typed by people."""
    return "".join(c for c in unicodedata.normalize("NFD", text.strip().lower()) if unicodedata.category(c) != "Mn")


def number_in(text: str, word: str, lo: int, hi: int, what: str) -> int:
    """``word`` (part of the action ``text``) as a whole number from ``lo`` to ``hi``, else an ``InvalidActionError``
    naming ``what`` it should be (the catalogue's ``error.not_number`` says it with ``text``, ``lo`` and ``hi``)."""
    if not word.isdigit() or not lo <= int(word) <= hi:
        raise InvalidActionError(f"{text!r}: {word!r} is not {what} ({lo} to {hi})",
                                 Reason("not_number", {"text": word, "lo": lo, "hi": hi}))
    return int(word)
