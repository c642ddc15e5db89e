"""The end of the game (rulebook §5, and the two-player rules' last paragraph).

After the announcement and the announcing player's purchases, the majority bonuses are paid for every
chain on the board, then all shares are sold; shares of chains not on the board are worth nothing. The
richest player wins; equal fortunes share the win. With two players, the bank draws one tile per chain
on the board for its holding first.
"""

from __future__ import annotations

from ...engine.state import CHANCE, TERMINAL, Outcome, rank_scores
from .board import TILE_NAMES, column_of
from .chains import CHAINS, NUM_CHAINS, PRICE
from .data import AcquireData, Phase


class EndingRules(AcquireData):
    __slots__ = ()

    def _finish(self, reason: str) -> None:
        self.end_reason = reason
        self._emit("game_end", reason=reason)
        if self.two_player:
            self.final_queue = [c for c in range(NUM_CHAINS) if self.size[c]]
            self._next_final_bank_draw()
        else:
            self._final_scoring()

    def _next_final_bank_draw(self) -> None:
        # "on tire un pion pour chaque chaîne indépendante"; with an empty bag the bank holds nothing.
        if self.final_queue and self.bag:
            self._set_phase(Phase.FINAL_BANK_DRAW, CHANCE)
        else:
            self._final_scoring()

    def _final_bank_drew(self, tile: int) -> None:
        chain = self.final_queue.pop(0)
        self.final_bank[chain] = column_of(tile)
        self.discarded.append(tile)
        self._emit("bank_holding", tile=TILE_NAMES[tile], chain=CHAINS[chain], shares=self.final_bank[chain])
        self._next_final_bank_draw()

    def _final_scoring(self) -> None:
        on_board = [c for c in range(NUM_CHAINS) if self.size[c]]
        for c in on_board:
            self._pay_bonuses(c, self.size[c], self.final_bank[c])
        for p in range(self.n):
            for c in on_board:
                held = self.shares[p][c]
                if held:
                    income = held * PRICE[c][self.size[c]]
                    self.cash[p] += income
                    self.bank_out += income
                    self.shares[p][c] = 0
                    self.bank[c] += held
                    self._emit("final_sale", seat=p, chain=CHAINS[c], shares=held, income=income)
        self._set_phase(Phase.OVER, TERMINAL)
        self._emit("final_cash", cash=list(self.cash))

    def outcome(self) -> Outcome:
        if self.phase != Phase.OVER:
            raise ValueError("the game is not over")
        scores = tuple(self.cash)
        ranks = rank_scores(scores)
        return Outcome(scores, ranks, tuple(s for s in range(self.n) if ranks[s] == 1), self.end_reason)
