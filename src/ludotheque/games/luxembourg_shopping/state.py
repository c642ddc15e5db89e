"""A Luxembourg-Shopping position and its rules, chapter by chapter of the rulebook (A to I).

A turn is a queue of steps. Chance steps (dice, cards, a free shop) wait for a chance action, decisions (buy, a
gallery, a sign, selling when one cannot pay) for the seat concerned; every other step is carried out at once.
What a card does is read from its data (``tables.py``), one of the effect kinds of ``datamodel.py``.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

from ...engine.errors import IllegalActionError, Reason, allowed_list
from ...engine.state import CHANCE, TERMINAL, Action, Event, Outcome, SeatedState, rank_keys
from ...engine.turns import next_seat, passes
from .actions import (
    BUY,
    DEAL,
    DIE,
    FREE,
    MERGE,
    PASS,
    PAY,
    ROLL,
    SELL,
    SIGN,
    UNSIGN,
    Buy,
    Deal,
    Die,
    Draw,
    FreeShopDrawn,
    Gallery,
    Merge,
    Pass,
    PayDebt,
    Roll,
    Sell,
    Sign,
    Unsign,
    parse_action,
)
from .datamodel import SHOPS
from .tables import BANKRUPTCY, BONUS, BOUTON_ROUGE, BUREAU, SHOP, Card, Tables, load_tables

START_CASH = 100_000
"""A. « Ce dernier distribuera à chacun la somme de 100 000 »."""
DEALT = 6
"""A. « il distribuera au hasard 6 "Cartes Commerçant" par personne »."""
SIGN_BONUS = 5_000
"""H.2. « Le fait d'avoir une enseigne sur un commerce, majore toute transaction avec ce commerce de 5 000 »."""
JACKPOT = 50_000
"""C. « Ainsi vous touchez le jackpot, soit 50 000 »."""
SIGNS_TO_WIN = {2: 6, 3: 6, 4: 5, 5: 4, 6: 3}
"""I.1: the signs that win, by the player count at the start."""
GALLERY_TO_WIN = {2: 15, 3: 15, 4: 12, 5: 9, 6: 9}
"""I.2: the shops in one gallery that win. Both from the table « NOMBRE DE JOUEURS / NOMBRE D'ENSEIGNES / NOMBRE DE
COMMERCES DANS UNE GALERIE FUSIONNEE », by the player count at the start (RULINGS)."""
RANKING_COLUMNS = ("ranking.signs", "ranking.largest_gallery", "ranking.galleries", "ranking.shops", "ranking.cash")
"""What a final ranking shows (``Outcome.columns``): ``standing``'s figures after the seat's presence, in order."""

# The steps of a turn. Chance steps first, then decisions, then the rest.
DEAL_STEP, START_DIE, ROLL_STEP, DOUBLE_CARD, MAIL, BUREAU_CARD, RED_CARD, BANKRUPT_CARD, FREE_SHOP = range(9)
BUY_STEP, GALLERY_STEP, GAIN_SIGN, LOSE_SIGN, SELL_STEP = range(9, 14)
MOVE, LAND, PAYMENT, END_TURN = range(14, 18)
STEP_NAMES = ("deal", "start_die", "roll", "double_card", "mail", "bureau", "bouton_rouge", "bankruptcy", "free_shop",
              "buy", "gallery", "gain_sign", "lose_sign", "sell", "move", "land", "payment", "end_turn")
CHANCE_STEPS = frozenset(range(9))
DECISIONS = frozenset(range(9, 14))

Step = tuple[int, ...]
"""A step: its code, then its arguments (a pile, or a payment's debtor, creditor (-1: the bank), amount and why)."""
PILES = ("even", "odd", "red")
EVEN, ODD, RED = range(3)
WHY = ("bill", "mail_bill", "card", "each", "gallery", "merge", "buy")
"""Why a payment is due (for the log)."""
BANK = -1


class LuxembourgState(SeatedState):
    __slots__ = (
        "bank",
        "bought",
        "cash",
        "dealt",
        "dice",
        "galleries",
        "gallery_of",
        "last_card",
        "last_half",
        "left",
        "moved",
        "owner",
        "player",
        "pos",
        "queue",
        "round",
        "rounds",
        "sign",
        "start_group",
        "start_rolls",
        "starter",
        "t",
        "termination",
        "turns",
        "winner",
    )

    def __init__(self, players: int, options: dict[str, Any], tables: Tables | None = None) -> None:
        self.events: list[Event] | None = None
        self.n = players
        self.options = dict(options)
        self.t = tables if tables is not None else load_tables(self.options)
        self.rounds = int(options.get("rounds", 0))
        self.cash = [START_CASH] * players
        self.bank = 0
        """What the bank has taken in, less what it has paid out: cash + bank is always 100 000 a player."""
        self.pos = [0] * players
        """Each pawn's square; 0 is before square 1, where all pawns start."""
        self.owner = [-1] * (SHOPS + 1)
        """Per shop: its owner's seat, or -1 (the bank's: free)."""
        self.sign = [False] * (SHOPS + 1)
        self.galleries: list[list[int]] = []
        """Each gallery's shops, in increasing order; galleries in order of their lowest shop."""
        self.gallery_of = [-1] * (SHOPS + 1)
        """Per shop: its gallery's index in ``galleries``, or -1."""
        self.left = [0] * players
        """0 while in the game; else the order in which the seat left (1 for the first to be ruined)."""
        self.moved = [False] * players
        """Whether the seat has made its first move (B3: « sauf au premier déplacement »)."""
        self.dealt = 0
        self.start_rolls = [0] * players
        self.start_group = list(range(players))
        """The seats rolling one die for who starts (again when tied for the lowest)."""
        self.starter = -1
        self.player = -1
        """Whose turn it is."""
        self.round = 0
        self.turns = 0
        self.dice = (0, 0)
        self.bought: list[int] = []
        """Shops bought this turn (E: not to be put in a gallery in the same turn)."""
        self.last_card = ""
        self.last_half = "top"
        """Which half of the last card was read: ``top`` (mail, doubles, bankruptcy, « Bouton Rouge ») or ``bottom``
        (« Bureau »)."""
        self.winner = -1
        self.termination = ""
        self.queue: list[Step] = [(DEAL_STEP,)]
        self.actor = CHANCE

    # --- contract -----------------------------------------------------------------------------
    def clone(self) -> LuxembourgState:
        c = object.__new__(LuxembourgState)
        c.events = None
        c.n, c.options, c.t, c.rounds = self.n, self.options, self.t, self.rounds
        c.cash, c.bank, c.pos, c.owner, c.sign = self.cash[:], self.bank, self.pos[:], self.owner[:], self.sign[:]
        c.galleries = [g[:] for g in self.galleries]
        c.gallery_of, c.left, c.moved = self.gallery_of[:], self.left[:], self.moved[:]
        c.dealt, c.start_rolls, c.start_group = self.dealt, self.start_rolls[:], self.start_group[:]
        c.starter, c.player, c.round, c.turns, c.dice = self.starter, self.player, self.round, self.turns, self.dice
        c.bought, c.last_card, c.winner, c.termination = self.bought[:], self.last_card, self.winner, self.termination
        c.last_half = self.last_half
        c.queue = self.queue[:]
        c.actor = self.actor
        return c

    def legal_actions(self) -> list[Action]:
        if self.actor < 0:
            return []
        return self._choices(self.queue[0])

    def _choices(self, step: Step) -> list[Action]:
        code = step[0]
        me = self.player
        owner = self.owner
        if code == BUY_STEP:
            return [BUY, PASS]
        if code == GALLERY_STEP:
            return [*self._gallery_choices(), PASS]
        if code == GAIN_SIGN:
            return [SIGN[s] for s in range(1, SHOPS + 1) if owner[s] == me and not self.sign[s]]
        if code == LOSE_SIGN:
            return [UNSIGN[s] for s in range(1, SHOPS + 1) if owner[s] == me and self.sign[s]]
        if code == SELL_STEP:
            debtor, amount = step[1], step[3]
            out: list[Action] = [SELL[s] for s in range(1, SHOPS + 1) if owner[s] == debtor]
            if self.cash[debtor] >= amount:
                out.append(PAY)
            return out
        return []

    def _gallery_choices(self) -> list[Action]:
        """E and F: the galleries the player may create or merge standing on their own shop, that they can pay."""
        me, t = self.player, self.t
        here = t.shop_at[self.pos[me]]
        cash = self.cash[me]
        out: list[Action] = []
        g = self.gallery_of[here]
        if g < 0:
            if here in self.bought:
                return []
            free = [s for s in range(1, SHOPS + 1)
                    if self.owner[s] == me and self.gallery_of[s] < 0 and s != here and s not in self.bought]
            base = t.income[here]
            inc = t.income
            out.extend(Gallery(a, b) for a, b in combinations(free, 2) if base + inc[a] + inc[b] <= cash)
        else:
            value = self._gallery_value(g)
            for k, other in enumerate(self.galleries):
                if k != g and self.owner[other[0]] == me and value + self._gallery_value(k) <= cash:
                    out.append(MERGE[other[0]])
        return out

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.actor != CHANCE:
            return []
        step = self.queue[0]
        code = step[0]
        if code == DEAL_STEP:
            free = [s for s in range(1, SHOPS + 1) if self.owner[s] < 0]
            return [(DEAL[s], 1 / len(free)) for s in free]
        if code == START_DIE:
            return [(DIE[f], 1 / 6) for f in range(1, 7)]
        if code == ROLL_STEP:
            return [(ROLL[a][b], 1 / 36) for a in range(1, 7) for b in range(1, 7)]
        if code == FREE_SHOP:
            free = [s for s in range(1, SHOPS + 1) if self.owner[s] < 0]
            return [(FREE[s], 1 / len(free)) for s in free]
        ids, probs = self._pile(step)
        return [(Draw(i), p) for i, p in zip(ids, probs, strict=True)]

    def _pile(self, step: Step) -> tuple[tuple[str, ...], tuple[float, ...]]:
        if step[0] == BANKRUPT_CARD:
            return self.t.shop_piles[PILES[step[1]]]
        return self.t.piles[PILES[step[1]]]

    def sample_chance(self, rng: random.Random) -> Action:
        if self.actor != CHANCE:
            raise IllegalActionError("no chance event is pending here")
        step = self.queue[0]
        code = step[0]
        if code == ROLL_STEP:
            return ROLL[1 + int(rng.random() * 6)][1 + int(rng.random() * 6)]
        if code == START_DIE:
            return DIE[1 + int(rng.random() * 6)]
        if code in (DEAL_STEP, FREE_SHOP):
            free = [s for s in range(1, SHOPS + 1) if self.owner[s] < 0]
            return (DEAL if code == DEAL_STEP else FREE)[free[int(rng.random() * len(free))]]
        ids, probs = self._pile(step)
        r = rng.random()
        acc = 0.0
        for card, p in zip(ids, probs, strict=True):
            acc += p
            if r < acc:
                return Draw(card)
        return Draw(ids[-1])

    def is_legal(self, action: Action) -> bool:
        if self.actor == CHANCE:
            step = self.queue[0]
            code = step[0]
            if isinstance(action, Draw):
                return code in (DOUBLE_CARD, MAIL, BUREAU_CARD, RED_CARD, BANKRUPT_CARD) and \
                    action.card in self._pile(step)[0]
            if isinstance(action, Roll):
                return code == ROLL_STEP and 1 <= action.a <= 6 and 1 <= action.b <= 6
            if isinstance(action, Die):
                return code == START_DIE and 1 <= action.face <= 6
            if isinstance(action, Deal):
                return code == DEAL_STEP and 1 <= action.shop <= SHOPS and self.owner[action.shop] < 0
            if isinstance(action, FreeShopDrawn):
                return code == FREE_SHOP and 1 <= action.shop <= SHOPS and self.owner[action.shop] < 0
            return False
        if self.actor < 0:
            return False
        if isinstance(action, Merge) and 1 <= action.shop <= SHOPS and self.gallery_of[action.shop] >= 0:
            action = MERGE[self.galleries[self.gallery_of[action.shop]][0]]  # a gallery by any of its shops
        return action in self._choices(self.queue[0])

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def illegal(self, action: Action, legal: list[Action]) -> IllegalActionError:
        from .texts import CATALOG

        allowed = allowed_list([a.text() for a in legal])
        key = "not_legal"
        if self.actor == TERMINAL:
            key = "game_over"
        elif self.actor == CHANCE:
            key = "chance_pending"
        elif self.queue[0][0] == GALLERY_STEP and isinstance(action, Gallery | Merge):
            key = "gallery_not_allowed"
        elif isinstance(action, Sell) and self.queue[0][0] == SELL_STEP:
            key = "not_your_shop"
        elif isinstance(action, PayDebt) and self.queue[0][0] == SELL_STEP:
            key = "cannot_pay_yet"
        reason = Reason(key, {"action": action.text(), "allowed": allowed})
        return IllegalActionError(CATALOG.reason("en", reason) or key, reason)

    # --- applying -----------------------------------------------------------------------------
    def apply_legal(self, action: Action) -> None:
        step = self.queue.pop(0)
        code = step[0]
        match action:
            case Draw(card=card_id):
                self._card(step, self.t.cards[card_id])
            case Roll(a=a, b=b):
                self._roll(a, b)
            case Die(face=face):
                self._start_die(face)
            case Deal(shop=shop):
                self._deal(shop)
            case FreeShopDrawn(shop=shop):
                self._take_free_shop(shop)
            case Buy():
                self._buy()
            case Pass():
                self._emit("declined", seat=self.player, what=STEP_NAMES[code])
            case Gallery(a=a, b=b):
                self._create_gallery(a, b)
            case Merge(shop=shop):
                self._merge(shop)
            case Sign(shop=shop):
                self._gain_sign(shop)
            case Unsign(shop=shop):
                self._lose_sign(shop)
            case Sell(shop=shop):
                self._sell(step, shop)
            case PayDebt():
                self._transfer(step[1], step[2], step[3], step[4])
            case _:
                raise IllegalActionError(f"{action!r} is not a Luxembourg-Shopping action")
        self._run()

    def _run(self) -> None:
        """Carry out steps until one waits for chance or a seat, or the game is over."""
        queue = self.queue  # changed in place only
        while self.actor != TERMINAL:
            if not queue:
                raise AssertionError("the turn's queue ran dry")
            step = queue[0]
            code = step[0]
            if code in CHANCE_STEPS:
                self.actor = CHANCE
                return
            if code in DECISIONS:
                choices = self._choices(step)
                if len(choices) > 1:
                    self.actor = step[1] if code == SELL_STEP else self.player
                    return
                if choices:  # one way only: taken at once
                    self.apply_legal_forced(choices[0])
                    continue
                queue.pop(0)
                if code == SELL_STEP:  # nothing left to sell and still short: ruined (G)
                    self._ruin(step[1], step[2])
                elif code in (GAIN_SIGN, LOSE_SIGN):
                    self._emit("no_sign_choice", seat=self.player, what=STEP_NAMES[code])
                continue
            queue.pop(0)
            if code == MOVE:
                self._move()
            elif code == LAND:
                self._land()
            elif code == PAYMENT:
                self._payment(step)
            elif code == END_TURN:
                self._end_turn()

    def apply_legal_forced(self, action: Action) -> None:
        """A decision with one choice, made for the seat (it is not in the record: replay makes it again)."""
        step = self.queue.pop(0)
        if isinstance(action, PayDebt):
            self._transfer(step[1], step[2], step[3], step[4])
        elif isinstance(action, Sell):
            self._sell(step, action.shop)
        elif isinstance(action, Sign):
            self._gain_sign(action.shop)
        elif isinstance(action, Unsign):
            self._lose_sign(action.shop)
        elif isinstance(action, Pass):
            pass
        else:  # pragma: no cover - buying and galleries always offer « pass » as well
            raise AssertionError(f"{action!r} taken without asking")

    # --- A. the start -------------------------------------------------------------------------
    def _deal(self, shop: int) -> None:
        """« il distribuera au hasard 6 "Cartes Commerçant" par personne », one at a time around the table."""
        seat = self.dealt % self.n
        self.owner[shop] = seat
        self.dealt += 1
        self._emit("deal", seat=seat, shop=shop)
        if self.dealt < DEALT * self.n:
            self.queue.insert(0, (DEAL_STEP,))
        else:
            self.queue.insert(0, (START_DIE,))

    def _start_die(self, face: int) -> None:
        """« leur demandera de jeter chacun un dé. Le joueur qui fait le plus petit score commence » (RULINGS: one
        die each; the players tied for the lowest roll again)."""
        k = sum(1 for s in self.start_group if self.start_rolls[s])
        seat = self.start_group[k]
        self.start_rolls[seat] = face
        self._emit("start_die", seat=seat, face=face)
        if k + 1 < len(self.start_group):
            self.queue.insert(0, (START_DIE,))
            return
        low = min(self.start_rolls[s] for s in self.start_group)
        tied = [s for s in self.start_group if self.start_rolls[s] == low]
        if len(tied) > 1:
            self._emit("start_tie", seats=tied)
            self.start_group = tied
            for s in tied:
                self.start_rolls[s] = 0
            self.queue.insert(0, (START_DIE,))
            return
        self.starter = self.player = tied[0]
        self.round = 1
        self._emit("starts", seat=self.player)
        self._begin_turn()

    # --- B. a turn ----------------------------------------------------------------------------
    def _begin_turn(self) -> None:
        self.bought = []
        self.dice = (0, 0)
        self.turns += 1
        self._emit("turn", seat=self.player, round=self.round)
        self.queue[:0] = [(ROLL_STEP,), (END_TURN,)]

    def _roll(self, a: int, b: int) -> None:
        self.dice = (a, b)
        self._emit("roll", seat=self.player, a=a, b=b)
        if a == b:
            # B4. « vous devez piocher 2 "Cartes Correspondance" (1 du côté pair et 1 du côté impair) … Après avoir
            # effectué ces opérations et seulement après, vous bougez votre pion ».
            self.queue[:0] = [(DOUBLE_CARD, EVEN), (DOUBLE_CARD, ODD), (MOVE,)]
        else:
            self.queue.insert(0, (MOVE,))

    @property
    def parity(self) -> int:
        """The pile the turn's mail and bankruptcy draw from: even or odd, by the dice total (RULINGS)."""
        return EVEN if (self.dice[0] + self.dice[1]) % 2 == 0 else ODD

    def _move(self) -> None:
        me = self.player
        before = self.pos[me]
        after = (before + self.dice[0] + self.dice[1] - 1) % self.t.size + 1
        self.pos[me] = after
        self._emit("move", seat=me, square=after)
        self.queue.insert(0, (LAND,))

    def _land(self) -> None:
        """B1–B3 and B5–B8: what the square the pawn stands on does."""
        me, t = self.player, self.t
        square = self.pos[me]
        kind = t.kind[square]
        if kind == SHOP:
            shop = t.shop_at[square]
            holder = self.owner[shop]
            if holder == me:  # B1, and E/F's « Tarifs de passage » for one's own gallery
                self._receive(me, self._visit_value(shop), "own_shop", shop=shop)
                steps: list[Step] = [(GALLERY_STEP,), (MAIL, self.parity)]
            elif holder >= 0:  # B2
                steps = [(PAYMENT, me, holder, self._visit_value(shop), 0), (MAIL, self.parity)]
            elif self.moved[me] and self.cash[me] >= t.price[shop]:  # B3
                steps = [(BUY_STEP,), (MAIL, self.parity)]
            else:
                self._emit("cannot_buy", seat=me, shop=shop, first_move=not self.moved[me])
                steps = [(MAIL, self.parity)]
            self.queue[:0] = steps
        elif kind == BOUTON_ROUGE:  # B5
            self.queue.insert(0, (RED_CARD, RED))
        elif kind == BUREAU:  # B6
            self.queue.insert(0, (BUREAU_CARD, self.parity))
        elif kind == BONUS:  # B7
            self._free_shop()
        elif kind == BANKRUPTCY:  # B8
            self._bankruptcy()

    def _visit_value(self, shop: int) -> int:
        """B1/B2 and « Tarifs de passage »: the zone's amount, or the whole gallery's value; a sign adds 5 000."""
        g = self.gallery_of[shop]
        value = self._gallery_value(g) if g >= 0 else self.t.income[shop]
        return value + (SIGN_BONUS if self.sign[shop] else 0)

    def _gallery_value(self, g: int) -> int:
        """E: « la valeur des zones de chacune des cartes qui la compose »."""
        income = self.t.income
        return sum(income[s] for s in self.galleries[g])

    def _buy(self) -> None:
        me = self.player
        shop = self.t.shop_at[self.pos[me]]
        price = self.t.price[shop]
        self.cash[me] -= price
        self.bank += price
        self.owner[shop] = me
        self.bought.append(shop)
        self._emit("buy", seat=me, shop=shop, amount=price)

    def _end_turn(self) -> None:
        me = self.player
        self.moved[me] = True
        if self.actor == TERMINAL:
            return
        nxt = next_seat(me, self.left)
        if passes(self.starter, me, nxt, self.n):  # a round ends when the turn passes the player who started
            self.round += 1
            if self.rounds and self.round > self.rounds:
                self._finish(-1, "rounds_limit")
                return
        self.player = nxt
        self._begin_turn()

    # --- C. mail, B5/B6 cards, B4 doubles, D bankruptcy -----------------------------------------------
    def _card(self, step: Step, card: Card) -> None:
        code = step[0]
        me = self.player
        self.last_card = card.id
        self.last_half = "bottom" if code == BUREAU_CARD else "top"
        if code == DOUBLE_CARD:
            shop = card.shop
            gained = bool(shop) and self.owner[shop] == me and not self.sign[shop]
            self._emit("double_card", seat=me, card=card.id, pile=card.deck, shop=shop, sign=gained,
                       owner=self.owner[shop] if shop else -1)
            if gained:
                self._gain_sign(shop)
            return
        if code == BANKRUPT_CARD:
            self._emit("bankruptcy_card", seat=me, card=card.id, pile=card.deck, shop=card.shop)
            self._lose_by_bankruptcy(card.shop)
            return
        if code == BUREAU_CARD:
            assert card.bottom is not None
            self._emit("bureau_card", seat=me, card=card.id, pile=card.deck, effect=card.bottom)
            self._effect(card.bottom)
            return
        if code == RED_CARD:
            self._emit("red_card", seat=me, card=card.id, effect=card.top)
            self._effect(card.top)
            return
        # MAIL (C): the upper half.
        shop = card.shop
        if not shop:
            self._emit("mail_card", seat=me, card=card.id, pile=card.deck, effect=card.top)
            self._effect(card.top)
            return
        holder = self.owner[shop]
        self._emit("mail_card", seat=me, card=card.id, pile=card.deck, shop=shop, owner=holder)
        if holder == me:
            if self.t.shop_at[self.pos[me]] == shop:  # the jackpot, instead of the amount (RULINGS)
                # RULINGS: the jackpot replaces the amount; H.2: a sign adds 5 000 to « toute transaction ».
                self._receive(me, JACKPOT + (SIGN_BONUS if self.sign[shop] else 0), "jackpot", shop=shop)
            else:
                self._receive(me, self._mail_value(shop), "mail", shop=shop)
        elif holder >= 0:  # « le propriétaire de ce commerce devra vous payer immédiatement »
            self.queue.insert(0, (PAYMENT, holder, me, self._mail_value(shop), 1))

    def _mail_value(self, shop: int) -> int:
        """C: the zone's amount, « doublé si celui-ci appartient à une galerie », a sign adding 5 000 (H.2)."""
        value = self.t.income[shop] * (2 if self.gallery_of[shop] >= 0 else 1)
        return value + (SIGN_BONUS if self.sign[shop] else 0)

    def _effect(self, effect: dict[str, Any]) -> None:
        """A card's action, one of the effect kinds (``datamodel.EFFECT_KINDS``)."""
        me = self.player
        kind = effect["kind"]
        if kind == "receive":
            self._receive(me, effect["amount"], "card")
        elif kind == "pay":
            self.queue.insert(0, (PAYMENT, me, BANK, effect["amount"], 2))
        elif kind == "receive_from_each":
            others = [(me + k) % self.n for k in range(1, self.n)]
            self.queue[:0] = [(PAYMENT, q, me, effect["amount"], 3) for q in others if not self.left[q]]
        elif kind == "pay_each":
            others = [(me + k) % self.n for k in range(1, self.n)]
            self.queue[:0] = [(PAYMENT, me, q, effect["amount"], 3) for q in others if not self.left[q]]
        elif kind == "move_to":
            if self.pos[me] == effect["square"]:  # P: sent where it stands, the pawn does not move: no new arrival
                self._emit("stays", seat=me, square=effect["square"])
            else:
                self.pos[me] = effect["square"]
                self._emit("move", seat=me, square=effect["square"])
                self.queue.insert(0, (LAND,))
        elif kind == "gain_sign":
            self.queue.insert(0, (GAIN_SIGN,))
        elif kind == "lose_sign":
            self.queue.insert(0, (LOSE_SIGN,))
        elif kind == "bankruptcy":
            self._bankruptcy()
        elif kind == "free_shop":
            self._free_shop()

    def _free_shop(self) -> None:
        """B7: « il vous présente les "Cartes Commerçant" libres et vous en tirez une au hasard »."""
        if any(o < 0 for o in self.owner[1:]):
            self.queue.insert(0, (FREE_SHOP,))
        else:
            self._emit("no_free_shop", seat=self.player)

    def _take_free_shop(self, shop: int) -> None:
        self.owner[shop] = self.player
        self._emit("free_shop", seat=self.player, shop=shop)

    def _bankruptcy(self) -> None:
        """D: a « Correspondance » card from the turn's pile names the shop lost (nothing to lose: nothing drawn)."""
        if self.player in self.owner:
            self.queue.insert(0, (BANKRUPT_CARD, self.parity))
        else:
            self._emit("nothing_to_lose", seat=self.player)

    def _lose_by_bankruptcy(self, drawn: int) -> None:
        """D: « Vous perdez en priorité la carte égale ; si vous ne la possédez pas, vous perdez la carte au premier
        chiffre supérieur … S'il n'y a pas de carte supérieure, vous perdez le commerce avec le plus petit numéro »."""
        mine = [s for s in range(1, SHOPS + 1) if self.owner[s] == self.player]
        lost = next((s for s in mine if s >= drawn), mine[0])
        self._emit("bankrupt_shop", seat=self.player, shop=lost, drawn=drawn)
        self._give_back(lost)

    def _give_back(self, shop: int) -> None:
        """A shop returns to the bank: « Si ce commerce possédait une enseigne, elle disparaît. Si ce commerce faisait
        partie d'une galerie, cette galerie est dissoute »."""
        self.owner[shop] = -1
        self.sign[shop] = False
        g = self.gallery_of[shop]
        if g >= 0:
            self._emit("dissolved", seat=self.player, shops=list(self.galleries[g]))
            del self.galleries[g]
            self._index_galleries()

    # --- E, F. galleries ----------------------------------------------------------------------------
    def _create_gallery(self, a: int, b: int) -> None:
        me = self.player
        here = self.t.shop_at[self.pos[me]]
        shops = sorted((here, a, b))
        cost = sum(self.t.income[s] for s in shops)
        self._pay_bank(me, cost)
        self.galleries.append(shops)
        self.galleries.sort()
        self._index_galleries()
        self._emit("gallery", seat=me, shops=shops, amount=cost)
        self._check_win(me)

    def _merge(self, shop: int) -> None:
        me = self.player
        here = self.t.shop_at[self.pos[me]]
        g, h = self.gallery_of[here], self.gallery_of[shop]
        cost = self._gallery_value(g) + self._gallery_value(h)  # F: « Coût d'une fusion de deux galeries »
        self._pay_bank(me, cost)
        merged = sorted(self.galleries[g] + self.galleries[h])
        self.galleries = sorted([x for k, x in enumerate(self.galleries) if k not in (g, h)] + [merged])
        self._index_galleries()
        self._emit("merge", seat=me, shops=merged, amount=cost)
        self._check_win(me)

    def _index_galleries(self) -> None:
        gallery_of = [-1] * (SHOPS + 1)
        for k, shops in enumerate(self.galleries):
            for s in shops:
                gallery_of[s] = k
        self.gallery_of = gallery_of

    # --- H. signs -----------------------------------------------------------------------------------
    def _gain_sign(self, shop: int) -> None:
        self.sign[shop] = True
        self._emit("sign", seat=self.player, shop=shop)
        self._check_win(self.player)

    def _lose_sign(self, shop: int) -> None:
        self.sign[shop] = False
        self._emit("unsign", seat=self.player, shop=shop)

    # --- money and G. a player who cannot pay ---------------------------------------------------------
    def _receive(self, seat: int, amount: int, why: str, shop: int = 0) -> None:
        self.cash[seat] += amount
        self.bank -= amount
        self._emit("receive", seat=seat, amount=amount, why=why, shop=shop)

    def _pay_bank(self, seat: int, amount: int) -> None:
        self.cash[seat] -= amount
        self.bank += amount

    def _payment(self, step: Step) -> None:
        debtor, amount = step[1], step[3]
        if self.left[debtor]:
            return
        if self.cash[debtor] >= amount:
            self._transfer(debtor, step[2], amount, step[4])
        else:  # G: sell shops to the bank until the debt can be paid
            self._emit("short", seat=debtor, amount=amount, cash=self.cash[debtor])
            self.queue.insert(0, (SELL_STEP, *step[1:]))

    def _transfer(self, debtor: int, creditor: int, amount: int, why: int) -> None:
        self.cash[debtor] -= amount
        if creditor == BANK or self.left[creditor]:
            self.bank += amount
        else:
            self.cash[creditor] += amount
        self._emit("pay", seat=debtor, to=creditor, amount=amount, why=WHY[why])

    def _sell(self, step: Step, shop: int) -> None:
        """G: « Chaque commerce est revendu à 50% de sa valeur d'achat … il peut profiter de l'occasion pour en revendre
        plusieurs »: the seat goes on choosing until it pays."""
        debtor = step[1]
        price = self.t.price[shop] // 2
        self.cash[debtor] += price
        self.bank -= price
        self._emit("sell", seat=debtor, shop=shop, amount=price)
        self.owner[shop] = -1
        self.sign[shop] = False
        g = self.gallery_of[shop]
        if g >= 0:
            self._emit("dissolved", seat=debtor, shops=list(self.galleries[g]))
            del self.galleries[g]
            self._index_galleries()
        self.queue.insert(0, step)

    def _ruin(self, debtor: int, creditor: int) -> None:
        """RULINGS: one who cannot pay after selling every shop pays what they have and leaves the game."""
        cash = self.cash[debtor]
        self.cash[debtor] = 0
        if creditor == BANK or self.left[creditor]:
            self.bank += cash
        else:
            self.cash[creditor] += cash
        self.left[debtor] = 1 + max(self.left)
        self._emit("ruined", seat=debtor, to=creditor, amount=cash)
        for s in range(1, SHOPS + 1):
            if self.owner[s] == debtor:
                self.owner[s] = -1
                self.sign[s] = False
        self.galleries = [g for g in self.galleries if self.owner[g[0]] >= 0]
        self._index_galleries()
        if debtor == self.player:  # their turn ends here
            self.queue[:] = [(END_TURN,)]
        else:
            self.queue[:] = [s for s in self.queue if not (s[0] == PAYMENT and s[1] == debtor)]
        remaining = [s for s in range(self.n) if not self.left[s]]
        if len(remaining) == 1:  # I.3 « Avoir mis en faillite tous vos adversaires »
            self._finish(remaining[0], "last_standing")

    # --- I. how to win ------------------------------------------------------------------------------
    def signs_of(self, seat: int) -> int:
        return sum(1 for s in range(1, SHOPS + 1) if self.sign[s] and self.owner[s] == seat)

    def _check_win(self, seat: int) -> None:
        if self.actor == TERMINAL:
            return
        if self.signs_of(seat) >= SIGNS_TO_WIN[self.n]:
            self._finish(seat, "signs")
        elif any(len(g) >= GALLERY_TO_WIN[self.n] and self.owner[g[0]] == seat for g in self.galleries):
            self._finish(seat, "gallery")

    def _finish(self, winner: int, how: str) -> None:
        self.winner, self.termination = winner, how
        self.actor = TERMINAL
        self.queue.clear()
        self._emit("game_end", seat=winner, how=how, cash=list(self.cash), signs=[self.signs_of(s)
                                                                                  for s in range(self.n)])

    def standing(self, seat: int) -> tuple[int, ...]:
        """I, for a game stopped early: « le plus d'enseignes, … la plus grande galerie, … le plus de galeries, … le
        plus de commerces, … le plus d'argent »; a seat that left ranks below the others, the last to leave first."""
        mine = [g for g in self.galleries if self.owner[g[0]] == seat]
        if self.left[seat]:
            return (0, self.left[seat], 0, 0, 0, 0, 0)
        return (1, 0, self.signs_of(seat), max((len(g) for g in mine), default=0), len(mine),
                sum(1 for o in self.owner if o == seat), self.cash[seat])

    def outcome(self) -> Outcome:
        if self.actor != TERMINAL:
            raise ValueError("the game is not over")
        standings = [self.standing(s) for s in range(self.n)]
        ranks = rank_keys([(1 if s == self.winner else 0, *standings[s]) for s in range(self.n)])
        # the ranking shows what decided it: the signs, the largest gallery, the galleries, the shops, the cash
        columns = tuple((key, tuple(st[k] for st in standings)) for k, key in enumerate(RANKING_COLUMNS, start=2))
        return Outcome(tuple(self.cash), ranks, tuple(s for s in range(self.n) if ranks[s] == 1), self.termination,
                       columns)

    def seats_out(self) -> list[int]:
        return [s for s in range(self.n) if self.left[s]]

    def check_invariants(self) -> None:
        assert sum(self.cash) + self.bank == START_CASH * self.n, "money was made or lost"
        assert all(c >= 0 for c in self.cash), f"negative cash {self.cash}"
        for s in range(1, SHOPS + 1):
            assert not self.sign[s] or self.owner[s] >= 0, f"a sign on free shop {s}"
            assert self.owner[s] < 0 or not self.left[self.owner[s]], f"shop {s} held by a seat out of the game"
        seen: list[int] = []
        for k, g in enumerate(self.galleries):
            assert len(g) >= 3 and len({self.owner[s] for s in g}) == 1 and self.owner[g[0]] >= 0, g
            assert all(self.gallery_of[s] == k for s in g)
            seen.extend(g)
        assert len(seen) == len(set(seen)) == sum(1 for x in self.gallery_of if x >= 0)

    # --- snapshots and views ------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        from .snapshot import state_to_json

        return state_to_json(self)

    def observation(self, seat: int | None) -> dict[str, Any]:
        from .view import observe

        return observe(self, seat)

    def resample(self, seat: int, rng: random.Random) -> LuxembourgState:
        """Nothing is hidden (RULINGS: shops, galleries, signs and cash are public; a drawn card goes back into its
        pile, so the piles hold no order to guess)."""
        return self.clone()

    def data_files(self) -> dict[str, tuple[str, str]]:
        return dict(self.t.files)
