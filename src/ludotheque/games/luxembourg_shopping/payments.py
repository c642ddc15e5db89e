"""Money, and a player who cannot pay (rulebook G, « Impossibilité de paiement d'un des joueurs »).

« Si un joueur n'a pas l'argent nécessaire pour payer une facture quelconque, il doit vendre des commerces à Monsieur
Jean Poche pour pouvoir s'acquitter de sa dette »; « Chaque commerce est revendu à 50% de sa valeur d'achat »; « Si la
ou les cartes vendues font partie d'une galerie, cette galerie est automatiquement dissoute ainsi que les enseignes ».
RULINGS: one who cannot pay after selling every shop pays what they have and leaves the game. The bank (Monsieur Jean
Poche) counts what it takes in less what it pays out (``bank``).
"""

from __future__ import annotations

from .data import BANK, END_TURN, PAYMENT, SELL_STEP, WHY, LuxembourgData, Step
from .datamodel import SHOPS


class PaymentRules(LuxembourgData):
    __slots__ = ()

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
