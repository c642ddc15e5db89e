"""The start of the game (rulebook A, « Démarrage de la partie »).

« Ce dernier distribuera à chacun la somme de 100 000. Puis il distribuera au hasard 6 "Cartes Commerçant" par
personne, et leur demandera de jeter chacun un dé. Le joueur qui fait le plus petit score commence la partie. » The
shops are dealt one at a time around the table; RULINGS: one die each, and the players tied for the lowest roll again.
The 100 000 are ``data.START_CASH``, counted out when a position is made.
"""

from __future__ import annotations

from .data import DEAL_STEP, START_DIE, LuxembourgData

DEALT = 6
"""A. « il distribuera au hasard 6 "Cartes Commerçant" par personne »."""


class StartRules(LuxembourgData):
    __slots__ = ()

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
