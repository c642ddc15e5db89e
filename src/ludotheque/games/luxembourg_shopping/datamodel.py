"""The formats of Luxembourg-Shopping's data files: the board, the « Correspondance » deck and the « Bouton Rouge »
deck (one TOML file each, checked by the engine's loader; ``docs/data/luxembourg_shopping.md`` documents them).

The rulebook does not print the board or the cards; it says what they hold: 56 shops in three zones (orange,
yellow, green) with their purchase prices and incomes, square 33 « - 1 commerce » (bankruptcy), square 66
« + 1 commerce » (bonus), « Bouton Rouge » and « Bureau de Monsieur Jean Poche » squares; « Correspondance » cards
in an even and an odd pile, whose upper half shows a shop or an action and whose lower half (« Bureau ») an
action; « Bouton Rouge » cards with an action. What a card may do is one of ``EFFECT_KINDS``, each taken from
what the rulebook mentions. Every problem in a file is refused with the file, the entry and the reason.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from ...engine.datafiles import About, DataModel, FormatProblems, repeated_ids, twice_and_missing
from ...engine.errors import Reason
from .texts import CATALOG

SHOPS = 56
"""« Monsieur Jean POCHE sépare cette galerie géante en 56 commerces individuels »."""
BANKRUPTCY_SQUARE = 33
"""« B8. Vous tombez sur la case 33 (- 1 commerce) »."""
BONUS_SQUARE = 66
"""« B7. Vous tombez sur la case 66 (+ 1 commerce) »."""
ZONES = ("orange", "yellow", "green")
"""« zone orange », « zone jaune », « zone verte », cheapest first."""

Zone = Literal["orange", "yellow", "green"]
CardId = Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{1,12}$")]
Amount = Annotated[int, Field(ge=0, le=1_000_000, multiple_of=1000)]


# --- what a card may do: the closed list of effect kinds ------------------------------------------
class Receive(DataModel):
    """Monsieur Jean Poche (the bank) pays the player ``amount``."""

    kind: Literal["receive"]
    amount: Amount


class Pay(DataModel):
    """The player pays ``amount`` to the bank (selling shops if they cannot, chapter G)."""

    kind: Literal["pay"]
    amount: Amount


class ReceiveFromEach(DataModel):
    """Every other player in the game pays the player ``amount``."""

    kind: Literal["receive_from_each"]
    amount: Amount


class PayEach(DataModel):
    """The player pays ``amount`` to every other player in the game."""

    kind: Literal["pay_each"]
    amount: Amount


class MoveTo(DataModel):
    """The pawn goes forward to square ``square``, which then takes effect as an arrival (no doubles, no
    purchase ban unless it is the player's first move)."""

    kind: Literal["move_to"]
    square: Annotated[int, Field(ge=1, le=1000)]


class GainSign(DataModel):
    """A sign (« enseigne ») on one of the player's shops without one, of their choice (H)."""

    kind: Literal["gain_sign"]


class LoseSign(DataModel):
    """The player loses one of their signs, of their choice, and keeps the shop (H.5)."""

    kind: Literal["lose_sign"]


class Bankruptcy(DataModel):
    """The player loses a shop by the bankruptcy procedure (D)."""

    kind: Literal["bankruptcy"]


class FreeShop(DataModel):
    """The player draws one of the free shops at random, as on square 66 (B7)."""

    kind: Literal["free_shop"]


class ShowsShop(DataModel):
    """Only on a « Correspondance » card's upper half: the card of shop ``shop`` (mail C, doubles B4, the
    bankruptcy procedure D)."""

    kind: Literal["shop"]
    shop: Annotated[int, Field(ge=1, le=SHOPS)]


Effect = Annotated[Receive | Pay | ReceiveFromEach | PayEach | MoveTo | GainSign | LoseSign | Bankruptcy | FreeShop,
                   Field(discriminator="kind")]
Top = Annotated[ShowsShop | Receive | Pay | ReceiveFromEach | PayEach | MoveTo | GainSign | LoseSign | Bankruptcy
                | FreeShop, Field(discriminator="kind")]
EFFECT_KINDS = ("receive", "pay", "receive_from_each", "pay_each", "move_to", "gain_sign", "lose_sign", "bankruptcy",
                "free_shop")
"""What an action on a card may be; a « Correspondance » card's upper half may also be ``shop``."""


# --- the board ------------------------------------------------------------------------------------
class ZoneTable(DataModel):
    """A zone's amounts: what a free shop costs (B3) and what a visit is worth (B1, B2, C, E)."""

    price: Amount
    income: Amount
    colour: Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$")]
    """How the board is drawn."""


class Zones(DataModel):
    orange: ZoneTable
    yellow: ZoneTable
    green: ZoneTable


SquareKind = Literal["shop", "bouton_rouge", "bureau", "bankruptcy", "bonus"]


class Square(DataModel):
    number: Annotated[int, Field(ge=1)]
    kind: SquareKind
    shop: Annotated[int, Field(ge=1, le=SHOPS)] | None = None
    """For a shop square: its shop number, the number on its « Carte Commerçant »."""
    zone: Zone | None = None
    name: Annotated[str, Field(min_length=1, max_length=40)] | None = None
    """A shop's name (any language: it is a sign over a door)."""

    @model_validator(mode="after")
    def _a_shop_has_a_number_zone_and_name(self) -> Square:
        if self.kind == "shop":
            missing = [f for f in ("shop", "zone", "name") if getattr(self, f) is None]
            if missing:
                raise FormatProblems(CATALOG, [("", Reason("shop_needs", {"fields": ", ".join(missing)}))])
        elif self.shop is not None or self.zone is not None:
            raise FormatProblems(CATALOG, [("", Reason("not_a_shop", {"kind": self.kind}))])
        return self


class Board(DataModel):
    format: Literal["luxembourg-shopping/board"]
    about: About
    zones: Zones
    squares: list[Square]

    @model_validator(mode="after")
    def _as_the_rulebook_says(self) -> Board:
        """The counts the rulebook fixes; each problem on a line of its own, naming its entry."""
        problems: list[tuple[str, Reason]] = []
        for i, sq in enumerate(self.squares):
            if sq.number != i + 1:
                problems.append((f"squares[{i}].number", Reason("square_number", {"number": sq.number,
                                                                                  "expected": i + 1})))
                break
        count = len(self.squares)
        if count < BONUS_SQUARE:
            problems.append(("squares", Reason("square_count", {"count": count, "least": BONUS_SQUARE})))
        for number, kind in ((BANKRUPTCY_SQUARE, "bankruptcy"), (BONUS_SQUARE, "bonus")):
            if count >= number and self.squares[number - 1].kind != kind:
                problems.append((f"squares[{number - 1}].kind", Reason("square_kind", {
                    "square": number, "kind": repr(self.squares[number - 1].kind), "rulebook": repr(kind)})))
            for i, s in enumerate(self.squares):
                if s.kind == kind and s.number != number:
                    problems.append((f"squares[{i}].kind", Reason("kind_only_on", {
                        "square": number, "kind": repr(kind), "other": s.number})))
        shops = sorted(s.shop for s in self.squares if s.shop is not None)
        if shops != list(range(1, SHOPS + 1)):
            problems.append(("squares", Reason("shop_count", {"count": len(shops), "shops": SHOPS,
                                                              "detail": twice_and_missing(shops, SHOPS)})))
        for kind in ("bouton_rouge", "bureau"):
            if not any(s.kind == kind for s in self.squares):
                problems.append(("squares", Reason("no_kind", {"kind": repr(kind)})))
        if problems:
            raise FormatProblems(CATALOG, problems)
        return self


# --- the decks -------------------------------------------------------------------------------------
class MailCard(DataModel):
    """A « Correspondance » card: its pile, its upper half (mail: a shop or an action) and its lower half
    (« Bureau »: an action)."""

    id: CardId
    pile: Literal["even", "odd"]
    top: Top
    bottom: Effect
    copies: Annotated[int, Field(ge=1, le=20)] = 1


class MailDeck(DataModel):
    format: Literal["luxembourg-shopping/correspondance"]
    about: About
    cards: list[MailCard]

    @model_validator(mode="after")
    def _two_piles_with_shops(self) -> MailDeck:
        problems = repeated_ids([c.id for c in self.cards])
        for pile in ("even", "odd"):
            if not any(c.pile == pile and c.top.kind == "shop" for c in self.cards):
                problems.append(("cards", Reason(f"no_shop_{pile}", {})))
        if problems:
            raise FormatProblems(CATALOG, problems)
        return self


class RedCard(DataModel):
    """A « Bouton Rouge » card: an action."""

    id: CardId
    effect: Effect
    copies: Annotated[int, Field(ge=1, le=20)] = 1


class RedDeck(DataModel):
    format: Literal["luxembourg-shopping/bouton-rouge"]
    about: About
    cards: Annotated[list[RedCard], Field(min_length=1)]

    @model_validator(mode="after")
    def _ids_once(self) -> RedDeck:
        problems = repeated_ids([c.id for c in self.cards])
        if problems:
            raise FormatProblems(CATALOG, problems)
        return self


FORMATS: dict[str, type[DataModel]] = {
    "luxembourg-shopping/board": Board,
    "luxembourg-shopping/correspondance": MailDeck,
    "luxembourg-shopping/bouton-rouge": RedDeck,
}
"""Each file format by the name its ``format`` field gives."""
