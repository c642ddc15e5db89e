"""Turn order around a table where seats may have left the game (Luxembourg-Shopping's ruined players, « A Vendre
! »'s): who plays next, and when a round is over."""

from __future__ import annotations

from collections.abc import Sequence


def next_seat(current: int, left: Sequence[int | bool]) -> int:
    """The next seat after ``current`` (seat + 1, around the table) that is still in the game (``left[s]`` false);
    ``current`` itself when nobody else is."""
    n = len(left)
    seat = current
    for _ in range(n):
        seat = (seat + 1) % n
        if not left[seat]:
            return seat
    return current


def passes(first: int, current: int, following: int, n: int) -> bool:
    """Whether handing the turn from ``current`` to ``following`` goes past (or reaches) ``first``, the seat that
    started: a round is over. Works when seats in between, ``first`` included, have left the game."""
    return ((first - current) % n or n) <= ((following - current) % n or n)
