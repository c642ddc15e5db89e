"""``bench/search.py``: iterations per second at three positions of a reference game, with the game's opponent model
(as the bots search) or without it (``--no-model``)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.bench_support import load_bench


@pytest.mark.parametrize("no_model", [False, True])
def test_search_speed_with_and_without_the_opponent_model(capsys: pytest.CaptureFixture[str],
                                                          no_model: bool) -> None:
    bench = load_bench("search")
    models: list[Any] = []
    made = bench.opponent_model

    def recorded(*args: Any) -> Any:
        model = made(*args)
        models.append(model)
        return model

    bench.opponent_model = recorded
    assert bench.main(["--game", "acquire", "--seconds", "0.05", "--json", *(["--no-model"] if no_model else [])]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["model"] is not no_model
    assert set(result["results"]["acquire"]) == {"start", "middle", "end"}
    assert all(p["iterations_per_second"] > 0 and p["legal_actions"] > 1 for p in result["results"]["acquire"].values())
    assert len(models) == (0 if no_model else 3) and all(m is not None for m in models), "Acquire names a model"
