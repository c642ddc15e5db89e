"""``bench/agreement.py``: how often two searches, seeded apart, pick the same move at the same positions."""

from __future__ import annotations

import json

import pytest

from tests.bench_support import load_bench


@pytest.mark.parametrize("paired", [False, True])
def test_agreement_over_positions_with_its_interval(capsys: pytest.CaptureFixture[str], paired: bool) -> None:
    bench = load_bench("agreement")
    args = ["--game", "luxembourg-shopping", "--iterations", "30", "--games", "2", "--positions", "3",
            "--jobs", "1", "--json", *(["--paired"] if paired else [])]
    assert bench.main(args) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["game"] == "luxembourg-shopping" and result["paired"] is paired
    assert result["positions"] == 6 and 0 <= result["agreed"] <= 6
    lo, hi = result["interval"]
    assert 0.0 <= lo <= result["share"] == result["agreed"] / 6 <= hi <= 1.0
    assert result["cpu_seconds_per_search"] > 0
    bench.main(args)
    assert json.loads(capsys.readouterr().out)["agreed"] == result["agreed"], "the same seeds, the same figure"


def test_positions_are_those_where_search_has_a_choice() -> None:
    bench = load_bench("agreement")
    from ludotheque.engine import get_game

    hooks = get_game("a-vendre").search_hooks()
    states = bench.positions("a-vendre", 4, 2, 4, 1)
    assert 0 < len(states) <= 8
    for state in states:
        legal = state.legal_actions()
        assert len(hooks.candidates(state.clone(), legal)) > 1
