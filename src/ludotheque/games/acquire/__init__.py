"""Acquire / Grand Hôtel, 2–6 players.

Rulebook: ``../shared/seeds/000_f37a2c9a70098649.txt`` (French), read with ``../shared/RULINGS.md``;
how each paragraph maps to code and tests is in ``docs/rules/acquire.md``. Rulings applied here:

- board 12 × 9, tiles ``1A``–``12I``; chains in the table's three price tiers;
- starting tiles never found a chain; lowest number starts, ties by the letter nearest A;
- a tile next to independent hotels only founds a chain of the whole group; one free share if any left;
- safe at 11 hotels; an eighth chain is unplayable for now, merging two safe chains for ever (dead tiles
  are discarded and replaced at the draw step, once per turn);
- mergers: sizes before the tile, the merging player breaks ties for survivor and for settling order;
  bonuses rounded up to the next 100; holders sell, trade 2 for 1 and keep, from the merging player on;
- buying: up to 3 shares of chains on the board; a player without a playable tile still buys;
- end: optional announcement after placing (option ``end_rule``), final bonuses then sale; the game
  ends by itself when no tile can ever be placed (software rule);
- two players: the bank's tile-drawn holdings; card variant (option ``cards``); option ``secret_holdings``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine.game import Game, GameInfo
from ...engine.i18n import Catalog, plural_form
from ...engine.options import OptionValue
from ...engine.state import Action, Event, State
from .actions import parse_action
from .chains import CHAINS, DISPLAY_NAMES
from .options import OPTIONS
from .snapshot import state_from_json
from .state import AcquireState
from .texts import CATALOG


class Acquire(Game):
    info = GameInfo(
        name="acquire", aliases=("grand-hotel", "grandhotel"), title_en="Acquire", title_fr="Grand Hôtel",
        min_players=2, max_players=6, options=OPTIONS, seed_file="000_f37a2c9a70098649.txt",
        hidden_information=True, chance=True, max_actions=2_000,
    )

    def __init__(self) -> None:
        self.catalog = CATALOG
        self.bot_paths = {"heuristic": "ludotheque.games.acquire.heuristic:HeuristicBot"}
        self.search_path = "ludotheque.games.acquire.search:HOOKS"
        self.terminal_path = "ludotheque.games.acquire.terminal:AcquireRenderer"

    def initial_state(self, players: int, options: dict[str, OptionValue],
                      seat_settings: list[dict[str, OptionValue]]) -> AcquireState:
        return AcquireState(players, options)

    def state_from_json(self, data: Any) -> AcquireState:
        return state_from_json(data, AcquireState, self.resolve)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def secret_words(self, state: State, seat: int | None) -> set[str]:
        from .view import secret_words

        if not isinstance(state, AcquireState):
            raise TypeError(f"not a acquire position: {state!r}")
        return secret_words(state, seat)

    def describe(self, event: Event, lang: str, names: Sequence[str]) -> str:
        """Acquire's events in words: picks the catalogue variant that fits the event's fields (singular or
        plural by count), writes amounts and lists as the language does (``6 000``, ``Festival et Luxor``)."""
        from ...engine.words import format_int  # words for people only: not loaded by the rules

        a = dict(event.args)
        kind = event.kind
        t = self.catalog.t
        if kind == "draw" and "tile" not in a:
            kind = "draw_hidden"
        elif kind == "found" and a.get("free_share"):
            kind = "found_share"
        elif kind == "bonus" and a.get("seat") == -1:
            kind = "bonus_bank"
        elif kind == "exchange":
            a["give0"], a["give1"] = a["give"]
            if a["give0"] == a["give1"]:
                kind = "exchange_two"
        elif kind == "buy" and a.get("price") == 0:
            kind = "buy_free"
        elif kind == "card":
            a["card"] = t(lang, f"card.{a['card']}")
        elif kind == "game_end":
            a["reason"] = t(lang, f"reason.{a['reason']}")
        elif kind == "final_cash":
            # each name set apart from its amount ("Player 0: 35,500; Bot 1: 78,700", not "Player 0 35,500")
            a["cash"] = t(lang, "event.final_cash_sep").join(
                t(lang, "event.final_cash_seat", player=names[i] if i < len(names) else "?",
                  amount=format_int(c, lang)) for i, c in enumerate(a["cash"]))
        elif kind == "dispose":
            a["parts"] = disposal_parts(self.catalog, lang, a)
        elif kind in ("bank_holding", "final_sale"):
            kind = f"{kind}_{plural_form(lang, a['shares'])}"
        elif kind == "discard_dead":
            kind = f"discard_dead_{plural_form(lang, len(a['tiles']))}"
        for key in ("amount", "price", "income"):
            if isinstance(a.get(key), int):
                a[key] = format_int(a[key], lang)
        return super().describe(Event(kind, named_chains(a, lang)), lang, names)

    def describe_reason(self, key: str, fields: Mapping[str, Any], lang: str, names: Sequence[str]) -> str:
        """Why a move is good in words, its chains by their names on the board (« Impérial », not the id
        ``Imperial``) and a merger's chains joined as the language does (``Festival et Luxor``)."""
        return super().describe_reason(key, named_chains(dict(fields), lang), lang, names)


def named_chains(a: dict[str, Any], lang: str) -> dict[str, Any]:
    """``a`` with its chains (and tiles) as the board names them, a list of them joined as ``lang`` does."""
    from ...engine.words import join_words

    for key in ("chain", "survivor", "take", "give0", "give1"):
        if isinstance(a.get(key), str):
            a[key] = shown(a[key])
    for key in ("chains", "absorbed", "tiles"):
        if isinstance(a.get(key), list | tuple):
            a[key] = join_words([shown(c) for c in a[key]], lang)
    return a


def disposal_parts(catalog: Catalog, lang: str, a: Mapping[str, Any], named: bool = True) -> str:
    """What a holder did with an absorbed chain's shares, in words: ``named``, as a sentence's verbs that name the
    chain once ("sells 1 Festival share, trades 2 for 1 Luxor and keeps 3"; « garde ses 7 actions Festival »);
    else the chain being said before ("sells 2, trades 2 for 1 Luxor, keeps 1")."""
    from ...engine.words import join_words

    sell, trade, keep = a["sell"], a["trade"], a["keep"]
    survivor = shown(a["survivor"])
    if not named:
        parts = [catalog.t(lang, "summary.sell", n=sell) if sell else "",
                 catalog.t(lang, "summary.trade_for", n=trade, m=trade // 2, survivor=survivor) if trade else "",
                 catalog.t(lang, "summary.keep", n=keep) if keep else ""]
        return ", ".join(p for p in parts if p) or catalog.t(lang, "summary.keep", n=0)
    chain = shown(a["chain"])
    words: list[str] = []
    if sell:
        words.append(catalog.plural(lang, "event.dispose_sell", sell, n=sell, chain=chain))
    if trade:
        key = "event.then_trade" if words else "event.dispose_trade"
        words.append(catalog.t(lang, key, n=trade, traded=trade, m=trade // 2, chain=chain, survivor=survivor))
    if keep or not words:
        words.append(catalog.t(lang, "event.then_keep", n=keep) if words
                     else catalog.plural(lang, "event.dispose_keep", keep, n=keep, chain=chain))
    return join_words(words, lang)


def shown(chain: str) -> str:
    """A chain's name as printed on the board (with its accent)."""
    return DISPLAY_NAMES[CHAINS.index(chain)] if chain in CHAINS else chain


GAME = Acquire()

__all__ = ["GAME", "Acquire", "AcquireState"]
