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


def _gracias(state: State, seat: int | None) -> set[str]:
    """Gracias cards are alike within a colour, so hiding is checked by resampling (see the contract test)
    and by the take events' redaction, not by words."""
    return set()


HIDDEN_WORDS: dict[str, Callable[[State, int | None], set[str]]] = {"acquire": _acquire, "gracias": _gracias}
