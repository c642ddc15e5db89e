"""What makes tree search strong per second in Luxembourg-Shopping (``engine/search.py``).

The generic search plays random moves to the end of a game some 480 actions long (a random seat buys every other
shop it can and sells shops at random when short): slow, and a poor picture of how a game goes. These hooks:

- **Evaluation** (``win_chances``): the game is won by signs (I.1), by one large gallery (I.2) or by outlasting
  everyone (I.3), so a position is judged by each seat's signs (and whether one more wins), its largest gallery,
  its shops, the shops it has in galleries (they bring a gallery's whole value a visit) and its cash against the
  largest fee a rival's shop charges; those figures are weighed by a multinomial logit fitted to 42,000 positions
  of games between heuristic bots, half of them with seats that bought and built at random now and then (4
  players; held-out log-loss 0.87 against 1.39 for even chances). A seat out of the game has no chance.
- **Rollouts** are short (``ROLLOUT_PLIES``: the next decision, with the dice and cards before it): a few hundred
  iterations cannot tell apart moves whose worth differs by a point or two of winning chance when every iteration
  also rolls a round of dice (over 12 games, two searches of 300 iterations agreed on a purchase 85 % of the time
  judging at the next decision, 78 % a round later). They play as the heuristic does, cheaply: it buys when the
  price leaves its reserve (``buy_margin``: the same reserve as ``heuristic.Model``, worked out in one pass over
  the shops), builds or merges the largest gallery it can pay leaving a third of it, takes a merge that wins, puts
  signs on gallery shops first, sells the cheapest loose shop first and pays as soon as it can.
- **Candidates**: where the heuristic's answer is clear, search takes it and spends its iterations on the close
  calls: buying or not only when the price leaves within ``BUY_MARGIN`` of the reserve; a gallery decision (it may
  offer dozens of pairs of shops) between the heuristic's gallery or merger and passing; a sign and a forced sale
  as the heuristic chooses them (there, two searches of 300 iterations agreed 15 % and 70 % of the time: the dice
  swamp the difference).
- **Hints** say why: a purchase that makes a gallery possible, cash kept for the rents ahead, a gallery and what a
  visit then pays, a merger (and one that wins), a sign that wins or that sits where it lasts, a sale of the shop
  missed least, paying the debt.

Measured (4 players, against three ``heuristic`` bots, seats rotated; ``--jobs 1`` on a shared 2-core machine):

- Speed (``bench/search.py --seconds 1``, iterations a second at 5 %, 50 % and 90 % of a reference game): generic
  376 / 694 / 5,245, with these hooks 2,391 / 2,573 / 3,826 (a game near its end is quick to play out at random).
- Strength at about 0.1 s a move: the generic search (70 iterations) won 10 of 60 games (16.7 %, interval
  9–28 %); with these hooks (300 iterations) 27 of 120 (22.5 %, interval 16–31 %), the heuristic seats about 26 %.
  Branching on every move with rollouts of a round won 13 and 14 of 60; taking the heuristic's every purchase, 11
  of 60: within these samples the hooks bring the search up to the heuristic's level, not past it (the goal, 1.5
  times a fair share, is not reached). At about 1 s a move (2,500 iterations) 61 of 200 (30.5 %, interval
  24.5–37.2 %, 1.22 times a fair share): more thinking helps, not enough. Anchored on the heuristic
  (``SearchHooks.anchor``), 31.0 % of 200 (25.0–37.7 %): the same, so it is not anchored. A search that branched on
  every purchase bought with less cash in hand than the heuristic and was ruined in 6 of 16 games (the heuristic
  seats in 11 of 48).
- Paired (common random numbers at the root, ``SearchHooks.paired``, on by default here): two searches of 100
  iterations picked the same move at 92.0 % of 200 positions, 82.0 % unpaired (``bench/agreement.py``); at 2,500
  iterations it won 33.0 % of 200 games (26.9–39.8 %; unpaired 30.5 %), not a difference 200 games can tell; 200
  more games (``--seed 13``) gave 22.5 % paired, 21.5 % unpaired: over 400 games 27.8 % (23.6–32.3 %) and 26.0 %
  (21.9–30.5 %), about a fair share either way (the 30.5 % above was its seed's luck).
  Branching on every purchase, paired: 30.0 % (24.1–36.7 %, 935 ms a move), so purchases far from the reserve
  are still the heuristic's.
- No opponent model (``SearchHooks.model``): with the heuristic bot playing the others, in the tree and in
  rollouts, 2,000 iterations a move (0.26 s) won 31.0 % of 200 games (``--seed 12``, 25.0–37.7 %), where 2,500
  without it won 33.0 % of the same games: no gain.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...engine.search import SearchHooks, softmax
from ...engine.state import Action, State
from .actions import BUY, PASS, PAY, Buy, Gallery, Merge, Pass, PayDebt, Sell, Sign, Unsign
from .datamodel import SHOPS
from .heuristic import HeuristicBot, Model, board_stats
from .state import (
    BUY_STEP,
    GAIN_SIGN,
    GALLERY_STEP,
    GALLERY_TO_WIN,
    LOSE_SIGN,
    SELL_STEP,
    SIGN_BONUS,
    SIGNS_TO_WIN,
)

if TYPE_CHECKING:
    from .state import LuxembourgState

ROLLOUT_PLIES = 1
"""Decisions played out after the tree before the position is judged (about a round at 4 players)."""
WEIGHTS = (1.341, 0.784, 1.02, 1.864, 1.402, 0.684, -0.158)
"""The logit's weights: signs (as a share of those that win), one sign short of winning, the largest gallery (its
share of the winning size, squared), shops (per 10), shops in galleries (per 10), cash against the largest fee a
rival's shop charges (log of 1 + cash / (fee + 5 000)), and how far cash falls short of that fee (per 10 000)."""
MEMO_SIZE = 4096
"""Positions whose heuristic choices are kept."""
BUY_MARGIN = 8_000
"""Search branches on buying or not when the cash left after buying is within this much of the heuristic's reserve;
beyond, it takes the heuristic's answer (the stakes are clear there, and the dice's noise in a few hundred
iterations is not)."""

_BOT = HeuristicBot(0, random.Random(0))
"""The heuristic's constants, for ``Model`` (it draws no random numbers)."""


def signs_of(st: LuxembourgState, seat: int) -> int:
    sign, owner = st.sign, st.owner
    return sum(1 for s in range(1, SHOPS + 1) if sign[s] and owner[s] == seat)


def fee(st: LuxembourgState, shop: int, gallery_values: list[int]) -> int:
    """B1/B2 and E: what landing on ``shop`` pays its owner (a gallery's whole value, a sign's 5 000)."""
    g = st.gallery_of[shop]
    return (gallery_values[g] if g >= 0 else st.t.income[shop]) + (SIGN_BONUS if st.sign[shop] else 0)


def strengths(st: LuxembourgState) -> list[float]:
    """Each seat's logit (``WEIGHTS``); a seat out of the game: 0 (it has no chance anyway)."""
    n = st.n
    need_signs, need_gallery = SIGNS_TO_WIN[n], GALLERY_TO_WIN[n]
    inc = st.t.income
    values = [sum(inc[s] for s in g) for g in st.galleries]
    signs = [0] * n
    shops = [0] * n
    dearest = [0] * n
    """Per seat: the largest fee its shops charge."""
    for s in range(1, SHOPS + 1):
        o = st.owner[s]
        if o >= 0:
            shops[o] += 1
            if st.sign[s]:
                signs[o] += 1
            dearest[o] = max(dearest[o], fee(st, s, values))
    biggest = [0] * n
    in_galleries = [0] * n
    for g in st.galleries:
        o = st.owner[g[0]]
        in_galleries[o] += len(g)
        biggest[o] = max(biggest[o], len(g))
    w = WEIGHTS
    out = []
    for p in range(n):
        if st.left[p]:
            out.append(0.0)
            continue
        worst = max((dearest[o] for o in range(n) if o != p), default=0)
        cash = st.cash[p]
        out.append(w[0] * signs[p] / need_signs + (w[1] if signs[p] == need_signs - 1 else 0.0)
                   + w[2] * (biggest[p] / need_gallery) ** 2 + w[3] * shops[p] / 10 + w[4] * in_galleries[p] / 10
                   + w[5] * math.log1p(cash / (worst + SIGN_BONUS)) + w[6] * max(0, worst - cash) / 10_000)
    return out


def win_chances(st: LuxembourgState) -> list[float]:
    return softmax(strengths(st), 1.0, [not x for x in st.left])


def reserve(st: LuxembourgState, seat: int) -> tuple[float, bool]:
    """The heuristic's reserve (``heuristic.Model``: a floor, a share of the largest fee a rival's shop charges, a
    round of expected bills) in one pass over the shops, and whether the rounds limit is near (``Model.ending``)."""
    stats = board_stats(st.t)
    inc = st.t.income
    values = [sum(inc[s] for s in g) for g in st.galleries]
    others = sum(1 for s in range(st.n) if not st.left[s]) - 1
    worst = 0
    bills = 0.0
    for s in range(1, SHOPS + 1):
        o = st.owner[s]
        if o < 0:
            continue
        if o != seat:
            f = fee(st, s, values)
            worst = max(worst, f)
            bills += stats.visits[s] * f
        else:
            mail = inc[s] * (2 if st.gallery_of[s] >= 0 else 1) + (SIGN_BONUS if st.sign[s] else 0)
            bills += stats.mail[s] * mail * others
    bot = HeuristicBot
    rounds_left = st.rounds - st.round + 1 if st.rounds else bot.HORIZON
    return bot.RESERVE + bot.WORST_SHARE * worst + bot.BILL_ROUNDS * bills, rounds_left <= bot.ENDING


def buy_margin(st: LuxembourgState) -> float:
    """B3 as the heuristic decides it (``Model.should_buy``): what the cash left after buying exceeds the reserve by
    (more of a reserve for the dearer zones, less in the last rounds before a rounds limit); it buys at 0 or more."""
    me, t = st.player, st.t
    shop = t.shop_at[st.pos[me]]
    kept, ending = reserve(st, me)
    if ending:
        return st.cash[me] - t.price[shop] - HeuristicBot.ENDING_RESERVE * kept
    return st.cash[me] - t.price[shop] - kept - HeuristicBot.ZONE_EXTRA[t.zone[shop]]


def loose(st: LuxembourgState, seat: int) -> list[int]:
    """The seat's shops not in a gallery."""
    return [s for s in range(1, SHOPS + 1) if st.owner[s] == seat and st.gallery_of[s] < 0]


def gallery_size(st: LuxembourgState, action: Gallery | Merge) -> tuple[int, int]:
    """The shops in the gallery ``action`` makes, and its price."""
    here = st.t.shop_at[st.pos[st.player]]
    inc = st.t.income
    if isinstance(action, Gallery):
        return 3, inc[here] + inc[action.a] + inc[action.b]
    shops = st.galleries[st.gallery_of[here]] + st.galleries[st.gallery_of[action.shop]]
    return len(shops), sum(inc[s] for s in shops)


class LuxembourgSearch(SearchHooks):
    rollout_plies = ROLLOUT_PLIES
    paired = True

    def __init__(self) -> None:
        self._memo: dict[tuple[Any, ...], list[Action]] = {}
        """The heuristic's choices by position (the root's position comes back at every iteration)."""

    def evaluate(self, state: State) -> Sequence[float] | None:
        return win_chances(state)  # type: ignore[arg-type]

    def candidates(self, state: State, legal: list[Action]) -> list[Action]:
        st: LuxembourgState = state  # type: ignore[assignment]
        if len(legal) == 1:
            return legal
        code = st.queue[0][0]
        if code == BUY_STEP:
            margin = buy_margin(st)
            return legal if abs(margin) <= BUY_MARGIN else [BUY if margin >= 0 else PASS]
        key = (code, st.player, tuple(st.queue[0]), tuple(st.cash), tuple(st.owner), tuple(st.sign), tuple(st.pos),
               tuple(st.left), tuple(st.bought), tuple(tuple(g) for g in st.galleries), st.round)
        chosen = self._memo.get(key)
        if chosen is None:
            if len(self._memo) >= MEMO_SIZE:
                self._memo.clear()
            chosen = self._memo[key] = self._heuristic(st, code, legal)
        return chosen

    def _heuristic(self, st: LuxembourgState, code: int, legal: list[Action]) -> list[Action]:
        """The heuristic's choice (``heuristic.Model``), and for a gallery, passing too."""
        seat = st.queue[0][1] if code == SELL_STEP else st.player
        m = Model(st, seat, _BOT)
        if code == GALLERY_STEP:
            choice = m.best_gallery(legal)  # a merge that wins, if any
            return [choice] if choice == PASS or self._wins(st, choice) else [choice, PASS]
        if code == GAIN_SIGN:
            return [max(legal, key=lambda a: (m.sign_worth(a.shop), -a.shop) if isinstance(a, Sign) else (0.0, 0))]
        if code == LOSE_SIGN:
            return [min(legal, key=lambda a: (m.sign_worth(a.shop), a.shop) if isinstance(a, Unsign) else (0.0, 0))]
        if code == SELL_STEP:
            return [m.sale(legal)]
        return legal

    @staticmethod
    def _wins(st: LuxembourgState, action: Action) -> bool:
        return isinstance(action, Gallery | Merge) and gallery_size(st, action)[0] >= GALLERY_TO_WIN[st.n]

    @staticmethod
    def _sale_order(st: LuxembourgState, a: Sell) -> tuple[int, int, int, int]:
        """Cheapest to lose first: loose before gallery shops, unsigned before signed, cheap before dear."""
        return (st.gallery_of[a.shop] >= 0, st.sign[a.shop], st.t.price[a.shop], a.shop)

    def rollout_action(self, state: State, legal: list[Action], rng: random.Random) -> Action:
        st: LuxembourgState = state  # type: ignore[assignment]
        code = st.queue[0][0]
        me = st.player
        if code == BUY_STEP:
            return BUY if buy_margin(st) >= 0 else PASS
        if code == GALLERY_STEP:
            best: Action = PASS
            best_size = 0
            kept = reserve(st, me)[0] * HeuristicBot.GALLERY_RESERVE
            for a in legal:
                if isinstance(a, Gallery | Merge):
                    size, cost = gallery_size(st, a)
                    if size >= GALLERY_TO_WIN[st.n]:
                        return a
                    if st.cash[me] - cost >= kept and size > best_size:
                        best, best_size = a, size
            return best
        if code == GAIN_SIGN:
            return max(legal, key=lambda a: (st.gallery_of[a.shop] >= 0 if isinstance(a, Sign) else False,
                                             rng.random()))
        if code == LOSE_SIGN:
            return min(legal, key=lambda a: (st.gallery_of[a.shop] >= 0 if isinstance(a, Unsign) else True,
                                             rng.random()))
        if code == SELL_STEP:
            if PAY in legal:
                return PAY
            return min((a for a in legal if isinstance(a, Sell)), key=lambda a: self._sale_order(st, a))
        return legal[int(rng.random() * len(legal))]

    def reasons(self, state: State, action: Action, seat: int) -> list[tuple[str, dict[str, Any]]]:
        st: LuxembourgState = state  # type: ignore[assignment]
        out: list[tuple[str, dict[str, Any]]] = []
        t = st.t
        here = t.shop_at[st.pos[st.player]] if st.player >= 0 else 0
        if isinstance(action, Buy):
            before = len([s for s in loose(st, seat) if s not in st.bought])
            if before == 2:
                out.append(("buy_gallery", {"shop": here}))
            out.append(("buy", {"shop": here, "price": t.price[here], "cash": st.cash[seat] - t.price[here]}))
        elif isinstance(action, Pass) and st.queue and st.queue[0][0] == BUY_STEP:
            out.append(("keep_cash", {"cash": st.cash[seat]}))
        elif isinstance(action, Gallery | Merge):
            size, cost = gallery_size(st, action)
            if size >= GALLERY_TO_WIN[st.n]:
                out.append(("gallery_wins", {"size": size}))
            elif isinstance(action, Merge):
                out.append(("merge", {"size": size, "price": cost}))
            else:
                out.append(("gallery", {"price": cost}))
        elif isinstance(action, Sign):
            if signs_of(st, seat) + 1 >= SIGNS_TO_WIN[st.n]:
                out.append(("sign_wins", {"shop": action.shop}))
            elif st.gallery_of[action.shop] >= 0:
                out.append(("sign_gallery", {"shop": action.shop}))
        elif isinstance(action, Unsign):
            if st.gallery_of[action.shop] < 0:
                out.append(("unsign_loose", {"shop": action.shop}))
        elif isinstance(action, Sell):
            out.append(("sell", {"shop": action.shop, "price": t.price[action.shop] // 2}))
        elif isinstance(action, PayDebt):
            out.append(("pay", {}))
        return out


HOOKS = LuxembourgSearch()
