"""Stack Market scenarios kept as data: one JSON file per rule case in ``scenarios/``, each tied to a paragraph of
the rulebook (``shared/seeds/003_fba4f43b687e22c7.txt``) or a line of ``shared/RULINGS.md``.

A scenario is ``{"rule": "§… « quote »", "description": "…", "record": {…}, "expect": {…}}``; the record is a
game record (``engine/record.py``; ``format``, ``version`` and ``game`` may be left out, and a hand-written
``start`` gets the record's ``players`` and ``options``). It is replayed action by action (actor prefixes and
invariants checked at every step, ``tests/scenario_support.replay``), then ``expect`` is checked. Every expected
value is worked out by hand from the rules, not copied from the engine.

``expect`` keys:

- exact, compared with ``state.to_json()``: ``phase``, ``player``, ``reserve``, ``removed``, ``cash``,
  ``investors``, ``hand``, ``pending``, ``record``, ``record_holder``, ``round``, ``added``;
- ``heights`` / ``tops``: per company, its building's height / the number on its top die;
- ``to_move``: a seat, ``"chance"`` or ``"over"``;
- ``legal_exact``: the listed legal actions, in order; ``legal`` / ``not_legal``: texts that ``is_legal``
  accepts / refuses (an order need not be listed to be legal: the list keeps one order per outcome);
- ``events``: partial events that appear in the log in this order; ``event_count``: ``{kind: number}``;
- ``illegal``: ``[{"action": "0: stack 4 0", "error": "words of the reason"}]``, each refused from the final
  position with the position and the log unchanged (``test_illegal_action_refused``);
- ``refused_entries``: ``[{"entry": "1: stack 4 0 2", "error": "…"}]``: the record with that entry appended does
  not replay (a seat acting out of turn).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import scenario_support as support
from tests.scenario_support import events_in_order, load, to_move
from tests.stack_market.test_rules_helpers import GAME, SCENARIOS, heights, is_legal, legal, tops

FILES = sorted(SCENARIOS.glob("*.json"))
EXACT = ("phase", "player", "reserve", "removed", "cash", "investors", "hand", "pending", "record", "record_holder",
         "round", "added")
KNOWN = {*EXACT, "heights", "tops", "to_move", "legal_exact", "legal", "not_legal", "events", "event_count",
         "illegal", "refused_entries"}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    expect, match, _ = support.replay_and_check_exact(path, GAME, KNOWN, EXACT)
    if "heights" in expect:
        assert heights(match) == expect["heights"]
    if "tops" in expect:
        assert tops(match) == expect["tops"]
    if "to_move" in expect:
        assert to_move(match) == expect["to_move"]
    if "legal_exact" in expect:
        assert legal(match) == expect["legal_exact"]
    for text in expect.get("legal", []):
        assert is_legal(match, text), f"{text!r} should be legal"
    for text in expect.get("not_legal", []):
        assert not is_legal(match, text), f"{text!r} should not be legal"
    if "events" in expect:
        events_in_order([e.to_json() for e in match.events], expect["events"])
    support.check_counts_and_refusals(path, match, expect, GAME)


test_illegal_action_refused = support.illegal_action_test(FILES, GAME)


def test_every_scenario_names_a_rule_and_expects_something() -> None:
    assert len(FILES) >= 4
    for path in FILES:
        scenario = load(path)
        assert scenario["rule"].startswith("§") and scenario["description"] and scenario["expect"], path.name
