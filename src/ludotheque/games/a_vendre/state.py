"""An « A Vendre ! » position and its rules, in the rulebook's order: the general rules (the bank and director, titles,
charge cards, the squares' colours), « Quand l'argent manque » (auctions, loans), « Quand la banque n'a plus
d'argent », the complementary rule of the double game, and the final account.

The software is the bank and the game director (RULINGS): the bank is a purse of its own that starts with 5 100
like every player and can run out. A turn is a queue of steps: chance steps (the lot, the die, a charge card) wait
for a chance action, decisions (buy or pay the tax, take a card on yellow, which business to auction, a bid, a loan)
wait for the seat concerned, and every other step is carried out at once.
"""

from __future__ import annotations

import random
from typing import Any

from ...engine.errors import IllegalActionError, Reason, allowed_list
from ...engine.state import CHANCE, TERMINAL, Action, Event, Outcome, SeatedState, rank_keys
from ...engine.turns import next_seat, passes
from .actions import (
    AUCTION,
    BORROW,
    BUY,
    CARD,
    FIRST,
    LEAVE,
    PASS,
    ROLL,
    TAX,
    Auction,
    Bid,
    Borrow,
    Buy,
    Draw,
    First,
    Leave,
    Pass,
    PayTax,
    Roll,
    TakeCard,
    parse_action,
)
from .datamodel import SQUARES, TITLES
from .tables import BLUE, FINISH, GREEN, RED, START, YELLOW, Card, Tables, load_tables

START_CASH = 5_100
"""« Le directeur de la banque et du jeu remet en commençant à chaque participant et à la banque elle-même 5100.— »."""
SECOND_TRIP_TITLES = 3
"""« il ne lui est permis de recommencer à la case 1 que s'il est propriétaire d'au moins 3 commerces »."""
END_TITLES = 6
"""« Celui qui a accompli le second voyage doit posséder … 6 commerces ou établissements »."""
TRIP_BONUS = 2_000
"""« il reçoit pour entreprendre le second voyage un versement de 2000.— de la banque », and again at the end."""
LOAN = 1_000
LOAN_DUE = 1_100
"""« un emprunt de 1000.— à la banque, remboursable à la fin du jeu avec 10 % d'intérêts »."""
BANK_FLOOR = 2_550
"""« la banque est mise aux enchères en partant du prix minimum de 2550.— »."""
STEP = 10
"""Bids go in steps of 10, the smallest note (RULINGS)."""

# Steps. Chance steps, then decisions, then the rest.
FIRST_STEP, ROLL_STEP, DRAW_STEP = range(3)
BUY_STEP, YELLOW_STEP, CHOOSE_AUCTION, BID_STEP, LOAN_STEP = range(3, 8)
ARRIVE, PAYMENT, BANK_PAYS, REACH_60, END_TURN, GAME_OVER = range(8, 14)
STEP_NAMES = ("first", "roll", "draw", "buy", "yellow", "choose_auction", "bid", "loan", "arrive", "payment",
              "bank_pays", "reach_60", "end_turn", "game_over")
CHANCE_STEPS = frozenset(range(3))
DECISIONS = frozenset(range(3, 8))
WHY = ("purchase", "tax", "income", "card", "green", "lottery", "trip_bonus", "auction", "loan", "bank_auction",
       "establishment")
"""Why a payment is made, as its event says it: ``income`` is a business's (a blue square held by another player),
``establishment`` an establishment's (a red square: to the bank or to its director), so that the log says whose
income is paid; ``tax`` a free business's income paid as a tax, or a tax card's."""
BANK = -1

Step = tuple[int, ...]
"""A step: its code and arguments. ``ARRIVE``: square, by a card (0/1), the card's amount. ``PAYMENT``: debtor,
creditor (-1: the bank), amount, why. ``BANK_PAYS``: creditor, amount, why, whether the bank may still be auctioned.
``REACH_60``: the points beyond 60. ``CHOOSE_AUCTION``/``LOAN_STEP``: the debtor."""


def half_up(amount: int) -> int:
    """Half an amount, rounded up to the next 10 (RULINGS)."""
    return -(-amount // 20) * 10


def quarter_up(amount: int) -> int:
    """A quarter of an amount, rounded up to the next 10 (like halves)."""
    return -(-amount // 40) * 10


class AVendreState(SeatedState):
    __slots__ = ("auction", "bank", "bank_owner", "cash", "deck", "double", "first", "honours", "last_card",
                 "last_roll", "left", "loans", "owner", "player", "pos", "queue", "round", "rounds", "t",
                 "termination", "trip", "turns", "waiting")

    def __init__(self, players: int, options: dict[str, Any], tables: Tables | None = None) -> None:
        self.events: list[Event] | None = None
        self.n = players
        self.options = dict(options)
        self.t = tables if tables is not None else load_tables(self.options)
        self.double = options.get("game", "simple") == "double"
        self.rounds = int(options.get("rounds", 0))
        self.cash = [START_CASH] * players
        self.bank = START_CASH
        """The bank's own purse (RULINGS: it starts with 5 100 and can run out)."""
        self.bank_owner = -1
        """The seat that bought the bank at auction (« L'adjudicataire devient alors aussi banquier »), or -1."""
        self.loans = [0] * players
        self.pos = [1] * players
        """Each pawn's square, 1 to 60 (0: on 60, about to start the second trip: its next step is square 1)."""
        self.trip = [1] * players
        self.waiting = [False] * players
        """On square 60, waiting for the titles the next trip (or the end) needs."""
        self.owner = [-1] * (TITLES + 1)
        """Per title: its holder, or -1 (the bank keeps it)."""
        self.left = [0] * players
        self.deck = [self.t.cards[c].copies for c in self.t.order]
        """Per card (the file's order): how many are still in the pile."""
        self.honours = True
        """Whether the honorary cards are still in the game (they leave it at the first reshuffle)."""
        self.first = -1
        self.player = -1
        self.round = 0
        self.turns = 0
        self.last_roll = 0
        self.last_card = ""
        self.auction: list[Any] | None = None
        """While bidding: [kind ("business" or "bank"), title, seller, opening, high bid, high bidder, bidders left in
        order, whose turn among them, the bids so far as [seat, amount] (amount 0: dropped out)]."""
        self.termination = ""
        self.queue: list[Step] = [(FIRST_STEP,)]
        self.actor = CHANCE

    # --- contract -----------------------------------------------------------------------------
    def clone(self) -> AVendreState:
        c = object.__new__(AVendreState)
        c.events = None
        c.n, c.options, c.t, c.double, c.rounds = self.n, self.options, self.t, self.double, self.rounds
        c.cash, c.bank, c.bank_owner, c.loans = self.cash[:], self.bank, self.bank_owner, self.loans[:]
        c.pos, c.trip, c.waiting = self.pos[:], self.trip[:], self.waiting[:]
        c.owner, c.left = self.owner[:], self.left[:]
        c.deck, c.honours, c.first, c.player = self.deck[:], self.honours, self.first, self.player
        c.round, c.turns, c.last_roll, c.last_card = self.round, self.turns, self.last_roll, self.last_card
        a = self.auction
        c.auction = None if a is None else [*a[:6], a[6][:], a[7], [b[:] for b in a[8]]]
        c.termination, c.queue, c.actor = self.termination, self.queue[:], self.actor
        return c

    def legal_actions(self) -> list[Action]:
        return self._choices(self.queue[0]) if self.actor >= 0 else []

    def _choices(self, step: Step) -> list[Action]:
        code = step[0]
        if code == BUY_STEP:
            return [BUY, TAX]
        if code == YELLOW_STEP:
            return [CARD, PASS]
        if code == CHOOSE_AUCTION:
            return [AUCTION[t] for t in self.businesses(step[1])]
        if code == LOAN_STEP:
            return [BORROW, LEAVE]
        if code == BID_STEP:
            bidder = self._bidder()
            low, cash = self._min_bid(), self.cash[bidder]
            bids = sorted({min(cash, low + d) for d in (0, 10, 50, 100, 250, 500, 1000)} | {cash - cash % STEP})
            return [*(Bid(b) for b in bids if b >= low), PASS]
        return []

    def _bidder(self) -> int:
        a = self.auction
        assert a is not None
        return int(a[6][a[7]])

    def _min_bid(self) -> int:
        """The least bid now: 10 over the high bid; the first must outbid the opening (RULINGS), or for the bank reach
        « le prix minimum de 2550 »."""
        a = self.auction
        assert a is not None
        if a[4]:
            return int(a[4]) + STEP
        return int(a[3]) + (STEP if a[0] == "business" else 0)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.actor != CHANCE:
            return []
        code = self.queue[0][0]
        if code == FIRST_STEP:
            return [(FIRST[s], 1 / self.n) for s in range(self.n)]
        if code == ROLL_STEP:
            return [(ROLL[f], 1 / 6) for f in range(1, 7)]
        total = sum(self.deck)
        return [(Draw(cid), k / total) for cid, k in zip(self.t.order, self.deck, strict=True) if k]

    def sample_chance(self, rng: random.Random) -> Action:
        if self.actor != CHANCE:
            raise IllegalActionError("no chance event is pending here")
        code = self.queue[0][0]
        if code == FIRST_STEP:
            return FIRST[int(rng.random() * self.n)]
        if code == ROLL_STEP:
            return ROLL[1 + int(rng.random() * 6)]
        r = int(rng.random() * sum(self.deck))
        for cid, k in zip(self.t.order, self.deck, strict=True):
            if r < k:
                return Draw(cid)
            r -= k
        raise AssertionError("an empty deck")

    def is_legal(self, action: Action) -> bool:
        if self.actor == CHANCE:
            code = self.queue[0][0]
            if isinstance(action, Draw):
                return code == DRAW_STEP and action.card in self.t.cards and \
                    self.deck[self.t.order.index(action.card)] > 0
            if isinstance(action, Roll):
                return code == ROLL_STEP and 1 <= action.face <= 6
            if isinstance(action, First):
                return code == FIRST_STEP and 0 <= action.seat < self.n
            return False
        if self.actor < 0:
            return False
        if isinstance(action, Bid) and self.queue[0][0] == BID_STEP:  # any amount in steps of 10 the bidder has
            return action.amount % STEP == 0 and self._min_bid() <= action.amount <= self.cash[self._bidder()]
        return action in self._choices(self.queue[0])

    def random_action(self, rng: random.Random) -> Action:
        if self.actor >= 0 and self.queue[0][0] == BID_STEP and rng.random() < 0.5:
            low, cash = self._min_bid(), self.cash[self._bidder()]
            if low <= cash:
                return Bid(low + STEP * int(rng.random() * ((cash - low) // STEP + 1)))
        return super().random_action(rng)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def illegal(self, action: Action, legal: list[Action]) -> IllegalActionError:
        from .texts import CATALOG

        fields: dict[str, Any] = {"action": action.text(), "allowed": allowed_list([a.text() for a in legal])}
        key = "not_legal"
        if self.actor == TERMINAL:
            key = "game_over"
        elif self.actor == CHANCE:
            key = "chance_pending"
        elif isinstance(action, Bid) and self.queue[0][0] == BID_STEP:
            key = "bid_range"
            fields.update(low=self._min_bid(), high=self.cash[self._bidder()])
        elif isinstance(action, Auction) and self.queue[0][0] == CHOOSE_AUCTION:
            key = "not_your_business"
        reason = Reason(key, fields)
        return IllegalActionError(CATALOG.reason("en", reason) or key, reason)

    # --- applying -----------------------------------------------------------------------------
    def apply_legal(self, action: Action) -> None:
        step = self.queue.pop(0)
        self._decide(step, action)
        self._run()

    def _decide(self, step: Step, action: Action) -> None:
        match action:
            case Draw(card=card):
                self._draw(self.t.cards[card])
            case Roll(face=face):
                self._roll(face)
            case First(seat=seat):
                self.first = self.player = seat
                self.round = 1
                self._emit("first", seat=seat)
                self._begin_turn()
            case Buy():
                self._buy()
            case PayTax():
                t = self.t.title_at[self.pos[self.player]]
                self.queue.insert(0, (PAYMENT, self.player, BANK, self.t.income[t], WHY.index("tax")))
            case TakeCard():
                self.queue.insert(0, (DRAW_STEP,))
            case Pass():
                if step[0] == BID_STEP:
                    self._bid_pass()
                else:
                    self._emit("no_card", seat=self.player)
            case Auction(title=title):
                self._open_auction("business", title, step[1], half_up(self.t.price[title]))
            case Bid(amount=amount):
                self._bid(amount)
            case Borrow():
                self._borrow(step[1])
            case Leave():
                self._leave(step[1])
            case _:
                raise IllegalActionError(f"{action!r} is not an « A Vendre ! » action")

    def _run(self) -> None:
        """Carry out steps until one waits for chance or a seat, or the game is over."""
        queue = self.queue  # changed in place only
        while self.actor != TERMINAL:
            step = queue[0]
            code = step[0]
            if code in CHANCE_STEPS:
                self.actor = CHANCE
                return
            if code in DECISIONS:
                choices = self._choices(step)
                if len(choices) > 1:
                    self.actor = self._bidder() if code == BID_STEP else step[1] if code in (CHOOSE_AUCTION,
                                                                                            LOAN_STEP) else self.player
                    return
                queue.pop(0)
                self._decide(step, choices[0])  # one way only: taken at once (not in the record)
                continue
            queue.pop(0)
            if code == ARRIVE:
                self._arrive(step[1], bool(step[2]), step[3])
            elif code == PAYMENT:
                self._payment(step)
            elif code == BANK_PAYS:
                self._bank_pays(step)
            elif code == REACH_60:
                self._reach_60(step[1])
            elif code == END_TURN:
                self._end_turn()
            elif code == GAME_OVER:
                self._finish("second_trip")

    # --- a turn -------------------------------------------------------------------------------
    def _begin_turn(self) -> None:
        self.turns += 1
        self._emit("turn", seat=self.player, round=self.round)
        self.queue[:0] = [(ROLL_STEP,), (END_TURN,)]

    def _roll(self, face: int) -> None:
        me = self.player
        self.last_roll = face
        self._emit("roll", seat=me, face=face)
        if self.waiting[me]:
            # « Pendant ce séjour involontaire il continue à jeter le dé à son tour et il a droit chaque fois à une
            # carte des charges »: with the titles now, the trip goes on (RULINGS: square 1 is the step after 60).
            if self.titles(me) >= (SECOND_TRIP_TITLES if self.trip[me] == 1 else END_TITLES):
                self.waiting[me] = False
                self.pos[me] = 0
                self.queue.insert(0, (REACH_60, face))
            else:
                self.queue.insert(0, (DRAW_STEP,))
            return
        self._advance(face)

    def _advance(self, steps: int, by_card: bool = False) -> None:
        """Move the pawn ``steps`` squares forward (by the die, or by a card); reaching or passing 60 ends a trip."""
        me = self.player
        target = self.pos[me] + steps
        if target >= SQUARES:
            self.pos[me] = SQUARES
            self._emit("move", seat=me, square=SQUARES)
            self.queue.insert(0, (REACH_60, target - SQUARES))
        else:
            self._go(target, by_card=by_card)

    def _go(self, square: int, by_card: bool, amount: int = 0) -> None:
        me = self.player
        self.pos[me] = square
        self.waiting[me] = False
        self._emit("move", seat=me, square=square)
        self.queue.insert(0, (ARRIVE, square, int(by_card), amount))

    def _reach_60(self, beyond: int) -> None:
        """« Aussitôt qu'un joueur y est parvenu, le jeu est terminé » (simple game); the double game's « Règle de jeu
        complémentaire »: the second trip with 3 titles and 2 000 from the bank, the end with 6 and 2 000 more."""
        me = self.player
        if not self.double:
            self._emit("reached_60", seat=me, trip=1)
            self._finish("reached_60")
            return
        need = SECOND_TRIP_TITLES if self.trip[me] == 1 else END_TITLES
        if self.titles(me) < need:
            self.pos[me], self.waiting[me] = SQUARES, True
            self._emit("waits", seat=me, trip=self.trip[me], titles=self.titles(me), need=need)
            return
        self._emit("reached_60", seat=me, trip=self.trip[me])
        bonus: Step = (BANK_PAYS, me, TRIP_BONUS, WHY.index("trip_bonus"), 1)
        if self.trip[me] == 2:  # « Là-dessus le jeu est terminé », once the bank has paid
            self.pos[me] = SQUARES
            self.queue[:] = [bonus, (GAME_OVER,)]
            return
        self.trip[me] = 2
        self.pos[me] = 0
        self.queue.insert(0, bonus)
        if beyond:  # RULINGS: the points beyond 60 go on, square 1 being the first step after 60
            self.queue.insert(1, (ARRIVE, beyond, 0, 0))
            self.pos[me] = beyond
            self._emit("move", seat=me, square=beyond)

    def _arrive(self, square: int, by_card: bool, amount: int) -> None:
        """What the square the pawn stands on asks (« Cases jaunes / vertes / bleues / rouges »)."""
        me, t = self.player, self.t
        colour = t.colour[square]
        if colour == YELLOW:  # « libre de réclamer une carte des charges, ou non »
            self.queue.insert(0, (YELLOW_STEP,))
        elif colour == GREEN:
            if by_card:  # « doit s'y rendre avec son pion et payer à la banque le montant indiqué sur la carte »
                if amount:
                    self.queue.insert(0, (PAYMENT, me, BANK, amount, WHY.index("green")))
            elif square + 1 >= SQUARES:
                self._advance(1)
            else:  # RULINGS: on to the next square, which then takes effect
                self._emit("green", seat=me, square=square)
                self._go(square + 1, by_card=False)
        elif colour in (BLUE, RED):
            title = t.title_at[square]
            holder = self.owner[title]
            steps: list[Step] = []
            why = WHY.index("income" if colour == BLUE else "establishment")  # whose income it is: the log says it
            if holder < 0:
                if colour == BLUE and self.cash[me] >= t.price[title]:
                    steps.append((BUY_STEP,))  # buy at PA, or pay R as a tax
                else:
                    steps.append((PAYMENT, me, BANK, t.income[title], WHY.index("tax") if colour == BLUE else why))
            elif holder != me:
                steps.append((PAYMENT, me, holder, t.income[title], why))
            steps.append((DRAW_STEP,))  # « l'obligation de réclamer une carte des charges »
            self.queue[:0] = steps
        elif colour == FINISH:
            self.queue.insert(0, (REACH_60, 0))
        # START: nothing

    def _buy(self) -> None:
        me = self.player
        title = self.t.title_at[self.pos[me]]
        price = self.t.price[title]
        self.cash[me] -= price
        self.bank += price
        self.owner[title] = me
        self._emit("buy", seat=me, title=title, amount=price)

    def _end_turn(self) -> None:
        me = self.player
        nxt = next_seat(me, self.left)
        if passes(self.first, me, nxt, self.n):  # a round ends when the turn passes the first player
            self.round += 1
            if self.rounds and self.round > self.rounds:
                self._finish("rounds_limit")
                return
        self.player = nxt
        self._begin_turn()

    # --- charge cards -------------------------------------------------------------------------
    def _draw(self, card: Card) -> None:
        """« ce dernier lui lit le texte qui s'y trouve et met ensuite la carte de côté. S'il arrive que toutes les
        cartes des charges aient déjà été réclamées, le directeur du jeu les mêle de nouveau … excepté les cartes
        honorifiques »."""
        me = self.player
        k = self.t.order.index(card.id)
        self.deck[k] -= 1
        self.last_card = card.id
        self._emit("card", seat=me, card=card.id, effect=card.effect)
        if not any(self.deck):
            self.honours = False
            self.deck = [0 if self.t.cards[c].honorary else self.t.cards[c].copies for c in self.t.order]
            self._emit("reshuffle", cards=sum(self.deck))
        e = card.effect
        kind = e["kind"]
        if kind == "honorary":
            title = e["title"]
            if self.owner[title] < 0:
                self.owner[title] = me
                self._emit("honorary", seat=me, title=title)
            else:
                self._emit("honorary_taken", seat=me, title=title, holder=self.owner[title])
        elif kind == "lottery":
            self.queue.insert(0, (BANK_PAYS, me, e["amount"], WHY.index("lottery"), 1))
        elif kind == "tax":  # the pawn stays; R to the owner, or to the bank
            title = self.t.title_at[e["square"]]
            holder = self.owner[title]
            if holder != me:
                self.queue.insert(0, (PAYMENT, me, holder if holder >= 0 else BANK, self.t.income[title],
                                      WHY.index("tax")))
        elif kind == "move_to":
            if e["square"] == SQUARES:
                self.pos[me] = SQUARES
                self.waiting[me] = False
                self._emit("move", seat=me, square=SQUARES)
                self.queue.insert(0, (REACH_60, 0))
            else:
                self._go(e["square"], by_card=True, amount=e["amount"])
        elif kind == "move":
            steps = e["steps"]
            if steps > 0 and not self.waiting[me]:
                self._advance(steps, by_card=True)
            elif steps > 0:  # waiting on 60: forward is nowhere to go
                self._emit("stays", seat=me, square=SQUARES)
            else:  # back, never before square 1 (P)
                self._go(max(1, self.pos[me] + steps), by_card=True)

    # --- money: payments, auctions, loans, the bank -----------------------------------------------
    def titles(self, seat: int) -> int:
        """Businesses and establishments held (« les établissements confiés … comptent aussi »)."""
        return sum(1 for o in self.owner if o == seat)

    def businesses(self, seat: int) -> list[int]:
        """The blue titles a seat holds: what it can have auctioned (« un ou plusieurs de ses commerces »)."""
        return [t for t in range(1, TITLES + 1) if self.owner[t] == seat and not self.t.red[t]]

    def _payment(self, step: Step) -> None:
        debtor, creditor, amount, why = step[1], step[2], step[3], step[4]
        if self.left[debtor]:
            return
        if self.cash[debtor] >= amount:
            self._transfer(debtor, creditor, amount, why)
            return
        self._emit("short", seat=debtor, amount=amount, cash=self.cash[debtor])
        if self.businesses(debtor):  # « Quand l'argent manque, on procède à la vente aux enchères »
            self.queue[:0] = [(CHOOSE_AUCTION, debtor), step]
        elif self.bank >= LOAN:  # « il peut, pour ne pas être obligé de sortir du jeu, contracter un emprunt »
            self.queue[:0] = [(LOAN_STEP, debtor), step]
        else:  # P: a bank short of 1 000 lends nothing
            self._leave(debtor, creditor)

    def _transfer(self, debtor: int, creditor: int, amount: int, why: int) -> None:
        self.cash[debtor] -= amount
        if creditor == BANK or self.left[creditor]:
            self.bank += amount
        else:
            self.cash[creditor] += amount
        self._emit("pay", seat=debtor, to=creditor, amount=amount, why=WHY[why])

    def _bank_pays(self, step: Step) -> None:
        creditor, amount, why, may_auction = step[1], step[2], step[3], step[4]
        if self.bank < amount and may_auction and self.bank_owner < 0:
            # « Dans ce cas la banque est mise aux enchères en partant du prix minimum de 2550.— »
            self.queue.insert(0, (BANK_PAYS, creditor, amount, why, 0))
            self._open_auction("bank", 0, BANK, BANK_FLOOR)
            return
        paid = min(amount, self.bank)  # P: an empty bank nobody bought pays what it has
        self.bank -= paid
        if not self.left[creditor]:
            self.cash[creditor] += paid
        else:
            self.bank += paid
        self._emit("bank_pays", seat=creditor, amount=paid, owed=amount, why=WHY[why])

    def _open_auction(self, kind: str, title: int, seller: int, opening: int) -> None:
        """The bank's director runs the auction: bidders in turn from the seller's left (the bank: from the player whose
        turn it is), each raising by 10 at least, or dropping out."""
        start = seller + 1 if seller >= 0 else self.player
        bidders = [(start + k) % self.n for k in range(self.n)]
        bidders = [s for s in bidders if not self.left[s] and s != seller]
        self.auction = [kind, title, seller, opening, 0, -1, bidders, 0, []]
        self._emit("auction", what=kind, title=title, seat=seller, amount=opening)
        self._next_bid()

    def _next_bid(self) -> None:
        a = self.auction
        assert a is not None
        bidders: list[int] = a[6]
        if not bidders or (a[5] >= 0 and bidders == [a[5]]):
            self._close_auction()
            return
        if a[7] >= len(bidders):
            a[7] = 0
        if bidders[a[7]] == a[5]:  # everyone else has had their say since the high bid
            self._close_auction()
            return
        self.queue.insert(0, (BID_STEP,))

    def _bid(self, amount: int) -> None:
        a = self.auction
        assert a is not None
        bidder = self._bidder()
        a[4], a[5] = amount, bidder
        a[7] += 1
        a[8].append([bidder, amount])
        self._emit("bid", seat=bidder, amount=amount)
        self._next_bid()

    def _bid_pass(self) -> None:
        a = self.auction
        assert a is not None
        bidder = a[6].pop(a[7])
        a[8].append([bidder, 0])
        self._emit("bid_pass", seat=bidder)
        self._next_bid()

    def _close_auction(self) -> None:
        a = self.auction
        assert a is not None
        self.auction = None
        kind, title, seller, opening, high, winner = a[0], a[1], a[2], a[3], a[4], a[5]
        if kind == "bank":
            if winner >= 0:  # the buyer pays into the bank's purse and keeps the bank, its purse apart
                self.cash[winner] -= high
                self.bank += high
                self.bank_owner = winner
                self._emit("bank_sold", seat=winner, amount=high)
            else:
                self._emit("bank_unsold")
            return
        if winner >= 0:
            self.cash[winner] -= high
            self.cash[seller] += high
            self.owner[title] = winner
            self._emit("sold", seat=seller, buyer=winner, title=title, amount=high)
        else:  # RULINGS: « si personne ne surenchérit il doit prendre possession … pour la banque », at the opening bid
            self.owner[title] = -1
            self._emit("sold_to_bank", seat=seller, title=title, amount=opening)
            self.queue.insert(0, (BANK_PAYS, seller, opening, WHY.index("auction"), 1))

    def _borrow(self, seat: int) -> None:
        self.bank -= LOAN
        self.cash[seat] += LOAN
        self.loans[seat] += 1
        self._emit("loan", seat=seat, amount=LOAN, loans=self.loans[seat])

    def _leave(self, seat: int, creditor: int | None = None) -> None:
        """Ruined: what is left goes to the creditor, the titles back to the bank, and the seat leaves the game."""
        if creditor is None:
            creditor = next((s[2] for s in self.queue if s[0] == PAYMENT and s[1] == seat), BANK)
        cash = self.cash[seat]
        self.cash[seat] = 0
        if creditor == BANK or self.left[creditor]:
            self.bank += cash
        else:
            self.cash[creditor] += cash
        for t in range(1, TITLES + 1):
            if self.owner[t] == seat:
                self.owner[t] = -1
        if self.bank_owner == seat:
            self.bank_owner = -1
        self.left[seat] = 1 + max(self.left)
        self._emit("leaves", seat=seat, to=creditor, amount=cash)
        if seat == self.player:
            self.queue[:] = [(END_TURN,)]
        else:
            self.queue[:] = [s for s in self.queue if not (s[0] == PAYMENT and s[1] == seat)]
        if sum(1 for s in range(self.n) if not self.left[s]) == 1:
            self._finish("last_standing")

    # --- the final account ----------------------------------------------------------------------
    def fortune(self, seat: int) -> int:
        """« la fortune … se compose du montant total de ses billets de banque et de la valeur de ses titres de
        propriété, ces derniers ne comptant que pour la moitié du prix d'achat … Les établissements confiés ne
        représentent donc pas de valeur »; loans repaid with 10 %; the bank's purse, for its buyer, at a quarter."""
        value = self.cash[seat] + sum(half_up(self.t.price[t]) for t in self.businesses(seat))
        value -= LOAN_DUE * self.loans[seat]
        if self.bank_owner == seat:
            repaid = LOAN_DUE * sum(k for s, k in enumerate(self.loans) if not self.left[s])
            value += quarter_up(self.bank + repaid)
        return value

    def _finish(self, how: str) -> None:
        self.termination = how
        self.actor = TERMINAL
        self.queue.clear()
        self.auction = None
        self._emit("game_end", how=how, fortunes=[self.fortune(s) for s in range(self.n)])

    def outcome(self) -> Outcome:
        if self.actor != TERMINAL:
            raise ValueError("the game is not over")
        scores = tuple(self.fortune(s) for s in range(self.n))
        ranks = rank_keys([(0, self.left[s], 0) if self.left[s] else (1, 0, scores[s]) for s in range(self.n)])
        return Outcome(scores, ranks, tuple(s for s in range(self.n) if ranks[s] == 1), self.termination)

    def seats_out(self) -> list[int]:
        return [s for s in range(self.n) if self.left[s]]

    def data_files(self) -> dict[str, tuple[str, str]]:
        return dict(self.t.files)

    def check_invariants(self) -> None:
        assert sum(self.cash) + self.bank == START_CASH * (self.n + 1), "money was made or lost"
        assert self.bank >= 0 and all(c >= 0 for c in self.cash), (self.bank, self.cash)
        for t in range(1, TITLES + 1):
            assert self.owner[t] < 0 or not self.left[self.owner[t]], f"title {t} held by a seat out of the game"
        assert all(0 <= k <= self.t.cards[c].copies for c, k in zip(self.t.order, self.deck, strict=True))
        assert any(self.deck), "the charge cards are shuffled again as soon as the last one is drawn"
        assert self.honours or all(not k for c, k in zip(self.t.order, self.deck, strict=True)
                                   if self.t.cards[c].honorary)
        assert self.bank_owner < 0 or not self.left[self.bank_owner]

    # --- snapshots and views ------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        from .snapshot import state_to_json

        return state_to_json(self)

    def observation(self, seat: int | None) -> dict[str, Any]:
        from .view import observe

        return observe(self, seat)

    def resample(self, seat: int, rng: random.Random) -> AVendreState:
        """Nothing is hidden: cash, titles and loans are public (RULINGS), the cards drawn are read out, so what is
        left in the pile is known; only its order is not, and each draw is a chance action over what is left."""
        return self.clone()


__all__ = ["START", "AVendreState", "half_up"]
