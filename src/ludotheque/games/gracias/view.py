"""What a seat may see (a face-down card: its owner only; the pile: nobody), and re-dealing the rest for
search bots."""

from __future__ import annotations

import random
from collections.abc import Iterable
from math import perm
from operator import add, mul
from typing import TYPE_CHECKING, Any

from .actions import TRIO_LETTERS
from .cards import COLOURS, NUM_COLOURS, Counts

if TYPE_CHECKING:
    from .state import GraciasState


def named_counts(counts: Counts) -> dict[str, int]:
    return {COLOURS[c]: k for c, k in enumerate(counts) if k}


def observe(st: GraciasState, seat: int | None) -> dict[str, Any]:
    from .state import PHASE_NAMES

    trios: list[dict[str, Any] | None] = []
    for t, trio in enumerate(st.trios):
        if trio is None:
            trios.append(None)
        else:
            trios.append({"trio": TRIO_LETTERS[t], "open": [COLOURS[c] if c >= 0 else None for c in trio[:2]],
                          "hidden_card": trio[2] >= 0, "chosen": t == st.chosen})
    players = []
    for p in range(st.n):
        entry: dict[str, Any] = {"seat": p, "open": named_counts(st.open[p]), "hidden_count": sum(st.hidden[p]),
                                 "scores": list(st.scores[p]), "total": sum(st.scores[p])}
        if p == seat:
            entry["hidden"] = named_counts(st.hidden[p])
        players.append(entry)
    return {
        "game": "gracias", "seat": seat, "options": dict(st.options), "phase": PHASE_NAMES[st.phase],
        "to_move": st.to_move(),
        "round": st.round + 1, "tour": st.tour + 1, "grand_opener": st.grand, "opener": st.opener,
        "chosen": TRIO_LETTERS[st.chosen] if st.chosen >= 0 else None,
        "trios": trios, "players": players, "pile": sum(st.deck),
    }


COLOUR_BYTES = tuple(bytes([col]) for col in range(NUM_COLOURS))
"""A card of each colour, as one byte (``resample`` lines cards up in a bytearray)."""


def resample(st: GraciasState, seat: int, rng: random.Random) -> GraciasState:
    """Re-deal, from the cards ``seat`` has not seen, the other players' face-down cards, the trios'
    face-down cards and the pile, keeping how many each holds.

    Search bots call this once per iteration, so it is kept cheap (``bench/resample.py``): the cards are dealt
    one at a time, popped at random from the unseen cards lined up by colour (an order that only their counts
    decide, not where they really are, so that a re-deal tells nothing of the true position), with the digits
    of one random number; what is left makes the pile. Each deal is as likely as with a shuffle of them all."""
    c = st.clone()
    hidden = c.hidden
    face_down = [t for t in c.trios if t is not None and t[2] >= 0]
    unseen: Iterable[int] = c.deck
    for p in range(c.n):
        if p != seat:
            unseen = map(add, unseen, hidden[p])
    pile = list(unseen)  # per colour, the cards unseen; once the others are dealt, what is left for the pile
    for t in face_down:
        pile[t[2]] += 1
    pool = bytearray().join(map(mul, COLOUR_BYTES, pile))
    n = len(pool)
    code = _below(rng, perm(n, n - sum(c.deck)))
    pop = pool.pop
    for p in range(c.n):
        k = sum(hidden[p])
        if k and p != seat:
            cards = hidden[p] = [0] * NUM_COLOURS
            for m in range(n, n - k, -1):
                code, j = divmod(code, m)
                col = pop(j)
                cards[col] += 1
                pile[col] -= 1
            n -= k
    for t in face_down:
        code, j = divmod(code, n)
        n -= 1
        t[2] = col = pop(j)
        pile[col] -= 1
    c.deck = pile
    return c


def _below(rng: random.Random, n: int) -> int:
    """A random number from 0 to ``n - 1``, each as likely (``rng.randrange(n)`` without its argument checks).
    Read in mixed radix (``code, digit = divmod(code, m)`` for m = n, n - 1, …) it gives the independent uniform
    digits of a whole deal."""
    bits = n.bit_length()
    r = rng.getrandbits(bits)
    while r >= n:
        r = rng.getrandbits(bits)
    return r
