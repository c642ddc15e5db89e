"""Majority bonuses (rulebook §4.3), a pure function so that every sharing case is easy to test.

- One holder only: "il touche les deux primes".
- Several tied for most shares: both bonuses added and shared equally among them.
- One largest holder, several tied second: the secondary bonus is shared among the seconds.
- Shares that are not a multiple of 100 are rounded UP to the next 100 (RULINGS; the seed's
  "somme la plus proche" leaves the midpoint open, the 1999 rulebook rounds up).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import TypeVar

H = TypeVar("H", bound=Hashable)


def split_evenly(total: int, ways: int) -> int:
    """Each of ``ways`` holders' part of ``total``, rounded up to the next 100."""
    return -(-total // (100 * ways)) * 100


def majority_bonuses(holdings: Mapping[H, int], primary: int, secondary: int) -> dict[H, int]:
    """Who gets what: ``holdings`` maps each holder to its share count (zero counts are ignored)."""
    holders = {h: n for h, n in holdings.items() if n > 0}
    if not holders:
        return {}
    top = max(holders.values())
    firsts = [h for h, n in holders.items() if n == top]
    if len(firsts) > 1:
        part = split_evenly(primary + secondary, len(firsts))
        return {h: part for h in firsts}
    rest = [n for n in holders.values() if n < top]
    if not rest:
        return {firsts[0]: primary + secondary}
    second = max(rest)
    seconds = [h for h, n in holders.items() if n == second]
    paid = {firsts[0]: primary}
    part = split_evenly(secondary, len(seconds))
    paid.update({h: part for h in seconds})
    return paid
