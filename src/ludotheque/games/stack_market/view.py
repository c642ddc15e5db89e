"""What a seat may see: everything on the table (buildings with every die's pose, the reserve, the investors, the
record), and its own cash only (« Cachez votre argent »)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.state import TERMINAL
from .actions import COMPANY_LETTERS

if TYPE_CHECKING:
    from .state import StackMarketState


def building_view(st: StackMarketState, company: int) -> dict[str, Any]:
    column = st.columns[company]
    verdict = column.check()
    return {
        "company": COMPANY_LETTERS[company], "height": len(column),
        "faces": list(st.faces[company]), "top": st.faces[company][-1] if st.faces[company] else None,
        "poses": [[p.x, p.y, p.turn] for p in column.poses],
        "margin": round(verdict.margin) if len(column) > 1 and verdict.stands else None,
        "investors": [p for p in range(st.n) if st.investors[p] == company],
    }


def observe(st: StackMarketState, seat: int | None) -> dict[str, Any]:
    from .state import PHASE_NAMES, PURPOSES

    players = []
    for p in range(st.n):
        entry: dict[str, Any] = {"seat": p, "company": COMPANY_LETTERS[st.investors[p]] if st.investors[p] >= 0
                                 else None, "steadiness": st.steadiness[p]}
        if st.actor == TERMINAL:  # the money is counted at the end
            entry["cash"] = st.cash[p]
        players.append(entry)
    aim = st.aim
    return {
        "game": "stack-market", "seat": seat, "options": dict(st.options), "phase": PHASE_NAMES[st.phase],
        "to_move": st.to_move(), "round": min(st.round + 1, st.rounds), "rounds": st.rounds,
        "player": st.turn_player if st.turn_player >= 0 else None, "first_player": st.first if st.first >= 0 else None,
        "rolling_for": PURPOSES[st.purpose] if st.to_roll else None, "to_roll": st.to_roll,
        "hand": list(st.hand), "pending": list(st.pending), "stacked_this_turn": st.added,
        "building": COMPANY_LETTERS[st.building] if st.building >= 0 else None,
        "aim": [aim.x, aim.y, aim.turn] if aim is not None else None,
        "reserve": st.reserve, "removed": st.removed, "dice": st.total,
        "record": st.record, "record_holder": st.holder if st.holder >= 0 else None,
        "companies": [building_view(st, c) for c in range(st.n)],
        "players": players,
        "takeover": None if st.tall < 0 else {
            "tall": COMPANY_LETTERS[st.tall], "small": COMPANY_LETTERS[st.small] if st.small >= 0 else None,
            "chooser": st.chooser if st.chooser >= 0 else None, "stacker": st.stacker if st.stacker >= 0 else None},
        "tie": st.tie or None,
        "last_fall": st.last_fall,
        "my_cash": st.cash[seat] if seat is not None else None,
    }
