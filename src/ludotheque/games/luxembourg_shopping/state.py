"""A Luxembourg-Shopping position: its rules, chapter by chapter of the rulebook (A to I), put together, and the
State contract's dispatch.

A turn is a queue of steps. Chance steps (dice, cards, a free shop) wait for a chance action, decisions (buy, a
gallery, a sign, selling when one cannot pay) for the seat concerned; every other step is carried out at once.
What a card does is read from its data (``tables.py``), one of the effect kinds of ``datamodel.py``.

The chapters: ``start`` (A), ``turn`` (B), ``cards`` (C, D and the cards of B4–B8), ``galleries`` (E, F), ``signs`` (H),
``payments`` (money and G), ``winning`` (I); ``data`` holds the fields, the copy and the checks.
"""

from __future__ import annotations

import random
from typing import Any

from ...engine.errors import IllegalActionError, Reason, allowed_list
from ...engine.state import CHANCE, TERMINAL, Action
from .actions import (
    BUY,
    DEAL,
    DIE,
    FREE,
    MERGE,
    PASS,
    PAY,
    ROLL,
    SELL,
    SIGN,
    UNSIGN,
    Buy,
    Deal,
    Die,
    Draw,
    FreeShopDrawn,
    Gallery,
    Merge,
    Pass,
    PayDebt,
    Roll,
    Sell,
    Sign,
    Unsign,
    parse_action,
)
from .cards import JACKPOT, CardRules
from .data import (
    BANK,
    BANKRUPT_CARD,
    BUREAU_CARD,
    BUY_STEP,
    CHANCE_STEPS,
    DEAL_STEP,
    DECISIONS,
    DOUBLE_CARD,
    END_TURN,
    EVEN,
    FREE_SHOP,
    GAIN_SIGN,
    GALLERY_STEP,
    LAND,
    LOSE_SIGN,
    MAIL,
    MOVE,
    ODD,
    PAYMENT,
    PILES,
    RED,
    RED_CARD,
    ROLL_STEP,
    SELL_STEP,
    START_CASH,
    START_DIE,
    STEP_NAMES,
    WHY,
    Step,
)
from .datamodel import SHOPS
from .galleries import GalleryRules
from .payments import PaymentRules
from .signs import SIGN_BONUS, SignRules
from .start import DEALT, StartRules
from .turn import TurnRules
from .winning import GALLERY_TO_WIN, RANKING_COLUMNS, SIGNS_TO_WIN, WinningRules

__all__ = [
    "BANK", "BANKRUPT_CARD", "BUREAU_CARD", "BUY_STEP", "CHANCE_STEPS", "DEALT", "DEAL_STEP", "DECISIONS",
    "DOUBLE_CARD", "END_TURN", "EVEN", "FREE_SHOP", "GAIN_SIGN", "GALLERY_STEP", "GALLERY_TO_WIN", "JACKPOT", "LAND",
    "LOSE_SIGN", "MAIL", "MOVE", "ODD", "PAYMENT", "PILES", "RANKING_COLUMNS", "RED", "RED_CARD", "ROLL_STEP",
    "SELL_STEP", "SIGNS_TO_WIN", "SIGN_BONUS", "START_CASH", "START_DIE", "STEP_NAMES", "WHY", "LuxembourgState",
    "Step",
]


class LuxembourgState(StartRules, TurnRules, CardRules, GalleryRules, SignRules, PaymentRules, WinningRules):
    """A position of Luxembourg-Shopping. Create one with ``ludotheque.games.luxembourg_shopping.GAME.new_game``."""

    __slots__ = ()

    # --- contract -----------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self.actor < 0:
            return []
        return self._choices(self.queue[0])

    def _choices(self, step: Step) -> list[Action]:
        code = step[0]
        me = self.player
        owner = self.owner
        if code == BUY_STEP:
            return [BUY, PASS]
        if code == GALLERY_STEP:
            return [*self._gallery_choices(), PASS]
        if code == GAIN_SIGN:
            return [SIGN[s] for s in range(1, SHOPS + 1) if owner[s] == me and not self.sign[s]]
        if code == LOSE_SIGN:
            return [UNSIGN[s] for s in range(1, SHOPS + 1) if owner[s] == me and self.sign[s]]
        if code == SELL_STEP:
            debtor, amount = step[1], step[3]
            out: list[Action] = [SELL[s] for s in range(1, SHOPS + 1) if owner[s] == debtor]
            if self.cash[debtor] >= amount:
                out.append(PAY)
            return out
        return []

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.actor != CHANCE:
            return []
        step = self.queue[0]
        code = step[0]
        if code == DEAL_STEP:
            free = [s for s in range(1, SHOPS + 1) if self.owner[s] < 0]
            return [(DEAL[s], 1 / len(free)) for s in free]
        if code == START_DIE:
            return [(DIE[f], 1 / 6) for f in range(1, 7)]
        if code == ROLL_STEP:
            return [(ROLL[a][b], 1 / 36) for a in range(1, 7) for b in range(1, 7)]
        if code == FREE_SHOP:
            free = [s for s in range(1, SHOPS + 1) if self.owner[s] < 0]
            return [(FREE[s], 1 / len(free)) for s in free]
        ids, probs = self._pile(step)
        return [(Draw(i), p) for i, p in zip(ids, probs, strict=True)]

    def _pile(self, step: Step) -> tuple[tuple[str, ...], tuple[float, ...]]:
        if step[0] == BANKRUPT_CARD:
            return self.t.shop_piles[PILES[step[1]]]
        return self.t.piles[PILES[step[1]]]

    def sample_chance(self, rng: random.Random) -> Action:
        if self.actor != CHANCE:
            raise IllegalActionError("no chance event is pending here")
        step = self.queue[0]
        code = step[0]
        if code == ROLL_STEP:
            return ROLL[1 + int(rng.random() * 6)][1 + int(rng.random() * 6)]
        if code == START_DIE:
            return DIE[1 + int(rng.random() * 6)]
        if code in (DEAL_STEP, FREE_SHOP):
            free = [s for s in range(1, SHOPS + 1) if self.owner[s] < 0]
            return (DEAL if code == DEAL_STEP else FREE)[free[int(rng.random() * len(free))]]
        ids, probs = self._pile(step)
        r = rng.random()
        acc = 0.0
        for card, p in zip(ids, probs, strict=True):
            acc += p
            if r < acc:
                return Draw(card)
        return Draw(ids[-1])

    def is_legal(self, action: Action) -> bool:
        if self.actor == CHANCE:
            step = self.queue[0]
            code = step[0]
            if isinstance(action, Draw):
                return code in (DOUBLE_CARD, MAIL, BUREAU_CARD, RED_CARD, BANKRUPT_CARD) and \
                    action.card in self._pile(step)[0]
            if isinstance(action, Roll):
                return code == ROLL_STEP and 1 <= action.a <= 6 and 1 <= action.b <= 6
            if isinstance(action, Die):
                return code == START_DIE and 1 <= action.face <= 6
            if isinstance(action, Deal):
                return code == DEAL_STEP and 1 <= action.shop <= SHOPS and self.owner[action.shop] < 0
            if isinstance(action, FreeShopDrawn):
                return code == FREE_SHOP and 1 <= action.shop <= SHOPS and self.owner[action.shop] < 0
            return False
        if self.actor < 0:
            return False
        if isinstance(action, Merge) and 1 <= action.shop <= SHOPS and self.gallery_of[action.shop] >= 0:
            action = MERGE[self.galleries[self.gallery_of[action.shop]][0]]  # a gallery by any of its shops
        return action in self._choices(self.queue[0])

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def illegal(self, action: Action, legal: list[Action]) -> IllegalActionError:
        from .texts import CATALOG

        allowed = allowed_list([a.text() for a in legal])
        key = "not_legal"
        if self.actor == TERMINAL:
            key = "game_over"
        elif self.actor == CHANCE:
            key = "chance_pending"
        elif self.queue[0][0] == GALLERY_STEP and isinstance(action, Gallery | Merge):
            key = "gallery_not_allowed"
        elif isinstance(action, Sell) and self.queue[0][0] == SELL_STEP:
            key = "not_your_shop"
        elif isinstance(action, PayDebt) and self.queue[0][0] == SELL_STEP:
            key = "cannot_pay_yet"
        reason = Reason(key, {"action": action.text(), "allowed": allowed})
        return IllegalActionError(CATALOG.reason("en", reason) or key, reason)

    # --- applying -----------------------------------------------------------------------------
    def apply_legal(self, action: Action) -> None:
        step = self.queue.pop(0)
        code = step[0]
        match action:
            case Draw(card=card_id):
                self._card(step, self.t.cards[card_id])
            case Roll(a=a, b=b):
                self._roll(a, b)
            case Die(face=face):
                self._start_die(face)
            case Deal(shop=shop):
                self._deal(shop)
            case FreeShopDrawn(shop=shop):
                self._take_free_shop(shop)
            case Buy():
                self._buy()
            case Pass():
                self._emit("declined", seat=self.player, what=STEP_NAMES[code])
            case Gallery(a=a, b=b):
                self._create_gallery(a, b)
            case Merge(shop=shop):
                self._merge(shop)
            case Sign(shop=shop):
                self._gain_sign(shop)
            case Unsign(shop=shop):
                self._lose_sign(shop)
            case Sell(shop=shop):
                self._sell(step, shop)
            case PayDebt():
                self._transfer(step[1], step[2], step[3], step[4])
            case _:
                raise IllegalActionError(f"{action!r} is not a Luxembourg-Shopping action")
        self._run()

    def _run(self) -> None:
        """Carry out steps until one waits for chance or a seat, or the game is over."""
        queue = self.queue  # changed in place only
        while self.actor != TERMINAL:
            if not queue:
                raise AssertionError("the turn's queue ran dry")
            step = queue[0]
            code = step[0]
            if code in CHANCE_STEPS:
                self.actor = CHANCE
                return
            if code in DECISIONS:
                choices = self._choices(step)
                if len(choices) > 1:
                    self.actor = step[1] if code == SELL_STEP else self.player
                    return
                if choices:  # one way only: taken at once
                    self.apply_legal_forced(choices[0])
                    continue
                queue.pop(0)
                if code == SELL_STEP:  # nothing left to sell and still short: ruined (G)
                    self._ruin(step[1], step[2])
                elif code in (GAIN_SIGN, LOSE_SIGN):
                    self._emit("no_sign_choice", seat=self.player, what=STEP_NAMES[code])
                continue
            queue.pop(0)
            if code == MOVE:
                self._move()
            elif code == LAND:
                self._land()
            elif code == PAYMENT:
                self._payment(step)
            elif code == END_TURN:
                self._end_turn()

    def apply_legal_forced(self, action: Action) -> None:
        """A decision with one choice, made for the seat (it is not in the record: replay makes it again)."""
        step = self.queue.pop(0)
        if isinstance(action, PayDebt):
            self._transfer(step[1], step[2], step[3], step[4])
        elif isinstance(action, Sell):
            self._sell(step, action.shop)
        elif isinstance(action, Sign):
            self._gain_sign(action.shop)
        elif isinstance(action, Unsign):
            self._lose_sign(action.shop)
        elif isinstance(action, Pass):
            pass
        else:  # pragma: no cover - buying and galleries always offer « pass » as well
            raise AssertionError(f"{action!r} taken without asking")

    # --- snapshots and views ------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        from .snapshot import state_to_json

        return state_to_json(self)

    def observation(self, seat: int | None) -> dict[str, Any]:
        from .view import observe

        return observe(self, seat)

    def resample(self, seat: int, rng: random.Random) -> LuxembourgState:
        """Nothing is hidden (RULINGS: shops, galleries, signs and cash are public; a drawn card goes back into its
        pile, so the piles hold no order to guess)."""
        return self.clone()

    def data_files(self) -> dict[str, tuple[str, str]]:
        return dict(self.t.files)
