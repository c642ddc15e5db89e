"""What a checked Luxembourg-Shopping data file holds, in a few figures (``ludo check-data``)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from .datamodel import Board, MailDeck, RedDeck


def summary(value: Any) -> dict[str, Any]:
    if isinstance(value, Board):
        kinds = Counter(s.kind for s in value.squares)
        zones = Counter(s.zone for s in value.squares if s.zone)
        return {"kind": "board", "edition": value.about.edition, "squares": len(value.squares),
                "shops": kinds["shop"], "shops_by_zone": dict(zones), "bouton_rouge": kinds["bouton_rouge"],
                "bureau": kinds["bureau"], "zones": value.zones.model_dump()}
    if isinstance(value, MailDeck):
        piles: dict[str, Any] = {}
        for pile in ("even", "odd"):
            cards = [c for c in value.cards if c.pile == pile]
            piles[pile] = {"cards": sum(c.copies for c in cards),
                           "shop_cards": sum(c.copies for c in cards if c.top.kind == "shop"),
                           "actions": dict(Counter(c.top.kind for c in cards if c.top.kind != "shop")),
                           "bureau": dict(Counter(c.bottom.kind for c in cards))}
        return {"kind": "correspondance", "edition": value.about.edition, "piles": piles}
    if isinstance(value, RedDeck):
        return {"kind": "bouton_rouge", "edition": value.about.edition,
                "cards": sum(c.copies for c in value.cards),
                "effects": dict(Counter(c.effect.kind for c in value.cards for _ in range(c.copies)))}
    raise TypeError(f"not a Luxembourg-Shopping data file: {type(value).__name__}")
