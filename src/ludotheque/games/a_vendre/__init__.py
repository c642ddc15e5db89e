"""« A Vendre ! », 2–9 players: the family roll-and-move game of businesses and honorary establishments, played
simple (first to square 60) or double (two trips), with the software as the bank and the game director.

Rulebook: ``../shared/seeds/004_dc249c066eab53cc.txt`` (French), read with ``../shared/RULINGS.md``; each paragraph's
code and tests are in ``docs/rules/a_vendre.md``. The rulebook prints neither the board nor the cards: the game is
played on data files (``data/*.toml``, reconstructed from the rulebook, not the printed edition), which a person may
replace with their own (options ``board`` and ``charges``).
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
from .state import AVendreState
from .texts import CATALOG, effect_words


class AVendre(Game):
    info = GameInfo(
        name="a-vendre", aliases=("a_vendre", "avendre", "a-vendre!"), title_en="A Vendre!",
        title_fr="A Vendre\u00a0!", min_players=2, max_players=9, options=OPTIONS,
        seed_file="004_dc249c066eab53cc.txt", hidden_information=False, chance=True, redeals=False, max_actions=20_000,
    )
    data_formats = FORMATS

    def __init__(self) -> None:
        self.catalog = CATALOG
        self.bot_paths = {"heuristic": "ludotheque.games.a_vendre.heuristic:HeuristicBot"}
        self.search_path = "ludotheque.games.a_vendre.search:HOOKS"
        self.terminal_path = "ludotheque.games.a_vendre.terminal:AVendreRenderer"

    def initial_state(self, players: int, options: dict[str, OptionValue],
                      seat_settings: list[dict[str, OptionValue]]) -> AVendreState:
        return AVendreState(players, options)

    def state_from_json(self, data: Any) -> AVendreState:
        return state_from_json(data, self.resolve)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def describe_data(self, value: Any) -> dict[str, Any]:
        from .datafile_summary import summary

        return summary(value)

    def describe(self, event: Event, lang: str, names: Sequence[str]) -> str:
        """Amounts as the language writes them, seats and the bank by name, a card's effect in words."""
        from ...engine.i18n import plural_form
        from ...engine.words import format_int, join_words  # words for people only: not loaded by the rules

        cat = self.catalog
        a = dict(event.args)

        def who(seat: Any) -> str:
            if isinstance(seat, int) and 0 <= seat < len(names):
                return names[seat]
            return cat.t(lang, "bank.name")

        for key in ("amount", "cash", "owed"):
            if isinstance(a.get(key), int):
                a[key] = format_int(a[key], lang)
        for key in ("to", "buyer", "holder"):
            if key in a:
                a[key] = who(a[key])
        if "why" in a:
            a["why"] = cat.t(lang, f"why.{a['why']}")
        if isinstance(a.get("effect"), dict):
            a["effect"] = effect_words(lang, a["effect"])
        kind = event.kind
        if kind == "auction":
            kind = "auction_bank" if a.get("what") == "bank" else "auction"
        if kind == "bank_pays" and a.get("owed") != a.get("amount"):
            kind = "bank_pays_short"
        if kind == "waits":
            kind = f"waits_{plural_form(lang, a['titles'])}"
        if event.kind == "game_end":
            a["how"] = cat.t(lang, f"end.{a['how']}")
            a["fortunes"] = join_words((f"{names[i]} {format_int(f, lang)}" for i, f in enumerate(a["fortunes"])
                                        if i < len(names)), lang)
        return super().describe(Event(kind, a), lang, names)


GAME = AVendre()

__all__ = ["GAME", "AVendre", "AVendreState"]
