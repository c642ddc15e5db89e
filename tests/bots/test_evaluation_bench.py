"""``bench/evaluation.py``: the log loss of a game's search evaluation against who won, by quarter of the game."""

from __future__ import annotations

import math

import pytest

from tests.bench_support import load_bench


def test_log_losses_by_quarter() -> None:
    bench = load_bench("evaluation")
    losses = bench.log_losses([(0.1, 0.25), (0.3, 0.5), (0.6, 1.0), (0.99, 0.5), (0.95, 0.25)])
    assert losses["first"] == pytest.approx(math.log(4))
    assert losses["second"] == pytest.approx(math.log(2))
    assert losses["third"] == pytest.approx(0.0)
    assert losses["last"] == pytest.approx((math.log(2) + math.log(4)) / 2)
    assert losses["all"] == pytest.approx((2 * math.log(4) + 2 * math.log(2)) / 5)


@pytest.mark.parametrize("game", ["acquire", "gracias"])
def test_judged_positions_give_the_winners_a_chance_and_repeat(game: str) -> None:
    bench = load_bench("evaluation")
    judged = bench.judged_positions(game, games=2, players=4, every=6, seed=3)
    assert judged == bench.judged_positions(game, games=2, players=4, every=6, seed=3)
    assert len(judged) > 10
    assert all(0.0 < at <= 1.0 and 0.0 <= chance <= 1.0 for at, chance in judged)
    late = [chance for at, chance in judged if at > 0.9]
    assert late and sum(late) / len(late) > 0.25, "near the end the evaluation should favour the winners"
