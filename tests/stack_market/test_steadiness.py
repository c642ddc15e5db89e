"""The default steadiness does what the issue asks: a careful building (every aim at the centre) collapses now and
then at 15 dice and usually at 30 (docs/rules/stack_market.md, "Steadiness"); a steadier hand builds higher."""

from __future__ import annotations

import random

from ludotheque.games.stack_market.options import DEFAULT_STEADINESS
from ludotheque.games.stack_market.physics import Column, stacked_on
from ludotheque.games.stack_market.state import turn_spread


def fell_before(height: int, spread: int, rng: random.Random) -> bool:
    """Build carefully from three straight dice to ``height``: does it fall on the way?"""
    column = Column()
    for _ in range(3):
        column.place(stacked_on(column.poses[-1] if column.poses else None, 0, 0, 0))
    while len(column) < height:
        error = (round(rng.gauss(0, spread)), round(rng.gauss(0, spread)), round(rng.gauss(0, turn_spread(spread))))
        if not column.place(stacked_on(column.poses[-1], *error)).stands:
            return True
    return False


def rate(height: int, spread: int, samples: int = 1000) -> float:
    rng = random.Random(height * 7919 + spread)
    return sum(fell_before(height, spread, rng) for _ in range(samples)) / samples


def test_a_careful_15_die_building_falls_now_and_then_and_a_30_die_one_usually() -> None:
    # Measured 15.5 % and 65 % over 3,000 buildings each; the bounds leave room for a sample of 1,000.
    assert 0.08 <= rate(15, DEFAULT_STEADINESS) <= 0.25
    assert 0.52 <= rate(30, DEFAULT_STEADINESS) <= 0.8


def test_a_steadier_hand_builds_higher() -> None:
    assert rate(30, DEFAULT_STEADINESS // 2, 400) < 0.05 < rate(30, DEFAULT_STEADINESS, 400)
    assert rate(20, 0, 10) == 0.0
