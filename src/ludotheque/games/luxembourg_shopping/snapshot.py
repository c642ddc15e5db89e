"""A Luxembourg-Shopping position as JSON: complete when written by ``state_to_json``; read back by ``state_from_json``,
which fills in what a hand-written position leaves out (a scenario gives the owners, the cash and whose turn it is)
and refuses one the game could not go on from.

A hand-written position with a ``player`` and no ``queue`` is that player's turn about to roll; without a
``player`` it is the start of the game (the deal)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.datafiles import DataFileError
from ...engine.errors import Reason, StateFormatError, as_json
from ...engine.positions import check_playable, read_header
from ...engine.state import CHANCE, TERMINAL
from .datamodel import SHOPS

if TYPE_CHECKING:
    from collections.abc import Callable

    from .state import LuxembourgState, Step

FIELDS = {"game", "version", "players", "options", "cash", "bank", "pos", "owners", "signs", "galleries", "left",
          "moved", "dealt", "start_rolls", "start_group", "starter", "player", "round", "turns", "dice", "bought",
          "last_card", "last_half", "winner", "termination", "queue", "to_move"}


def _step_to_json(step: Step) -> list[Any]:
    from .state import (
        BANKRUPT_CARD,
        BUREAU_CARD,
        DOUBLE_CARD,
        MAIL,
        PAYMENT,
        PILES,
        RED_CARD,
        SELL_STEP,
        STEP_NAMES,
        WHY,
    )

    code = step[0]
    if code in (DOUBLE_CARD, MAIL, RED_CARD, BANKRUPT_CARD, BUREAU_CARD):
        return [STEP_NAMES[code], PILES[step[1]]]
    if code in (PAYMENT, SELL_STEP):
        return [STEP_NAMES[code], step[1], step[2], step[3], WHY[step[4]]]
    return [STEP_NAMES[code]]


def state_to_json(st: LuxembourgState) -> dict[str, Any]:
    return {
        "game": "luxembourg-shopping", "version": 1, "players": st.n, "options": dict(st.options),
        "to_move": st.to_move(), "cash": list(st.cash), "bank": st.bank, "pos": list(st.pos),
        "owners": {str(s): st.owner[s] for s in range(1, SHOPS + 1) if st.owner[s] >= 0},
        "signs": [s for s in range(1, SHOPS + 1) if st.sign[s]], "galleries": [list(g) for g in st.galleries],
        "left": list(st.left), "moved": list(st.moved), "dealt": st.dealt, "start_rolls": list(st.start_rolls),
        "start_group": list(st.start_group), "starter": st.starter if st.starter >= 0 else None,
        "player": st.player if st.player >= 0 else None, "round": st.round, "turns": st.turns,
        "dice": list(st.dice), "bought": list(st.bought), "last_card": st.last_card or None, "last_half": st.last_half,
        "winner": st.winner if st.winner >= 0 else None, "termination": st.termination or None,
        "queue": [_step_to_json(s) for s in st.queue],
    }


def _ints(data: dict[str, Any], key: str, n: int, lo: int, hi: int, default: list[int]) -> list[int]:
    value = data.get(key, default)
    if not isinstance(value, list) or len(value) != n or not all(
            isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi for v in value):
        raise StateFormatError(f"“{key}” must list {n} whole numbers from {lo} to {hi}",
                               Reason("position.numbers", {"field": key, "count": n, "lo": lo, "hi": hi}))
    return list(value)


def _int(data: dict[str, Any], key: str, lo: int, hi: int, default: int | None) -> int:
    value = data.get(key, default)
    if value is None:
        return -1
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        message = f"{key} = {value!r}: expected a whole number from {lo} to {hi}"
        if default is None:
            raise StateFormatError(message + " or null", Reason("position.number_or_null", {
                "field": key, "value": as_json(value), "lo": lo, "hi": hi}))
        raise StateFormatError(message, Reason("position.number", {"field": key, "value": as_json(value), "lo": lo,
                                                                   "hi": hi}))
    return value


def _shops(value: Any, field: str) -> list[int]:
    """``value`` as a list of shop numbers; ``field`` names it in a refusal (``signs``, ``galleries[2]``)."""
    if not isinstance(value, list) or not all(isinstance(s, int) and not isinstance(s, bool) and 1 <= s <= SHOPS
                                              for s in value):
        raise StateFormatError(f"“{field}” must list shop numbers 1 to {SHOPS}",
                               Reason("position.shops", {"field": field, "shops": SHOPS}))
    return list(value)


def _step_from_json(raw: Any, n: int) -> Step:
    from .state import PILES, STEP_NAMES, WHY

    if not isinstance(raw, list) or not raw or raw[0] not in STEP_NAMES:
        raise StateFormatError(f"queue step {raw!r}: expected [name, …] with a name among {', '.join(STEP_NAMES)}",
                               Reason("position.queue_step", {"step": as_json(raw), "names": ", ".join(STEP_NAMES)}))
    code = STEP_NAMES.index(raw[0])
    args = raw[1:]
    if raw[0] in ("double_card", "mail", "bureau", "bouton_rouge", "bankruptcy"):
        if len(args) != 1 or args[0] not in PILES:
            raise StateFormatError(f"queue step {raw!r}: expected [“{raw[0]}”, one of {', '.join(PILES)}]",
                                   Reason("position.queue_pile", {"step": as_json(raw), "name": raw[0],
                                                                  "piles": ", ".join(PILES)}))
        return (code, PILES.index(args[0]))
    if raw[0] in ("payment", "sell"):
        ok = (len(args) == 4 and all(isinstance(a, int) and not isinstance(a, bool) for a in args[:3])
              and 0 <= args[0] < n and -1 <= args[1] < n and args[0] != args[1] and 0 <= args[2] <= 10**9
              and args[3] in WHY)
        if not ok:
            raise StateFormatError(f"queue step {raw!r}: expected [“{raw[0]}”, debtor seat, creditor seat or -1 (the "
                                   f"bank), amount, one of {', '.join(WHY)}]",
                                   Reason("position.queue_payment", {"step": as_json(raw), "name": raw[0],
                                                                     "whys": ", ".join(WHY)}))
        return (code, args[0], args[1], args[2], WHY.index(args[3]))
    if args:
        raise StateFormatError(f"queue step {raw!r}: “{raw[0]}” takes nothing more",
                               Reason("position.queue_extra", {"step": as_json(raw), "name": raw[0]}))
    return (code,)


def _check_standing(st: LuxembourgState) -> None:
    """A purchase (B3) or a gallery (E, F) waits only for a player standing on the shop it is about: a free one to
    buy, one of their own for a gallery."""
    from .state import BUY_STEP, GALLERY_STEP
    from .tables import SHOP

    steps = {s[0] for s in st.queue}
    for code, name, holder, whose in ((BUY_STEP, "buy", -1, "a free shop"),
                                      (GALLERY_STEP, "gallery", st.player, "a shop of their own")):
        if code not in steps:
            continue
        if st.player < 0:
            raise StateFormatError(f"a “{name}” step waits for the player to move, and “player” names none",
                                   Reason("position.step_without_player", {"name": name}))
        square = st.pos[st.player]
        if st.t.kind[square] != SHOP or st.owner[st.t.shop_at[square]] != holder:
            message = (f"a “{name}” step waits for the player to move standing on {whose} "
                       f"(“player” and “pos”: seat {st.player} on square {square})")
            if code == BUY_STEP:
                raise StateFormatError(message, Reason("position.buy_off_free_shop", {"seat": st.player,
                                                                                      "square": square}))
            raise StateFormatError(message, Reason("position.gallery_off_own_shop", {"seat": st.player,
                                                                                     "square": square}))


def state_from_json(data: Any, resolve: Callable[..., Any]) -> LuxembourgState:
    """Read a position; what is left out is filled in (see the module)."""
    from .state import DEAL_STEP, DEALT, END_TURN, SELL_STEP, START_CASH, START_DIE
    from .state import LuxembourgState as State

    data, n, options = read_header(data, ("luxembourg-shopping", "luxembourg_shopping"), "Luxembourg-Shopping",
                                   FIELDS, resolve)
    try:
        st = State(n, options)
    except DataFileError as e:
        raise StateFormatError(str(e), Reason("position.data_file", {"path": e.source,
                                                                     "count": len(e.problems)})) from None
    st.cash = _ints(data, "cash", n, 0, 10**9, [START_CASH] * n)
    st.pos = _ints(data, "pos", n, 0, st.t.size, [0] * n)
    owners = data.get("owners", {})
    if not isinstance(owners, dict):
        raise StateFormatError("“owners” is an object of shop number: seat", Reason("position.owners", {}))
    for key, seat in owners.items():
        if not key.isdigit() or not 1 <= int(key) <= SHOPS:
            raise StateFormatError(f"owners: {key!r} is not a shop number 1 to {SHOPS}",
                                   Reason("position.owner_shop", {"shop": as_json(key), "shops": SHOPS}))
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            raise StateFormatError(f"owners[{key}] = {seat!r}: expected a seat 0 to {n - 1}",
                                   Reason("position.owner_seat", {"shop": key, "value": as_json(seat), "max": n - 1}))
        st.owner[int(key)] = seat
    for s in _shops(data.get("signs", []), "signs"):
        st.sign[s] = True
    galleries = data.get("galleries", [])
    if not isinstance(galleries, list):
        raise StateFormatError("“galleries” lists galleries, each a list of shop numbers",
                               Reason("position.galleries", {}))
    st.galleries = sorted(sorted(_shops(g, f"galleries[{k}]")) for k, g in enumerate(galleries))
    st._index_galleries()
    st.left = _ints(data, "left", n, 0, n, [0] * n)
    moved = data.get("moved", [True] * n if "player" in data else [False] * n)
    if not isinstance(moved, list) or len(moved) != n or not all(isinstance(m, bool) for m in moved):
        raise StateFormatError(f"“moved” must list {n} true/false", Reason("position.moved", {"players": n}))
    st.moved = list(moved)
    st.dealt = _int(data, "dealt", 0, DEALT * n, min(DEALT * n, sum(1 for o in st.owner if o >= 0)))
    st.start_rolls = _ints(data, "start_rolls", n, 0, 6, [0] * n)
    group = data.get("start_group", list(range(n)))
    if not isinstance(group, list) or not group or not all(isinstance(s, int) and 0 <= s < n for s in group):
        raise StateFormatError(f"“start_group” lists the seats (0 to {n - 1}) rolling for who starts",
                               Reason("position.start_group", {"max": n - 1}))
    st.start_group = list(group)
    st.player = _int(data, "player", 0, n - 1, None)
    st.starter = _int(data, "starter", 0, n - 1, st.player if st.player >= 0 else None)
    st.round = _int(data, "round", 0, 10**6, 1 if st.player >= 0 else 0)
    st.turns = _int(data, "turns", 0, 10**7, 1 if st.player >= 0 else 0)
    dice = _ints(data, "dice", 2, 0, 6, [0, 0])
    st.dice = (dice[0], dice[1])
    st.bought = _shops(data.get("bought", []), "bought")
    card = data.get("last_card")
    if card is not None and (not isinstance(card, str) or card not in st.t.cards):
        raise StateFormatError(f"last_card = {card!r}: not a card of this game's decks",
                               Reason("position.last_card", {"value": as_json(card)}))
    st.last_card = card or ""
    half = data.get("last_half", "top")
    if not isinstance(half, str) or half not in ("top", "bottom"):
        raise StateFormatError(f"last_half = {half!r}: top or bottom",
                               Reason("position.last_half", {"value": as_json(half)}))
    st.last_half = half
    st.winner = _int(data, "winner", 0, n - 1, None)
    termination = data.get("termination")
    if termination not in (None, "signs", "gallery", "last_standing", "rounds_limit"):
        raise StateFormatError(f"termination = {termination!r}: one of signs, gallery, last_standing, rounds_limit",
                               Reason("position.termination", {"value": as_json(termination)}))
    st.termination = termination or ""
    bank = data.get("bank", START_CASH * n - sum(st.cash))
    if not isinstance(bank, int) or isinstance(bank, bool) or bank != START_CASH * n - sum(st.cash):
        raise StateFormatError(f"bank = {bank!r}: the bank holds what the players lack of {START_CASH:,} each "
                               f"({START_CASH * n - sum(st.cash)} here)",
                               Reason("position.bank", {"value": as_json(bank),
                                                        "expected": START_CASH * n - sum(st.cash)}))
    st.bank = bank
    default_queue: list[Any] = [] if st.termination else ([["roll"], ["end_turn"]] if st.player >= 0 else
                                                          [["deal"]] if st.dealt < DEALT * n else [["start_die"]])
    queue = data.get("queue", default_queue)
    if not isinstance(queue, list) or len(queue) > 200:
        raise StateFormatError("“queue” lists at most 200 steps", Reason("position.queue", {}))
    st.queue = [_step_from_json(s, n) for s in queue]
    if st.termination:
        st.actor = TERMINAL
        if st.queue:
            raise StateFormatError("a finished game has no steps left in its “queue”",
                                   Reason("position.finished_queue", {}))
    else:
        if not st.queue or (st.player >= 0 and st.queue[-1][0] != END_TURN):
            raise StateFormatError("a turn's “queue” ends with [\"end_turn\"]", Reason("position.turn_queue_end", {}))
        if st.player < 0 and st.queue[0][0] not in (DEAL_STEP, START_DIE):
            raise StateFormatError("before anyone's turn, the queue is [\"deal\"] or [\"start_die\"]",
                                   Reason("position.pre_turn_queue", {}))
        if st.player >= 0 and st.left[st.player]:
            raise StateFormatError(f"player {st.player} has left the game and has no turn",
                                   Reason("position.player_left", {"seat": st.player}))
        if any(s[0] == SELL_STEP and st.left[s[1]] for s in st.queue):
            raise StateFormatError("a seat out of the game has nothing to sell", Reason("position.seller_left", {}))
        _check_standing(st)
        st.actor = CHANCE
        st._run()  # carries out what needs no one (a written position already waits for chance or a seat)
    check_playable(st)
    return st
