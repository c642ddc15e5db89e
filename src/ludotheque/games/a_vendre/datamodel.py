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

from ...engine.datafiles import About, DataModel

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
            raise ValueError(f"a {self.colour} square carries a title (number, name, price, income)")
        if self.colour not in ("blue", "red") and self.title is not None:
            raise ValueError(f"a {self.colour} square has no title (only blue and red squares do)")
        return self


class Board(DataModel):
    format: Literal["a-vendre/board"]
    about: About
    squares: list[Square]

    @model_validator(mode="after")
    def _as_the_rulebook_says(self) -> Board:
        problems = []
        if len(self.squares) != SQUARES:
            problems.append(f"squares: {len(self.squares)} squares; the board has squares 1 to {SQUARES}")
        for i, sq in enumerate(self.squares):
            if sq.number != i + 1:
                problems.append(f"squares[{i}].number: {sq.number}; squares are numbered 1, 2, 3… in order, so this "
                                f"one is {i + 1}")
                break
            expected = "start" if i == 0 else "finish" if i == SQUARES - 1 else None
            if expected and sq.colour != expected:
                problems.append(f"squares[{i}].colour: square {i + 1} is {expected!r} (pawns start on 1 and travel to "
                                f"60), not {sq.colour!r}")
            elif not expected and sq.colour in ("start", "finish"):
                problems.append(f"squares[{i}].colour: only square 1 is 'start' and square 60 'finish'")
        titles = sorted(sq.title.number for sq in self.squares if sq.title is not None)
        if titles != list(range(1, TITLES + 1)):
            twice = sorted({t for t in titles if titles.count(t) > 1})
            missing = sorted(set(range(1, TITLES + 1)) - set(titles))
            problems.append(f"squares: {len(titles)} titles; the game has titles 1 to {TITLES}, each once"
                            + (f" (twice: {twice[:5]})" if twice else "")
                            + (f" (missing: {missing[:5]})" if missing else ""))
        for colour in ("yellow", "green", "blue", "red"):
            if not any(sq.colour == colour for sq in self.squares):
                problems.append(f"squares: no {colour} square; the rulebook's board has the four colours")
        if problems:
            raise ValueError("\n".join(problems))
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
            raise ValueError("a move card moves: steps is not 0")
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
        problems = []
        total = sum(c.copies for c in self.cards)
        if total != CARDS:
            problems.append(f"cards: {total} cards (copies counted); the game has {CARDS} « cartes des charges »")
        seen: set[str] = set()
        for i, c in enumerate(self.cards):
            if c.id in seen:
                problems.append(f"cards[{i}].id: {c.id!r} is already the id of another card; ids are unique")
            seen.add(c.id)
        honoured = [c.effect.title for c in self.cards if isinstance(c.effect, Honorary)]
        for i, c in enumerate(self.cards):
            if isinstance(c.effect, Honorary) and (c.copies > 1 or honoured.count(c.effect.title) > 1):
                problems.append(f"cards[{i}].effect.title: one honorary card per establishment; title "
                                f"{c.effect.title} has {honoured.count(c.effect.title) + c.copies - 1}")
        if problems:
            raise ValueError("\n".join(problems))
        return self


FORMATS: dict[str, type[DataModel]] = {"a-vendre/board": Board, "a-vendre/charges": Deck}
