"""``bench/strength.py``: a bot's win rate against three others, seats rotated, with its interval."""

from __future__ import annotations

import json

import pytest

from tests.bench_support import load_bench


def test_win_rate_with_interval_and_the_command_that_reproduces_it(
        capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_bench("strength")
    assert bench.main(["--game", "gracias", "--bot", "mcts:iterations=20", "--against", "random",
                       "--games", "4", "--json"]) == 0
    out = capsys.readouterr().out
    [result] = json.loads(out)
    assert result["game"] == "gracias" and result["games"] == 4 and result["fair_share"] == 0.25
    lo, hi = result["ci95"]
    assert 0.0 <= lo <= result["win_rate"] <= hi <= 1.0
    assert result["ratio"] == round(result["win_rate"] / 0.25, 2)
    assert result["command"].startswith("ludo simulate gracias --players 4 --games 4 --seed 12 "
                                        "--bots mcts:iterations=20,random,random,random")


def test_the_same_seed_gives_the_same_figure(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_bench("strength")
    args = ["--game", "acquire", "--bot", "mcts:iterations=10", "--against", "random", "--games", "2",
            "--players", "3", "--json"]
    bench.main(args)
    first = json.loads(capsys.readouterr().out)[0]
    bench.main(args)
    second = json.loads(capsys.readouterr().out)[0]
    assert first["win_rate"] == second["win_rate"] and first["ci95"] == second["ci95"]
    assert first["fair_share"] == pytest.approx(1 / 3, abs=0.01)
