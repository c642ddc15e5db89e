"""An Acquire position: the rule sections put together, and the State contract's dispatch."""

from __future__ import annotations

import random
from typing import Any

from ...engine.errors import IllegalActionError, Reason, allowed_list
from ...engine.state import Action
from ...engine.text import fold
from . import actions as A
from . import view
from .board import TILE_NAMES
from .buying import BuyingRules
from .chains import CHAINS, DISPLAY_NAMES, PRICE
from .data import PHASE_NAMES, Phase
from .ending import EndingRules
from .merger import MergerRules
from .placement import DEAD, NO_NEW_CHAIN, PlacementRules
from .texts import CATALOG


class AcquireState(PlacementRules, MergerRules, BuyingRules, EndingRules):
    """A position of Acquire / Grand Hôtel. Create one with ``ludotheque.games.acquire.GAME.new_game``."""

    __slots__ = ()

    # --- legal actions ------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == Phase.PLACE:
            out: list[Action] = [A.PLACE[t] for t in self.place_options]
            if self.placed:
                out.append(A.STOP)
            elif not out:
                out.append(A.PASS)
            if self.cards_variant:
                out.extend(self.place_card_actions())
            return out
        if phase == Phase.BUY:
            return self.buy_actions()
        if phase == Phase.DISPOSE:
            return list(self.disposal_choices())
        if phase == Phase.FOUND:
            return [A.FOUND[c] for c in range(len(CHAINS)) if not self.size[c]]
        if phase == Phase.SURVIVOR:
            return [A.SURVIVOR[c] for c in self.survivor_choices()]
        if phase == Phase.ABSORB_ORDER:
            return [A.ABSORB[c] for c in self.absorb_choices()]
        return []

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.actor != -1:
            return []
        p = 1.0 / len(self.bag)
        return [(A.DRAW[t], p) for t in self.bag]

    def sample_chance(self, rng: random.Random) -> Action:
        bag = self.bag
        if self.actor != -1 or not bag:
            raise IllegalActionError("no chance event is pending here")
        return A.DRAW[bag[int(rng.random() * len(bag))]]

    # --- applying -----------------------------------------------------------------------------
    def apply_legal(self, action: Action) -> None:
        match action:
            case A.Draw(tile=tile):
                self._draw(tile)
            case A.PlaceTile(tile=tile):
                self._place(tile)
            case A.Buy(chain=chain):
                self._buy(chain)
                self._close_buy_if_done()
            case A.Done():
                self._end_turn()
            case A.Found(chain=chain):
                self._found(chain)
            case A.Dispose():
                self._dispose(action)
            case A.ChooseSurvivor(chain=chain):
                self._choose_survivor(chain)
            case A.ChooseAbsorbed(chain=chain):
                self._settle(chain)
            case A.Announce():
                self._announce()
                self._close_buy_if_done()
            case A.PlayCard(card=card):
                self._play_card(card)
                self._close_buy_if_done()
            case A.Exchange():
                self._exchange(action)
                self._close_buy_if_done()
            case A.StopPlacing():
                self._enter_buy()
            case A.Pass():
                self._cannot_place()
            case _:
                raise IllegalActionError(f"{action!r} is not an Acquire action")

    def parse_action(self, text: str) -> Action:
        """Like the context-free parser, and in a disposal missing numbers are filled in:
        ``sell 3`` keeps the rest, ``keep all`` keeps everything. The French ``choisir CHAÎNE`` (the surviving
        chain) also reads as the choice the step asks for when it is the absorbed chain settled next (the step is
        said « choisir la chaîne réglée ensuite »)."""
        words = text.split()
        first = fold(words[0]) if words else ""
        if self.phase == Phase.ABSORB_ORDER and first == "choisir" and len(words) == 2:
            return A.parse_action(f"absorb {words[1]}")
        if self.phase == Phase.DISPOSE and A.FRENCH_VERBS.get(first, first) in ("sell", "trade", "keep"):
            m = self.merger
            assert m is not None
            held = self.shares[self.actor][m.current]
            parts = A.parse_disposal(text)
            known = [v for v in parts.values() if v is not None and v >= 0]
            for key, value in parts.items():
                if value == -1:
                    parts[key] = held - sum(known)
            if parts["keep"] is None:
                parts["keep"] = held - (parts["sell"] or 0) - (parts["trade"] or 0)
            if any(v is not None and v < 0 for v in parts.values()):
                raise IllegalActionError(f"{text!r}: you hold {held} {CHAINS[m.current]} shares",
                                         Reason("too_many_shares", {"text": text, "held": held,
                                                                    "chain": DISPLAY_NAMES[m.current]}))
            return A.Dispose(parts["sell"] or 0, parts["trade"] or 0, parts["keep"] or 0)
        return A.parse_action(text)

    def illegal(self, action: Action, legal: list[Action]) -> IllegalActionError:
        """The error for an illegal action: says why (with the rulebook paragraph) and what is allowed."""
        key, fields = self._why_illegal(action)
        fields = {"action": action.text(), "step_key": f"phase.{PHASE_NAMES[self.phase]}",
                  "allowed": allowed_list([a.text() for a in legal]), **fields}
        reason = Reason(key, fields)
        return IllegalActionError(CATALOG.reason("en", reason) or key, reason)

    def explain_illegal(self, action: Action, legal: list[Action]) -> str:
        return str(self.illegal(action, legal))

    def _why_illegal(self, action: Action) -> tuple[str, dict[str, Any]]:
        phase = self.phase
        if phase == Phase.OVER:
            return "game_over", {}
        if self.actor == -1:
            return "chance_pending", {}
        p = self.actor
        if isinstance(action, A.PlaceTile):
            tile = TILE_NAMES[action.tile]
            if phase != Phase.PLACE:
                return "not_now_place", {}
            if action.tile not in self.hands[p]:
                return "not_in_hand", {"tile": tile, "hand": ", ".join(TILE_NAMES[t] for t in self.hands[p])}
            kind = self.tile_kind(action.tile)
            if kind == NO_NEW_CHAIN:
                return "eighth_chain", {"tile": tile}
            if kind == DEAD:
                return "dead_tile", {"tile": tile}
        if isinstance(action, A.Buy) and phase == Phase.BUY:
            c = action.chain
            chain = DISPLAY_NAMES[c]
            if not self.size[c]:
                return "not_on_board", {"chain": chain}
            if not self.bank[c]:
                return "no_stock", {"chain": chain}
            if self.bought >= self.buy_limit:
                return "buy_limit", {"limit": self.buy_limit}
            if PRICE[c][self.size[c]] > self.cash[p] and not self.free_left:
                return "no_cash", {"chain": chain, "price": PRICE[c][self.size[c]], "cash": self.cash[p]}
        if isinstance(action, A.Found) and phase == Phase.FOUND and self.size[action.chain]:
            return "chain_on_board", {"chain": DISPLAY_NAMES[action.chain]}
        if isinstance(action, A.Announce) and phase == Phase.BUY:
            if self.announced:
                return "already_announced", {}
            if not self.placed:
                return "announce_after_placing", {}
            return ("no_end_classic" if self.end_classic else "no_end_seed"), {}
        if isinstance(action, A.PlayCard):
            return self._why_card_refused(action.card, p)
        if isinstance(action, A.Exchange) and phase == Phase.BUY:
            if self.exchanges_left and action.take in action.give:
                return "exchange_for_given", {}
            return ("exchange_invalid" if self.exchanges_left else "no_exchange"), {}
        if isinstance(action, A.Dispose) and phase == Phase.DISPOSE:
            m = self.merger
            assert m is not None
            return "disposal", {"held": self.shares[p][m.current], "chain": DISPLAY_NAMES[m.current],
                                "stock": self.bank[m.survivor], "survivor": DISPLAY_NAMES[m.survivor]}
        return "not_legal", {}

    def _why_card_refused(self, card: A.Card, seat: int) -> tuple[str, dict[str, Any]]:
        name = {"card_key": f"card.{card.name.lower()}"}
        at_start = card in (A.Card.FORESIGHT, A.Card.RAPID_GROWTH)
        if not self.cards_variant:
            return "no_cards_variant", {}
        if not self.cards[seat] >> card & 1:
            return "card_used", name
        if self.card_played:
            return "one_card", {}
        if at_start and (self.phase != Phase.PLACE or self.placed):
            return "card_at_start", name
        if not at_start and self.phase != Phase.BUY:
            return "card_at_buy", name
        if card == A.Card.INHERITANCE and self.bought:
            return "inheritance_late", {}
        return "not_legal", {}

    # --- snapshots and views ----------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        from .snapshot import state_to_json

        return state_to_json(self)

    def observation(self, seat: int | None) -> dict[str, Any]:
        return view.observe(self, seat)

    def resample(self, seat: int, rng: random.Random) -> AcquireState:
        return view.resample(self, seat, rng)

