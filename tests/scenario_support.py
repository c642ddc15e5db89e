"""What every game's scenario tests share: reading a scenario file, replaying its record with checks at
every step, comparing parts of the result, the ``expect`` keys that mean the same in every game, and the test of
the refused actions they list. Each game's ``test_scenarios.py`` interprets its own ``expect`` keys on top of
this."""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from ludotheque.engine import GameRecord, IllegalActionError, InvalidActionError, Match
from ludotheque.engine.errors import ReplayError
from ludotheque.engine.record import split_actor
from ludotheque.engine.state import CHANCE, TERMINAL


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def record_json(scenario: dict[str, Any], game: str) -> dict[str, Any]:
    """The scenario's record, with ``version`` and ``game`` filled in, and a hand-written ``start`` given the
    record's players and options unless it has its own."""
    rec = {"version": 1, "game": game, **scenario["record"]}
    if rec.get("start") is not None:
        rec["start"] = {"players": rec["players"], "options": rec.get("options", {}), **rec["start"]}
    return rec


def record_of(scenario: dict[str, Any], game: str) -> GameRecord:
    return GameRecord.from_json(record_json(scenario, game))


def replay(scenario: dict[str, Any], game: str) -> Match:
    """Apply the record action by action (actor prefixes checked, invariants after each one), then check that
    the engine's own replay of the record reaches the same position and log."""
    rec = record_of(scenario, game)
    match = Match.from_record(rec, upto=0)
    match.state.check_invariants()
    for entry in rec.actions:
        who, text = split_actor(entry)
        actor = match.state.current_player
        assert who is None or who == ("chance" if actor == CHANCE else str(actor)), f"{entry}: {actor} to move"
        match.apply(text)
        match.state.check_invariants()
    again = Match.from_record(rec)
    assert again.state.to_json() == match.state.to_json()
    assert [e.to_json() for e in again.events] == [e.to_json() for e in match.events]
    return match


def replay_and_check_exact(path: Path, game: str, known: set[str],
                           exact: tuple[str, ...]) -> tuple[dict[str, Any], Match, dict[str, Any]]:
    """Read a scenario, check its form, replay it and compare the ``exact`` keys of its ``expect`` with the final
    position's JSON; return the expectations, the match and that JSON for the game's own checks."""
    scenario = load(path)
    assert scenario["rule"].startswith("§") and scenario["description"]
    expect: dict[str, Any] = scenario["expect"]
    assert set(expect) <= known, f"unknown expect keys {set(expect) - known}"
    match = replay(scenario, game)
    snap = match.state.to_json()
    for key in exact:
        if key in expect:
            assert snap[key] == expect[key], f"{key}: {snap[key]!r} != {expect[key]!r}"
    return expect, match, snap


def illegal_cases(files: list[Path]) -> list[tuple[Path, int]]:
    """Every refused action listed in the scenarios' ``expect.illegal``, as (file, index)."""
    return [(p, i) for p in files for i in range(len(load(p)["expect"].get("illegal", [])))]


def check_refused(path: Path, index: int, game: str) -> None:
    """The refused action leaves the position and the log exactly as they were, and the message says why."""
    scenario = load(path)
    case = scenario["expect"]["illegal"][index]
    match = Match.from_record(record_of(scenario, game))
    who, text = split_actor(case["action"])
    assert who == str(to_move(match)), f"the case is for {who}, but {to_move(match)} is to move"
    before = match.state.to_json()
    events = len(match.events)
    with pytest.raises((IllegalActionError, InvalidActionError)) as refused:
        match.apply(text)
    assert match.state.to_json() == before
    assert len(match.events) == events
    match.state.check_invariants()
    assert case["error"] in str(refused.value), f"message {str(refused.value)!r} lacks {case['error']!r}"


def to_move(match: Match) -> int | str:
    actor = match.state.current_player
    return "chance" if actor == CHANCE else "over" if actor == TERMINAL else actor


def check_partial(actual: dict[str, Any], expected: dict[str, Any], where: str) -> None:
    for key, value in expected.items():
        assert actual.get(key) == value, f"{where}.{key}: {actual.get(key)!r} != {value!r}"


def events_in_order(log: list[dict[str, Any]], wanted: list[dict[str, Any]]) -> None:
    """Each wanted (partial) event appears in the log, in this order."""
    i = 0
    for w in wanted:
        while i < len(log) and any(log[i].get(k) != v for k, v in w.items()):
            i += 1
        assert i < len(log), f"event {w} not found (in this order) in the log: {log}"
        i += 1


def check_counts_and_refusals(path: Path, match: Match, expect: dict[str, Any], game: str) -> None:
    """``event_count``: how many events of each kind the game logged; ``refused_entries``: entries that, added
    after the record's actions, a replay refuses with the given words."""
    for kind, count in expect.get("event_count", {}).items():
        assert sum(e.kind == kind for e in match.events) == count, f"{kind} events"
    for case in expect.get("refused_entries", []):
        rec = record_json(load(path), game)
        rec["actions"] = [*rec["actions"], case["entry"]]
        with pytest.raises(ReplayError) as refused:
            Match.from_record(GameRecord.from_json(rec))
        assert case["error"] in str(refused.value), f"message {str(refused.value)!r} lacks {case['error']!r}"


SHARED_KEYS = frozenset({"to_move", "seats_out", "legal", "not_legal", "legal_exact", "chance_exact", "chance",
                         "outcome", "events", "no_events", "event_count", "refused_entries", "illegal"})
"""The ``expect`` keys ``check_shared_keys`` reads, and ``illegal`` (``illegal_action_test``)."""


def check_legal(match: Match, expect: dict[str, Any]) -> list[str]:
    """``legal`` / ``not_legal``: action texts that are legal now, or not; ``legal_exact``: the legal actions' texts,
    in order. The legal actions' texts."""
    legal = [a.text() for a in match.state.legal_actions()]
    for text in expect.get("legal", []):
        assert text in legal, f"{text!r} should be legal; legal: {legal}"
    for text in expect.get("not_legal", []):
        assert text not in legal, f"{text!r} should not be legal; legal: {legal}"
    if "legal_exact" in expect:
        assert legal == expect["legal_exact"]
    return legal


def check_shared_keys(path: Path, game: str, match: Match, expect: dict[str, Any]) -> None:
    """The ``expect`` keys that mean the same in the games checked against every one of them (Luxembourg-Shopping,
    « A Vendre ! »): ``to_move`` (a seat, ``"chance"`` or ``"over"``), ``seats_out``, ``legal`` / ``not_legal`` /
    ``legal_exact`` (action texts), ``chance_exact`` (every chance outcome's text, in order), ``chance`` (``{text:
    [numerator, denominator]}``), ``outcome`` (keys of ``state.outcome().to_json()``), ``events`` (partial events in
    this order) and ``no_events`` (partial events not in the log), then ``event_count`` and ``refused_entries``."""
    st = match.state
    if "to_move" in expect:
        assert to_move(match) == expect["to_move"]
    if "seats_out" in expect:
        assert st.seats_out() == expect["seats_out"]
    check_legal(match, expect)
    outcomes = {a.text(): p for a, p in st.chance_outcomes()}
    if "chance_exact" in expect:
        assert list(outcomes) == expect["chance_exact"]
    if "chance" in expect:
        assert set(outcomes) == set(expect["chance"]), f"chance outcomes {sorted(outcomes)}"
        for text, nd in expect["chance"].items():
            assert outcomes[text] == pytest.approx(float(Fraction(*nd))), f"P({text}) = {outcomes[text]}"
    if "outcome" in expect:
        check_partial(st.outcome().to_json(), expect["outcome"], "outcome")
    log = [e.to_json() for e in match.events]
    if "events" in expect:
        events_in_order(log, expect["events"])
    for unwanted in expect.get("no_events", []):
        found = [e for e in log if all(e.get(k) == v for k, v in unwanted.items())]
        assert not found, f"unexpected {found}"
    check_counts_and_refusals(path, match, expect, game)


def illegal_action_test(files: list[Path], game: str) -> Callable[[Path, int], None]:
    """The test of every refused action the scenarios ``files`` list (``expect.illegal``), one case each, for a game's
    scenario module to hold as its ``test_illegal_action_refused``."""
    cases = illegal_cases(files)

    @pytest.mark.parametrize(("path", "index"), cases, ids=[f"{p.stem}-{i}" for p, i in cases])
    def test_illegal_action_refused(path: Path, index: int) -> None:
        check_refused(path, index, game)

    return test_illegal_action_refused


def scenarios_expecting(files: list[Path], least: int) -> list[tuple[Path, dict[str, Any]]]:
    """The scenarios ``files``, read: at least ``least`` of them, each expecting something."""
    assert len(files) >= least
    read: list[tuple[Path, dict[str, Any]]] = []
    for path in files:
        scenario = load(path)
        assert scenario["expect"], path.name
        read.append((path, scenario))
    return read
