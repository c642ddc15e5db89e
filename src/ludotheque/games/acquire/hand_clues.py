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
from bisect import insort
from math import factorial
from typing import TYPE_CHECKING

from ...engine.draws import below, draw
from .board import NEIGHBOURS, NUM_TILES
from .chains import NUM_CHAINS, SAFE_SIZE

if TYPE_CHECKING:
    from .data import AcquireData

EMPTY = -1
"""A square without a hotel (as in ``data``)."""

TRIES = 50
"""Re-deals tried before falling back to the true hands (which always agree with the clues)."""


BITS = tuple(1 << t for t in range(NUM_TILES))
"""Each tile's bit (a hand's bits: ``sum(map(BITS.__getitem__, hand))``)."""

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
    least = st.stuck_least[seat]
    dead = st.dead_tiles[seat].mask
    if not least and not dead:
        return True
    tiles = sum(map(BITS.__getitem__, hand))
    if least and (tiles & st.stuck_tiles[seat]).bit_count() < least:
        return False
    return (tiles & dead).bit_count() <= st.drawn_since[seat]


def redeal(st: AcquireData, seat: int, rng: random.Random) -> tuple[list[list[int]], list[int]]:
    """New hands for every seat but ``seat`` and a new bag (all sorted), from the tiles ``seat`` has not seen,
    agreeing with the clues: the unseen tiles in random order, each hand in turn taking the first ones not taken
    yet, except that it first takes its clue's unplayable tiles and passes over any that would give it more dead
    tiles than it can hold.

    Search bots call this once per iteration, so it is kept to about two copies of the position (see
    ``bench/resample.py``). The order is drawn only as far as the hands read it, a tile at a time popped at
    random from the sorted unseen tiles (which stay sorted for the bag), with the digits of one random number.
    Each hand first takes the next tiles as they come; only if that goes against a clue (now and then, late in
    a game) are the hands dealt again by the clues, reading the same order from its beginning: hands that honour
    their clues as dealt are what dealing by the clues would have given, so deals come out as often as if every
    unseen tile had been shuffled first and then dealt by the clues."""
    hands = st.hands
    pool = st.bag[:]
    for p in range(st.n):
        if p != seat:
            pool += hands[p]
    # Start from an order that only the unseen tiles decide, not where they really are: with the same rng, two
    # positions ``seat`` cannot tell apart are re-dealt alike, so a re-deal tells nothing of the true one.
    pool.sort()
    order = draw(pool, len(pool) - len(st.bag), rng)  # the tiles read, in order
    new = hands[:]
    new[seat] = hands[seat][:]
    clued = any(st.stuck_least) or st.dead_tiles.count(NO_DEAD_TILES) != st.n
    k = 0
    for p in range(st.n):
        if p != seat:
            hand = order[k:k + len(hands[p])]
            k += len(hand)
            hand.sort()
            new[p] = hand
    others = [p for p in range(st.n) if p != seat]
    if not clued or all(agrees(st, p, new[p]) for p in others):
        return new, pool
    for _ in range(TRIES):
        dealt = _Deal(pool, below(rng, factorial(len(pool))), order)
        if dealt.deal(st, others, new):
            return new, dealt.bag()
        pool, order = _unseen(st, others), []  # this order cannot honour the clues: another one
    return [h[:] for h in hands], st.bag[:]  # never seen in practice: the true deal always agrees


def _unseen(st: AcquireData, others: list[int]) -> list[int]:
    """The tiles in the bag and in ``others``' hands, sorted."""
    pool = st.bag[:]
    for p in others:
        pool += st.hands[p]
    pool.sort()
    return pool


class _Deal:
    """Dealing by the clues from a random order of tiles: ``read`` holds the tiles read but not taken yet, in
    order; ``tiles`` those not read yet (sorted), each read popped at random with the next digit of ``code``
    (a random number below ``len(tiles)!``)."""

    __slots__ = ("code", "read", "tiles")

    def __init__(self, tiles: list[int], code: int, read: list[int]) -> None:
        self.tiles, self.code, self.read = tiles, code, read

    def deal(self, st: AcquireData, others: list[int], hands: list[list[int]]) -> bool:
        """Give ``others`` their hands, into ``hands``; False if this order cannot honour the clues."""
        for p in others:
            count = len(st.hands[p])
            hand: list[int] = []
            dead = st.dead_tiles[p].mask if st.drawn_since[p] < count else 0  # room for a whole hand: no clue
            room: int | None = st.drawn_since[p]
            if st.stuck_least[p]:
                room = self.take(hand, st.stuck_least[p], st.stuck_tiles[p], dead, st.drawn_since[p])
            if room is not None:
                room = self.take(hand, count, None, dead, room)
            if room is None:
                return False
            hand.sort()
            hands[p] = hand
        return True

    def bag(self) -> list[int]:
        """The tiles no hand took, sorted."""
        bag = self.tiles
        for t in self.read:
            insort(bag, t)
        return bag

    def take(self, hand: list[int], count: int, among: int | None, dead: int, room: int) -> int | None:
        """Add to ``hand`` the next tiles of the order not taken yet (only those of ``among``, if given), until it
        holds ``count``, passing over dead ones once ``room`` of them are in; the room left, or None if the hand
        stays short."""
        need = count - len(hand)
        kept: list[int] = []
        read, tiles, code = self.read, self.tiles, self.code
        n = len(tiles)
        i = 0
        while need:
            if i < len(read):  # the tiles of the order already read first
                t = read[i]
                i += 1
            elif n:  # then the next ones, read off the code
                code, j = divmod(code, n)
                n -= 1
                t = tiles.pop(j)
            else:
                break
            if among is not None and not among >> t & 1:
                kept.append(t)
            elif dead >> t & 1:
                if room:
                    room -= 1
                    hand.append(t)
                    need -= 1
                else:
                    kept.append(t)
            else:
                hand.append(t)
                need -= 1
        kept.extend(read[i:])
        self.read, self.code = kept, code
        return None if need else room
