"""What the Luxembourg-Shopping rule tests share: hand-written positions (``snapshot.state_from_json`` fills in the
rest: with a ``player`` and no ``queue`` it is that player's turn about to roll), action texts applied one by one
with the invariants checked after each, and short views of the result."""

from __future__ import annotations

from typing import Any

from ludotheque.engine import get_game
from ludotheque.games.luxembourg_shopping.state import LuxembourgState

GAME = get_game("luxembourg-shopping")
SIGNS_TO_WIN = {2: 6, 3: 6, 4: 5, 5: 4, 6: 3}
GALLERY_TO_WIN = {2: 15, 3: 15, 4: 12, 5: 9, 6: 9}
"""I: the rulebook's table, by the number of players at the start."""


def position(players: int = 2, **fields: Any) -> LuxembourgState:
    """A hand-written position, logging its events from here on. With more shops owned than were dealt (6 each),
    ``dealt`` must be given: the reader's default is the number of shops owned."""
    if "dealt" not in fields and len(fields.get("owners", {})) > 6 * players:  # type: ignore[arg-type]
        fields["dealt"] = 6 * players
    st = GAME.state_from_json({"players": players, **fields})
    assert isinstance(st, LuxembourgState)
    st.events = []
    return st


def play(st: LuxembourgState, *texts: str) -> LuxembourgState:
    """Apply action texts (chance outcomes included), checking the invariants and the money after each one."""
    for text in texts:
        st.apply(st.parse_action(text))
        st.check_invariants()
        assert sum(st.cash) + st.bank == 100_000 * st.n
    return st


def legal(st: LuxembourgState) -> list[str]:
    return [a.text() for a in st.legal_actions()]


def outcomes(st: LuxembourgState) -> dict[str, float]:
    return {a.text(): p for a, p in st.chance_outcomes()}


def events(st: LuxembourgState, kind: str) -> list[dict[str, Any]]:
    return [e.to_json() for e in st.events or [] if e.kind == kind]


def owners(st: LuxembourgState) -> dict[int, int]:
    return {s: st.owner[s] for s in range(1, 57) if st.owner[s] >= 0}
