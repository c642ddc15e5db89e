"""The formats of « A Vendre ! »'s data files: the board (60 squares, their colours, and the 43 titles on the blue
and red squares) and the deck of 100 « cartes des charges » (one TOML file each, checked by the engine's loader;
``docs/data/a_vendre.md`` documents them).

The rulebook prints neither; it says what they hold: « 43 titres de propriété portant les noms des commerces ou des
différents établissements, 100 cartes des charges », squares 1 to 60, yellow, green, blue and red squares with a
purchase price (PA) and an income (R) on the blue (« commerces ») and red (« établissements ») ones; charge cards
that are honorary appointments, lottery wins, taxes at a blue square, and moves. Every problem is refused with the
file, the entry and the reason.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from ...engine.datafiles import About, DataModel, FormatProblems, repeated_ids, twice_and_missing
from ...engine.errors import Reason
from .texts import CATALOG

SQUARES = 60
"""« But : case 60 »; « On commence par le numéro 1 »."""
TITLES = 43
"""« 43 titres de propriété »."""
CARDS = 100
"""« 100 cartes des charges »."""

Money = Annotated[int, Field(ge=0, le=100_000, multiple_of=10)]
"""Amounts in the game's smallest note, 10."""
CardId = Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{1,12}$")]
SquareNumber = Annotated[int, Field(ge=1, le=SQUARES)]


class Title(DataModel):
    """A « titre de propriété »: « en haut à droite le numéro du commerce, en haut à gauche le prix d'achat, au milieu
    l'indication du commerce ou de l'établissement, et en bas à gauche la recette »."""

    number: Annotated[int, Field(ge=1, le=TITLES)]
    name: Annotated[str, Field(min_length=1, max_length=40)]
    price: Money
    """PA; for an establishment (red), printed but never paid: « ne sont pas à vendre »."""
    income: Money
    """R."""


Colour = Literal["start", "finish", "yellow", "green", "blue", "red"]


class Square(DataModel):
    number: SquareNumber
    colour: Colour
    title: Title | None = None

    @model_validator(mode="after")
    def _titles_on_blue_and_red(self) -> Square:
        if self.colour in ("blue", "red") and self.title is None:
            raise FormatProblems(CATALOG, [("", Reason("square_needs_title", {"colour": self.colour}))])
        if self.colour not in ("blue", "red") and self.title is not None:
            raise FormatProblems(CATALOG, [("", Reason("square_no_title", {"colour": self.colour}))])
        return self


class Board(DataModel):
    format: Literal["a-vendre/board"]
    about: About
    squares: list[Square]

    @model_validator(mode="after")
    def _as_the_rulebook_says(self) -> Board:
        problems: list[tuple[str, Reason]] = []
        if len(self.squares) != SQUARES:
            problems.append(("squares", Reason("square_count", {"count": len(self.squares), "squares": SQUARES})))
        for i, sq in enumerate(self.squares):
            if sq.number != i + 1:
                problems.append((f"squares[{i}].number", Reason("square_number", {"number": sq.number,
                                                                                  "expected": i + 1})))
                break
            expected = "start" if i == 0 else "finish" if i == SQUARES - 1 else None
            if expected and sq.colour != expected:
                problems.append((f"squares[{i}].colour", Reason("end_colour", {
                    "square": i + 1, "expected": repr(expected), "colour": repr(sq.colour)})))
            elif not expected and sq.colour in ("start", "finish"):
                problems.append((f"squares[{i}].colour", Reason("start_finish_only", {})))
        titles = sorted(sq.title.number for sq in self.squares if sq.title is not None)
        if titles != list(range(1, TITLES + 1)):
            problems.append(("squares", Reason("title_count", {"count": len(titles), "titles": TITLES,
                                                               "detail": twice_and_missing(titles, TITLES)})))
        for colour in ("yellow", "green", "blue", "red"):
            if not any(sq.colour == colour for sq in self.squares):
                problems.append(("squares", Reason("no_colour", {"colour": colour})))
        if problems:
            raise FormatProblems(CATALOG, problems)
        return self


# --- the charge cards: a closed list of effect kinds -------------------------------------------------
class Honorary(DataModel):
    """« Une carte des charges, qui représente un emploi honorifique, donne droit à recevoir gratuitement le titre de
    propriété de l'établissement en question »: establishment (red) title ``title``."""

    kind: Literal["honorary"]
    title: Annotated[int, Field(ge=1, le=TITLES)]


class Lottery(DataModel):
    """« des gains à la loterie et obligent la banque de payer au joueur le montant qui y est prévu »."""

    kind: Literal["lottery"]
    amount: Money


class Tax(DataModel):
    """« Lorsqu'un joueur est invité par une carte des charges à payer une taxe (R) à une case bleue … son pion reste
    dans la case occupée »: the blue square ``square``'s R, to its owner or to the bank."""

    kind: Literal["tax"]
    square: SquareNumber


class MoveTo(DataModel):
    """The pawn goes to square ``square``, which takes effect; « celui qui est renvoyé par une carte des charges dans
    une case verte, doit s'y rendre avec son pion et payer à la banque le montant indiqué sur la carte »: ``amount``,
    for a green square."""

    kind: Literal["move_to"]
    square: SquareNumber
    amount: Money = 0


class Move(DataModel):
    """The pawn moves ``steps`` squares, forward or back (« Il se pourra donc qu'il doive reculer »)."""

    kind: Literal["move"]
    steps: Annotated[int, Field(ge=-12, le=12)]

    @model_validator(mode="after")
    def _moves(self) -> Move:
        if self.steps == 0:
            raise FormatProblems(CATALOG, [("", Reason("move_moves", {}))])
        return self


Effect = Annotated[Honorary | Lottery | Tax | MoveTo | Move, Field(discriminator="kind")]
EFFECT_KINDS = ("honorary", "lottery", "tax", "move_to", "move")


class ChargeCard(DataModel):
    id: CardId
    effect: Effect
    copies: Annotated[int, Field(ge=1, le=CARDS)] = 1
    text: Annotated[str, Field(max_length=200)] | None = None
    """The card's words, as the director reads them out (French); front ends otherwise say the effect."""


class Deck(DataModel):
    format: Literal["a-vendre/charges"]
    about: About
    cards: list[ChargeCard]

    @model_validator(mode="after")
    def _a_hundred_cards(self) -> Deck:
        problems: list[tuple[str, Reason]] = []
        total = sum(c.copies for c in self.cards)
        if total != CARDS:
            problems.append(("cards", Reason("card_count", {"count": total, "cards": CARDS})))
        problems += repeated_ids([c.id for c in self.cards])
        honoured = [c.effect.title for c in self.cards if isinstance(c.effect, Honorary)]
        for i, c in enumerate(self.cards):
            if isinstance(c.effect, Honorary) and (c.copies > 1 or honoured.count(c.effect.title) > 1):
                problems.append((f"cards[{i}].effect.title", Reason("honorary_once", {
                    "title": c.effect.title, "count": honoured.count(c.effect.title) + c.copies - 1})))
        if problems:
            raise FormatProblems(CATALOG, problems)
        return self


FORMATS: dict[str, type[DataModel]] = {"a-vendre/board": Board, "a-vendre/charges": Deck}
