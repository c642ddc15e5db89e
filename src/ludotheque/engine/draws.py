"""Drawing at random without replacement, fast: search bots re-deal a game's hidden cards or tiles every iteration,
and play its deals out, so one call draws a whole deal from a single random number."""

from __future__ import annotations

import random
from math import perm
from typing import Protocol, TypeVar

T = TypeVar("T", covariant=True)


class Pool(Protocol[T]):
    """What ``draw`` draws from: a list, or a bytearray of small numbers (colours, say)."""

    def pop(self, index: int, /) -> T: ...

    def __len__(self) -> int: ...


def below(rng: random.Random, n: int) -> int:
    """A random number from 0 to ``n - 1``, each as likely (``rng.randrange(n)`` without its argument checks).
    Read in mixed radix (``code, digit = divmod(code, m)`` for each m in turn) it gives independent uniform
    digits: one call draws a whole deal."""
    bits = n.bit_length()
    r = rng.getrandbits(bits)
    while r >= n:
        r = rng.getrandbits(bits)
    return r


def draw(pool: Pool[T], k: int, rng: random.Random) -> list[T]:
    """``k`` items popped from ``pool`` one after another, each time any of those left as likely: in the order
    drawn. ``pool`` keeps the rest, in their order."""
    n = len(pool)
    code = below(rng, perm(n, k))
    pop = pool.pop
    out = []
    for m in range(n, n - k, -1):
        code, j = divmod(code, m)
        out.append(pop(j))
    return out
