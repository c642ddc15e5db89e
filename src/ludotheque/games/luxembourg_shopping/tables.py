"""The data a game of Luxembourg-Shopping is played on: its board and decks, loaded when a game is created (never at
import), checked together, and laid out as arrays the rules read quickly.

The options ``board``, ``correspondance`` and ``bouton_rouge`` name the files: ``reconstructed`` (the default) is
the file shipped in ``data/``; anything else is a path to a person's own file.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from ...engine.datafiles import PACKAGED, DataFileError, Loaded, PlayedOn, laid_out, load_option_files
from ...engine.options import OptionValue
from .datamodel import SHOPS, ZONES, Board, MailDeck, RedDeck

FILES: dict[str, tuple[str, type[BaseModel]]] = {
    "board": ("board.toml", Board),
    "correspondance": ("correspondance.toml", MailDeck),
    "bouton_rouge": ("bouton_rouge.toml", RedDeck),
}
"""Each data-file option: the shipped file's name and the file's format."""

SHOP, BOUTON_ROUGE, BUREAU, BANKRUPTCY, BONUS = range(5)
KIND_CODES = {"shop": SHOP, "bouton_rouge": BOUTON_ROUGE, "bureau": BUREAU, "bankruptcy": BANKRUPTCY, "bonus": BONUS}
KIND_NAMES = tuple(KIND_CODES)


@dataclass(frozen=True, slots=True)
class Card:
    """A drawn card's halves, as the rules read them: ``top`` (mail, doubles, bankruptcy) and ``bottom`` (« Bureau »),
    each a dict such as ``{"kind": "shop", "shop": 12}`` or ``{"kind": "pay", "amount": 5000}``."""

    id: str
    deck: str
    """``even``, ``odd`` (« Correspondance ») or ``red`` (« Bouton Rouge »)."""
    top: dict[str, Any]
    bottom: dict[str, Any] | None
    copies: int

    @property
    def shop(self) -> int:
        """The shop the upper half shows, or 0."""
        return int(self.top["shop"]) if self.top["kind"] == "shop" else 0


@dataclass(frozen=True)
class Tables(PlayedOn):
    """A board and its decks, checked together and laid out for the rules."""

    board: Board
    size: int
    """Squares on the loop (66 on the shipped board)."""
    kind: tuple[int, ...]
    """Per square number (index 0 unused): its kind code."""
    shop_at: tuple[int, ...]
    """Per square number: the shop there, or 0."""
    square_of: tuple[int, ...]
    """Per shop number (index 0 unused): its square."""
    zone: tuple[int, ...]
    """Per shop number: 0 orange, 1 yellow, 2 green."""
    income: tuple[int, ...]
    """Per shop number: its zone's amount (B1, B2, C, E)."""
    price: tuple[int, ...]
    """Per shop number: its zone's purchase price (B3)."""
    names: tuple[str, ...]
    """Per shop number: its name."""
    cards: dict[str, Card]
    """Every card by id."""
    piles: dict[str, tuple[tuple[str, ...], tuple[float, ...]]]
    """``even``, ``odd``, ``red``: the pile's card ids and each one's probability (copies / all copies)."""
    shop_piles: dict[str, tuple[tuple[str, ...], tuple[float, ...]]]
    """``even``, ``odd``: the same, shop cards only (the bankruptcy procedure draws until a card shows a shop)."""



def load_tables(options: dict[str, OptionValue]) -> Tables:
    """The board and decks the options name, read now, checked together, and laid out (once per process for the same
    files). A wrong file raises ``DataFileError`` naming the file, the entry and the reason."""
    return laid_out(load_option_files(__package__, FILES, options), _lay_out)


def _lay_out(loaded: Mapping[str, Loaded[Any]]) -> Tables:
    board: Board = loaded["board"].value
    mail: MailDeck = loaded["correspondance"].value
    red: RedDeck = loaded["bouton_rouge"].value
    size = len(board.squares)
    problems: dict[str, list[tuple[str, str]]] = {"correspondance": [], "bouton_rouge": []}

    def off_board(square: int) -> str:
        return f"square {square} is not on the board ({loaded['board'].source} has squares 1 to {size})"

    cards: dict[str, Card] = {}
    for i, c in enumerate(mail.cards):
        cards[c.id] = Card(c.id, c.pile, c.top.model_dump(), c.bottom.model_dump(), c.copies)
        for half in ("top", "bottom"):
            effect = getattr(c, half)
            if effect.kind == "move_to" and effect.square > size:
                problems["correspondance"].append((f"cards[{i}].{half}.square", off_board(effect.square)))
    for i, r in enumerate(red.cards):
        if r.id in cards:
            problems["bouton_rouge"].append((f"cards[{i}].id", f"{r.id!r} is also a « Correspondance » card's id; "
                                             "ids differ across decks"))
        cards[r.id] = Card(r.id, "red", r.effect.model_dump(), None, r.copies)
        if r.effect.kind == "move_to" and r.effect.square > size:
            problems["bouton_rouge"].append((f"cards[{i}].effect.square", off_board(r.effect.square)))
    for name, found in problems.items():
        if found:
            raise DataFileError(loaded[name].source, found)

    def pile(deck: str, shops_only: bool = False) -> tuple[tuple[str, ...], tuple[float, ...]]:
        chosen = [c for c in cards.values() if c.deck == deck and (not shops_only or c.shop)]
        total = sum(c.copies for c in chosen)
        return tuple(c.id for c in chosen), tuple(c.copies / total for c in chosen)

    kind = [0] * (size + 1)
    shop_at = [0] * (size + 1)
    square_of = [0] * (SHOPS + 1)
    zone = [0] * (SHOPS + 1)
    names = [""] * (SHOPS + 1)
    for sq in board.squares:
        kind[sq.number] = KIND_CODES[sq.kind]
        if sq.shop is not None and sq.zone is not None:
            shop_at[sq.number] = sq.shop
            square_of[sq.shop] = sq.number
            zone[sq.shop] = ZONES.index(sq.zone)
            names[sq.shop] = sq.name or ""
    zones = [getattr(board.zones, z) for z in ZONES]
    return Tables(
        files={n: (loaded[n].source, loaded[n].sha256) for n in FILES},
        editions={"board": board.about.edition, "correspondance": mail.about.edition,
                  "bouton_rouge": red.about.edition},
        board=board, size=size, kind=tuple(kind), shop_at=tuple(shop_at), square_of=tuple(square_of),
        zone=tuple(zone), income=tuple(zones[z].income if s else 0 for s, z in enumerate(zone)),
        price=tuple(zones[z].price if s else 0 for s, z in enumerate(zone)), names=tuple(names), cards=cards,
        piles={d: pile(d) for d in ("even", "odd", "red")},
        shop_piles={d: pile(d, True) for d in ("even", "odd")},
    )


__all__ = ["FILES", "PACKAGED", "Card", "DataFileError", "Tables", "load_tables"]
