"""The equilibrium rule of Stack Market's buildings against hand-computed cases (RULINGS: static equilibrium,
the edge counts as standing)."""

from __future__ import annotations

import math
import random
from fractions import Fraction

from ludotheque.games.stack_market.physics import DIE_UM, Column, Pose, overlap

HALF = DIE_UM // 2


def test_two_dice_tip_at_exactly_half_a_dies_width() -> None:
    for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1)):
        at_edge = Column([Pose(0, 0), Pose(dx * HALF, dy * HALF)]).check()
        assert at_edge.stands and abs(at_edge.margin) < 1e-6
        past = Column([Pose(0, 0), Pose(dx * (HALF + 1), dy * (HALF + 1))]).check()
        assert not past.stands and past.failed_at == 0 and past.margin < 0


def test_a_die_on_a_corner() -> None:
    # Turned 45°, centred on the corner of the die below: its centre lies on that corner, the edge of the overlap.
    assert Column([Pose(0, 0), Pose(HALF, HALF, 4500)]).check().stands
    assert not Column([Pose(0, 0), Pose(HALF + 1, HALF, 4500)]).check().stands


def test_dice_that_do_not_touch_fall() -> None:
    assert overlap(Pose(0, 0), Pose(DIE_UM + 1, 0)) == []
    assert not Column([Pose(0, 0), Pose(DIE_UM + 1, 0)]).check().stands


def _harmonic(n: int) -> list[Pose]:
    """The largest overhang of n dice, each as far right as whole micrometres allow: built from the top down,
    each die below as far left as keeps the centre of mass of the dice above on its right edge."""
    xs = [Fraction(0)]
    for k in range(1, n):
        com = sum(xs) / k
        xs.append(Fraction(math.ceil(com - HALF)))
    return [Pose(int(x), 0) for x in reversed(xs)]


def test_a_harmonic_overhang_stands_at_its_limit_and_falls_a_micrometre_past_it() -> None:
    poses = _harmonic(12)
    overhang = poses[-1].x - poses[0].x
    assert overhang > 1.5 * DIE_UM  # 8000 (1 + 1/2 + 1/3 + …) µm: more than one and a half dice
    assert Column(poses).check().stands
    pushed = [*poses[:-1], Pose(poses[-1].x + 1, 0)]
    verdict = Column(pushed).check()
    # Some centre of mass above an interface near the top now lies past its edge, by less than a micrometre.
    assert not verdict.stands and verdict.failed_at is not None and verdict.failed_at >= 9
    assert -1 <= verdict.margin < 0


def test_incremental_placement_agrees_with_checking_the_whole_column() -> None:
    rng = random.Random(1)
    for _ in range(200):
        column = Column()
        poses = []
        for _ in range(rng.randint(2, 30)):
            pose = Pose(rng.randint(-2500, 2500) + (poses[-1].x if poses else 0),
                        rng.randint(-2500, 2500) + (poses[-1].y if poses else 0), rng.randint(-4500, 4500))
            poses.append(pose)
            verdict = column.place(pose)
            again = Column(poses).check()
            assert verdict == again
            if not verdict.stands:
                break


def test_a_careful_tower_stands_and_a_lean_topples_it() -> None:
    straight = Column([Pose(0, 0, 100 * i) for i in range(30)])
    assert straight.check().stands and straight.check().margin > HALF * 0.7
    leaning = Column([Pose(1500 * i, 0) for i in range(12)])  # 9000 µm past the base's centre
    verdict = leaning.check()
    assert not verdict.stands and verdict.failed_at == 0
