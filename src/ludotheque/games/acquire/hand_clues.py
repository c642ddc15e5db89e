"""What everybody knows of the tiles in a hand, and re-dealing hidden tiles so as to agree with it.

Hands are secret (§3), but play gives clues. A player who cannot place a tile (§4.6) shows that every tile
in hand was unplayable there and then: until as many of those tiles have been seen leaving the hand, the
hand still holds at least that many of them (a tile placed later may have been one, or a newer one). A
player who discards dead tiles at the end of a turn (RULINGS) shows that no tile kept was dead then: of the
tiles dead at that moment, the hand holds at most as many as it has drawn since. ``AcquireData`` keeps these
clues per seat (``stuck_tiles``/``stuck_least``, ``dead_tiles``/``drawn_since``); ``redeal`` gives the other
seats hands that honour them.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .board import NEIGHBOURS, NUM_TILES
from .chains import NUM_CHAINS, SAFE_SIZE

if TYPE_CHECKING:
    from .data import AcquireData

EMPTY = -1
"""A square without a hotel (as in ``data``)."""

TRIES = 50
"""Re-deals tried before falling back to the true hands (which always agree with the clues)."""


NEIGHBOUR_BITS = tuple(sum(1 << nb for nb in NEIGHBOURS[t]) for t in range(NUM_TILES))


def safe_chains(size: list[int]) -> int:
    """The chains that are safe (11 hotels or more, §4.2), a bit per chain."""
    return sum(1 << c for c in range(NUM_CHAINS) if size[c] >= SAFE_SIZE)


class DeadTiles:
    """The tiles dead at one moment (a bit per tile). Kept as a copy of the board then and worked out only when
    asked: the end of every turn records one, and only re-deals ever read it."""

    __slots__ = ("_board", "_mask", "_size")

    def __init__(self, board: list[int] | None = None, size: list[int] | None = None, mask: int = 0) -> None:
        self._board, self._size, self._mask = board, size, mask

    @property
    def mask(self) -> int:
        if self._board is not None and self._size is not None:
            self._mask = dead_tiles(self._board, self._size)
            self._board = self._size = None
        return self._mask


NO_DEAD_TILES = DeadTiles()


def dead_tiles(board: list[int], size: list[int]) -> int:
    """The tiles not on the board that touch two safe chains (unplayable for ever, §4.2), a bit per tile."""
    around = [0] * NUM_CHAINS
    empty = 0
    for t, v in enumerate(board):
        if v == EMPTY:
            empty |= 1 << t
        elif v < NUM_CHAINS and size[v] >= SAFE_SIZE:
            around[v] |= NEIGHBOUR_BITS[t]
    touched = [m for m in around if m]
    dead = 0
    for i, a in enumerate(touched):
        for b in touched[i + 1:]:
            dead |= a & b
    return dead & empty


def agrees(st: AcquireData, seat: int, hand: list[int]) -> bool:
    """Whether ``hand`` could be ``seat``'s, given the clues everybody has about it."""
    if st.stuck_least[seat]:
        mask = st.stuck_tiles[seat]
        if sum(1 for t in hand if mask >> t & 1) < st.stuck_least[seat]:
            return False
    dead = st.dead_tiles[seat].mask
    return not dead or sum(1 for t in hand if dead >> t & 1) <= st.drawn_since[seat]


def redeal(st: AcquireData, seat: int, rng: random.Random) -> tuple[list[list[int]], list[int]]:
    """New hands for every seat but ``seat`` and a new bag, from the tiles ``seat`` has not seen, agreeing with
    the clues: each hand first gets its clue's unplayable tiles, then tiles in random order, passing over any
    that would give it more dead tiles than it can hold."""
    others = [p for p in range(st.n) if p != seat]
    pool = st.bag + [t for p in others for t in st.hands[p]]
    pool.sort()
    for _ in range(TRIES):
        rng.shuffle(pool)
        hands = _deal(st, others, pool)
        if hands is not None:
            taken = {t for p in others for t in hands[p]}
            return [sorted(hands[p]) if p != seat else st.hands[p][:] for p in range(st.n)], \
                sorted(t for t in pool if t not in taken)
    return [h[:] for h in st.hands], st.bag[:]  # never seen in practice: the true deal always agrees


def _deal(st: AcquireData, others: list[int], order: list[int]) -> dict[int, list[int]] | None:
    """Deal ``order`` (shuffled) to ``others``, or None if this order cannot honour the clues."""
    used: set[int] = set()
    hands: dict[int, list[int]] = {}
    for p in others:
        hand: list[int] = []
        dead = st.dead_tiles[p].mask
        room = _take(order, used, hand, st.stuck_least[p], st.stuck_tiles[p], dead, st.drawn_since[p])
        if room is not None:
            room = _take(order, used, hand, len(st.hands[p]), None, dead, room)
        if room is None:
            return None
        hands[p] = hand
    return hands


def _take(order: list[int], used: set[int], hand: list[int], count: int, among: int | None, dead: int,
          room: int) -> int | None:
    """Add unused tiles of ``order`` to ``hand`` (only those of ``among``, if given) until it holds ``count``,
    passing over dead ones once ``room`` of them are in; the room left, or None if the hand stays short."""
    for t in order:
        if len(hand) >= count:
            break
        if t in used or (among is not None and not among >> t & 1) or (dead >> t & 1 and not room):
            continue
        room -= dead >> t & 1
        hand.append(t)
        used.add(t)
    return room if len(hand) >= count else None
