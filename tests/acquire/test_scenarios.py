"""Scenario tests: one JSON file per rule case in ``scenarios/``, each tied to a paragraph of the rulebook.

A scenario is ``{"rule": "§… quote", "description": "…", "record": {…}, "expect": {…}}``. The record is a
game record (``engine/record.py``); ``format``, ``version``, ``game`` may be left out, and a hand-written
``start`` position gets the record's ``players`` and ``options`` unless it gives its own. The record is
replayed action by action (invariants checked after each one), then ``expect`` is checked on the final
state. Every expected number is worked out by hand from the rules, not copied from the engine.

``expect`` keys:

- exact, compared with ``state.to_json()``: ``phase``, ``turn_player``, ``first_player``, ``cash``,
  ``shares``, ``hands``, ``discarded``, ``cards``, ``bank_tiles``, ``start_tiles``, ``end_reason``,
  ``final_bank``, ``pending_tile``;
- partial, only the keys given: ``board`` (chain -> tiles, as a set; ``unincorporated`` too),
  ``turn_state``, ``merger``;
- ``size`` / ``bank``: chain -> hotels on the board / shares left in the bank;
- ``to_move``: a seat, ``"chance"`` or ``"over"``;
- ``legal`` / ``not_legal``: action texts that must / must not be legal now; ``legal_exact``: the full list;
- ``outcome``: keys of ``state.outcome().to_json()``;
- ``observations``: ``[{"seat": s, "players": [partial per seat], "chains": {chain: partial}}]``;
- ``events``: partial events (``{"kind": …, field: value}``) that must appear in the log in this order;
- ``illegal``: ``[{"action": "0: buy Luxor", "error": "words of the reason"}]``, each refused from the
  final state, with the state unchanged (test ``test_illegal_action_refused``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ludotheque.engine import GameRecord, Match
from ludotheque.games.acquire.chains import parse_chain
from tests import scenario_support as support
from tests.scenario_support import check_partial, events_in_order, to_move

GAME = "acquire"
GAME = "acquire"
SCENARIOS = Path(__file__).parent / "scenarios"
FILES = sorted(SCENARIOS.glob("*.json"))
EXACT = ("phase", "turn_player", "first_player", "cash", "shares", "hands", "discarded", "cards", "bank_tiles",
         "start_tiles", "end_reason", "final_bank", "pending_tile")
PARTIAL = ("turn_state", "merger")
KNOWN = {*EXACT, *PARTIAL, "board", "size", "bank", "to_move", "legal", "not_legal", "legal_exact", "outcome",
         "observations", "events", "illegal"}


def replay(scenario: dict[str, Any]) -> Match:
    return support.replay(scenario, GAME)


def record_of(scenario: dict[str, Any]) -> GameRecord:
    return support.record_of(scenario, GAME)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    expect, match, snap = support.replay_and_check_exact(path, GAME, KNOWN, EXACT)
    st = match.state
    for key in PARTIAL:
        if key in expect:
            check_partial(snap[key] or {}, expect[key], key)
    for chain, tiles in expect.get("board", {}).items():
        assert set(snap["board"].get(chain, [])) == set(tiles), f"board.{chain}: {snap['board'].get(chain)}"
    for chain, n in expect.get("size", {}).items():
        assert st.size[parse_chain(chain)] == n, f"size of {chain}: {st.size[parse_chain(chain)]} != {n}"
    for chain, n in expect.get("bank", {}).items():
        assert st.bank[parse_chain(chain)] == n, f"bank's {chain}: {st.bank[parse_chain(chain)]} != {n}"
    if "to_move" in expect:
        assert to_move(match) == expect["to_move"]
    support.check_legal(match, expect)
    if "outcome" in expect:
        check_partial(st.outcome().to_json(), expect["outcome"], "outcome")
    for obs in expect.get("observations", []):
        seen = st.observation(obs["seat"])
        for p, part in enumerate(obs.get("players", [])):
            check_partial(seen["players"][p], part, f"observation({obs['seat']}).players[{p}]")
        for chain, part in obs.get("chains", {}).items():
            check_partial(seen["chains"][chain], part, f"observation({obs['seat']}).chains.{chain}")
    if "events" in expect:
        events_in_order([e.to_json() for e in match.events], expect["events"])


test_illegal_action_refused = support.illegal_action_test(FILES, GAME)


def test_every_scenario_names_a_rule_and_expects_something() -> None:
    support.scenarios_expecting(FILES, 40)
