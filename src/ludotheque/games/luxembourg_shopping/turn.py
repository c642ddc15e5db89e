"""A turn (rulebook B, « Déroulement du jeu »): the dice, the pawn's move, and what the square it stops on does.

B1–B3, a shop: one's own pays a bonus (and opens chapter E's galleries), another's is paid for, a free one may be
bought « sauf au premier déplacement »; then the mail (C). B4, a double: two cards, « Après avoir effectué ces
opérations et seulement après, vous bougez votre pion ». B5–B8, « Bouton Rouge », « Bureau de Monsieur Jean Poche »,
square 66 (+ 1 commerce) and square 33 (- 1 commerce): a card or a shop, and « Vous n'avez pas de courrier à
retirer ». The cards themselves are in ``cards.py``. « Vous passez les dés au joueur suivant »: the next seat still in
the game; a round ends when the turn passes the player who started (and the game, at the ``rounds`` limit).
"""

from __future__ import annotations

from ...engine.state import TERMINAL
from ...engine.turns import next_seat, passes
from .data import (
    BUREAU_CARD,
    BUY_STEP,
    DOUBLE_CARD,
    END_TURN,
    EVEN,
    GALLERY_STEP,
    LAND,
    MAIL,
    MOVE,
    ODD,
    PAYMENT,
    RED,
    RED_CARD,
    ROLL_STEP,
    LuxembourgData,
    Step,
)
from .signs import SIGN_BONUS
from .tables import BANKRUPTCY, BONUS, BOUTON_ROUGE, BUREAU, SHOP


class TurnRules(LuxembourgData):
    __slots__ = ()

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
