"""The data a game of « A Vendre ! » is played on: its board and its deck of charge cards, loaded when a game is
created (never at import), checked together, and laid out as arrays the rules read quickly.

The options ``board`` and ``charges`` name the files: ``reconstructed`` (the default) is the file shipped in
``data/``; anything else is a path to a person's own file.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from ...engine.datafiles import DataFileError, Loaded, PlayedOn, laid_out, load_option_files
from ...engine.options import OptionValue
from .datamodel import SQUARES, TITLES, Board, Deck

FILES: dict[str, tuple[str, type[BaseModel]]] = {
    "board": ("board.toml", Board),
    "charges": ("charges.toml", Deck),
}
COLOURS = ("start", "finish", "yellow", "green", "blue", "red")
START, FINISH, YELLOW, GREEN, BLUE, RED = range(6)


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    effect: dict[str, Any]
    copies: int
    text: str

    @property
    def honorary(self) -> bool:
        return bool(self.effect["kind"] == "honorary")


@dataclass(frozen=True)
class Tables(PlayedOn):
    """A board and its charge cards, checked together and laid out for the rules."""

    board: Board
    colour: tuple[int, ...]
    """Per square number (index 0 unused): its colour code."""
    title_at: tuple[int, ...]
    """Per square number: the title on it, or 0."""
    square_of: tuple[int, ...]
    """Per title number (index 0 unused): its square."""
    price: tuple[int, ...]
    """Per title: PA."""
    income: tuple[int, ...]
    """Per title: R."""
    red: tuple[bool, ...]
    """Per title: an establishment (red square), not for sale and worth nothing at the end."""
    names: tuple[str, ...]
    cards: dict[str, Card]
    order: tuple[str, ...]
    """The cards' ids in the file's order (the deck's counts follow it)."""



def load_tables(options: dict[str, OptionValue]) -> Tables:
    """The board and decks the options name, read now, checked together, and laid out (once per process for the same
    files). A wrong file raises ``DataFileError`` naming the file, the entry and the reason."""
    return laid_out(load_option_files(__package__, FILES, options), _lay_out)


def _lay_out(loaded: Mapping[str, Loaded[Any]]) -> Tables:
    board: Board = loaded["board"].value
    deck: Deck = loaded["charges"].value
    colour = [0] * (SQUARES + 1)
    title_at = [0] * (SQUARES + 1)
    square_of = [0] * (TITLES + 1)
    price = [0] * (TITLES + 1)
    income = [0] * (TITLES + 1)
    red = [False] * (TITLES + 1)
    names = [""] * (TITLES + 1)
    for sq in board.squares:
        colour[sq.number] = COLOURS.index(sq.colour)
        if sq.title is not None:
            t = sq.title.number
            title_at[sq.number], square_of[t] = t, sq.number
            price[t], income[t], names[t] = sq.title.price, sq.title.income, sq.title.name
            red[t] = sq.colour == "red"
    problems: list[tuple[str, str]] = []
    for i, c in enumerate(deck.cards):
        e = c.effect
        if e.kind == "honorary" and not red[e.title]:
            problems.append((f"cards[{i}].effect.title", f"title {e.title} is a business (blue square "
                             f"{square_of[e.title]}); honorary appointments give establishments (red squares)"))
        if e.kind == "tax" and colour[e.square] != BLUE:
            problems.append((f"cards[{i}].effect.square", f"square {e.square} is {COLOURS[colour[e.square]]}; a "
                             "tax is a blue square's income"))
        if e.kind == "move_to" and e.amount and colour[e.square] != GREEN:
            problems.append((f"cards[{i}].effect.amount", f"square {e.square} is {COLOURS[colour[e.square]]}; only "
                             "a card sending the pawn to a green square has an amount to pay"))
    if problems:
        raise DataFileError(loaded["charges"].source, problems)
    cards = {c.id: Card(c.id, c.effect.model_dump(), c.copies, c.text or "") for c in deck.cards}
    return Tables(
        files={n: (loaded[n].source, loaded[n].sha256) for n in FILES},
        editions={"board": board.about.edition, "charges": deck.about.edition}, board=board,
        colour=tuple(colour), title_at=tuple(title_at), square_of=tuple(square_of), price=tuple(price),
        income=tuple(income), red=tuple(red), names=tuple(names), cards=cards, order=tuple(c.id for c in deck.cards),
    )
