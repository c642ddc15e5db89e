"""Small text helpers shared by games' parsers."""

from __future__ import annotations

import unicodedata


def fold(text: str) -> str:
    """Lower case without accents, for forgiving parsing of names typed by people."""
    return "".join(c for c in unicodedata.normalize("NFD", text.strip().lower()) if unicodedata.category(c) != "Mn")
