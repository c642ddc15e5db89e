"""Signs (rulebook H, « Les enseignes »).

Gained by a double (B4) or a card, lost by a card (« 5. Vous pouvez perdre une enseigne sans perdre le commerce ») or
with the shop (« 4. Elles disparaissent si le commerce fait faillite »); « 2. Le fait d'avoir une enseigne sur un
commerce, majore toute transaction avec ce commerce de 5 000 » (``SIGN_BONUS``, used by the visits and the mail); « 1.
Le fait de recevoir un certain nombre d'enseignes est une des solutions pour gagner la partie » (I.1, ``winning.py``).
"""

from __future__ import annotations

from .data import LuxembourgData

SIGN_BONUS = 5_000
"""H.2. « Le fait d'avoir une enseigne sur un commerce, majore toute transaction avec ce commerce de 5 000 »."""


class SignRules(LuxembourgData):
    __slots__ = ()

    # --- H. signs -----------------------------------------------------------------------------------
    def _gain_sign(self, shop: int) -> None:
        self.sign[shop] = True
        self._emit("sign", seat=self.player, shop=shop)
        self._check_win(self.player)

    def _lose_sign(self, shop: int) -> None:
        self.sign[shop] = False
        self._emit("unsign", seat=self.player, shop=shop)
