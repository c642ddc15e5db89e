"""What a seat may see (a face-down card: its owner only; the pile: nobody), and re-dealing the rest for
search bots."""

from __future__ import annotations

import random
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


def resample(st: GraciasState, seat: int, rng: random.Random) -> GraciasState:
    """Re-deal, from the cards ``seat`` has not seen, the other players' face-down cards, the trios'
    face-down cards and the pile, keeping how many each holds."""
    c = st.clone()
    pool = [col for col in range(NUM_COLOURS) for _ in range(c.deck[col])]
    others = [p for p in range(c.n) if p != seat]
    for p in others:
        pool += [col for col in range(NUM_COLOURS) for _ in range(c.hidden[p][col])]
    face_down = [t for t in c.trios if t is not None and t[2] >= 0]
    pool += [t[2] for t in face_down]
    rng.shuffle(pool)
    i = 0
    for p in others:
        k = sum(c.hidden[p])
        c.hidden[p] = [0] * NUM_COLOURS
        for col in pool[i:i + k]:
            c.hidden[p][col] += 1
        i += k
    for t in face_down:
        t[2] = pool[i]
        i += 1
    c.deck = [0] * NUM_COLOURS
    for col in pool[i:]:
        c.deck[col] += 1
    return c

