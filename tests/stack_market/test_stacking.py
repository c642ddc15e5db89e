"""Which dice must be stacked: every maximal order and nothing else, checked against a brute force over all
orders of the rolled dice, and on hand-worked cases."""

from __future__ import annotations

import itertools
import random

from ludotheque.games.stack_market.stacking import (
    FACES,
    is_maximal_order,
    may_follow,
    stacking_choices,
    stacking_orders,
)


def _brute_force(top: int, rolled: list[int]) -> list[tuple[int, ...]]:
    """Take every permutation, stack its dice while they may go on, keep it if nothing left over could."""
    found = set()
    for perm in itertools.permutations(rolled):
        current, used = top, []
        for n in perm:
            if not may_follow(current, n):
                break
            used.append(n)
            current = n
        rest = list(rolled)
        for n in used:
            rest.remove(n)
        if not any(may_follow(current, n) for n in rest):
            found.add(tuple(used))
    return sorted(found)


def test_every_maximal_order_and_nothing_else() -> None:
    rng = random.Random(2)
    for _ in range(300):
        rolled = [rng.choice(FACES) for _ in range(rng.randint(0, 7))]
        top = rng.choice(FACES)
        assert stacking_orders(top, rolled) == _brute_force(top, rolled), (top, rolled)


def test_hand_worked_cases() -> None:
    # Nothing higher than a 3 but a 2 and a 1: nothing is stacked.
    assert stacking_orders(3, [2, 1, 3]) == [()]
    # A 0 goes on a 4, then anything higher on the 0.
    assert stacking_orders(4, [0, 2]) == [(0, 2)]
    # 1, 2, 3, 4 must all go when stacked in rising order, and a 0 after the 4.
    assert stacking_orders(0, [1, 2, 3, 4, 0]) == sorted(stacking_orders(0, [0, 1, 2, 3, 4]))
    assert (1, 2, 3, 4, 0) in stacking_orders(0, [1, 2, 3, 4, 0])
    # Several ways with different counts (as in the rulebook's first example): on a 2, the roll 3, 4, 0, 1.
    orders = stacking_orders(2, [3, 4, 0, 1])
    assert orders == [(3, 4, 0, 1), (4, 0, 1, 3), (4, 0, 3)]
    assert sorted({len(o) for o in orders}) == [3, 4]


def _used_and_last(top: int, rolled: list[int], order: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    return tuple(sorted(order)), order[-1] if order else top


def test_the_choices_are_one_order_per_dice_used_and_top_left() -> None:
    """``stacking_choices`` keeps, of all maximal orders, the smallest for each (dice used, number left on top)."""
    rng = random.Random(7)
    for _ in range(400):
        rolled = [rng.choice(FACES) for _ in range(rng.randint(0, 8))]
        top = rng.choice(FACES)
        every = stacking_orders(top, rolled)
        best: dict[tuple[tuple[int, ...], int], tuple[int, ...]] = {}
        for order in every:
            key = _used_and_last(top, rolled, order)
            best[key] = min(best.get(key, order), order)
        assert stacking_choices(top, rolled) == sorted(best.values()), (top, rolled)


def test_a_maximal_order_is_recognised_and_nothing_else() -> None:
    rng = random.Random(8)
    for _ in range(300):
        rolled = [rng.choice(FACES) for _ in range(rng.randint(0, 6))]
        top = rng.choice(FACES)
        maximal = set(stacking_orders(top, rolled))
        for k in range(len(rolled) + 1):
            for order in set(itertools.permutations(rolled, k)):
                assert is_maximal_order(top, rolled, order) == (order in maximal), (top, rolled, order)
    assert not is_maximal_order(2, [3, 4], (3, 4, 0)), "a die that was not rolled"
    assert not is_maximal_order(2, [3, 4, 0], (3, 4)), "the 0 could still go on the 4"
