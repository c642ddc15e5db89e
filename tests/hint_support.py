"""Checks of a game's hint reasons (``SearchHooks.reasons``), shared by the games' search-hook tests."""

from __future__ import annotations

from typing import Any

from ludotheque.engine.game import Game

NAMES = ("Ada", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy")
"""Seats' names for reasons that name a seat (up to 9 players)."""


def assert_reasons_worded(game: Game, reasons: list[tuple[str, dict[str, Any]]]) -> None:
    """Every reason has its catalogue entry, whole numbers as written, and says itself in French and English
    with no field left unfilled."""
    for key, fields in reasons:
        assert game.catalog.has(f"hint.{key}") or game.catalog.has(f"hint.{key}_one"), key
        assert not any(isinstance(v, float) for v in fields.values()), (key, fields)
        for lang in ("en", "fr"):
            text = game.describe_reason(key, fields, lang, NAMES)
            assert "{" not in text and "hint." not in text, (key, lang, text)
