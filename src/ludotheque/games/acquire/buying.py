"""Buying shares (rulebook §4.6) and the card variant ("Variante avec cartes").

At most 3 shares a turn (5 with Fièvre acheteuse), of chains on the board, within the bank's stock and
the player's cash. A player who placed no tile still buys. Cards: each player holds the five cards
once and plays at most one a turn.
"""

from __future__ import annotations

from ...engine.state import CHANCE, Action
from .actions import ANNOUNCE, BUY, DONE, PLAY_CARD, Card, Exchange
from .chains import CHAINS, END_SIZE, NUM_CHAINS, PRICE, SAFE_SIZE
from .data import AcquireData, Phase

FORESIGHT_TILES = 5
"""Vision d'avenir: "Vous prenez 5 jetons au début de votre tour"."""
GROWTH_TILES = 4
"""Croissance rapide: "jusqu'à 4 hôtels à ce tour"."""
SPREE_SHARES = 5
"""Fièvre acheteuse: "jusqu'à 5 actions à ce tour"."""
FREE_SHARES = 3
"""Héritage: "Les actions (3 maximum) que vous achetez à ce tour sont gratuites"."""
EXCHANGES = 3
"""O.P.E.: "jusqu'à 3 fois"."""


CARDS_AT_BUY = (1 << Card.BUYING_SPREE) | (1 << Card.INHERITANCE) | (1 << Card.EXCHANGE)


class BuyingRules(AcquireData):
    __slots__ = ()

    def end_possible(self) -> bool:
        """§5: a chain of 41 hotels or more, or the second condition as the option ``end_rule`` reads it."""
        size = self.size
        if max(size) >= END_SIZE:
            return True
        on_board = 0
        for s in size:
            if s:
                if s < SAFE_SIZE:
                    return False
                on_board += 1
        # seed: "7 chaînes de plus de 10 hôtels"; classic: every chain on the board is safe.
        return on_board > 0 and (self.end_classic or on_board == NUM_CHAINS)

    def buy_actions(self) -> list[Action]:
        p = self.turn_player
        out: list[Action] = []
        if self.bought < self.buy_limit:
            cash = self.cash[p]
            free = self.free_left > 0
            size, bank = self.size, self.bank
            for c in range(NUM_CHAINS):
                s = size[c]
                if s and bank[c] and (free or PRICE[c][s] <= cash):
                    out.append(BUY[c])
        if self.exchanges_left:
            out.extend(self.exchange_choices())
        if self.cards_variant and not self.card_played:
            mine = self.cards[p]
            for card in (Card.BUYING_SPREE, Card.INHERITANCE, Card.EXCHANGE):
                if mine >> card & 1 and (card != Card.INHERITANCE or not self.bought):
                    out.append(PLAY_CARD[card])
        if self._may_announce():
            out.append(ANNOUNCE)
        out.append(DONE)
        return out

    def exchange_choices(self) -> list[Action]:
        """O.P.E.: two of the player's shares of chains on the board for one of the bank's (also active)."""
        held = self.shares[self.turn_player]
        active = [c for c in range(NUM_CHAINS) if self.size[c]]
        takes = [c for c in active if self.bank[c]]
        out: list[Action] = []
        for i, a in enumerate(active):
            for b in active[i:]:
                if (held[a] >= 2) if a == b else (held[a] and held[b]):
                    # A share of a chain given would only cost a share for nothing: not offered.
                    out.extend(Exchange((a, b), t) for t in takes if t != a and t != b)
        return out

    def _enter_buy(self) -> None:
        self._set_phase(Phase.BUY, self.turn_player)
        self._close_buy_if_done()

    def _close_buy_if_done(self) -> None:
        """When "done" is all that is left to choose, the turn goes on by itself."""
        if self.phase == Phase.BUY and not self._buy_has_choice():
            self._end_turn()

    def _buy_has_choice(self) -> bool:
        """Whether ``buy_actions`` holds more than "done" (without building it)."""
        if self.bought < self.buy_limit:
            cash = self.cash[self.turn_player]
            free = self.free_left > 0
            size, bank = self.size, self.bank
            for c in range(NUM_CHAINS):
                s = size[c]
                if s and bank[c] and (free or PRICE[c][s] <= cash):
                    return True
        if self.exchanges_left and self.exchange_choices():
            return True
        if self.cards_variant and not self.card_played and self.cards[self.turn_player] & CARDS_AT_BUY:
            return True
        return self._may_announce()

    def _may_announce(self) -> bool:
        """§5: « dès que l'un des joueurs, après avoir posé un pion, annonce … » — only after placing a tile."""
        return self.placed > 0 and not self.announced and self.end_possible()

    def _buy(self, chain: int) -> None:
        p = self.turn_player
        price = 0 if self.free_left else PRICE[chain][self.size[chain]]
        if self.free_left:
            self.free_left -= 1
        self.cash[p] -= price
        self.bank_in += price
        self.bank[chain] -= 1
        self.shares[p][chain] += 1
        self.bought += 1
        if self.events is not None:
            self._emit("buy", seat=p, chain=CHAINS[chain], price=price)

    def _exchange(self, action: Exchange) -> None:
        p = self.turn_player
        for c in action.give:
            self.shares[p][c] -= 1
            self.bank[c] += 1
        self.shares[p][action.take] += 1
        self.bank[action.take] -= 1
        self.exchanges_left -= 1
        self._emit("exchange", seat=p, give=[CHAINS[c] for c in action.give], take=CHAINS[action.take])

    def _announce(self) -> None:
        # §5: "Après son annonce, ce joueur a encore la possibilité d'acheter 1, 2 ou 3 actions."
        self.announced = True
        self._emit("announce", seat=self.turn_player)

    def _play_card(self, card: Card) -> None:
        p = self.turn_player
        self.cards[p] &= ~(1 << card)
        self.card_played = True
        self._emit("card", seat=p, card=card.name.lower())
        if card == Card.BUYING_SPREE:
            self.buy_limit = SPREE_SHARES
        elif card == Card.INHERITANCE:
            self.free_left = FREE_SHARES
        elif card == Card.EXCHANGE:
            self.exchanges_left = EXCHANGES
        elif card == Card.RAPID_GROWTH:
            self.place_limit = GROWTH_TILES
        elif card == Card.FORESIGHT:
            self.draw_seat = min(FORESIGHT_TILES, len(self.bag))
            self._set_phase(Phase.FORESIGHT_DRAW, CHANCE)

    def place_card_actions(self) -> list[Action]:
        """Cards played at the start of the turn, before the first tile."""
        if not self.cards_variant or self.card_played or self.placed:
            return []
        mine = self.cards[self.turn_player]
        out: list[Action] = []
        if mine >> Card.FORESIGHT & 1 and self.bag:
            out.append(PLAY_CARD[Card.FORESIGHT])
        if mine >> Card.RAPID_GROWTH & 1 and self.place_options:
            out.append(PLAY_CARD[Card.RAPID_GROWTH])
        return out

