"""Stack Market, 3–4 players: invest in companies whose buildings are columns of dice that stand or fall.

Rulebook: ``../shared/seeds/003_fba4f43b687e22c7.txt`` (French), read with ``../shared/RULINGS.md``; each
paragraph's code and tests are in ``docs/rules/stack_market.md``. The dexterity is physics: every die is placed
with the player's aim plus a hand error drawn from the seat's steadiness (a chance action), and a building
stands while, at every interface, the centre of mass of the dice above lies inside the overlap of the touching
faces (``physics.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine.game import Game, GameInfo
from ...engine.i18n import plural_form
from ...engine.options import OptionValue
from ...engine.state import Action, Event, State
from .actions import parse_action
from .options import OPTIONS, SEAT_OPTIONS
from .snapshot import state_from_json
from .state import StackMarketState
from .texts import CATALOG, cash_list, millimetres, money

COUNTED = {"turn": "count", "placed": "height", "fell": "height", "removed": "count", "stack_bonus": "dice",
           "record": "height", "takeover": "dice"}
"""The events said in two forms (``event.<kind>_one`` / ``_other``), by the count of dice in this field: late in a
round the reserve runs low, so a turn may roll 1 die, a collapse remove 1 die and a rebuilt building hold 1 die."""


class StackMarket(Game):
    info = GameInfo(
        name="stack-market", aliases=("stack_market", "stackmarket", "gra-gra"), title_en="Stack Market",
        title_fr="Stack Market", min_players=3, max_players=4, options=OPTIONS,
        seed_file="003_fba4f43b687e22c7.txt", hidden_information=True, chance=True, redeals=False,
        seat_options=SEAT_OPTIONS, max_actions=3_000,
    )

    def __init__(self) -> None:
        self.catalog = CATALOG
        self.bot_paths = {"heuristic": "ludotheque.games.stack_market.heuristic:HeuristicBot"}
        self.search_path = "ludotheque.games.stack_market.search:HOOKS"
        self.terminal_path = "ludotheque.games.stack_market.terminal:StackMarketRenderer"

    def initial_state(self, players: int, options: dict[str, OptionValue],
                      seat_settings: list[dict[str, OptionValue]]) -> StackMarketState:
        return StackMarketState(players, options, [int(s["steadiness"]) for s in seat_settings])

    def state_from_json(self, data: Any) -> StackMarketState:
        return state_from_json(data, self.resolve, self.resolve_seats)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def secret_words(self, state: State, seat: int | None) -> set[str]:
        """Another seat's cash, as views and logs would write it (``"cash": 40000``; a seat's own is
        ``my_cash``), while the game goes on."""
        if not isinstance(state, StackMarketState) or state.is_terminal():
            return set()
        return {f'"cash": {c}' for p, c in enumerate(state.cash) if p != seat}

    def table_extra(self, name: str, state: State, seat: int | None) -> Any:
        """``fall``: the last collapse replayed by MuJoCo, for the browser to animate (``web_extra.py``)."""
        from .web_extra import table_extra  # MuJoCo and the web's needs: not loaded by the rules

        if not isinstance(state, StackMarketState):
            raise KeyError(name)
        return table_extra(name, state, seat)

    def describe(self, event: Event, lang: str, names: Sequence[str]) -> str:
        """Amounts written as the language does (``$20,000``, ``20 000 $``), margins in millimetres (``5.8 mm``,
        ``5,8 mm``), payments said as what was paid when seen, a count of dice agreeing with its noun (``1 die``,
        ``3 dice``, « 1 dé », « 3 dés »: ``COUNTED``), the cash at the end each seat's name and amount apart
        (``Ada: $50,000; Bob: $0``, « Ada : 50 000 $ ; Bob : 0 $ »: ``texts.cash_list``)."""
        a = dict(event.args)
        kind = event.kind
        for key in ("amount", "paid", "left"):
            if isinstance(a.get(key), int):
                a[key] = money(a[key], lang)
        if kind == "placed" and isinstance(a.get("margin"), int | float):
            a["margin"] = millimetres(a["margin"], lang)
        if kind == "pay":
            kind = "pay_seen" if "paid" in a else "pay"
            a["why"] = self.catalog.t(lang, f"why.{a.get('why', 'collapse')}")
        if kind == "takeover_result":
            kind = "takeover_success" if a.get("success") else "takeover_failure"
            a["stacker"] = names[a["seat"]] if 0 <= a.get("seat", -1) < len(names) else "?"
        if kind == "tiebreak":
            a["which"] = self.catalog.t(lang, f"tie.{a['which']}")
        if kind == "stacker":
            a["chosen"] = names[a["stacker"]] if 0 <= a.get("stacker", -1) < len(names) else "?"
        if kind == "placed" and a.get("margin") is None:
            kind = "placed_fell"
        if kind == "game_end":
            cash = str(a.get("cash", "")).split()
            a["totals"] = cash_list(self.catalog, lang, [(names[i] if i < len(names) else "?", int(c))
                                                         for i, c in enumerate(cash)])
        if kind in COUNTED:
            kind = f"{kind}_{plural_form(lang, int(a[COUNTED[kind]]))}"
        return super().describe(Event(kind, a), lang, names)

    def describe_reason(self, key: str, fields: Mapping[str, Any], lang: str, names: Sequence[str]) -> str:
        """A hint's reason, its ``income`` written as money (``about $20,000``, ``environ 20 000 $``)."""
        words = dict(fields)
        if isinstance(words.get("income"), int):
            words["income"] = money(words["income"], lang)
        return super().describe_reason(key, words, lang, names)


GAME = StackMarket()

__all__ = ["GAME", "StackMarket", "StackMarketState"]
