"""An « A Vendre ! » position as JSON: complete when written by ``state_to_json``; read back by ``state_from_json``,
which fills in what a hand-written position leaves out (a scenario gives the holders, the cash, the pawns and whose
turn it is) and refuses one the game could not go on from.

A hand-written position with a ``player`` and no ``queue`` is that player's turn about to roll; without a ``player``
it is the start (the lot for who plays first)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.datafiles import DataFileError
from ...engine.errors import Reason, StateFormatError, as_json
from ...engine.positions import check_playable, read_header
from ...engine.state import CHANCE, TERMINAL
from .datamodel import SQUARES, TITLES

if TYPE_CHECKING:
    from collections.abc import Callable

    from .state import AVendreState, Step

FIELDS = {"game", "version", "players", "options", "to_move", "cash", "bank", "bank_owner", "loans", "pos", "trip",
          "waiting", "owners", "left", "deck", "honours", "first", "player", "round", "turns", "last_roll",
          "last_card", "auction", "termination", "queue"}
TERMINATIONS = ("reached_60", "second_trip", "last_standing", "rounds_limit")


def _step_to_json(step: Step) -> list[Any]:
    from .state import STEP_NAMES, WHY

    name = STEP_NAMES[step[0]]
    if name == "payment":
        return [name, step[1], step[2], step[3], WHY[step[4]]]
    if name == "bank_pays":
        return [name, step[1], step[2], WHY[step[3]], bool(step[4])]
    return [name, *step[1:]]


def state_to_json(st: AVendreState) -> dict[str, Any]:
    a = st.auction
    return {
        "game": "a-vendre", "version": 1, "players": st.n, "options": dict(st.options), "to_move": st.to_move(),
        "cash": list(st.cash), "bank": st.bank, "bank_owner": st.bank_owner if st.bank_owner >= 0 else None,
        "loans": list(st.loans), "pos": list(st.pos), "trip": list(st.trip), "waiting": list(st.waiting),
        "owners": {str(t): st.owner[t] for t in range(1, TITLES + 1) if st.owner[t] >= 0}, "left": list(st.left),
        "deck": {c: k for c, k in zip(st.t.order, st.deck, strict=True) if k}, "honours": st.honours,
        "first": st.first if st.first >= 0 else None, "player": st.player if st.player >= 0 else None,
        "round": st.round, "turns": st.turns, "last_roll": st.last_roll or None, "last_card": st.last_card or None,
        "auction": None if a is None else {"kind": a[0], "title": a[1] or None, "seller": a[2] if a[2] >= 0 else None,
                                           "opening": a[3], "high": a[4] or None,
                                           "high_bidder": a[5] if a[5] >= 0 else None, "bidders": list(a[6]),
                                           "turn": a[7], "bids": [list(b) for b in a[8]]},
        "termination": st.termination or None, "queue": [_step_to_json(s) for s in st.queue],
    }


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _ints(data: dict[str, Any], key: str, n: int, lo: int, hi: int, default: list[int], one: str = "") -> list[int]:
    """The field ``key``: ``n`` whole numbers from ``lo`` to ``hi``. ``one`` names the position's field when the caller
    reads a single number put in a list of one (its refusal then says that field, and the number)."""
    value = data.get(key, default)
    if not isinstance(value, list) or len(value) != n or not all(_is_int(v) and lo <= v <= hi for v in value):
        if one:
            raise StateFormatError(f"{key!r} must list {n} whole numbers from {lo} to {hi}",
                                   Reason("position.number", {"field": one, "value": as_json(value[0]), "lo": lo,
                                                              "hi": hi}))
        raise StateFormatError(f"{key!r} must list {n} whole numbers from {lo} to {hi}",
                               Reason("position.numbers", {"field": key, "count": n, "lo": lo, "hi": hi,
                                                           "value": as_json(value)}))
    return list(value)


def _bools(data: dict[str, Any], key: str, n: int) -> list[bool]:
    value = data.get(key, [False] * n)
    if not isinstance(value, list) or len(value) != n or not all(isinstance(v, bool) for v in value):
        raise StateFormatError(f"{key!r} must list {n} true/false",
                               Reason("position.flags", {"field": key, "count": n, "value": as_json(value)}))
    return list(value)


def _seat(data: dict[str, Any], key: str, n: int, default: int | None = None) -> int:
    value = data.get(key, default)
    if value is None:
        return -1
    if not _is_int(value) or not 0 <= value < n:
        raise StateFormatError(f"{key} = {value!r}: expected a seat from 0 to {n - 1} or null",
                               Reason("position.seat", {"field": key, "value": as_json(value), "top": n - 1}))
    return int(value)


def _step_from_json(raw: Any, n: int) -> Step:
    from .state import STEP_NAMES, WHY

    if not isinstance(raw, list) or not raw or raw[0] not in STEP_NAMES:
        raise StateFormatError(f"queue step {raw!r}: expected [name, …] with a name among {', '.join(STEP_NAMES)}",
                               Reason("position.step_name", {"step": as_json(raw), "names": ", ".join(STEP_NAMES)}))
    name, args = raw[0], raw[1:]
    code = STEP_NAMES.index(name)
    seat = range(n)
    shapes: dict[str, tuple[str, bool]] = {
        "payment": ("[debtor seat, creditor seat or -1, amount, why]", len(args) == 4 and _is_int(args[0])
                    and args[0] in seat and _is_int(args[1]) and -1 <= args[1] < n and _is_int(args[2])
                    and args[2] >= 0 and args[3] in WHY),
        "bank_pays": ("[creditor seat, amount, why, may the bank be auctioned]", len(args) == 4 and _is_int(args[0])
                      and args[0] in seat and _is_int(args[1]) and args[1] >= 0 and args[2] in WHY
                      and isinstance(args[3], bool)),
        "arrive": ("[square, by a card 0/1, amount]", len(args) == 3 and all(_is_int(a) for a in args)
                   and 1 <= args[0] <= SQUARES and args[1] in (0, 1) and args[2] >= 0),
        "reach_60": ("[points beyond 60]", len(args) == 1 and _is_int(args[0]) and 0 <= args[0] <= 12),
        "choose_auction": ("[debtor seat]", len(args) == 1 and _is_int(args[0]) and args[0] in seat),
        "loan": ("[debtor seat]", len(args) == 1 and _is_int(args[0]) and args[0] in seat),
    }
    if name in shapes:
        shape, ok = shapes[name]
        if not ok:
            raise StateFormatError(f"queue step {raw!r}: expected [{name!r}, {shape[1:]}",
                                   Reason("position.step_shape", {"step": as_json(raw), "name": name,
                                                                  "shape": Reason(f"position.shape.{name}")}))
        if name == "payment":
            return (code, args[0], args[1], args[2], WHY.index(args[3]))
        if name == "bank_pays":
            return (code, args[0], args[1], WHY.index(args[2]), int(args[3]))
        return (code, *args)
    if args:
        raise StateFormatError(f"queue step {raw!r}: {name!r} takes nothing more",
                               Reason("position.step_args", {"step": as_json(raw), "name": name}))
    return (code,)


def _auction(raw: Any, n: int) -> list[Any] | None:
    if raw is None:
        return None
    keys = {"kind", "title", "seller", "opening", "high", "high_bidder", "bidders", "turn", "bids"}
    if not isinstance(raw, dict) or set(raw) - keys or raw.get("kind") not in ("business", "bank"):
        raise StateFormatError(f"'auction' is an object with {', '.join(sorted(keys))}, kind 'business' or 'bank'",
                               Reason("position.auction", {"fields": ", ".join(sorted(keys))}))
    bidders = raw.get("bidders", [])
    if not isinstance(bidders, list) or not all(_is_int(b) and 0 <= b < n for b in bidders):
        raise StateFormatError(f"auction.bidders lists seats 0 to {n - 1}",
                               Reason("position.auction_bidders", {"top": n - 1, "value": as_json(bidders)}))
    bids = raw.get("bids", [])
    if not isinstance(bids, list) or not all(isinstance(b, list) and len(b) == 2 and _is_int(b[0]) and 0 <= b[0] < n
                                             and _is_int(b[1]) and b[1] >= 0 for b in bids):
        raise StateFormatError("auction.bids lists [seat, amount] (amount 0: the seat dropped out)",
                               Reason("position.auction_bids", {"value": as_json(bids)}))
    values = [raw.get("title") or 0, raw.get("seller"), raw.get("opening", 0), raw.get("high") or 0,
              raw.get("high_bidder"), raw.get("turn", 0)]
    if not all(v is None or _is_int(v) for v in values):
        raise StateFormatError("auction: title, seller, opening, high, high_bidder and turn are whole numbers",
                               Reason("position.auction_numbers", {}))
    seller = -1 if values[1] is None else values[1]
    return [raw["kind"], values[0], seller, values[2], values[3], -1 if values[4] is None else values[4], bidders,
            values[5], [list(b) for b in bids]]


def state_from_json(data: Any, resolve: Callable[..., Any]) -> AVendreState:
    """Read a position; what is left out is filled in (see the module)."""
    from .state import START_CASH, AVendreState

    data, n, options = read_header(data, ("a-vendre", "a_vendre"), "« A Vendre ! »", FIELDS, resolve)
    try:
        st = AVendreState(n, options)
    except DataFileError as e:
        raise StateFormatError(str(e), Reason("position.data_file", {"file": e.source, "count": len(e.problems)})) \
            from None
    st.cash = _ints(data, "cash", n, 0, 10**9, [START_CASH] * n)
    st.loans = _ints(data, "loans", n, 0, 10**6, [0] * n)
    st.pos = _ints(data, "pos", n, 0, SQUARES, [1] * n)
    st.trip = _ints(data, "trip", n, 1, 2, [1] * n)
    st.waiting = _bools(data, "waiting", n)
    st.left = _ints(data, "left", n, 0, n, [0] * n)
    owners = data.get("owners", {})
    if not isinstance(owners, dict):
        raise StateFormatError("'owners' is an object of title number: seat", Reason("position.owners", {}))
    for key, seat in owners.items():
        if not (key.isascii() and key.isdigit()) or not 1 <= int(key) <= TITLES or not _is_int(seat) \
                or not 0 <= seat < n:
            raise StateFormatError(f"owners[{key!r}] = {seat!r}: titles 1 to {TITLES}, seats 0 to {n - 1}",
                                   Reason("position.owner", {"title": as_json(key), "value": as_json(seat),
                                                             "titles": TITLES, "top": n - 1}))
        st.owner[int(key)] = seat
    deck = data.get("deck")
    if deck is not None:
        if not isinstance(deck, dict) or not all(k in st.t.cards and _is_int(v) and 0 <= v <= st.t.cards[k].copies
                                                  for k, v in deck.items()):
            raise StateFormatError("'deck' is an object of card id: how many are left (at most its copies)",
                                   Reason("position.deck", {}))
        st.deck = [deck.get(c, 0) for c in st.t.order]
        if not any(st.deck):  # « le directeur du jeu les mêle de nouveau » as soon as the last one is drawn
            raise StateFormatError("'deck' holds no card: the charge cards are shuffled again as soon as the last "
                                   "one is drawn, so a position always has some left to draw",
                                   Reason("position.deck_empty", {}))
    honours = data.get("honours", True)
    if not isinstance(honours, bool):
        raise StateFormatError("'honours' is true or false", Reason("position.honours", {"value": as_json(honours)}))
    st.honours = honours
    st.player = _seat(data, "player", n)
    st.first = _seat(data, "first", n, st.player if st.player >= 0 else None)
    st.bank_owner = _seat(data, "bank_owner", n)
    st.round = _ints({"r": [data.get("round", 1 if st.player >= 0 else 0)]}, "r", 1, 0, 10**6, [0], "round")[0]
    st.turns = _ints({"t": [data.get("turns", 1 if st.player >= 0 else 0)]}, "t", 1, 0, 10**7, [0], "turns")[0]
    st.last_roll = _ints({"d": [data.get("last_roll") or 0]}, "d", 1, 0, 6, [0], "last_roll")[0]
    card = data.get("last_card")
    if card is not None and (not isinstance(card, str) or card not in st.t.cards):
        raise StateFormatError(f"last_card = {card!r}: not a card of this game's deck",
                               Reason("position.last_card", {"value": as_json(card)}))
    st.last_card = card or ""
    st.auction = _auction(data.get("auction"), n)
    bank = data.get("bank", START_CASH * (n + 1) - sum(st.cash))
    if not _is_int(bank) or bank != START_CASH * (n + 1) - sum(st.cash):
        raise StateFormatError(f"bank = {bank!r}: the bank holds what the players lack of {START_CASH:,} each, plus "
                               f"its own {START_CASH:,} ({START_CASH * (n + 1) - sum(st.cash)} here)",
                               Reason("position.bank", {"value": as_json(bank), "start": START_CASH,
                                                        "expected": START_CASH * (n + 1) - sum(st.cash)}))
    st.bank = bank
    termination = data.get("termination")
    if termination not in (None, *TERMINATIONS):
        raise StateFormatError(f"termination = {termination!r}: one of {', '.join(TERMINATIONS)}",
                               Reason("position.termination", {"value": as_json(termination),
                                                               "ends": ", ".join(TERMINATIONS)}))
    st.termination = termination or ""
    default = [] if termination else [["roll"], ["end_turn"]] if st.player >= 0 else [["first"]]
    queue = data.get("queue", default)
    if not isinstance(queue, list) or len(queue) > 200:
        raise StateFormatError("'queue' lists at most 200 steps", Reason("position.queue", {}))
    st.queue = [_step_from_json(s, n) for s in queue]
    if st.termination:
        if st.queue:
            raise StateFormatError("a finished game has no steps left in its 'queue'",
                                   Reason("position.finished_queue", {}))
        st.actor = TERMINAL
    else:
        if not st.queue:
            raise StateFormatError("a game going on has steps in its 'queue'", Reason("position.empty_queue", {}))
        started = st.queue != [(0,)]  # anything but the lot for who plays first
        if started and (st.player < 0 or st.first < 0):
            raise StateFormatError("a game under way has a 'player' whose turn it is and a 'first' player",
                                   Reason("position.under_way", {}))
        if not started and st.player >= 0:
            raise StateFormatError("before the lot for who plays first, there is no 'player'",
                                   Reason("position.before_first", {}))
        for s in st.queue:
            if s[0] == 5 and not st.businesses(s[1]):  # 5: choose_auction
                raise StateFormatError(f"seat {s[1]} has no business to auction (establishments are never sold)",
                                       Reason("position.no_business", {"seat": s[1]}))
        if st.player >= 0 and st.left[st.player]:
            raise StateFormatError(f"player {st.player} has left the game and has no turn",
                                   Reason("position.player_left", {"seat": st.player}))
        if (st.queue[0][0] == 6) != (st.auction is not None):  # 6: a bid
            raise StateFormatError("an auction goes with a [\"bid\"] step at the head of the queue, and only then",
                                   Reason("position.auction_step", {}))
        if st.auction is not None and not st.auction[6]:
            raise StateFormatError("an auction under way has bidders left", Reason("position.no_bidders", {}))
        st.actor = CHANCE
        try:
            st._run()  # carries out what needs no one (a written position already waits for chance or a seat)
        except (AssertionError, IndexError, KeyError) as e:
            raise StateFormatError(f"the position cannot go on: {e!r}",
                                   Reason("position.cannot_go_on", {"detail": repr(e)})) from None
    check_playable(st)
    return st
