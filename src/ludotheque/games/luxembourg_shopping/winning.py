"""How to win (rulebook I, « Comment gagner ? »), and the ranking of a game stopped early.

« 1- Avoir un certain nombre d'enseignes ou 2- Avoir une galerie d'une certaine taille ou … 3- Avoir mis en faillite
tous vos adversaires », the numbers by the player count. « Si vous décidez d'arrêter la partie en cours ou à une heure
déterminée, le gagnant sera par priorité » the one with the most signs, then the largest gallery, the most galleries,
the most shops, the most cash.
"""

from __future__ import annotations

from ...engine.state import TERMINAL, Outcome, rank_keys
from .data import LuxembourgData
from .datamodel import SHOPS

SIGNS_TO_WIN = {2: 6, 3: 6, 4: 5, 5: 4, 6: 3}
"""I.1: the signs that win, by the player count at the start."""
GALLERY_TO_WIN = {2: 15, 3: 15, 4: 12, 5: 9, 6: 9}
"""I.2: the shops in one gallery that win. Both from the table « NOMBRE DE JOUEURS / NOMBRE D'ENSEIGNES / NOMBRE DE
COMMERCES DANS UNE GALERIE FUSIONNEE », by the player count at the start (RULINGS)."""
RANKING_COLUMNS = ("ranking.signs", "ranking.largest_gallery", "ranking.galleries", "ranking.shops", "ranking.cash")
"""What a final ranking shows (``Outcome.columns``): ``standing``'s figures after the seat's presence, in order."""


class WinningRules(LuxembourgData):
    __slots__ = ()

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
