"""What a checked « A Vendre ! » data file holds, in a few figures (``ludo check-data``)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from .datamodel import Board, Deck


def summary(value: Any) -> dict[str, Any]:
    if isinstance(value, Board):
        colours = Counter(s.colour for s in value.squares)
        return {"kind": "board", "edition": value.about.edition, "squares": len(value.squares),
                "colours": dict(colours), "titles": sum(1 for s in value.squares if s.title),
                "businesses": colours["blue"], "establishments": colours["red"]}
    if isinstance(value, Deck):
        return {"kind": "charges", "edition": value.about.edition, "cards": sum(c.copies for c in value.cards),
                "effects": dict(Counter(c.effect.kind for c in value.cards for _ in range(c.copies)))}
    raise TypeError(f"not an « A Vendre ! » data file: {type(value).__name__}")
