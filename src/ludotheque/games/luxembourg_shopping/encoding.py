"""Luxembourg-Shopping for learning: every move as an integer, and a seat's view as a vector
(``ludotheque.learn.encoding``).

Actions, 1,767 indices (the same for every board, deck and player count: the rulebook fixes 56 shops)
======================================================================================================
=========  =====  ==========================================================================================
indices    count  action
=========  =====  ==========================================================================================
0            1    ``buy``
1            1    ``pass``
2            1    ``pay``
3–58        56    ``merge SHOP``, shops 1–56: 2 + shop
59–114      56    ``sign SHOP``: 58 + shop
115–170     56    ``unsign SHOP``: 114 + shop
171–226     56    ``sell SHOP``: 170 + shop
227–1766  1540    ``gallery A B``, 1 ≤ A < B ≤ 56, in lexicographic order of (A, B)
=========  =====  ==========================================================================================

Observation, for n players: 408 + 133 n numbers (674 at 2 players, 807 at 3, 940 at 4)
=======================================================================================
Built from the seat's view, board included, so it follows the data files the game is played on while keeping one
length (a pawn's square is described by its position along the board, its kind and its shop, not by its number).
In order: seat (one-hot n); who moves (n seats, chance, over); the step (18, ``state.STEP_NAMES``, or none); the
turn's player (n); the starting player (n); round / 100; the two dice (6 faces each), a double; per player: cash /
100,000, out, square / number of squares, its kind (shop, bouton_rouge, bureau, bankruptcy, bonus), the shop on it
(none, 1–56), signs / 6, shops / 56, galleries / 5, largest gallery / 15 shops, the starting die / 6; per shop 1–56:
owner (n), sign, bought this turn, in a gallery, zone (orange, yellow, green); per zone: price and income / 50,000; a
debt being settled: there, debtor (n), creditor (n, or the bank), amount / 100,000; the last card: there, read on its
upper half, deck (even, odd, red), upper and lower halves' kinds (shop or ``datamodel.EFFECT_KINDS``, 10 each);
signs and gallery size that win / 6 and / 15, sign bonus / 10,000; the winner (n).
"""

from __future__ import annotations

from itertools import combinations

from ...engine.state import Action
from ...learn.encoding import Features, TableEncoding, Vector, View, index_of, view_observer
from .actions import BUY, MERGE, PASS, PAY, SELL, SIGN, UNSIGN, Gallery
from .datamodel import EFFECT_KINDS, SHOPS, ZONES
from .state import STEP_NAMES

TABLE: tuple[Action, ...] = (BUY, PASS, PAY, *MERGE[1:], *SIGN[1:], *UNSIGN[1:], *SELL[1:],
                             *(Gallery(a, b) for a, b in combinations(range(1, SHOPS + 1), 2)))
ENCODING = TableEncoding(TABLE)

SQUARE_KINDS = ("shop", "bouton_rouge", "bureau", "bankruptcy", "bonus")
CARD_KINDS = ("shop", *EFFECT_KINDS)
DECKS = ("even", "odd", "red")
_STEP = index_of((*STEP_NAMES, None))
"""The steps, then a slot for none."""


def view_array(view: View) -> Vector:
    """The layout of the module's docstring, from a seat's JSON view alone."""
    players = view["players"]
    n = len(players)
    squares = view["board"]["squares"]
    f = Features.of_view(view, "step", _STEP)
    f.seat(view["player"], n)
    f.seat(view["starter"], n)
    f.scalar(view["round"], 100)
    dice = view["dice"]
    for k in range(2):
        f.one_hot(dice[k] - 1 if dice else None, 6)
    f.flag(bool(dice) and dice[0] == dice[1])

    in_gallery: set[int] = set()
    for g in view["galleries"]:
        in_gallery.update(g["shops"])
    for p in players:
        f.scalar(p["cash"], 100_000)
        f.flag(p["out"])
        square = squares[p["square"] - 1] if p["square"] else None
        f.scalar(p["square"], len(squares))
        f.one_hot(None if square is None else SQUARE_KINDS.index(square["kind"]), len(SQUARE_KINDS))
        f.one_hot((square["shop"] or 0) if square is not None else 0, SHOPS + 1)
        f.scalar(p["signs"], 6)
        f.scalar(len(p["shops"]), SHOPS)
        f.scalar(len(p["galleries"]), 5)
        f.scalar(max((len(g) for g in p["galleries"]), default=0), 15)
        f.scalar(p["start_die"], 6)

    owners = view["owners"]
    signs, bought = set(view["signs"]), set(view["bought"])
    zone_of = {sq["shop"]: sq["zone"] for sq in squares if sq["shop"] is not None}
    for shop in range(1, SHOPS + 1):
        f.seat(owners.get(str(shop)), n)
        f.flag(shop in signs)
        f.flag(shop in bought)
        f.flag(shop in in_gallery)
        f.one_hot(ZONES.index(zone_of[shop]), len(ZONES))
    zones = view["board"]["zones"]
    for z in ZONES:
        f.scalar(zones[z]["price"], 50_000)
        f.scalar(zones[z]["income"], 50_000)

    debt = view["debt"] or {}
    f.flag(bool(debt))
    f.seat(debt.get("debtor"), n)
    creditor = debt.get("creditor")
    f.seat(creditor if creditor is not None and creditor >= 0 else None, n)
    f.flag(creditor is not None and creditor < 0)
    f.scalar(debt.get("amount"), 100_000)

    card = view["last_card"] or {}
    f.flag(bool(card))
    f.flag(card.get("half") == "top")
    f.one_hot(DECKS.index(card["deck"]) if card else None, len(DECKS))
    for half in ("top", "bottom"):
        effect = card.get(half)
        f.one_hot(CARD_KINDS.index(effect["kind"]) if effect else None, len(CARD_KINDS))
    f.scalar(view["to_win"]["signs"], 6)
    f.scalar(view["to_win"]["gallery"], 15)
    f.scalar(view["sign_bonus"], 10_000)
    f.seat(view["winner"], n)
    return f.array()


observation_array = view_observer(view_array)
