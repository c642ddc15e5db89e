"""What makes tree search strong per second in « A Vendre ! » (``engine/search.py``).

The generic search plays random moves to the end: a random seat buys a business half the time and bids at random,
so its rollouts say little about what a purchase is worth. These hooks:

- **Evaluation** (``expected_fortunes``): the winner is the richest at the final account (« Fin du jeu et
  règlement de compte »): cash, businesses at half their price, less the loans with their interest, a quarter of
  the bank for its buyer (``state.fortune``). To that it adds what each seat's titles are still expected to bring
  (the R the other pawns pay arriving on them before the game ends, and the tax cards naming them, from the
  heuristic's board numbers and its estimate of the turns left), and in the double game what the trip bonuses
  are worth to it; the expected fortunes become chances to win by a softmax whose width narrows as the end nears
  (fitted on games between heuristic bots: log-loss 0.90 against 1.39 for even chances).
- **Rollouts** are one decision long (``ROLLOUT_PLIES``; the dice and cards before and after it played): over 30
  games, two searches of 250 iterations agreed on buying or not 89 % of the time so, 79 % when a round (four
  decisions) was played out first, and the iterations are faster. That decision is played as the heuristic would,
  cheaply: buy a business when half its price and the rents the pawns behind will pay before the leader ends the
  game make up for it (and, in the double game, while the trip lacks titles), keeping a small reserve; ask for a
  card on yellow when the pile's rest is worth it; bid the least raise up to half the price and a rent; auction the
  business that brings least; borrow rather than leave.
- **Candidates**: where the heuristic's answer is clear, search takes it and spends its iterations on the close
  calls: buying or paying the tax when the heuristic's valuations of the two are within ``CLEAR``, a card on yellow
  when its quick value of the next card is within ``CLEAR_CARD``; the business the heuristic has auctioned; a loan
  rather than leaving; and of the up to eight bids offered, passing and the three lowest (the least raise wins as
  often as any while rivals drop out one by one).
- **Hints** say why: a business that pays back before the end, a tax cheaper than the title, a card worth asking
  for or not, a bid up to what a title is worth, the business missed least, a loan rather than leaving.

Measured (4 players, simple game, against three ``heuristic`` bots, seats rotated; ``--jobs 1`` on a shared 2-core
machine):

- Speed (``bench/search.py --seconds 1``, iterations a second at 5 %, 50 % and 90 % of a reference game): generic
  1,688 / 1,762 / 4,020, with these hooks 2,190 / 2,235 / 2,417 (a short game's random play-out is cheap; what the
  hooks buy is a better iteration, not more of them).
- Strength at about 0.1 s a move: the generic search (160 iterations) won 12 of 100 games (12 %, interval 7–20 %);
  with these hooks (200 iterations) 44.5 of 200 (22 %, interval 17–28 %), the heuristic seats about 26 %. Branching
  on every purchase and card won 19.5 and 17.5 of 100 (rollouts of four decisions, and none): the search picked at
  random where the heuristic's values were close. At about 1 s a move (2,000 iterations) 24.8 % of 200 games
  (interval 19.3–31.2 %): more thinking changes nothing. Anchored on the heuristic (``SearchHooks.anchor``: its
  move unless the search's favourite is better by a standard error), 23.2 % (17.9–29.6 %): no help, so it is not
  anchored. The goal, 1.5 times a fair share, is not reached.
- Paired (common random numbers at the root, ``SearchHooks.paired``, on by default here): two searches of 200
  iterations picked the same move at 79.8 % of 198 positions, 68.7 % unpaired (``bench/agreement.py``); at 2,000
  iterations it won 23.8 % of 200 games (18.4–30.1 %), as unpaired: steadier, not stronger (``--seed 13``:
  27.5 %, 25.7 % over the 400 games, 21.6–30.1 %).
- No opponent model (``SearchHooks.model``): with the heuristic bot playing the others, in the tree and in
  rollouts, 1,000 iterations a move (0.39 s) won 19.0 % of 200 games (``--seed 12``, 14.2–25.0 %), below the
  23.8 % of 2,000 iterations without it on the same games.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...engine.search import SearchHooks, softmax
from ...engine.state import Action, State
from .actions import BORROW, BUY, CARD, PASS, TAX, Auction, Bid, Borrow, Buy, Pass, PayTax, TakeCard
from .datamodel import SQUARES, TITLES
from .heuristic import HeuristicBot, Model, board_stats
from .state import (
    BID_STEP,
    BUY_STEP,
    CHOOSE_AUCTION,
    END_TITLES,
    LOAN_STEP,
    SECOND_TRIP_TITLES,
    TRIP_BONUS,
    YELLOW_STEP,
    half_up,
)
from .tables import load_tables

if TYPE_CHECKING:
    from .state import AVendreState

ROLLOUT_PLIES = 1
"""Decisions played out after the tree before the position is judged."""
WIDTH_BASE = 100.0
WIDTH_TURN = 30.0
"""The softmax's width: ``WIDTH_BASE`` + ``WIDTH_TURN`` per turn the game is expected to last still."""
BEHIND_VISIT = 0.8
"""Rollouts: the arrivals on a square of a pawn behind it (one square in 3.5 is stepped on, and the cards that send
pawns back bring them over it again: the heuristic's board numbers give 0.7 to 1.1)."""
MOVE_COST = 100
"""Rollouts: what a card that moves the pawn costs (one more square's rent, tax or card)."""
BACK_COST = 10
"""Rollouts: and per square it sends the pawn back."""
RESERVE = 300
"""Rollouts: cash kept after a purchase or a bid."""
CLEAR = 60
"""Search branches on buying or not when the heuristic's valuation of the two is within this much; beyond, it takes
the heuristic's answer (the stakes are clear there, the dice's noise in a few hundred iterations is not)."""
CLEAR_CARD = 40
"""The same for a card on yellow, by the heuristic's quick value of the next card (``Model.draw_value``: a move
valued by the square it reaches): beyond 40, it answers as the heuristic's full valuation does (every one of 269
such cards in 100 games between heuristic bots)."""
MEMO_SIZE = 4096
"""Positions whose candidates are kept."""
BID_CHOICES = 3
"""Bids search branches on besides passing: the lowest amounts offered."""

_BOT = HeuristicBot(0, random.Random(0))
"""The heuristic's constants, for ``Model`` (it draws no random numbers)."""
_LENGTHS: dict[tuple[Any, ...], tuple[object, float]] = {}


class QuickModel(Model):
    """The heuristic's ``Model``, its estimate of the turns left kept by the pawns' places (the same few come back
    again and again in a search, and working it out is most of a ``Model``'s cost)."""

    def _length(self) -> float:
        st = self.st
        key = (tuple(st.pos), tuple(st.trip), tuple(self.wait), tuple(self.alive), st.double)
        hit = _LENGTHS.get(key)
        if hit is not None and hit[0] is self.stats:
            return hit[1]
        if len(_LENGTHS) >= MEMO_SIZE:
            _LENGTHS.clear()
        length = super()._length()
        _LENGTHS[key] = (self.stats, length)
        return length


def expected_fortunes(st: AVendreState) -> tuple[list[float], float]:
    """Each seat's fortune at the final account as things stand, plus what its titles are expected to bring before
    the end (and, in the double game, the trip bonuses ahead); and the game's expected turns left."""
    m = QuickModel(st, 0, _BOT)
    t, stats = st.t, m.stats
    alive = [p for p in range(st.n) if not st.left[p]]
    out = [float(st.fortune(p)) for p in range(st.n)]
    cards = stats.draws * m.length * (len(alive) - 1)
    arrivals: dict[tuple[int, int], float] = {}
    for title in range(1, TITLES + 1):
        holder = st.owner[title]
        if holder < 0 or st.left[holder]:
            continue
        square = t.square_of[title]
        visits = 0.0
        for q in alive:
            if q != holder:
                key = (q, square)
                v = arrivals.get(key)
                if v is None:
                    v = arrivals[key] = m.arrivals(q, square)
                visits += v
        out[holder] += (visits + cards * stats.tax_share[square]) * t.income[title]
    if st.double:
        for p in alive:
            titles = st.titles(p)
            if st.trip[p] == 1:
                out[p] += TRIP_BONUS * (0.5 + 0.5 * min(1.0, titles / SECOND_TRIP_TITLES))
            out[p] += TRIP_BONUS * 0.5 * min(1.0, titles / END_TITLES)
    return out, m.length


def win_chances(st: AVendreState) -> list[float]:
    worths, length = expected_fortunes(st)
    return softmax(worths, WIDTH_BASE + WIDTH_TURN * length, [not x for x in st.left])


def card_value(st: AVendreState, seat: int) -> float:
    """Rollouts: what the next card is worth on average from what is left in the pile, at a glance: lottery wins,
    taxes, an establishment for free; a move as one more arrival somewhere (``MOVE_COST``), and more for each
    square gone back (``BACK_COST``)."""
    t = st.t
    total = value = 0.0
    for cid, k in zip(t.order, st.deck, strict=True):
        if not k:
            continue
        total += k
        e = t.cards[cid].effect
        kind = e["kind"]
        if kind == "lottery":
            value += k * e["amount"]
        elif kind == "tax":
            title = t.title_at[e["square"]]
            if st.owner[title] != seat:
                value -= k * t.income[title]
        elif kind == "honorary":
            if st.owner[e["title"]] < 0:
                value += k * 2 * t.income[e["title"]]
        elif kind == "move_to":
            value -= k * (MOVE_COST + e.get("amount", 0) + BACK_COST * max(0, st.pos[seat] - e["square"]))
        elif kind == "move":
            value -= k * (MOVE_COST + BACK_COST * max(0, -e["steps"]))
    return value / total if total else 0.0


def business_gain(st: AVendreState, seat: int) -> float:
    """Rollouts: buying the business the pawn stands on against paying its R as a tax: half the price back at the
    end, the rents of the pawns behind it that will get there before the leader ends the game (money from a rival
    counting ``GAP`` times), the title for the double game's trips."""
    t = st.t
    square = st.pos[seat]
    title = t.title_at[square]
    price, income = t.price[title], t.income[title]
    alive = [q for q in range(st.n) if not st.left[q]]
    left = SQUARES - max(st.pos[q] for q in alive)
    behind = sum(1 for q in alive if q != seat and st.pos[q] < square and (st.double or square - st.pos[q] <= left))
    gap = 1 + 1 / max(1, len(alive) - 1)
    gain = half_up(price) + income * (1 + gap * BEHIND_VISIT * behind) - price
    if st.double and st.titles(seat) < (SECOND_TRIP_TITLES if st.trip[seat] == 1 else END_TITLES):
        gain += _BOT.TITLE_WORTH
    return gain


class AVendreSearch(SearchHooks):
    rollout_plies = ROLLOUT_PLIES
    paired = True

    def evaluate(self, state: State) -> Sequence[float] | None:
        return win_chances(state)  # type: ignore[arg-type]

    def __init__(self) -> None:
        self._memo: dict[tuple[Any, ...], list[Action]] = {}
        """Candidates by position (the root's position comes back at every iteration)."""

    def prepare(self) -> None:
        """The heuristic's board numbers for the shipped board and decks (half a second of linear algebra, once per
        process): worked out when a search bot is made, not on its first move's clock."""
        board_stats(load_tables({}))

    def candidates(self, state: State, legal: list[Action]) -> list[Action]:
        st: AVendreState = state  # type: ignore[assignment]
        if len(legal) == 1:
            return legal
        code = st.queue[0][0]
        if code == LOAN_STEP:
            return [BORROW]  # a seat that leaves ranks last
        key = (code, st.actor, tuple(st.queue[0]), tuple(st.cash), tuple(st.owner), tuple(st.pos), tuple(st.trip),
               tuple(st.waiting), tuple(st.left), tuple(st.loans), tuple(st.deck), st.bank, st.bank_owner,
               None if st.auction is None else (*st.auction[:6], tuple(st.auction[6]), st.auction[7]))
        chosen = self._memo.get(key)
        if chosen is None:
            if len(self._memo) >= MEMO_SIZE:
                self._memo.clear()
            chosen = self._memo[key] = self._narrowed(st, code, legal)
        return chosen

    @staticmethod
    def _narrowed(st: AVendreState, code: int, legal: list[Action]) -> list[Action]:
        """The heuristic's answer to buying and to a card where it is clear (``CLEAR``, ``CLEAR_CARD``), both answers
        where it is close; the business the heuristic has auctioned; the lowest bids."""
        seat = st.actor
        if code == BUY_STEP:
            gain = QuickModel(st, seat, _BOT).buy_gain()
            return legal if abs(gain) <= CLEAR else [BUY if gain > 0 else TAX]
        if code == YELLOW_STEP:
            value = QuickModel(st, seat, _BOT).draw_value()
            return legal if abs(value) <= CLEAR_CARD else [CARD if value > 0 else PASS]
        if code == CHOOSE_AUCTION:
            return [QuickModel(st, seat, _BOT).auction(legal)]
        if code == BID_STEP and len(legal) > BID_CHOICES + 1:
            bids = sorted((a for a in legal if isinstance(a, Bid)), key=lambda a: a.amount)
            return [*bids[:BID_CHOICES], PASS]
        return legal

    def rollout_action(self, state: State, legal: list[Action], rng: random.Random) -> Action:
        st: AVendreState = state  # type: ignore[assignment]
        code = st.queue[0][0]
        me = st.player
        if code == BUY_STEP:
            price = st.t.price[st.t.title_at[st.pos[me]]]
            return BUY if st.cash[me] - price >= RESERVE and business_gain(st, me) > 0 else TAX
        if code == YELLOW_STEP:
            return CARD if card_value(st, me) > 0 else PASS
        if code == LOAN_STEP:
            return BORROW
        if code == CHOOSE_AUCTION:
            t = st.t
            return min(legal, key=lambda a: (t.income[a.title], a.title) if isinstance(a, Auction) else (0, 0))
        if code == BID_STEP:
            a = st.auction
            assert a is not None
            bids = [b for b in legal if isinstance(b, Bid)]
            if a[0] != "business" or not bids:
                return PASS
            low = min(bids, key=lambda b: b.amount)
            bidder = st.actor
            title = a[1]
            top = half_up(st.t.price[title]) + st.t.income[title]
            return low if low.amount <= min(top, st.cash[bidder] - RESERVE) else PASS
        return legal[int(rng.random() * len(legal))]

    def reasons(self, state: State, action: Action, seat: int) -> list[tuple[str, dict[str, Any]]]:
        st: AVendreState = state  # type: ignore[assignment]
        out: list[tuple[str, dict[str, Any]]] = []
        t = st.t
        code = st.queue[0][0] if st.queue else -1
        if isinstance(action, Buy | PayTax) and code == BUY_STEP:
            title = t.title_at[st.pos[seat]]
            if isinstance(action, Buy):
                need = SECOND_TRIP_TITLES if st.trip[seat] == 1 else END_TITLES
                if st.double and st.titles(seat) < need:
                    out.append(("buy_trip", {"titles": st.titles(seat) + 1, "need": need}))
                income = int(round(QuickModel(st, seat, _BOT).income(title), -1))
                out.append(("buy", {"title": title, "back": half_up(t.price[title]), "income": income}))
            else:
                out.append(("tax", {"tax": t.income[title], "price": t.price[title]}))
        elif isinstance(action, TakeCard | Pass) and code == YELLOW_STEP:
            value = QuickModel(st, seat, _BOT).card_value(st.pos[seat])
            if isinstance(action, TakeCard) and value > 0:
                out.append(("card", {"value": int(round(value, -1))}))
            elif isinstance(action, Pass) and value <= 0:
                out.append(("no_card", {"value": int(round(-value, -1))}))
        elif isinstance(action, Bid) and st.auction is not None and st.auction[0] == "business":
            title = st.auction[1]
            out.append(("bid", {"title": title, "back": half_up(t.price[title]), "income": t.income[title]}))
        elif isinstance(action, Auction):
            out.append(("auction", {"title": action.title}))
        elif isinstance(action, Borrow):
            out.append(("borrow", {}))
        return out


HOOKS = AVendreSearch()
