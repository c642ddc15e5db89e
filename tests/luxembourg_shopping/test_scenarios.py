"""Luxembourg-Shopping scenario tests: one JSON file per rule case in ``scenarios/``, each tied to a paragraph of
the rulebook (``shared/seeds/002_79421c874599cb7a.txt``, read with ``shared/RULINGS.md``), played on the shipped
(reconstructed) board and decks.

A scenario is ``{"rule": "§B1 « quote »", "description": "…", "record": {…}, "expect": {…}}``. The record is a game
record whose actions are texts (``chance: roll 3 4``, ``chance: card P12``, ``0: buy``…); a hand-written ``start``
gets the record's ``players`` and ``options``. It is replayed action by action (actor prefixes checked, invariants
checked after each action, the engine's own replay compared), then ``expect`` is checked on the final state. Every
expected value is worked out by hand from the rules and the data files, not copied from the engine.

The board, for working the values out: squares 1–4 shops 1–4, 5 Bouton Rouge, 6–12 shops 5–11, 13 Bureau,
14–20 shops 12–18, 21 Bouton Rouge, 22–27 shops 19–24, 28 Bureau, 29–32 shops 25–28, 33 « - 1 commerce », 34–39
shops 29–34, 40 Bouton Rouge, 41–46 shops 35–40, 47 Bureau, 48–54 shops 41–47, 55 Bouton Rouge, 56–60 shops 48–52,
61 Bureau, 62–65 shops 53–56, 66 « + 1 commerce ». Shops 1–20 orange (8 000 / 3 000), 21–38 yellow (16 000 / 6 000),
39–56 green (24 000 / 10 000). Card Pk shows shop 2k and Ik shop 2k−1 (k ≤ 28).

``expect`` keys:

- exact, compared with ``state.to_json()``: ``cash``, ``bank``, ``pos``, ``owners`` (``{"shop": seat}``, every
  owned shop), ``signs``, ``galleries``, ``left``, ``moved``, ``player``, ``round``, ``turns``, ``dice``,
  ``bought``, ``winner``, ``termination``, ``starter``, ``start_rolls``, ``start_group``, ``dealt``, ``queue``;
- ``shops``: ``{"shop": seat or null}``, some shops' owners (null: free);
- and the keys every game reads alike, ``scenario_support.SHARED_KEYS`` (``to_move``, ``legal``, ``chance``,
  ``events``, ``illegal``…; ``check_shared_keys`` says what each means).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import scenario_support as support

GAME = "luxembourg-shopping"
SCENARIOS = Path(__file__).parent / "scenarios"
FILES = sorted(SCENARIOS.glob("*.json"))
EXACT = ("cash", "bank", "pos", "owners", "signs", "galleries", "left", "moved", "player", "round", "turns", "dice",
         "bought", "winner", "termination", "starter", "start_rolls", "start_group", "dealt", "queue")
KNOWN = {*EXACT, *support.SHARED_KEYS, "shops"}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    expect, match, snap = support.replay_and_check_exact(path, GAME, KNOWN, EXACT)
    st = match.state
    assert sum(st.cash) + st.bank == 100_000 * st.n
    for shop, seat in expect.get("shops", {}).items():
        assert snap["owners"].get(shop) == seat, f"shop {shop}: owner {snap['owners'].get(shop)!r} != {seat!r}"
    support.check_shared_keys(path, GAME, match, expect)


test_illegal_action_refused = support.illegal_action_test(FILES, GAME)


def test_every_scenario_names_a_rule_and_expects_something() -> None:
    chapters = set()
    for _, scenario in support.scenarios_expecting(FILES, 40):
        chapters.add(scenario["rule"][1])
    assert chapters >= set("ABCDEFGHI"), chapters
