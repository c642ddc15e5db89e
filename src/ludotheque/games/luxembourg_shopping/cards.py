"""The cards (rulebook C, « Procédure d'ouverture de votre courrier », D, « Procédure de faillite d'un de vos
commerces », and the cards drawn in B4–B8).

C: on a shop, « vous tirez une "Carte Correspondance" dans la pile paire ou impaire » by the dice, and read its upper
half: « un commerce, une action à réaliser ou le jackpot ». B4: a double draws one card from each pile, and a sign for
each that names a shop of one's own. B5: a « Bouton Rouge » card. B6: the lower half, « Bureau », of a card from the
turn's pile. B7: « il vous présente les "Cartes Commerçant" libres et vous en tirez une au hasard ». B8 and D: « La
procédure de faillite est toujours la même »: a card from the turn's pile names the shop lost. What a card does is read
from its data (``tables.py``), one of the effect kinds of ``datamodel.py``.
"""

from __future__ import annotations

from typing import Any

from .data import (
    BANK,
    BANKRUPT_CARD,
    BUREAU_CARD,
    DOUBLE_CARD,
    FREE_SHOP,
    GAIN_SIGN,
    LAND,
    LOSE_SIGN,
    PAYMENT,
    RED_CARD,
    LuxembourgData,
    Step,
)
from .datamodel import SHOPS
from .signs import SIGN_BONUS
from .tables import Card

JACKPOT = 50_000
"""C. « Ainsi vous touchez le jackpot, soit 50 000 »."""


class CardRules(LuxembourgData):
    __slots__ = ()

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
