"""Luxembourg-Shopping, 2–6 players: roll around Monsieur Jean Poche's shopping centre, buy shops, build galleries,
collect signs.

Rulebook: ``../shared/seeds/002_79421c874599cb7a.txt`` (French, edition 2003), read with ``../shared/RULINGS.md``;
each paragraph's code and tests are in ``docs/rules/luxembourg_shopping.md``. The rulebook prints neither the board
nor the cards: the game is played on data files (``data/*.toml``, reconstructed from the rulebook, not the printed
edition), which a person may replace with their own (options ``board``, ``correspondance``, ``bouton_rouge``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine.game import Game, GameInfo
from ...engine.options import OptionValue
from ...engine.state import Action, Event
from .actions import parse_action
from .datamodel import FORMATS
from .options import OPTIONS
from .snapshot import state_from_json
from .state import LuxembourgState
from .texts import CATALOG


class LuxembourgShopping(Game):
    info = GameInfo(
        name="luxembourg-shopping", aliases=("luxembourg_shopping", "luxembourg"), title_en="Luxembourg-Shopping",
        title_fr="Luxembourg-Shopping", min_players=2, max_players=6, options=OPTIONS,
        seed_file="002_79421c874599cb7a.txt", hidden_information=False, chance=True, redeals=False, max_actions=20_000,
    )
    data_formats = FORMATS

    def __init__(self) -> None:
        self.catalog = CATALOG
        self.bot_paths = {"heuristic": "ludotheque.games.luxembourg_shopping.heuristic:HeuristicBot"}
        self.search_path = "ludotheque.games.luxembourg_shopping.search:HOOKS"
        self.terminal_path = "ludotheque.games.luxembourg_shopping.terminal:LuxembourgRenderer"

    def initial_state(self, players: int, options: dict[str, OptionValue],
                      seat_settings: list[dict[str, OptionValue]]) -> LuxembourgState:
        return LuxembourgState(players, options)

    def state_from_json(self, data: Any) -> LuxembourgState:
        return state_from_json(data, self.resolve)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def describe_data(self, value: Any) -> dict[str, Any]:
        """What a checked data file holds, for ``ludo check-data``."""
        from .datafile_summary import summary

        return summary(value)

    def describe(self, event: Event, lang: str, names: Sequence[str]) -> str:
        """Amounts as the language writes them, seats and the bank by name, a card's action in words."""
        from ...engine.words import format_int, join_words  # words for people only: not loaded by the rules

        cat = self.catalog
        a = dict(event.args)
        kind = event.kind

        def who(seat: Any) -> str:
            if isinstance(seat, int) and 0 <= seat < len(names):
                return names[seat]
            return cat.t(lang, "bank.name")

        for key in ("amount", "cash"):
            if isinstance(a.get(key), int):
                a[key] = format_int(a[key], lang)
        if "pile" in a:
            a["pile"] = cat.t(lang, f"pile.{a['pile']}")
        if "why" in a:
            a["why"] = cat.t(lang, f"why.{a['why']}")
        if "what" in a:
            a["what"] = cat.t(lang, f"what.{a['what']}")
        if "to" in a:
            a["to"] = who(a["to"])
        if isinstance(a.get("effect"), dict):
            effect = dict(a["effect"])
            if isinstance(effect.get("amount"), int):
                effect["amount"] = format_int(effect["amount"], lang)
            a["effect"] = cat.t(lang, f"effect.{effect.pop('kind')}", **effect)
        if isinstance(a.get("shops"), list):
            a["shops"] = join_words([str(s) for s in a["shops"]], lang)
        if isinstance(a.get("seats"), list):
            a["seats"] = join_words([who(s) for s in a["seats"]], lang)
        if kind == "cannot_buy":
            a["reason"] = cat.t(lang, "cannot.first_move" if a.get("first_move") else "cannot.money")
        elif kind == "double_card":
            if a.get("sign"):
                kind = "double_card_sign"
            else:
                mine = a.get("owner") == a.get("seat")
                shown = "none" if not a.get("shop") else "own_signed" if mine else "not_theirs"
                a["shown"] = cat.t(lang, f"shown.{shown}", shop=a.get("shop"))
        elif kind == "mail_card":
            if "effect" in a:
                kind = "mail_action"
            else:
                kind = "mail"
                owner = a.get("owner", -1)
                shown = "free" if owner < 0 else "own" if owner == a.get("seat") else "other"
                a["shown"] = cat.t(lang, f"shown.{shown}", shop=a["shop"], owner=who(owner))
        elif kind == "game_end":
            a["how"] = cat.t(lang, f"end.{a['how']}", player=who(a.get("seat")))
        return super().describe(Event(kind, a), lang, names)


GAME = LuxembourgShopping()

__all__ = ["GAME", "LuxembourgShopping", "LuxembourgState"]
