"""Mergers (rulebook §4.2–4.5, and the two-player rules' bank as a shareholder).

Sizes are counted before the merging tile. The largest chain survives; equal largest: the merging
player chooses. Absorbed chains are settled one at a time, largest first (equal sizes: the merging
player chooses the order): majority bonuses, then every holder, from the merging player on in seat
order, sells, trades 2 for 1 and keeps. Only then are the hotels relabelled.
"""

from __future__ import annotations

from ...engine.state import CHANCE
from .actions import Dispose
from .board import NEIGHBOURS, TILE_NAMES, column_of
from .bonuses import majority_bonuses
from .chains import CHAINS, PRICE, bonuses
from .data import EMPTY, AcquireData, Merger, Phase

BANK = -1
"""The bank as a holder, in the two-player rules."""


class MergerRules(AcquireData):
    __slots__ = ()

    def _begin_merger(self, tile: int) -> None:
        board = self.board
        involved = sorted({board[nb] for nb in NEIGHBOURS[tile] if 0 <= board[nb] < 7})
        m = self.merger = Merger(tile, involved, self.size[:])
        largest = max(m.sizes[c] for c in involved)
        tied = [c for c in involved if m.sizes[c] == largest]
        self._emit("merger", seat=self.turn_player, tile=TILE_NAMES[tile], chains=[CHAINS[c] for c in involved],
                   sizes=[m.sizes[c] for c in involved])
        if len(tied) > 1:
            # §4.2: "Si les deux chaînes sont de la même importance, le joueur doit choisir".
            self._set_phase(Phase.SURVIVOR, self.turn_player)
        else:
            self._choose_survivor(tied[0])

    def survivor_choices(self) -> list[int]:
        m = self.merger
        assert m is not None
        largest = max(m.sizes[c] for c in m.involved)
        return [c for c in m.involved if m.sizes[c] == largest]

    def _choose_survivor(self, chain: int) -> None:
        m = self.merger
        assert m is not None
        m.survivor = chain
        m.remaining = [c for c in m.involved if c != chain]
        self._emit("survivor", chain=CHAINS[chain])
        self._next_absorbed()

    def absorb_choices(self) -> list[int]:
        m = self.merger
        assert m is not None
        largest = max(m.sizes[c] for c in m.remaining)
        return [c for c in m.remaining if m.sizes[c] == largest]

    def _next_absorbed(self) -> None:
        m = self.merger
        assert m is not None
        if not m.remaining:
            self._complete_merger()
            return
        tied = self.absorb_choices()
        if len(tied) > 1:
            self._set_phase(Phase.ABSORB_ORDER, self.turn_player)
        else:
            self._settle(tied[0])

    def _settle(self, chain: int) -> None:
        m = self.merger
        assert m is not None
        m.remaining.remove(chain)
        m.current = chain
        m.bank_holding = 0
        if self.two_player and self.bag:
            # Two players: "Le banquier prend un pion, pour connaître le nombre d'actions possédées par la banque".
            self._set_phase(Phase.BANK_DRAW, CHANCE)
            return
        self._pay_and_dispose()

    def _bank_drew(self, tile: int) -> None:
        m = self.merger
        assert m is not None
        m.bank_holding = column_of(tile)
        self.bank_tiles.append(tile)  # placed once this merger is settled
        self._emit("bank_holding", tile=TILE_NAMES[tile], chain=CHAINS[m.current], shares=m.bank_holding)
        self._pay_and_dispose()

    def _pay_and_dispose(self) -> None:
        m = self.merger
        assert m is not None
        d = m.current
        self._pay_bonuses(d, m.sizes[d], m.bank_holding)
        m.disposers = [p for p in self._holders_order() if self.shares[p][d] > 0]
        self._next_disposer()

    def _pay_bonuses(self, chain: int, size: int, bank_holding: int) -> None:
        """§4.3: the bank pays the majority bonuses of ``chain`` at ``size`` hotels."""
        primary, secondary = bonuses(chain, size)
        holdings: dict[int, int] = {p: self.shares[p][chain] for p in range(self.n)}
        if self.two_player:
            holdings[BANK] = bank_holding
        for holder, amount in majority_bonuses(holdings, primary, secondary).items():
            if holder != BANK:
                self.cash[holder] += amount
                self.bank_out += amount
            self._emit("bonus", seat=holder, chain=CHAINS[chain], amount=amount)

    def _next_disposer(self) -> None:
        m = self.merger
        assert m is not None
        if m.disposers:
            self._set_phase(Phase.DISPOSE, m.disposers[0])
        else:
            self._next_absorbed()

    def disposal_choices(self) -> list[Dispose]:
        """§4.4: every split of the holder's shares into sold, traded (2 for 1) and kept."""
        m = self.merger
        assert m is not None
        held = self.shares[self.actor][m.current]
        stock = self.bank[m.survivor]
        out = []
        for sell in range(held + 1):
            top = min(held - sell, 2 * stock)
            for trade in range(0, top + 1, 2):
                out.append(Dispose(sell, trade, held - sell - trade))
        return out

    def _dispose(self, action: Dispose) -> None:
        m = self.merger
        assert m is not None
        p, d, s = self.actor, m.current, m.survivor
        # "Leur prix dépend du nombre des hôtels avant la fusion."
        income = action.sell * PRICE[d][m.sizes[d]]
        self.cash[p] += income
        self.bank_out += income
        given = action.sell + action.trade
        self.shares[p][d] -= given
        self.bank[d] += given
        self.shares[p][s] += action.trade // 2
        self.bank[s] -= action.trade // 2
        self._emit("dispose", seat=p, chain=CHAINS[d], survivor=CHAINS[s], sell=action.sell, trade=action.trade,
                   keep=action.keep, income=income)
        m.disposers.pop(0)
        self._next_disposer()

    def _complete_merger(self) -> None:
        """The absorbed chains' hotels, the merging tile and its independent neighbours join the survivor."""
        m = self.merger
        assert m is not None
        board, s = self.board, m.survivor
        absorbed = [c for c in m.involved if c != s]
        for t, v in enumerate(board):
            if v in absorbed:
                board[t] = s
        for c in absorbed:
            self.size[s] += self.size[c]
            self.size[c] = 0
        board[m.tile] = EMPTY
        self._join(m.tile, s)
        self.merger = None
        self._emit("merged", chain=CHAINS[s], size=self.size[s], absorbed=[CHAINS[c] for c in absorbed])
        self._after_tile()
