"""Gracias, 3–6 players: take the most cards of each colour, but never the majority.

Rulebook: ``../shared/seeds/001_6c131f4d9b26df4f.txt`` (French), read with ``../shared/RULINGS.md``; each
paragraph's code and tests are in ``docs/rules/gracias.md``. Rulings applied here:

- the 2 face-up cards dealt at the start of each round are ordinary open cards;
- at scoring a colour with 5 or more cards gives one face-down packet of 5, the rest stays open (option
  ``packets = "many"``: one packet per full 5);
- per colour, every player tied for the most open cards discards them, a lone holder included;
- final ties: best single round, then second best, then a shared win;
- a face-down card is seen by its owner only, from the moment it is taken.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine.game import Game, GameInfo
from ...engine.i18n import Catalog
from ...engine.options import OptionValue
from ...engine.state import Action, Event
from .actions import TRIO_LETTERS, parse_action
from .options import OPTIONS
from .snapshot import state_from_json
from .state import GraciasState
from .texts import CATALOG


class Gracias(Game):
    info = GameInfo(
        name="gracias", aliases=(), title_en="Gracias", title_fr="Gracias", min_players=3, max_players=6,
        options=OPTIONS, seed_file="001_6c131f4d9b26df4f.txt", hidden_information=True, chance=True,
        max_actions=400,
    )

    def __init__(self) -> None:
        self.catalog = CATALOG
        self.bot_paths = {"heuristic": "ludotheque.games.gracias.heuristic:HeuristicBot"}
        self.terminal_path = "ludotheque.games.gracias.terminal:GraciasRenderer"
        self.search_path = "ludotheque.games.gracias.search:HOOKS"

    def initial_state(self, players: int, options: dict[str, OptionValue],
                      seat_settings: list[dict[str, OptionValue]]) -> GraciasState:
        return GraciasState(players, options)

    def state_from_json(self, data: Any) -> GraciasState:
        return state_from_json(data, self.resolve)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)


    def describe(self, event: Event, lang: str, names: Sequence[str]) -> str:
        """Gracias's events in words: a card's colour agrees with « carte » (``colour.*``), counts name the
        colour (``colour_name.*``: "2 × green and 1 × red"), lists are joined as the language does."""
        from ...engine.words import join_words  # words for people only: not loaded by the rules

        a = self.worded(event.args, lang, names)
        kind = event.kind
        if kind == "take" and "hidden" in a:
            kind = "take_own"
        for key in ("hidden", "packets", "discarded"):
            if isinstance(a.get(key), dict):
                a[key] = counted_colours(self.catalog, lang, a[key]) or "—"
        if kind == "game_end":
            a["totals"] = join_words((f"{names[i]} {t}" for i, t in enumerate(a["totals"])), lang)
        return super().describe(Event(kind, a), lang, names)

    def describe_reason(self, key: str, fields: Mapping[str, Any], lang: str, names: Sequence[str]) -> str:
        """Why a move is good, its cards' colours and seats in words as in the events."""
        return super().describe_reason(key, self.worded(fields, lang, names), lang, names)

    def worded(self, fields: Mapping[str, Any], lang: str, names: Sequence[str]) -> dict[str, Any]:
        """An event's or a reason's fields for its text: a card's colour agreeing with « carte » (``colour``,
        ``keep``, ``given``, ``hidden``), a trio's letter, the name of the seat given a card (``receiver``)."""
        a = dict(fields)
        for key in ("colour", "keep", "given", "hidden"):
            if isinstance(a.get(key), str):
                a[key] = self.catalog.t(lang, f"colour.{a[key]}")
        if "trio" in a:
            a["trio"] = TRIO_LETTERS[a["trio"]]
        if "give_to" in a:
            a["receiver"] = names[a["give_to"]]
        return a


def counted_colours(catalog: Catalog, lang: str, counts: Mapping[str, int]) -> str:
    """``{"green": 2, "red": 1}`` -> "2 × green and 1 × red" ("2 × vert et 1 × rouge"); "" when empty."""
    from ...engine.words import join_words

    return join_words((f"{k} × {catalog.t(lang, f'colour_name.{c}')}" for c, k in counts.items() if k), lang)


GAME = Gracias()

__all__ = ["GAME", "Gracias", "GraciasState"]
