"""Which rolled dice must be stacked (rulebook "2. Empiler les dés", RULINGS).

A die goes on the building's top when its number is higher than the top's, or when it is a 0 and the top is a 4
(« Si le nombre sur le dé du dessus du building est égal à 4, un dé lancé avec un nombre 0 doit être empilé
dessus »). The player chooses the order before stacking, and « aussi longtemps que des dés peuvent être empilés
en respectant les règles, ils doivent être empilés »: an order is a sequence of the rolled numbers, each one
allowed on the one before, that cannot be made longer with the dice left. Several such orders may exist, with
different counts (the rulebook's "Exemple d'empilement 1": four ways); the player picks one.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

FACES = (0, 0, 1, 2, 3, 4)
"""The six faces of a Stack Market die."""
TOP_FACE = 4


def may_follow(top: int, number: int) -> bool:
    """Whether a die showing ``number`` may go on a top showing ``top``."""
    return number > top or (top == TOP_FACE and number == 0)


def stacking_orders(top: int, rolled: tuple[int, ...] | list[int]) -> list[tuple[int, ...]]:
    """Every order the player may choose (distinct sequences of numbers, sorted), each one maximal: no die
    left over could go on its last number. ``[()]`` when no die can be stacked."""
    return _maximal_orders(top, rolled, once_per_outcome=False)


def _maximal_orders(top: int, rolled: tuple[int, ...] | list[int], once_per_outcome: bool) -> list[tuple[int, ...]]:
    """The maximal orders by a depth-first walk in increasing order of numbers; with ``once_per_outcome``, a walk
    that reaches dice left and a number on top it has reached before stops (so each outcome comes once, by its
    smallest order: orders reaching one point have the same length, so the first is the smallest)."""
    counts = [0] * 5
    for n in rolled:
        counts[n] += 1
    seen: set[tuple[tuple[int, ...], int]] = set()
    orders: list[tuple[int, ...]] = []
    path: list[int] = []

    def visit(current: int) -> None:
        if once_per_outcome:
            state = (tuple(counts), current)
            if state in seen:
                return
            seen.add(state)
        nexts = [n for n in range(5) if counts[n] and may_follow(current, n)]
        if not nexts:
            orders.append(tuple(path))
            return
        for n in nexts:
            counts[n] -= 1
            path.append(n)
            visit(n)
            path.pop()
            counts[n] += 1

    visit(top)
    return sorted(orders)


def follows_all(top: int, order: tuple[int, ...] | list[int]) -> bool:
    """Whether each number of ``order`` may go on the one before it, starting on ``top``."""
    current = top
    for number in order:
        if not may_follow(current, number):
            return False
        current = number
    return True


def is_maximal_order(top: int, rolled: tuple[int, ...] | list[int], order: tuple[int, ...] | list[int]) -> bool:
    """Whether ``order`` is one the player may choose: drawn from the rolled dice, each die allowed on the one
    before, and no die left over allowed on its last number."""
    left = Counter(rolled)
    left.subtract(order)
    if any(k < 0 for k in left.values()) or not follows_all(top, order):
        return False
    last = order[-1] if order else top
    return not any(k and may_follow(last, n) for n, k in left.items())


def stacking_choices(top: int, rolled: tuple[int, ...] | list[int]) -> list[tuple[int, ...]]:
    """The player's real choices, one order each: maximal orders differ in play only by which dice they use and
    the number they leave on top, so each (dice used, last number) comes once, as its smallest order. Sorted;
    ``[()]`` when no die can be stacked. (``stacking_orders`` lists every order, and can be very many.)"""
    return list(_choices(top, tuple(sorted(rolled))))


@lru_cache(maxsize=1 << 14)
def _choices(top: int, rolled: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """``stacking_choices`` for one top number and one multiset of rolled numbers (sorted), worked out once: search
    asks for the same few thousand times a second."""
    return tuple(_maximal_orders(top, rolled, once_per_outcome=True))
