"""Gracias scenario tests: one JSON file per rule case in ``scenarios/``, each tied to a paragraph of the
rulebook (``shared/seeds/001_6c131f4d9b26df4f.txt``, read with ``shared/RULINGS.md``).

A scenario is ``{"rule": "§Section « quote »", "description": "…", "record": {…}, "expect": {…}}``. The
record is a game record (``engine/record.py``); ``format``, ``version``, ``game`` may be left out, and a
hand-written ``start`` position gets the record's ``players`` and ``options`` unless it gives its own. The
record is replayed action by action through ``Match.from_record`` (actor prefixes checked, invariants
checked after each action), then ``expect`` is checked on the final state. Every expected value is worked
out by hand from the rules, not copied from the engine.

``expect`` keys:

- exact, compared with ``state.to_json()``: ``phase``, ``round``, ``tour``, ``grand_opener``, ``opener``,
  ``taken``, ``dealt``, ``pile``, ``open``, ``hidden``, ``trios``, ``scores``;
- ``to_move``: a seat, ``"chance"`` or ``"over"``;
- ``legal`` / ``not_legal``: action texts that must / must not be legal now; ``legal_exact``: the full list
  in order; ``legal_count``: how many;
- ``chance``: ``{colour: [numerator, denominator]}``, every chance outcome and its probability;
- ``outcome``: keys of ``state.outcome().to_json()``;
- ``observations``: ``[{"seat": s or null, "players": [partial per seat], "trios": [...], "pile": n}]``;
- ``events``: partial events (``{"kind": …, field: value}``, a ``null`` value means "absent") that must
  appear in the full log in this order; ``seen_by``: ``{"seat or spectator": [partial events]}``, the same
  on ``match.log_for(seat)``; ``event_count``: ``{kind: number}`` in the full log;
- ``illegal``: ``[{"action": "0: take A keep red give 1", "error": "words of the reason"}]``, each refused
  from the final state with the state unchanged (``test_illegal_action_refused``);
- ``refused_entries``: ``[{"entry": "2: take …", "error": "…"}]``: the record with that entry appended
  does not replay (``ReplayError``), e.g. a seat acting out of turn.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from ludotheque.engine import GameRecord, Match
from ludotheque.engine.errors import IllegalActionError, ReplayError
from ludotheque.engine.record import split_actor
from tests import scenario_support as support
from tests.scenario_support import check_partial, events_in_order, load, to_move

GAME = "gracias"
GAME = "gracias"
SCENARIOS = Path(__file__).parent / "scenarios"
FILES = sorted(SCENARIOS.glob("*.json"))
EXACT = ("phase", "round", "tour", "grand_opener", "opener", "taken", "dealt", "pile", "open", "hidden", "trios",
         "scores")
KNOWN = {*EXACT, "to_move", "legal", "not_legal", "legal_exact", "legal_count", "chance", "outcome",
         "observations", "events", "seen_by", "event_count", "illegal", "refused_entries"}


def replay(scenario: dict[str, Any]) -> Match:
    return support.replay(scenario, GAME)


def record_of(scenario: dict[str, Any]) -> GameRecord:
    return support.record_of(scenario, GAME)


def record_json(scenario: dict[str, Any]) -> dict[str, Any]:
    return support.record_json(scenario, GAME)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    scenario = load(path)
    assert scenario["rule"].startswith("§") and scenario["description"]
    expect = scenario["expect"]
    assert set(expect) <= KNOWN, f"unknown expect keys {set(expect) - KNOWN}"
    match = replay(scenario)
    st = match.state
    snap = st.to_json()
    for key in EXACT:
        if key in expect:
            assert snap[key] == expect[key], f"{key}: {snap[key]!r} != {expect[key]!r}"
    if "to_move" in expect:
        assert to_move(match) == expect["to_move"]
    legal = [a.text() for a in st.legal_actions()]
    for text in expect.get("legal", []):
        assert text in legal, f"{text!r} should be legal; legal: {legal}"
    for text in expect.get("not_legal", []):
        assert text not in legal, f"{text!r} should not be legal"
    if "legal_exact" in expect:
        assert legal == expect["legal_exact"]
    if "legal_count" in expect:
        assert len(legal) == expect["legal_count"], legal
    if "chance" in expect:
        got = {a.text().split()[1]: p for a, p in st.chance_outcomes()}
        want = {c: Fraction(*nd) for c, nd in expect["chance"].items()}
        assert set(got) == set(want), f"chance outcomes {sorted(got)} != {sorted(want)}"
        for c, p in want.items():
            assert got[c] == pytest.approx(float(p)), f"P(deal {c}) = {got[c]} != {p}"
    if "outcome" in expect:
        check_partial(st.outcome().to_json(), expect["outcome"], "outcome")
    for obs in expect.get("observations", []):
        seen = st.observation(obs["seat"])
        for p, part in enumerate(obs.get("players", [])):
            check_partial(seen["players"][p], part, f"observation({obs['seat']}).players[{p}]")
        for key in ("trios", "pile"):
            if key in obs:
                assert seen[key] == obs[key], f"observation({obs['seat']}).{key}: {seen[key]!r}"
    if "events" in expect:
        events_in_order([e.to_json() for e in match.events], expect["events"])
    for viewer, wanted in expect.get("seen_by", {}).items():
        seat = None if viewer == "spectator" else int(viewer)
        events_in_order([e.to_json() for e in match.log_for(seat)], wanted)
    for kind, count in expect.get("event_count", {}).items():
        assert sum(e.kind == kind for e in match.events) == count, f"{kind} events"
    for case in expect.get("refused_entries", []):
        rec = record_json(scenario)
        rec["actions"] = [*rec["actions"], case["entry"]]
        with pytest.raises(ReplayError) as refused:
            Match.from_record(GameRecord.from_json(rec))
        assert case["error"] in str(refused.value), f"message {str(refused.value)!r} lacks {case['error']!r}"


ILLEGAL = [(p, i) for p in FILES for i in range(len(load(p)["expect"].get("illegal", [])))]


@pytest.mark.parametrize(("path", "index"), ILLEGAL, ids=[f"{p.stem}-{i}" for p, i in ILLEGAL])
def test_illegal_action_refused(path: Path, index: int) -> None:
    """The refused action leaves the position exactly as it was, and the message says why."""
    scenario = load(path)
    case = scenario["expect"]["illegal"][index]
    match = Match.from_record(record_of(scenario))
    who, text = split_actor(case["action"])
    assert who == str(to_move(match)), f"the case is for {who}, but {to_move(match)} is to move"
    before = match.state.to_json()
    events = len(match.events)
    with pytest.raises(IllegalActionError) as refused:
        match.apply(text)
    assert match.state.to_json() == before
    assert len(match.events) == events
    match.state.check_invariants()
    assert case["error"] in str(refused.value), f"message {str(refused.value)!r} lacks {case['error']!r}"


def test_every_scenario_names_a_rule_and_expects_something() -> None:
    assert len(FILES) >= 25
    for path in FILES:
        scenario = load(path)
        assert scenario["expect"], path.name


BAD_POSITIONS = {
    "open_deal_with_trios": {"phase": "deal_open", "trios": [[None, None, None]] * 3},
    "open_deal_already_done": {"phase": "deal_open", "dealt": 6},
    "trio_deal_too_few_trios": {"phase": "deal_trios", "trios": [[None, None, None]] * 2},
    "trio_deal_card_not_dealt_yet": {"phase": "deal_trios", "dealt": 0,
                                     "trios": [["red", None, None], *[[None] * 3] * 2]},
    "trio_deal_second_card_before_first": {"phase": "deal_trios", "trios": [["red", "red", None], *[[None] * 3] * 2]},
    "trio_deal_all_dealt": {"phase": "deal_trios", "trios": [["red", "red", "red"]] * 3},
    "choose_every_trio_taken": {"phase": "choose", "trios": [None, None, None]},
    "choose_taken_does_not_match": {"phase": "choose", "taken": 0, "trios": [None, ["red", "red", "red"], None]},
    "choose_too_few_trios": {"phase": "choose", "trios": [["red", "red", "red"]]},
}


@pytest.mark.parametrize("name", sorted(BAD_POSITIONS))
def test_position_that_cannot_go_on_is_refused(name: str) -> None:
    """A hand-written position from which the game could not go on (the deal would overwrite laid cards or never
    end, nobody could choose) is refused when read, not half-played."""
    from ludotheque.engine import StateFormatError, get_game

    with pytest.raises(StateFormatError):
        get_game("gracias").state_from_json({"players": 3, **BAD_POSITIONS[name]})


def test_hand_written_trio_deal_defaults() -> None:
    """Phase ``deal_trios`` without ``trios`` is an empty table; without ``dealt``, the cards laid are counted."""
    from ludotheque.engine import get_game

    game = get_game("gracias")
    st = game.state_from_json({"players": 3, "phase": "deal_trios"})
    assert st.to_json()["trios"] == [[None, None, None]] * 3 and st.to_json()["dealt"] == 0
    st = game.state_from_json({"players": 3, "phase": "deal_trios",
                               "trios": [["red", "blue", None], ["green", None, None], ["yellow", None, None]]})
    assert st.to_json()["dealt"] == 4
    st.apply(game.parse_action("deal orange"))
    assert st.to_json()["trios"][1] == ["green", "orange", None]
