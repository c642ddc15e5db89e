"""Work done once per object and shared. A game's tables are laid out once per set of data files
(``datafiles.laid_out``), so what a bot works out from them (landing chances, trip lengths…) is kept per tables
object, by identity, and shared by every game played on them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

K = TypeVar("K")
R = TypeVar("R")

_MEMO: dict[tuple[int, str], tuple[Any, Any]] = {}
MAX_KEPT = 64


def per_object(owner: K, build: Callable[[K], R]) -> R:
    """``build(owner)``, worked out once per ``owner`` (by identity, the object kept alive with its result) and per
    ``build`` function."""
    key = (id(owner), f"{build.__module__}.{build.__qualname__}")
    hit = _MEMO.get(key)
    if hit is None or hit[0] is not owner:
        if len(_MEMO) >= MAX_KEPT:
            _MEMO.clear()
        hit = _MEMO[key] = (owner, build(owner))
    return hit[1]
