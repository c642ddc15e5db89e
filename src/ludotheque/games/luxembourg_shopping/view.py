"""What a seat sees: everything (RULINGS: shops, galleries, signs and cash are public), with the board and what the
files it is played on are (« reconstructed, not the printed edition »)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .datamodel import SHOPS, ZONES

if TYPE_CHECKING:
    from .state import LuxembourgState


def board_view(st: LuxembourgState) -> dict[str, Any]:
    """The board as front ends draw it: squares with their kind, shop, zone and name; zones with their amounts."""
    b = st.t.board
    return {
        "squares": [{"number": s.number, "kind": s.kind, "shop": s.shop, "zone": s.zone, "name": s.name}
                    for s in b.squares],
        "zones": {z: {"price": getattr(b.zones, z).price, "income": getattr(b.zones, z).income,
                      "sale": getattr(b.zones, z).price // 2, "colour": getattr(b.zones, z).colour} for z in ZONES},
    }


def observe(st: LuxembourgState, seat: int | None) -> dict[str, Any]:
    from .state import GALLERY_TO_WIN, SELL_STEP, SIGN_BONUS, SIGNS_TO_WIN, STEP_NAMES

    players = []
    for p in range(st.n):
        mine = [g for g in st.galleries if st.owner[g[0]] == p]
        players.append({
            "seat": p, "cash": st.cash[p], "square": st.pos[p], "out": bool(st.left[p]),
            "shops": [s for s in range(1, SHOPS + 1) if st.owner[s] == p], "signs": st.signs_of(p),
            "galleries": [list(g) for g in mine], "start_die": st.start_rolls[p] or None,
        })
    step = st.queue[0] if st.queue else None
    card = st.t.cards.get(st.last_card)
    return {
        "game": "luxembourg-shopping", "seat": seat, "options": dict(st.options), "to_move": st.to_move(),
        "step": STEP_NAMES[step[0]] if step else None, "player": st.player if st.player >= 0 else None,
        "starter": st.starter if st.starter >= 0 else None, "round": st.round, "rounds": st.rounds,
        "dice": list(st.dice) if st.dice[0] else None, "players": players,
        "owners": {str(s): st.owner[s] for s in range(1, SHOPS + 1) if st.owner[s] >= 0},
        "signs": [s for s in range(1, SHOPS + 1) if st.sign[s]],
        "bought": list(st.bought),
        "galleries": [{"owner": st.owner[g[0]], "shops": list(g), "value": st._gallery_value(k)}
                      for k, g in enumerate(st.galleries)],
        "debt": {"debtor": step[1], "creditor": step[2], "amount": step[3]} if step and step[0] == SELL_STEP else None,
        "last_card": None if card is None else {"id": card.id, "deck": card.deck, "top": card.top,
                                                "bottom": card.bottom, "half": st.last_half},
        "sign_bonus": SIGN_BONUS,
        "to_win": {"signs": SIGNS_TO_WIN[st.n], "gallery": GALLERY_TO_WIN[st.n]},
        "winner": st.winner if st.winner >= 0 else None, "termination": st.termination or None,
        "data": st.t.describe(),
        "board": board_view(st),
    }
