"""« A Vendre ! »'s actions, each with a text form that parses back (French words accepted: the infinitives the
screen shows, ``acheter``, ``miser 350``, and the forms it showed before, ``achète``, ``mise 350``).

=====================  ===================================================================================
text                   meaning
=====================  ===================================================================================
``buy`` / ``tax``      on a free blue square: buy the business at its PA, or pay its R to the bank as a tax
``card`` / ``pass``    on a yellow square: ask for a charge card, or not
``auction 12``         short of money: have business 12 auctioned by the bank
``bid 350`` / ``pass`` in an auction: bid 350 (steps of 10), or drop out
``borrow`` / ``leave`` short of money with no business left: borrow 1 000 from the bank, or leave the game
chance ``first 2``     the lot gives the die first to seat 2
chance ``roll 4``      the die
chance ``draw T07``    the charge card drawn, by its id in the deck file
=====================  ===================================================================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...engine.errors import IllegalActionError, InvalidActionError, Reason
from ...engine.state import Action, Word
from ...engine.text import fold, number_in
from .datamodel import TITLES

SYNTAX = "buy, tax, card, pass, auction TITLE, bid AMOUNT, borrow or leave; chance: first SEAT, roll N, draw CARD"
MAX_BID = 10_000_000


class Buy(Word):
    __slots__ = ()
    WORD = "buy"


class PayTax(Word):
    __slots__ = ()
    WORD = "tax"


class TakeCard(Word):
    __slots__ = ()
    WORD = "card"


class Pass(Word):
    __slots__ = ()
    WORD = "pass"


@dataclass(frozen=True, slots=True)
class Auction(Action):
    title: int

    def text(self) -> str:
        return f"auction {self.title}"


@dataclass(frozen=True, slots=True)
class Bid(Action):
    amount: int

    def text(self) -> str:
        return f"bid {self.amount}"


class Borrow(Word):
    __slots__ = ()
    WORD = "borrow"


class Leave(Word):
    __slots__ = ()
    WORD = "leave"


@dataclass(frozen=True, slots=True)
class First(Action):
    seat: int

    def text(self) -> str:
        return f"first {self.seat}"


@dataclass(frozen=True, slots=True)
class Roll(Action):
    face: int

    def text(self) -> str:
        return f"roll {self.face}"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    card: str

    def text(self) -> str:
        return f"draw {self.card}"


BUY, TAX, CARD, PASS, BORROW, LEAVE = Buy(), PayTax(), TakeCard(), Pass(), Borrow(), Leave()
AUCTION = tuple(Auction(t) for t in range(TITLES + 1))
ROLL = tuple(Roll(f) for f in range(7))
FIRST = tuple(First(s) for s in range(10))

_WORDS = {
    "buy": "buy", "achete": "buy", "acheter": "buy", "tax": "tax", "taxe": "tax", "impot": "tax", "paie": "tax",
    "paye": "tax", "payer": "tax", "card": "card", "carte": "card", "pioche": "card", "piocher": "card",
    "pass": "pass", "passe": "pass", "passer": "pass", "non": "pass", "auction": "auction", "encheres": "auction",
    "enchere": "auction", "vente": "auction", "bid": "bid", "mise": "bid", "miser": "bid", "offre": "bid",
    "offrir": "bid", "borrow": "borrow", "emprunte": "borrow", "emprunter": "borrow", "emprunt": "borrow",
    "leave": "leave", "abandonne": "leave", "abandonner": "leave", "sort": "leave", "sortir": "leave",
    "first": "first", "premier": "first", "roll": "roll", "de": "roll", "draw": "draw", "tire": "draw",
    "tirer": "draw",
}
"""Each word a move's text may start with (folded: lower case, no accents), and the English verb it stands for: the
English verbs, the French infinitives the screen shows (``terminal.VERBS``), and the other French forms, those the
screen showed before (``achète``, ``paie``, ``pioche``, ``passe``, ``mise``, ``emprunte``, ``abandonne``, ``tire``)
among them, so that nothing typed before is refused."""
_CARD_ID = re.compile(r"^[A-Za-z0-9_-]{1,12}$")
_NO_ARGUMENT = {"buy": BUY, "tax": TAX, "card": CARD, "pass": PASS, "borrow": BORROW, "leave": LEAVE}


def parse_action(text: str) -> Action:
    """Any action's text, English or French (``acheter``, ``enchères 12``, ``miser 350``, ``emprunter``…; ``achète``,
    ``mise 350``…)."""
    words = text.split()
    verb = _WORDS.get(fold(words[0])) if words else None
    args = words[1:]
    if verb in _NO_ARGUMENT and not args:
        return _NO_ARGUMENT[verb]
    if len(args) > 1 and all(a.isdigit() for a in args) and all(len(a) == 3 for a in args[1:]):
        args = ["".join(args)]  # an amount written with its thousands apart, as the screen writes it: 1 000
    if len(args) == 1:
        word = args[0].replace(".—", "").replace("'", "").replace("\u00a0", "")
        if verb == "auction":
            return AUCTION[number_in(text, word, 1, TITLES, "a title number")]
        if verb == "bid":
            amount = number_in(text, word, 10, MAX_BID, "an amount")
            if amount % 10:
                raise IllegalActionError(f"{text!r}: bids go in steps of 10", Reason("steps_of_ten", {"text": text}))
            return Bid(amount)
        if verb == "first":
            return FIRST[number_in(text, word, 0, 9, "a seat")]
        if verb == "roll":
            return ROLL[number_in(text, word, 1, 6, "a die's face")]
        if verb == "draw":
            if not _CARD_ID.match(args[0]):
                raise InvalidActionError(f"{text!r}: {args[0]!r} is not a card id (letters, digits, - and _)",
                                         Reason("not_card", {"text": args[0]}))
            return Draw(args[0])
    raise InvalidActionError(f"{text!r} is not an action; expected {SYNTAX}", Reason("syntax", {"text": text}))
