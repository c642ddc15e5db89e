"""Acquire's actions: frozen dataclasses, each with a text form that parses back (like UCI).

=============================  ==================================================================
text                           meaning
=============================  ==================================================================
``5C``                         place the tile 5C (§4 step 1)
``pass``                       place no tile: none in hand is playable (§4.6, third paragraph)
``stop``                       place no more tiles this turn (card Croissance rapide)
``found Luxor``                name the chain the tile just founded (§4.1)
``survivor Luxor``             choose which of the equal largest chains survives a merger (§4.2)
``absorb Festival``            choose which of the equal absorbed chains is settled next (RULINGS)
``sell 2 trade 4 keep 1``      dispose of an absorbed chain's shares (§4.4)
``buy Luxor``                  buy one share (§4.6); repeat for more
``done``                       end the purchases, and the turn
``announce``                   announce the end of the game (§5)
``card buying-spree``          play a card (variant): buying-spree, foresight, inheritance,
                               exchange, rapid-growth
``exchange Luxor Luxor for Oriental``   O.P.E.: two of your shares for one of the bank's
``draw 5C``                    chance: a tile is drawn from the bag (by a player, or by the bank)
=============================  ==================================================================
Chains may be typed by name (any case, accents optional) or letter (A F I L O P C).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from ...engine.errors import InvalidActionError, Reason
from ...engine.state import Action
from ...engine.text import fold
from .board import NUM_TILES, TILE_NAMES, Tile, parse_tile
from .chains import CHAINS, NUM_CHAINS, Chain, parse_chain


class Card(IntEnum):
    """The five cards of the variant ("Variante avec cartes")."""

    BUYING_SPREE = 0
    """Fièvre acheteuse: buy up to 5 shares this turn."""
    FORESIGHT = 1
    """Vision d'avenir: draw 5 tiles at the start of the turn."""
    INHERITANCE = 2
    """Héritage: up to 3 shares bought this turn are free."""
    EXCHANGE = 3
    """O.P.E.: up to 3 times, 2 of your shares for 1 of the bank's."""
    RAPID_GROWTH = 4
    """Croissance rapide: place up to 4 tiles this turn."""


CARD_IDS = ("buying-spree", "foresight", "inheritance", "exchange", "rapid-growth")
_CARD_ALIASES = {
    "buying-spree": Card.BUYING_SPREE, "fievre": Card.BUYING_SPREE, "fievre-acheteuse": Card.BUYING_SPREE,
    "foresight": Card.FORESIGHT, "vision": Card.FORESIGHT, "vision-d'avenir": Card.FORESIGHT,
    "inheritance": Card.INHERITANCE, "heritage": Card.INHERITANCE,
    "exchange": Card.EXCHANGE, "ope": Card.EXCHANGE, "o.p.e.": Card.EXCHANGE,
    "rapid-growth": Card.RAPID_GROWTH, "croissance": Card.RAPID_GROWTH, "croissance-rapide": Card.RAPID_GROWTH,
}


@dataclass(frozen=True, slots=True)
class PlaceTile(Action):
    tile: Tile

    def text(self) -> str:
        return TILE_NAMES[self.tile]


@dataclass(frozen=True, slots=True)
class Pass(Action):
    def text(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class StopPlacing(Action):
    def text(self) -> str:
        return "stop"


@dataclass(frozen=True, slots=True)
class Found(Action):
    chain: Chain

    def text(self) -> str:
        return f"found {CHAINS[self.chain]}"


@dataclass(frozen=True, slots=True)
class ChooseSurvivor(Action):
    chain: Chain

    def text(self) -> str:
        return f"survivor {CHAINS[self.chain]}"


@dataclass(frozen=True, slots=True)
class ChooseAbsorbed(Action):
    chain: Chain

    def text(self) -> str:
        return f"absorb {CHAINS[self.chain]}"


@dataclass(frozen=True, slots=True)
class Dispose(Action):
    sell: int
    trade: int
    """Shares given in trade (even): ``trade // 2`` shares of the survivor come back."""
    keep: int

    def text(self) -> str:
        return f"sell {self.sell} trade {self.trade} keep {self.keep}"


@dataclass(frozen=True, slots=True)
class Buy(Action):
    chain: Chain

    def text(self) -> str:
        return f"buy {CHAINS[self.chain]}"


@dataclass(frozen=True, slots=True)
class Done(Action):
    def text(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Announce(Action):
    def text(self) -> str:
        return "announce"


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    card: Card

    def text(self) -> str:
        return f"card {CARD_IDS[self.card]}"


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    give: tuple[Chain, Chain]
    """Two shares given (sorted chain indices; may be the same chain twice)."""
    take: Chain

    def text(self) -> str:
        return f"exchange {CHAINS[self.give[0]]} {CHAINS[self.give[1]]} for {CHAINS[self.take]}"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Chance: ``tile`` comes out of the bag."""

    tile: Tile

    def text(self) -> str:
        return f"draw {TILE_NAMES[self.tile]}"


# Interned instances: legal-action lists reuse them, so building a list allocates nothing.
PLACE = tuple(PlaceTile(t) for t in range(NUM_TILES))
DRAW = tuple(Draw(t) for t in range(NUM_TILES))
BUY = tuple(Buy(c) for c in range(NUM_CHAINS))
FOUND = tuple(Found(c) for c in range(NUM_CHAINS))
SURVIVOR = tuple(ChooseSurvivor(c) for c in range(NUM_CHAINS))
ABSORB = tuple(ChooseAbsorbed(c) for c in range(NUM_CHAINS))
PLAY_CARD = tuple(PlayCard(c) for c in Card)
PASS, STOP, DONE, ANNOUNCE = Pass(), StopPlacing(), Done(), Announce()

_WORDS = {"pass": PASS, "stop": STOP, "done": DONE, "announce": ANNOUNCE}
FRENCH_VERBS = {
    "passer": "pass", "arreter": "stop", "terminer": "done", "fini": "done", "termine": "done",
    "annoncer": "announce", "fonder": "found", "choisir": "survivor", "survivante": "survivor",
    "survivant": "survivor", "absorber": "absorb", "acheter": "buy", "vendre": "sell", "echanger": "trade",
    "garder": "keep", "carte": "card", "ope": "exchange", "tirer": "draw",
}
"""French words a player may type for the action words (the canonical texts stay English), accents optional. The
screen shows infinitives (``terminer``, ``choisir Luxor``); the forms it showed before (``terminé``, ``survivante
Luxor``) are still read."""
_CHAIN_VERBS = {"found": FOUND, "survivor": SURVIVOR, "absorb": ABSORB, "buy": BUY}
SYNTAX = ("a tile (5C), pass, stop, found CHAIN, survivor CHAIN, absorb CHAIN, sell N trade N keep N, "
          "buy CHAIN, done, announce, card NAME, exchange CHAIN CHAIN for CHAIN (and the chance event draw TILE)")


def parse_action(text: str) -> Action:
    """Context-free parse; a disposal must give all three numbers here (positions fill in ``keep``)."""
    words = text.split()
    if not words:
        raise InvalidActionError(f"empty action; expected one of: {SYNTAX}", _syntax(text))
    verb = fold(words[0])
    verb = FRENCH_VERBS.get(verb, verb)
    if len(words) == 1:
        if verb in _WORDS:
            return _WORDS[verb]
        if verb in _CHAIN_VERBS:
            raise InvalidActionError(f"{text!r}: name the chain, e.g. '{verb} Luxor'",
                                     Reason("needs_chain", {"text": text, "verb": verb}))
        if words[0][:1].isdigit():
            return PLACE[parse_tile(words[0])]  # looks like a tile: say what tiles are
        try:
            return PLACE[parse_tile(words[0])]
        except InvalidActionError:
            raise InvalidActionError(f"{text!r} is not an action; expected one of: {SYNTAX}", _syntax(text)) from None
    if verb in _CHAIN_VERBS and len(words) == 2:
        return _CHAIN_VERBS[verb][parse_chain(words[1])]

    if verb == "draw" and len(words) == 2:
        return DRAW[parse_tile(words[1])]
    if verb == "card" and len(words) == 2:
        card = _CARD_ALIASES.get(fold(words[1]))
        if card is None:
            raise InvalidActionError(f"{words[1]!r} is not a card; the cards are {', '.join(CARD_IDS)}",
                                     Reason("not_card", {"text": words[1], "cards": ", ".join(CARD_IDS)}))
        return PLAY_CARD[card]
    if verb == "exchange" and len(words) == 5 and fold(words[3]) in ("for", "contre"):
        a, b = sorted((parse_chain(words[1]), parse_chain(words[2])))
        return Exchange((a, b), parse_chain(words[4]))
    if verb in ("sell", "trade", "keep"):
        parts = parse_disposal(text)
        if None in parts.values():
            raise InvalidActionError(f"{text!r}: give all three numbers, e.g. 'sell 2 trade 4 keep 1'",
                                     Reason("disposal_syntax", {"text": text}))
        return Dispose(parts["sell"] or 0, parts["trade"] or 0, parts["keep"] or 0)
    raise InvalidActionError(f"{text!r} is not an action; expected one of: {SYNTAX}", _syntax(text))


def _syntax(text: str) -> Reason:
    return Reason("syntax", {"text": text, "syntax": SYNTAX})


def parse_disposal(text: str) -> dict[str, int | None]:
    """``"sell 2 keep 1"`` -> ``{"sell": 2, "trade": None, "keep": 1}``; ``all`` is allowed as a number."""
    words = text.split()
    parts: dict[str, int | None] = {"sell": None, "trade": None, "keep": None}
    if len(words) % 2:
        raise InvalidActionError(f"{text!r}: expected pairs like 'sell 2 trade 4 keep 1'",
                                     Reason("disposal_syntax", {"text": text}))
    for verb, number in zip(words[::2], words[1::2], strict=True):
        key = fold(verb)
        key = FRENCH_VERBS.get(key, key)
        if key not in parts or parts[key] is not None:
            raise InvalidActionError(f"{text!r}: {verb!r} is not sell, trade or keep, or is repeated",
                                     Reason("disposal_syntax", {"text": text}))
        if number.isdigit():
            parts[key] = int(number)
        elif fold(number) in ("all", "tout", "toutes"):
            parts[key] = -1
        else:
            raise InvalidActionError(f"{text!r}: {number!r} is not a number of shares",
                                     Reason("disposal_syntax", {"text": text}))
    return parts
