"""Luxembourg-Shopping's actions, each with a text form that parses back (French words accepted).

========================  ============================================================================
text                      meaning
========================  ============================================================================
``buy`` / ``pass``        buy the free shop one stands on (B3), or not; ``pass`` also declines a gallery
``gallery 12 40``         create a gallery of the shop one stands on and shops 12 and 40 (E)
``merge 7``               merge the gallery one stands in with one's gallery holding shop 7 (F)
``sign 12``               put the sign a card gives on shop 12 (H)
``unsign 12``             take off the sign a card takes, from shop 12 (H.5)
``sell 12``               sell shop 12 to the bank, when one cannot pay (G)
``pay``                   pay the debt, once one can, and stop selling (G)
chance ``deal 17``        the next « Carte Commerçant » dealt at the start is shop 17
chance ``die 4``          a player's die for who starts
chance ``roll 3 5``       the turn's two dice
chance ``card P12``       the card drawn (« Correspondance » or « Bouton Rouge »), by its id in the deck file
chance ``shop 17``        the free shop drawn on square 66 (B7)
========================  ============================================================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...engine.errors import InvalidActionError, Reason
from ...engine.state import Action, Word
from ...engine.text import fold, number_in
from .datamodel import SHOPS

SYNTAX = ("buy, pass, gallery SHOP SHOP, merge SHOP, sign SHOP, unsign SHOP, sell SHOP or pay (SHOP: a shop number "
          "1–56); chance: deal SHOP, die N, roll N N, card ID, shop SHOP")


class Buy(Word):
    __slots__ = ()
    WORD = "buy"


class Pass(Word):
    __slots__ = ()
    WORD = "pass"


@dataclass(frozen=True, slots=True)
class Gallery(Action):
    """The two shops added to the one the pawn stands on (in increasing order)."""

    a: int
    b: int

    def text(self) -> str:
        return f"gallery {self.a} {self.b}"


@dataclass(frozen=True, slots=True)
class Merge(Action):
    """The other gallery, named by any of its shops (written with its lowest)."""

    shop: int

    def text(self) -> str:
        return f"merge {self.shop}"


@dataclass(frozen=True, slots=True)
class Sign(Action):
    shop: int

    def text(self) -> str:
        return f"sign {self.shop}"


@dataclass(frozen=True, slots=True)
class Unsign(Action):
    shop: int

    def text(self) -> str:
        return f"unsign {self.shop}"


@dataclass(frozen=True, slots=True)
class Sell(Action):
    shop: int

    def text(self) -> str:
        return f"sell {self.shop}"


class PayDebt(Word):
    __slots__ = ()
    WORD = "pay"


@dataclass(frozen=True, slots=True)
class Deal(Action):
    shop: int

    def text(self) -> str:
        return f"deal {self.shop}"


@dataclass(frozen=True, slots=True)
class Die(Action):
    face: int

    def text(self) -> str:
        return f"die {self.face}"


@dataclass(frozen=True, slots=True)
class Roll(Action):
    a: int
    b: int

    def text(self) -> str:
        return f"roll {self.a} {self.b}"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    card: str

    def text(self) -> str:
        return f"card {self.card}"


@dataclass(frozen=True, slots=True)
class FreeShopDrawn(Action):
    shop: int

    def text(self) -> str:
        return f"shop {self.shop}"


BUY, PASS, PAY = Buy(), Pass(), PayDebt()
SELL = tuple(Sell(s) for s in range(SHOPS + 1))
SIGN = tuple(Sign(s) for s in range(SHOPS + 1))
UNSIGN = tuple(Unsign(s) for s in range(SHOPS + 1))
MERGE = tuple(Merge(s) for s in range(SHOPS + 1))
DEAL = tuple(Deal(s) for s in range(SHOPS + 1))
FREE = tuple(FreeShopDrawn(s) for s in range(SHOPS + 1))
DIE = tuple(Die(f) for f in range(7))
ROLL = tuple(tuple(Roll(a, b) for b in range(7)) for a in range(7))
"""Interned actions, by shop number, face or faces."""

_WORDS = {
    "buy": "buy", "acheter": "buy", "achete": "buy", "pass": "pass", "passer": "pass", "passe": "pass", "non": "pass",
    "gallery": "gallery", "galerie": "gallery", "merge": "merge", "fusion": "merge", "fusionner": "merge",
    "fusionne": "merge", "sign": "sign", "enseigne": "sign", "unsign": "unsign", "retirer": "unsign",
    "retire": "unsign", "sell": "sell", "vendre": "sell", "vend": "sell", "pay": "pay", "payer": "pay", "paie": "pay",
    "deal": "deal", "donne": "deal", "die": "die", "de": "die", "roll": "roll", "des": "roll", "card": "card",
    "carte": "card", "shop": "shop", "commerce": "shop",
}
_CARD_ID = re.compile(r"^[A-Za-z0-9_-]{1,12}$")


def parse_action(text: str) -> Action:
    """Any action's text, English or French (``acheter``, ``galerie 12 40``, ``vendre 12``…; the forms shown before,
    ``achète``, ``passe``, ``vend 12``, ``paie``, ``retire 12``, still read)."""
    words = text.split()
    if not words:
        raise InvalidActionError(f"{text!r} is not an action; expected {SYNTAX}", Reason("syntax", {"text": text}))
    verb = _WORDS.get(fold(words[0]))
    args = words[1:]

    def shop(word: str) -> int:
        return number_in(text, word, 1, SHOPS, "a shop number")

    match verb, len(args):
        case "buy", 0:
            return BUY
        case "pass", 0:
            return PASS
        case "pay", 0:
            return PAY
        case "gallery", 2:
            a, b = sorted((shop(args[0]), shop(args[1])))
            if a == b:
                raise InvalidActionError(f"{text!r}: a gallery takes two different shops",
                                         Reason("same_shop", {"text": text}))
            return Gallery(a, b)
        case "merge", 1:
            return MERGE[shop(args[0])]
        case "sign", 1:
            return SIGN[shop(args[0])]
        case "unsign", 1:
            return UNSIGN[shop(args[0])]
        case "sell", 1:
            return SELL[shop(args[0])]
        case "deal", 1:
            return DEAL[shop(args[0])]
        case "shop", 1:
            return FREE[shop(args[0])]
        case "die", 1:
            return DIE[number_in(text, args[0], 1, 6, "a die's face")]
        case "roll", 2:
            return ROLL[number_in(text, args[0], 1, 6, "a die's face")][number_in(text, args[1], 1, 6, "a die's face")]
        case "card", 1:
            if not _CARD_ID.match(args[0]):
                raise InvalidActionError(f"{text!r}: {args[0]!r} is not a card id (letters, digits, - and _)",
                                         Reason("not_card", {"text": args[0]}))
            return Draw(args[0])
    raise InvalidActionError(f"{text!r} is not an action; expected {SYNTAX}", Reason("syntax", {"text": text}))
