"""What a seat sees: everything (RULINGS: cash, titles and loans are public; the cards drawn are read out), with the
board and what the files it is played on are (« reconstructed, not the printed edition »)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .state import AVendreState


def board_view(st: AVendreState) -> list[dict[str, Any]]:
    """The squares as front ends draw them: colour, and the title on a blue or red square."""
    return [{"number": s.number, "colour": s.colour,
             "title": None if s.title is None else {"number": s.title.number, "name": s.title.name,
                                                   "price": s.title.price, "income": s.title.income}}
            for s in st.t.board.squares]


def debt(st: AVendreState) -> dict[str, Any] | None:
    """While a player short of money chooses a business to auction or a loan: who owes what to whom (None: the bank)."""
    from .state import CHOOSE_AUCTION, LOAN_STEP, PAYMENT

    if not st.queue or st.queue[0][0] not in (CHOOSE_AUCTION, LOAN_STEP):
        return None
    debtor = st.queue[0][1]
    due = next((s for s in st.queue if s[0] == PAYMENT and s[1] == debtor), None)
    return {"debtor": debtor, "creditor": None if due is None or due[2] < 0 else due[2],
            "amount": None if due is None else due[3]}


def observe(st: AVendreState, seat: int | None) -> dict[str, Any]:
    from .state import BANK_FLOOR, END_TITLES, LOAN, LOAN_DUE, SECOND_TRIP_TITLES, STEP_NAMES, TRIP_BONUS

    step = st.queue[0] if st.queue else None
    a = st.auction
    card = st.t.cards.get(st.last_card)
    players = [{"seat": p, "cash": st.cash[p], "square": st.pos[p], "trip": st.trip[p], "waiting": st.waiting[p],
                "loans": st.loans[p], "titles": [t for t in range(1, 44) if st.owner[t] == p],
                "fortune": st.fortune(p), "out": bool(st.left[p])} for p in range(st.n)]
    return {
        "game": "a-vendre", "seat": seat, "options": dict(st.options), "double": st.double,
        "to_move": st.to_move(), "step": STEP_NAMES[step[0]] if step else None,
        "player": st.player if st.player >= 0 else None, "first": st.first if st.first >= 0 else None,
        "round": st.round, "rounds": st.rounds, "die": st.last_roll or None, "players": players,
        "bank": {"cash": st.bank, "owner": st.bank_owner if st.bank_owner >= 0 else None},
        "owners": {str(t): st.owner[t] for t in range(1, 44) if st.owner[t] >= 0},
        "auction": None if a is None else {
            "kind": a[0], "title": a[1] or None, "seller": a[2] if a[2] >= 0 else None, "opening": a[3],
            "high": a[4] or None, "high_bidder": a[5] if a[5] >= 0 else None, "bidders": list(a[6]),
            "bidder": a[6][a[7]] if a[7] < len(a[6]) else None, "bids": [list(b) for b in a[8]],
            "min_bid": st._min_bid() if step and step[0] == 6 else None},
        "debt": debt(st),
        "last_card": None if card is None else {"id": card.id, "effect": card.effect, "text": card.text},
        "deck": {"left": sum(st.deck), "honours": st.honours},
        "rules": {"second_trip": SECOND_TRIP_TITLES, "end": END_TITLES, "bonus": TRIP_BONUS, "loan": LOAN,
                  "loan_due": LOAN_DUE, "bank_floor": BANK_FLOOR},
        "termination": st.termination or None,
        "data": st.t.describe(),
        "board": board_view(st),
    }
