"""What a seat may see (a face-down card: its owner only; the pile: nobody), and re-dealing the rest for
search bots."""

from __future__ import annotations

import random
from collections.abc import Iterable
from operator import add, mul
from typing import TYPE_CHECKING, Any

from ...engine.draws import draw
from .actions import TRIO_LETTERS
from .cards import COLOUR_BYTES, COLOURS, NUM_COLOURS, Counts

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
    dealt = iter(draw(bytearray().join(map(mul, COLOUR_BYTES, pile)), sum(pile) - sum(c.deck), rng))
    for p in range(c.n):
        k = sum(hidden[p])
        if k and p != seat:
            cards = hidden[p] = [0] * NUM_COLOURS
            for _ in range(k):
                col = next(dealt)
                cards[col] += 1
                pile[col] -= 1
    for t in face_down:
        t[2] = col = next(dealt)
        pile[col] -= 1
    c.deck = pile
    return c
