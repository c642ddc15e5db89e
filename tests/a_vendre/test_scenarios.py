"""« A Vendre ! » scenario tests: one JSON file per rule case in ``scenarios/``, each tied to a paragraph of the
rulebook (``shared/seeds/004_dc249c066eab53cc.txt``, read with ``shared/RULINGS.md``), played on the shipped
(reconstructed) board and deck of charge cards (``support.py`` lists both, for working values out by hand).

A scenario is ``{"rule": "§Cases bleues « quote »", "description": "…", "record": {…}, "expect": {…}}``; the rule
names one of the rulebook's paragraphs (``SECTIONS``). The record is a game record whose actions are texts
(``chance: roll 3``, ``chance: draw L10``, ``0: buy``…); a hand-written ``start`` gets the record's ``players`` and
``options`` (the bank's purse is derived from the players' cash: 5 100 × (players + 1) in all). It is replayed action
by action (actor prefixes checked, invariants checked after each action, the engine's own replay compared), then
``expect`` is checked on the final state. Every expected value is worked out by hand from the rules and the data
files, not copied from the engine.

``expect`` keys:

- exact, compared with ``state.to_json()``: ``cash``, ``bank``, ``bank_owner``, ``loans``, ``pos`` (0: on 60, about to
  start the second trip), ``trip``, ``waiting``, ``owners`` (``{"title": seat}``, every held title), ``left``,
  ``honours``, ``first``, ``player``, ``round``, ``turns``, ``last_card``, ``termination``, ``queue``, ``auction``;
- ``titles``: ``{"title": seat or null}``, some titles' holders (null: the bank keeps it);
- ``fortunes``: each seat's ``state.fortune``; ``cards_left``: how many charge cards the pile still holds;
- and the keys every game reads alike, ``scenario_support.SHARED_KEYS`` (``to_move``, ``legal``, ``chance``,
  ``events``, ``illegal``…; ``check_shared_keys`` says what each means).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import scenario_support as support
from tests.a_vendre.support import START

GAME = "a-vendre"
SCENARIOS = Path(__file__).parent / "scenarios"
FILES = sorted(SCENARIOS.glob("*.json"))
EXACT = ("cash", "bank", "bank_owner", "loans", "pos", "trip", "waiting", "owners", "left", "honours", "first",
         "player", "round", "turns", "last_card", "termination", "queue", "auction")
KNOWN = {*EXACT, *support.SHARED_KEYS, "titles", "fortunes", "cards_left"}
SECTIONS = ("Deux manières de jouer", "Règles générales", "Le jeu commence", "La planche de jeu",
            "Titres et jetons de propriété",
            "Recettes", "Cartes des charges", "Cases jaunes", "Cases vertes", "Cases bleues", "Cases rouges",
            "Quand l'argent manque", "Emprunt", "Quand la banque n'a plus d'argent", "Jeu double", "Fin du jeu")
"""The rulebook's paragraphs (« Règle de jeu complémentaire pour le jeu double » shortened to « Jeu double »)."""


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    expect, match, snap = support.replay_and_check_exact(path, GAME, KNOWN, EXACT)
    st = match.state
    assert sum(st.cash) + st.bank == START * (st.n + 1)
    for title, seat in expect.get("titles", {}).items():
        assert snap["owners"].get(title) == seat, f"title {title}: {snap['owners'].get(title)!r} != {seat!r}"
    if "fortunes" in expect:
        assert [st.fortune(s) for s in range(st.n)] == expect["fortunes"]
    if "cards_left" in expect:
        assert sum(st.deck) == expect["cards_left"]
    support.check_shared_keys(path, GAME, match, expect)


test_illegal_action_refused = support.illegal_action_test(FILES, GAME)


def test_every_scenario_names_a_rule_and_expects_something() -> None:
    seen: set[str] = set()
    for path, scenario in support.scenarios_expecting(FILES, 40):
        named = [s for s in SECTIONS if scenario["rule"].startswith(f"§{s} ")]
        assert named, f"{path.name}: the rule names none of the rulebook's paragraphs"
        seen.update(s for s in SECTIONS if f"§{s} " in scenario["rule"])
    assert seen == set(SECTIONS), set(SECTIONS) - seen
