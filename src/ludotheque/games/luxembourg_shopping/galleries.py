"""Galleries (rulebook E, « Les galeries commerciales », and F, « Fusions de galeries »).

E: standing on a shop of one's own, « Prendre obligatoirement le commerce sur lequel votre pion se trouve et qui vous
appartient, ajoutez 2 de vos commerces au choix », for « la valeur des zones de chacune des cartes qui la compose »;
not a shop bought in the same turn (B3: « Il est interdit lors du même tour de jeu d'acheter un commerce et de le
mettre dans une galerie commerciale »). F: standing on a shop of one's own in a gallery, merge that gallery with
another of one's own, for « la valeur des zones de chacune des cartes qui la composent ». A gallery's value is also what
a visit costs or pays (« Tarifs de passage », in ``turn.py``).
"""

from __future__ import annotations

from itertools import combinations

from ...engine.state import Action
from .actions import MERGE, Gallery
from .data import LuxembourgData
from .datamodel import SHOPS


class GalleryRules(LuxembourgData):
    __slots__ = ()

    # --- E, F. galleries ----------------------------------------------------------------------------
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

    def _gallery_value(self, g: int) -> int:
        """E: « la valeur des zones de chacune des cartes qui la compose »."""
        income = self.t.income
        return sum(income[s] for s in self.galleries[g])

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
