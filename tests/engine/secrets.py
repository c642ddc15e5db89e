"""Per game: the words a seat must never see (another seat's hidden cards or tiles, the bag)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludotheque.engine import State


def _acquire(state: State, seat: int | None) -> set[str]:
    from ludotheque.games.acquire.board import TILE_NAMES

    st: Any = state
    hidden = set(st.bag)
    for p in range(st.n):
        if p != seat:
            hidden.update(st.hands[p])
    return {TILE_NAMES[t] for t in hidden}


HIDDEN_WORDS: dict[str, Callable[[State, int | None], set[str]]] = {"acquire": _acquire}
