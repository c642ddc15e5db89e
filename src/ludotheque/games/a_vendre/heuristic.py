"""A heuristic bot for « A Vendre ! »: it buys the businesses that pay for their price before the game ends, keeps a
cash reserve for the squares ahead, takes a charge card when the pile's rest is worth drawing from, bids up to what a
title is worth to it, has auctioned the business it misses least, borrows rather than leave, and in the double game
gathers the titles its trips need.

**The board's numbers** (``BoardStats``, once per board and deck, about a quarter of a second): one turn from each
square (the die, a green square's step on, the charge cards drawn on the way and where they send the pawn), then,
as a Markov chain over the squares, how often a pawn arrives on each square before it reaches 60, and the chance it
has reached 60 within k turns. On the shipped board a trip takes about 22 turns (backward cards slow pawns down;
move-to cards make the time spread wide), so the first of four pawns reaches 60 in about 10.

**How long the game lasts**: the chance nobody has ended it within k turns is the product over the pawns of the
chance each has not (simple game: reached 60; double game: ended its second trip, after waiting on 60 about
``WAIT_TURNS`` turns per title it is likely to lack), and its sum over k the expected turns left, L. An arrival k
turns from now is then counted (1 - 1/L)^k (arrivals are worked out for a range of L, and read between the two
nearest).

**What a title is worth** to a seat: at the end, half its price for a business, nothing for an establishment
(« Fin du jeu et règlement de compte »); until then, the R each other pawn pays when it arrives on the square (both
trips in the double game) and the tax cards naming it, over what is left of the game, and the R its own pawn would
pay an opponent who got the title instead (``DENIAL``). Money that comes from or goes to an opponent counts for more
than money from the bank (it moves the gap twice): by ``n / (n - 1)`` among ``n`` players. Measured on games against
random bots, the income it predicts when it buys is within 10 to 20 % of what the title brings.

**Decisions.**

- *Buy or tax* (« Cases bleues »): buying turns the price into a title worth half of it, plus the income, plus (double
  game) what one more title is worth for the trips; paying the tax costs R. It buys when that pays, less a penalty
  when the price would eat into the reserve: the R of the squares within the next six (others' businesses, the
  establishments, the bank's businesses' taxes) and what a charge card may cost.
- *A card on yellow*: the expected value of the next card, from what is left in the pile (the state counts it):
  lottery wins, taxes, an establishment for free, moves (what the square reached costs or brings, and what the
  squares crossed again or skipped cost on the way).
- *Bids*: up to what the title is worth to it, less what paying the seller more than the bank would hurts, within its
  cash less a reserve; always the least raise. The bank, when it is auctioned (« Quand la banque n'a plus
  d'argent »), only if a quarter of its purse at the end (loans due included) is worth what it pays into it.
- *Which business to auction*: the set that covers the debt at half their prices (the opening bid the bank pays
  when nobody bids) for the least income and title value lost; the first of them.
- *Borrow* rather than leave: a seat that leaves ranks last.
- *Double game*: a title is worth more while it holds fewer than the trip needs (3 to start the second, 6 to end),
  the more so as its pawn nears 60 with few chances left to buy on the way, and most while it waits there.

Against three random bots (4 players, 2,000 games) it wins 41 % of simple games and 56 % of double games (fair
share 25 %); with 2 players 72 % and 73 %, with 9 players 14 % and 39 % (the simple game is short and mostly luck).
Random bidders pay far more than half price for the businesses a short seat has auctioned, so a bot that bought
every business on its first trip and ran short would win a few points more against them; this one values a title for
what it brings, not for what a careless bidder might pay.

It reads the position from ``view.sample_state`` (nothing is hidden in this game: a cheap copy) and draws no random
numbers, so it is deterministic.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ...engine.bots import Bot, SeatView
from ...engine.memo import per_object
from ...engine.state import Action
from .actions import BORROW, BUY, CARD, PASS, TAX, Auction, Bid
from .datamodel import SQUARES, TITLES
from .state import (
    BANK_FLOOR,
    BANK_PAYS,
    BID_STEP,
    BUY_STEP,
    CHOOSE_AUCTION,
    END_TITLES,
    LOAN_DUE,
    LOAN_STEP,
    PAYMENT,
    SECOND_TRIP_TITLES,
    TRIP_BONUS,
    YELLOW_STEP,
    AVendreState,
    half_up,
)
from .tables import BLUE, FINISH, GREEN, RED, YELLOW, Card, Tables

YELLOW_DRAW = 0.5
"""In the board's numbers: the chance a pawn on a yellow square asks for a card (the bots differ)."""
CHAIN = 4
"""In the board's numbers: cards followed in a row (a card that moves the pawn onto a blue square asks for another)."""
HORIZON = 160
"""Turns over which the chance that a pawn has ended its trip (or its two trips) is worked out; beyond, the game is
taken as over."""
LENGTHS = (1.5, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0, 13.0, 16.0, 20.0, 25.0, 32.0, 40.0, 50.0, 64.0, 80.0, 100.0, 150.0)
"""Expected lengths of what is left of a game (in turns) for which the discounted arrivals are worked out; a
position's own is read between the two nearest."""


@dataclass(frozen=True, slots=True)
class BoardStats:
    """What the board and deck make of a trip, for one pawn."""

    visits: tuple[tuple[tuple[float, ...], ...], ...]
    """Per length L of ``LENGTHS`` (and last: the whole trip), per turn-start square (0: before square 1 of the
    second trip; 1 to 59), per square 0 to 60: the expected arrivals on it before the pawn reaches 60, an arrival k
    turns from now counted (1 - 1/L)^k: the chance the game is still on then, for a game expected to last L more
    turns."""
    trip_end: tuple[tuple[float, ...], ...]
    """Per length and turn-start square: the expected (1 - 1/L)^k, k the turns until the next trip begins."""
    done: tuple[tuple[float, ...], ...]
    """Per number of turns k (0 to ``HORIZON``), per turn-start square: the chance the pawn has reached 60 within k
    turns."""
    done_both: tuple[tuple[float, ...], ...]
    """The same for the end of the second trip, from a square of the first (waiting on 60 left out)."""
    draws: float
    """Charge cards drawn per turn, on average over a trip."""
    tax_share: tuple[float, ...]
    """Per square: the share of the deck's cards that tax it."""


Outcome = tuple[list[float], list[float], float]
"""Expected arrivals per square, where the next turn starts (per square; index 60: the trip is over), cards drawn."""


def _turns(t: Tables) -> list[Outcome]:
    """One turn from each square 0 to 59 (the die, a green square's step on, the cards and where they send the
    pawn, followed ``CHAIN`` cards deep)."""
    total = sum(c.copies for c in t.cards.values())
    size = SQUARES + 1
    memo: dict[tuple[int, bool, int], Outcome] = {}

    def moves(square: int) -> dict[tuple[int, bool], float]:
        """Where a card drawn on ``square`` sends the pawn: (square or 60, by a card), with its chance."""
        out: dict[tuple[int, bool], float] = {}
        for card in t.cards.values():
            e = card.effect
            kind = e["kind"]
            if kind == "move_to":
                key = (min(SQUARES, e["square"]), True)
            elif kind == "move" and e["steps"] > 0:  # a green square reached so is a card's: the pawn stays
                key = (min(SQUARES, square + e["steps"]), True)
            elif kind == "move":
                key = (max(1, square + e["steps"]), True)
            else:
                continue
            out[key] = out.get(key, 0.0) + card.copies / total
        return out

    def resolve(square: int, by_card: bool, depth: int) -> Outcome:
        key = (square, by_card, depth)
        hit = memo.get(key)
        if hit is not None:
            return hit
        arrivals, after = [0.0] * size, [0.0] * size
        drawn = 0.0
        colour = t.colour[square] if square < SQUARES else FINISH
        if square >= SQUARES:
            after[SQUARES] = 1.0
        elif colour == GREEN and not by_card:  # the die: on to the next square, which takes effect
            arrivals, after, drawn = resolve(square + 1, False, depth)
        else:
            arrivals[square] = 1.0
            draw = 1.0 if colour in (BLUE, RED) else YELLOW_DRAW if colour == YELLOW else 0.0
            if colour == GREEN or depth >= CHAIN:
                draw = 0.0
            stay = 1.0
            if draw:
                drawn = draw
                for (dest, card_move), q in moves(square).items():
                    p = draw * q
                    stay -= p
                    a, f, d = resolve(dest, card_move, depth + 1)
                    for i in range(size):
                        arrivals[i] += p * a[i]
                        after[i] += p * f[i]
                    drawn += p * d
            after[square] += stay
        memo[key] = arrivals, after, drawn
        return memo[key]

    result = []
    for x in range(SQUARES):
        arrivals, after = [0.0] * size, [0.0] * size
        drawn = 0.0
        for face in range(1, 7):
            a, f, d = resolve(min(SQUARES, x + face), False, 0)
            for i in range(size):
                arrivals[i] += a[i] / 6
                after[i] += f[i] / 6
            drawn += d / 6
        result.append((arrivals, after, drawn))
    return result


def _solve(m: list[list[float]], rhs: list[list[float]]) -> list[list[float]]:
    """X with m X = rhs (Gauss-Jordan, partial pivoting); ``m`` and ``rhs`` are changed."""
    size, width = len(m), len(rhs[0])
    rows = [m[i] + rhs[i] for i in range(size)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        head = rows[col]
        inv = 1.0 / head[col]
        for j in range(col, size + width):
            head[j] *= inv
        for r in range(size):
            factor = rows[r][col]
            if r != col and factor:
                row = rows[r]
                for j in range(col, size + width):
                    row[j] -= factor * head[j]
    return [row[size:] for row in rows]


def _board_stats(t: Tables) -> BoardStats:
    size = SQUARES  # turn-start squares 0 to 59
    turns = _turns(t)
    q = [[(y, p) for y, p in enumerate(after[:size]) if p > 1e-5] for _, after, _ in turns]
    end = [after[SQUARES] for _, after, _ in turns]
    visits, trip_end = [], []
    for length in (*LENGTHS, math.inf):
        # (I - g Q) X = B: B the arrivals of a turn (61 columns) and its chance to end the trip, g the discount.
        g = 1.0 - 1.0 / length
        x = _solve([[(1.0 if i == j else 0.0) - g * turns[i][1][j] for j in range(size)] for i in range(size)],
                   [[*turns[i][0], g * end[i]] for i in range(size)])
        visits.append(tuple(tuple(row[:SQUARES + 1]) for row in x))
        trip_end.append(tuple(row[SQUARES + 1] for row in x))
    rest = _solve([[(1.0 if i == j else 0.0) - turns[i][1][j] for j in range(size)] for i in range(size)],
                  [[1.0, turns[i][2]] for i in range(size)])
    draws = rest[0][1] / rest[0][0]
    done = [[0.0] * size]
    done_both = [[0.0] * size]
    for _ in range(HORIZON):
        last, last_both = done[-1], done_both[-1]
        done.append([end[x] + sum(p * last[y] for y, p in q[x]) for x in range(size)])
        done_both.append([end[x] * last[0] + sum(p * last_both[y] for y, p in q[x]) for x in range(size)])
    total = sum(c.copies for c in t.cards.values())
    tax = [0.0] * (SQUARES + 1)
    for c in t.cards.values():
        if c.effect["kind"] == "tax":
            tax[c.effect["square"]] += c.copies / total
    return BoardStats(visits=tuple(visits), trip_end=tuple(trip_end), done=tuple(tuple(row) for row in done),
                      done_both=tuple(tuple(row) for row in done_both), draws=draws, tax_share=tuple(tax))


def board_stats(t: Tables) -> BoardStats:
    """The board's numbers, worked out once per set of tables (games on the same files share them)."""
    return per_object(t, _board_stats)


class HeuristicBot(Bot):
    """Buys what pays before the end, keeps a reserve, draws when the pile is worth it, bids up to a title's worth."""

    name = "heuristic"

    DENIAL = 0.5
    """The chance a title this seat does not take goes to an opponent before its pawn comes back to it."""
    CARD_RESERVE = 200
    """Cash kept against a charge card (a tax, a green square's payment)."""
    SHORT_COST = 0.25
    """Per unit of the reserve a purchase eats into: the cost of being short (an auction, a loan)."""
    BID_RESERVE = 0.5
    """The reserve kept when bidding, as a share of the usual one (a business can be auctioned again)."""
    TITLE_WORTH = 700
    """Double game: what a title still missing for the trip is worth, at the most."""
    WAITING_WORTH = 1200
    """Double game: what a title is worth to a pawn waiting on 60 for it."""
    LATER_WORTH = 250
    """Double game, first trip: what a 4th to 6th title is worth (the end needs 6)."""
    CHANCE_SHARE = 0.5
    """The share of the free businesses ahead it expects to buy (the others' pawns get there too)."""
    WAIT_TURNS = 4.0
    """Turns a pawn is expected to wait on 60 per title it lacks (in the game's expected length)."""
    TRIP_TITLES = 2.0
    """Titles a pawn is expected to get on a trip (in the game's expected length)."""
    END_SWING = 1000
    """Simple game: what ending the game now is worth (+ when leading, - when not), for a card that reaches 60."""

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        st = view.sample_state(self.rng)  # nothing is hidden: the position itself, copied
        assert isinstance(st, AVendreState)
        code = st.queue[0][0]
        if code == LOAN_STEP:
            return BORROW
        m = Model(st, self.seat, self)
        if code == BUY_STEP:
            return BUY if m.buy_gain() > 0 else TAX
        if code == YELLOW_STEP:
            return CARD if m.card_value(st.pos[self.seat]) > 0 else PASS
        if code == BID_STEP:
            return m.bid(legal)
        if code == CHOOSE_AUCTION:
            return m.auction(legal)
        return legal[0]  # pragma: no cover - every decision is one of the above


class Model:
    """The position as the bot values it: how long the game may last, what titles bring, what squares cost."""

    def __init__(self, st: AVendreState, seat: int, bot: HeuristicBot) -> None:
        self.st, self.me, self.bot = st, seat, bot
        self.t = st.t
        self.stats = board_stats(st.t)
        self.alive = [p for p in range(st.n) if not st.left[p]]
        others = max(1, len(self.alive) - 1)
        self.gap = 1 + 1 / others
        """Money from or to an opponent, against money from or to the bank."""
        self.titles = st.titles(seat)
        self.wait = [self._wait(p) for p in range(st.n)]
        self.length = self._length()
        """The expected turns left in the game (this one included)."""
        self.discount = 1.0 - 1.0 / self.length
        lengths = LENGTHS
        i = 0
        while i < len(lengths) - 2 and lengths[i + 1] < self.length:
            i += 1
        f = (self.length - lengths[i]) / (lengths[i + 1] - lengths[i])
        self._rows = (i, i + 1, min(1.0, max(0.0, f)))
        self._arrival: dict[tuple[int, bool], float] = {}
        self._future: dict[int, float] = {}
        self._draw_value: float | None = None
        self._income: dict[int, float] = {}

    # --- how long the game lasts ------------------------------------------------------------------
    def _need(self, p: int) -> int:
        return SECOND_TRIP_TITLES if self.st.trip[p] == 1 else END_TITLES

    def _wait(self, p: int) -> int:
        """Turns pawn ``p`` may wait on 60 for its titles (double game): per title it lacks for the end, less those
        it may still buy on the way."""
        st = self.st
        if not st.double:
            return 0
        missing = float(END_TITLES - st.titles(p))
        if st.trip[p] == 1:
            missing -= self.bot.TRIP_TITLES * (1 + (SQUARES - st.pos[p]) / SQUARES)
        else:
            missing -= self.bot.TRIP_TITLES * (SQUARES - st.pos[p]) / SQUARES
        return round(self.bot.WAIT_TURNS * max(0.0, missing))

    def _done(self, p: int, k: int) -> float:
        """The chance pawn ``p`` has ended the game within ``k`` turns (simple: reached 60; double: ended its second
        trip)."""
        st, stats = self.st, self.stats
        x = st.pos[p]
        if not st.double:
            return 1.0 if x >= SQUARES else stats.done[k][x]
        k -= self.wait[p]
        if k <= 0:
            return 0.0
        if st.trip[p] == 1:
            return stats.done[k - 1][0] if x >= SQUARES else stats.done_both[k][x]
        return 1.0 if x >= SQUARES else stats.done[k][x]

    def _length(self) -> float:
        """The expected turns left: the sum over k of the chance no pawn has ended the game within k turns."""
        total = 0.0
        alive = self.alive
        for k in range(HORIZON):
            still = 1.0
            for p in alive:
                still *= 1.0 - self._done(p, k)
            total += still
            if still < 1e-4:
                break
        return max(1.0, total)

    def visits(self, x: int, square: int) -> float:
        """Discounted arrivals on ``square`` of a pawn starting its turn on ``x``, for this game's length."""
        if x >= SQUARES:
            return 0.0
        i, j, f = self._rows
        v = self.stats.visits
        return (1 - f) * v[i][x][square] + f * v[j][x][square]

    def arrivals(self, p: int, square: int) -> float:
        """Expected arrivals of pawn ``p`` on ``square`` before the game ends (both trips in the double game)."""
        st = self.st
        x = st.pos[p]
        total = self.visits(x, square)
        if st.double and st.trip[p] == 1:
            if x < SQUARES:
                i, j, f = self._rows
                e = self.stats.trip_end
                start = (1 - f) * e[i][x] + f * e[j][x]
            else:
                start = 1.0
            total += start * self.discount ** self.wait[p] * self.visits(0, square)
        return total

    # --- what titles bring ------------------------------------------------------------------------
    def income(self, title: int) -> float:
        """What ``title`` brings this seat before the end: the R paid by the other pawns arriving on it and by the
        tax cards that name it."""
        hit = self._income.get(title)
        if hit is not None:
            return hit
        square = self.t.square_of[title]
        visits = sum(self.arrivals(p, square) for p in self.alive if p != self.me)
        cards = self.stats.draws * self.length * (len(self.alive) - 1) * self.stats.tax_share[square]
        value = (visits + cards) * self.t.income[title] * self.gap
        self._income[title] = value
        return value

    def title_bonus(self, count: int | None = None) -> float:
        """Double game: what one more title is worth with ``count`` held (this seat's titles by default)."""
        st, me, t = self.st, self.me, self.t
        if not st.double:
            return 0.0
        k = self.titles if count is None else count
        need = self._need(me)
        if k >= END_TITLES:
            return 0.0
        if k >= need:  # first trip, 3 held already: the end needs 6
            return self.bot.LATER_WORTH
        x = st.pos[me]
        if x >= SQUARES:  # waiting on 60
            return self.bot.WAITING_WORTH
        # The chances left on the way to buy: free businesses ahead, as expected arrivals.
        full = self.stats.visits[-1][x]
        chances = sum(full[t.square_of[b]] for b in range(1, TITLES + 1)
                      if st.owner[b] < 0 and not t.red[b] and t.square_of[b] > x)
        missing = need - k
        return self.bot.TITLE_WORTH * min(1.0, missing / (chances * self.bot.CHANCE_SHARE + 0.5))

    def worth(self, title: int) -> float:
        """What holding ``title`` is worth to this seat: half its price at the end (a business), its income, and the
        title itself for the trips."""
        end = 0 if self.t.red[title] else half_up(self.t.price[title])
        return end + self.income(title) + self.denial(title) + self.title_bonus()

    def denial(self, title: int) -> float:
        """What holding ``title`` saves this seat: the R its own pawn would pay an opponent who got it instead."""
        square = self.t.square_of[title]
        return self.bot.DENIAL * self.arrivals(self.me, square) * self.t.income[title] * self.gap

    # --- what squares and cards cost --------------------------------------------------------------
    def reserve(self) -> float:
        """Cash kept for the next turn: the dearest R within six squares, and a card."""
        st, t, me = self.st, self.t, self.me
        x = st.pos[me]
        worst = 0
        if x < SQUARES:
            for d in range(1, 7):
                s = x + d
                if s < SQUARES and t.colour[s] == GREEN:
                    s += 1
                if s >= SQUARES:
                    break
                title = t.title_at[s]
                if title and st.owner[title] != me:
                    worst = max(worst, t.income[title])
        return worst + self.bot.CARD_RESERVE

    def buy_gain(self) -> float:
        """Buying the business the pawn stands on, against paying its R as a tax."""
        st, t, me = self.st, self.t, self.me
        title = t.title_at[st.pos[me]]
        price = t.price[title]
        gain = self.worth(title) - price + t.income[title]
        short = self.reserve() - (st.cash[me] - price)
        if short > 0:
            gain -= short * self.bot.SHORT_COST
        return gain

    def _reach_60(self) -> float:
        st, me = self.st, self.me
        if not st.double:
            lead = st.fortune(me) - max((st.fortune(p) for p in self.alive if p != me), default=0)
            return self.bot.END_SWING if lead > 0 else -self.bot.END_SWING
        if self.titles >= self._need(me):
            return TRIP_BONUS
        return -self.bot.WAITING_WORTH

    def arrival(self, square: int, by_card: bool, amount: int = 0, draw: bool = True) -> float:
        """What arriving on ``square`` is worth to this seat now (a payment, a purchase, the card it asks for)."""
        t, st, me = self.t, self.st, self.me
        if square >= SQUARES:
            return self._reach_60()
        colour = t.colour[square]
        if colour == GREEN:
            if by_card:
                return -amount
            return self.arrival(square + 1, False, 0, draw)
        key = (square, draw)
        hit = self._arrival.get(key)
        if hit is not None:
            return hit
        value = 0.0
        if colour in (BLUE, RED):
            title = t.title_at[square]
            holder = st.owner[title]
            r = t.income[title]
            if holder == me:
                value = 0.0
            elif holder >= 0:
                value = -r * self.gap
            elif colour == RED or st.cash[me] < t.price[title]:
                value = -r
            else:
                value = max(-r, self.worth(title) - t.price[title])
            if draw:
                value += self.draw_value()
        elif colour == YELLOW and draw:
            value = max(0.0, self.draw_value())
        self._arrival[key] = value
        return value

    def future(self, square: int) -> float:
        """What the rest of this pawn's trip from ``square`` costs, over what is left of the game."""
        hit = self._future.get(square)
        if hit is not None:
            return hit
        value = 0.0
        if square < SQUARES:
            for s in range(1, SQUARES):
                v = self.visits(square, s)
                if v > 0.01:
                    value += v * self.arrival(s, True, 0, draw=False)
        self._future[square] = value
        return value

    def draw_value(self) -> float:
        """A card drawn now, its moves valued by the square reached only (no further card)."""
        if self._draw_value is None:
            self._draw_value = 0.0  # while it is worked out: a card reached by a card counts for nothing more
            self._draw_value = self._deck_value(self.st.pos[self.me], moves=False)
        return self._draw_value

    def card_value(self, square: int) -> float:
        """The expected value of a card drawn on ``square``, from what is left in the pile."""
        return self._deck_value(square, moves=True)

    def _deck_value(self, square: int, moves: bool) -> float:
        st = self.st
        total = sum(st.deck)
        if not total:
            return 0.0
        value = 0.0
        for cid, k in zip(self.t.order, st.deck, strict=True):
            if k:
                value += k * self._card(self.t.cards[cid], square, moves)
        return value / total

    def _card(self, card: Card, square: int, moves: bool) -> float:
        st, t, me = self.st, self.t, self.me
        e = card.effect
        kind = e["kind"]
        if kind == "honorary":
            title = e["title"]
            return self.income(title) + self.title_bonus() if st.owner[title] < 0 else 0.0
        if kind == "lottery":
            return float(e["amount"] if st.bank >= e["amount"] or st.bank_owner < 0 else st.bank)
        if kind == "tax":
            title = t.title_at[e["square"]]
            holder = st.owner[title]
            return 0.0 if holder == me else -t.income[title] * (self.gap if holder >= 0 else 1.0)
        if kind == "move_to":
            dest, by_card, amount = e["square"], True, e["amount"]
        elif square >= SQUARES and e["steps"] > 0:  # waiting on 60: forward is nowhere to go
            return 0.0
        elif e["steps"] > 0:
            dest, by_card, amount = square + e["steps"], True, 0
        else:
            dest, by_card, amount = max(1, square + e["steps"]), True, 0
        value = self.arrival(dest, by_card, amount, draw=moves)
        if moves and dest < SQUARES:
            value += self.future(dest) - self.future(square)
        return value

    # --- auctions ---------------------------------------------------------------------------------
    def bid(self, legal: list[Action]) -> Action:
        st, me = self.st, self.me
        a = st.auction
        assert a is not None
        low = min(b.amount for b in legal if isinstance(b, Bid))
        if a[0] == "bank":
            top = self._bank_worth()
        else:
            title, seller = a[1], a[2]
            half = half_up(self.t.price[title])
            # Paying the seller more than the bank would (the opening bid) helps an opponent.
            share = 1.0 / max(1, len(self.alive) - 1) if seller >= 0 else 0.0
            top = (self.worth(title) + share * half) / (1 + share)
        top = min(top, st.cash[me] - self.reserve() * self.bot.BID_RESERVE)
        return Bid(low) if low <= top else PASS

    def _bank_worth(self) -> float:
        """The most worth paying into the bank's purse to own it: a quarter of it at the end, loans due included."""
        st = self.st
        owed = next((s[2] for s in st.queue if s[0] == BANK_PAYS), 0)
        purse = st.bank - owed + LOAN_DUE * sum(st.loans[p] for p in self.alive)
        top = purse / 3  # pays x: a quarter of (purse + x) is worth x when x = purse / 3
        return top if top >= BANK_FLOOR else 0.0

    def auction(self, legal: list[Action]) -> Action:
        """The first of the businesses whose sale covers the debt for the least loss."""
        st, t, me = self.st, self.t, self.me
        owed = next((s[3] for s in st.queue if s[0] == PAYMENT and s[1] == me), 0)
        short = max(10, owed - st.cash[me])
        mine = [a.title for a in legal if isinstance(a, Auction)]
        lose = self.title_bonus(self.titles - 1)
        plan = _cover(short, [(b, half_up(t.price[b]), self.income(b) + lose) for b in mine])
        if plan is None:  # not enough whatever is sold: the least missed first, then a loan
            first = min(mine, key=lambda b: (self.income(b), b))
        else:
            first = max(plan[1], key=lambda b: (t.price[b], -b))
        return next(a for a in legal if isinstance(a, Auction) and a.title == first)


def _cover(short: int, items: list[tuple[int, int, float]]) -> tuple[float, list[int]] | None:
    """The set of ``items`` (title, cash, loss) raising at least ``short`` at the least loss, or None if all of them
    cannot: dynamic programming on the cash raised, capped at ``short``."""
    best: dict[int, tuple[float, tuple[int, ...]]] = {0: (0.0, ())}
    for title, cash, loss in items:
        for raised, (cost, chosen) in list(best.items()):
            if raised >= short:
                continue
            key = min(short, raised + cash)
            old = best.get(key)
            if old is None or cost + loss < old[0] - 1e-9:
                best[key] = (cost + loss, (*chosen, title))
    found = best.get(short)
    return None if found is None else (found[0], list(found[1]))


__all__ = ["BoardStats", "HeuristicBot", "Model", "board_stats"]
