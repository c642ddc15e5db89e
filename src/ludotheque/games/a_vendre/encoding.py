"""« A Vendre ! » for learning: every move as an integer, and a seat's view as a vector (``ludotheque.learn.encoding``).

Actions, 57 indices (the same for every board, deck, option and player count: the rulebook fixes 43 titles)
============================================================================================================
=======  =====  ===============================================================================================
indices  count  action
=======  =====  ===============================================================================================
0            1  ``buy``
1            1  ``tax``
2            1  ``card``
3            1  ``pass`` (no card, or out of an auction)
4            1  ``borrow``
5            1  ``leave``
6–48        43  ``auction TITLE``, titles 1–43: 5 + title
49–55        7  a bid, relative to the position: the least bid allowed now plus 0, 10, 50, 100, 250, 500 or 1,000
56           1  a bid of all the bidder's money (rounded down to 10), when no slot above names that amount
=======  =====  ===============================================================================================

Bids are the finite sample ``legal_actions`` lists (those amounts, capped at the bidder's money); any other amount
in steps of 10 is legal too, but has no index (``encode`` raises ``ActionEncodingError``), like Stack Market's aims
off the grid. The environment still plays them for the built-in bots (``env.step`` takes a game ``Action`` too).

Observation, for n players (2–9): 576 + 62 n numbers (700 at 2 players, 762 at 3, 824 at 4)
==========================================================================================
In order: seat (one-hot n); who moves (n seats, chance, over); the step (14, ``state.STEP_NAMES``, or none); the
turn's player (n); the first player (n); double game; round / 100; the die (6); per player: cash / 10,000, square /
60, on the second trip, waiting, loans / 5, titles / 43, fortune / 20,000, out; the bank: cash / 50,000, its owner
(n); per title 1–43: owner (n), price / 5,000, income / 1,000, an establishment (red square); per square 1–60: its
colour (start, finish, yellow, green, blue, red); the auction: under way, of the bank, the title (none, 1–43), seller
(n), opening / 5,000, high bid / 5,000, high bidder (n), bidders left (n bits), bidder (n), least bid / 5,000, bids /
20; a debt: there, debtor (n), creditor (n, or the bank), amount / 5,000; the last card: there, its effect's kind
(``datamodel.EFFECT_KINDS``); cards left / 100, honours still in the deck.
"""

from __future__ import annotations

from ...engine.state import Action, State
from ...learn.encoding import ActionEncodingError, Features, TableEncoding, Vector, View, index_of, view_observer
from .actions import AUCTION, BORROW, BUY, CARD, LEAVE, PASS, TAX, Bid
from .datamodel import EFFECT_KINDS, SQUARES, TITLES
from .state import BID_STEP, STEP, STEP_NAMES, AVendreState

RAISES = (0, 10, 50, 100, 250, 500, 1000)
"""The bids ``legal_actions`` lists, over the least bid allowed."""
TABLE: tuple[Action, ...] = (BUY, TAX, CARD, PASS, BORROW, LEAVE, *AUCTION[1:])
ALL_IN = len(TABLE) + len(RAISES)


class AVendreEncoding(TableEncoding):
    """The table, then the bids relative to the least bid and the bidder's money."""

    def __init__(self) -> None:
        super().__init__(TABLE, len(RAISES) + 1)

    def encode_other(self, action: Action, state: State) -> int:
        if isinstance(action, Bid):
            low, cash = _bidding(state)
            if action.amount - low in RAISES and action.amount <= cash:
                return len(self.table) + RAISES.index(action.amount - low)
            if action.amount == cash - cash % STEP and action.amount >= low:
                return ALL_IN
            raise ActionEncodingError(f"{action.text()!r} has no index: the encoding covers bids of the least bid "
                                      f"({low}) plus {', '.join(map(str, RAISES[1:]))}, and all one's money ({cash})")
        return super().encode_other(action, state)

    def decode_other(self, index: int, state: State) -> Action:
        low, cash = _bidding(state)
        return Bid(cash - cash % STEP if index == ALL_IN else low + RAISES[index - len(self.table)])


def _bidding(state: State) -> tuple[int, int]:
    """(the least bid allowed, the bidder's money) during a bid."""
    if not isinstance(state, AVendreState) or state.actor < 0 or state.queue[0][0] != BID_STEP:
        raise ActionEncodingError("a bid's index names an action only during an auction")
    return state._min_bid(), state.cash[state._bidder()]


ENCODING = AVendreEncoding()

COLOURS = ("start", "finish", "yellow", "green", "blue", "red")
_STEP = index_of((*STEP_NAMES, None))
"""The steps, then a slot for none."""


def view_array(view: View) -> Vector:
    """The layout of the module's docstring, from a seat's JSON view alone."""
    players = view["players"]
    n = len(players)
    f = Features.of_view(view, "step", _STEP)
    f.seat(view["player"], n)
    f.seat(view["first"], n)
    f.flag(view["double"])
    f.scalar(view["round"], 100)
    die = view["die"]
    f.one_hot(die - 1 if die else None, 6)
    for p in players:
        f.scalar(p["cash"], 10_000)
        f.scalar(p["square"], SQUARES)
        f.flag(p["trip"] >= 2)
        f.flag(p["waiting"])
        f.scalar(p["loans"], 5)
        f.scalar(len(p["titles"]), TITLES)
        f.scalar(p["fortune"], 20_000)
        f.flag(p["out"])
    f.scalar(view["bank"]["cash"], 50_000)
    f.seat(view["bank"]["owner"], n)

    owners = view["owners"]
    titles: dict[int, tuple[int, int, bool]] = {}
    for square in view["board"]:
        t = square["title"]
        if t is not None:
            titles[t["number"]] = (t["price"], t["income"], square["colour"] == "red")
    for title in range(1, TITLES + 1):
        price, income, red = titles.get(title, (0, 0, False))
        f.seat(owners.get(str(title)), n)
        f.scalar(price, 5000)
        f.scalar(income, 1000)
        f.flag(red)
    for square in view["board"]:
        f.one_hot(COLOURS.index(square["colour"]), len(COLOURS))

    a = view["auction"] or {}
    f.flag(bool(a))
    f.flag(a.get("kind") == "bank")
    f.one_hot(a.get("title") or 0, TITLES + 1)
    f.seat(a.get("seller"), n)
    f.scalar(a.get("opening"), 5000)
    f.scalar(a.get("high"), 5000)
    f.seat(a.get("high_bidder"), n)
    f.bits(a.get("bidders", ()), n)
    f.seat(a.get("bidder"), n)
    f.scalar(a.get("min_bid"), 5000)
    f.scalar(len(a.get("bids", ())), 20)

    debt = view["debt"] or {}
    f.flag(bool(debt))
    f.seat(debt.get("debtor"), n)
    f.seat(debt.get("creditor"), n)
    f.flag(bool(debt) and debt.get("creditor") is None)
    f.scalar(debt.get("amount"), 5000)
    card = view["last_card"] or {}
    f.flag(bool(card))
    f.one_hot(EFFECT_KINDS.index(card["effect"]["kind"]) if card else None, len(EFFECT_KINDS))
    f.scalar(view["deck"]["left"], 100)
    f.flag(view["deck"]["honours"])
    return f.array()


observation_array = view_observer(view_array)
