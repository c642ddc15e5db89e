"""Acquire for learning: every move as an integer, and a seat's view as a vector (``ludotheque.learn.encoding``).

Actions, 474 indices (the same for every option and player count)
====================================================================
=========  =====  ===================================================================================
indices    count  action
=========  =====  ===================================================================================
0–107        108  place a tile, in the board's order: 1A, 1B … 1I, 2A … 12I (``board.py``: 9 × column + row)
108            1  ``pass`` (no tile in hand can be placed)
109            1  ``stop`` (place no more tiles: card Croissance rapide)
110            1  ``done``
111            1  ``announce``
112–118        7  ``found CHAIN``, chains in the table's order: Airport, Festival, Imperial, Luxor, Oriental,
                  Prestige, Continental
119–125        7  ``survivor CHAIN``
126–132        7  ``absorb CHAIN``
133–139        7  ``buy CHAIN``
140–144        5  ``card NAME``: buying-spree, foresight, inheritance, exchange, rapid-growth
145–291      147  ``exchange A B for C`` (O.P.E.): the two shares given (A ≤ B in chain order, maybe the same
                  chain) and the one taken (neither of them), in lexicographic order of (A, B, C)
292–473      182  a merger's disposal, relative to the position: ``sell s``, ``trade 2·t``, keep the rest of the
                  absorbed chain's shares the seat holds; a grid over t = 0…12 (pairs traded), then
                  s = 0…25 − 2t (shares sold): index 292 + Σ_{u<t}(26 − 2u) + s
=========  =====  ===================================================================================

A disposal's ``keep`` is not encoded: it is what is left, so ``decode`` reads the holding from the position (an
index in that range names no action outside a disposal). A holder has at most 25 shares of a chain (§1).

Observation, for n players: 1,390 + 19 n numbers (1,428 at 2 players, 1,447 at 3, 1,466 at 4)
===============================================================================================
In order: seat (one-hot n); who moves (n seats, chance, over); phase (13, ``data.PHASE_NAMES``); the turn's player
(n); options (cards, secret_holdings, end_rule = classic); the board, 108 squares × (empty, unincorporated, the 7
chains); the seat's hand, the discarded tiles and the bank's tiles (2 players), 108 bits each; per chain: size / 41,
price / 1,200, shares in the bank / 25, safe; per player (seat order): holdings visible, cash / 10,000, shares of
each chain / 25, tiles in hand / 6, the five cards still held; tiles in the bag / 108, turn / 100, announced, end
possible; the merger: under way, chains involved (7 bits), survivor (7), chain being settled (7), still to settle
(7 bits), sizes / 41 (7), holders still to dispose (n bits), the bank's holding / 25 (2 players); the turn: tiles
placed / 4, may place / 4, shares bought / 5, may buy / 5, free shares left / 3, exchanges left / 3, card played.
Hidden holdings (option ``secret_holdings``) read as zeros with their "visible" flag off.
"""

from __future__ import annotations

from ...engine.state import Action, State
from ...learn.encoding import ActionEncodingError, Features, TableEncoding, Vector, View, index_of, view_observer
from . import actions as A
from .board import NUM_TILES, TILE_NAMES
from .chains import CHAINS, NUM_CHAINS, SHARES_PER_CHAIN
from .data import PHASE_NAMES, Phase
from .state import AcquireState

EXCHANGES: tuple[A.Exchange, ...] = tuple(
    A.Exchange((a, b), c) for a in range(NUM_CHAINS) for b in range(a, NUM_CHAINS) for c in range(NUM_CHAINS)
    if c not in (a, b))
"""Every O.P.E. a player could make, in the encoding's order."""
DISPOSALS: tuple[tuple[int, int], ...] = tuple(
    (sell, 2 * pairs) for pairs in range(SHARES_PER_CHAIN // 2 + 1) for sell in range(SHARES_PER_CHAIN - 2 * pairs + 1))
"""(sold, traded) for every disposal of at most 25 shares, in the encoding's order."""
_DISPOSAL_INDEX = index_of(DISPOSALS)

TABLE: tuple[Action, ...] = (*A.PLACE, A.PASS, A.STOP, A.DONE, A.ANNOUNCE, *A.FOUND, *A.SURVIVOR, *A.ABSORB, *A.BUY,
                             *A.PLAY_CARD, *EXCHANGES)
"""The indices that name the same action everywhere (0–291)."""


class AcquireEncoding(TableEncoding):
    """The table, then the disposals relative to the holding being disposed of."""

    def __init__(self) -> None:
        super().__init__(TABLE, len(DISPOSALS))

    def encode_other(self, action: Action, state: State) -> int:
        if isinstance(action, A.Dispose):
            i = _DISPOSAL_INDEX.get((action.sell, action.trade))
            if i is not None and action.keep == _held(state) - action.sell - action.trade:
                return len(self.table) + i
            raise ActionEncodingError(f"{action.text()!r} is not a disposal of the shares held here")
        return super().encode_other(action, state)

    def decode_other(self, index: int, state: State) -> Action:
        sell, trade = DISPOSALS[index - len(self.table)]
        return A.Dispose(sell, trade, _held(state) - sell - trade)


def _held(state: State) -> int:
    """The shares of the absorbed chain the seat to act holds, while it disposes of them."""
    if not isinstance(state, AcquireState) or state.phase != Phase.DISPOSE or state.merger is None:
        raise ActionEncodingError("a disposal's index names an action only while shares are being disposed of")
    return state.shares[state.actor][state.merger.current]


ENCODING = AcquireEncoding()

_TILE = index_of(TILE_NAMES)
_CHAIN = index_of(CHAINS)
_PHASE = index_of(PHASE_NAMES)


def view_array(view: View) -> Vector:
    """The layout of the module's docstring, from a seat's JSON view alone."""
    players = view["players"]
    n = len(players)
    f = Features.of_view(view, "phase", _PHASE)
    f.seat(view["turn_player"], n)
    options = view["options"]
    f.flag(options.get("cards"))
    f.flag(options.get("secret_holdings"))
    f.flag(options.get("end_rule") == "classic")

    board = [0] * NUM_TILES
    for name, tiles in view["board"].items():
        code = 1 if name == "unincorporated" else 2 + _CHAIN[name]
        for tile in tiles:
            board[_TILE[tile]] = code
    for code in board:
        f.one_hot(code, 2 + NUM_CHAINS)
    for key in ("hand", "discarded", "bank_tiles"):
        f.bits((_TILE[t] for t in view.get(key) or ()), NUM_TILES)

    for name in CHAINS:
        chain = view["chains"][name]
        f.scalar(chain["size"], 41)
        f.scalar(chain["price"], 1200)
        f.scalar(chain["bank_stock"], SHARES_PER_CHAIN)
        f.flag(chain["safe"])
    for p in players:
        shares = p["shares"]
        f.flag(shares is not None)
        f.scalar(p["cash"], 10_000)
        f.scalars(((shares or {}).get(name, 0) for name in CHAINS), SHARES_PER_CHAIN)
        f.scalar(p["tiles"], 6)
        f.bits((A.CARD_IDS.index(c) for c in p["cards"]), len(A.CARD_IDS))
    f.scalar(view["bag"], NUM_TILES)
    f.scalar(view["turn"], 100)
    f.flag(view["announced"])
    f.flag(view["end_possible"])

    m = view["merger"]
    f.flag(m is not None)
    m = m or {}
    f.bits((_CHAIN[c] for c in m.get("chains", ())), NUM_CHAINS)
    f.choice(m.get("survivor"), _CHAIN)
    f.choice(m.get("current"), _CHAIN)
    f.bits((_CHAIN[c] for c in m.get("remaining", ())), NUM_CHAINS)
    sizes = m.get("sizes", {})
    f.scalars((sizes.get(name, 0) for name in CHAINS), 41)
    f.bits(m.get("disposers", ()), n)
    f.scalar(m.get("bank_holding", 0), SHARES_PER_CHAIN)

    t = view["turn_state"]
    f.scalar(t["placed"], 4)
    f.scalar(t["place_limit"], 4)
    f.scalar(t["bought"], 5)
    f.scalar(t["buy_limit"], 5)
    f.scalar(t["free_left"], 3)
    f.scalar(t["exchanges_left"], 3)
    f.flag(t["card_played"])
    return f.array()


observation_array = view_observer(view_array)
