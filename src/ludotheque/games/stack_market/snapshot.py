"""A Stack Market position as JSON: complete when written by ``state_to_json``; read back by ``state_from_json``,
which fills in what a hand-written position leaves out and refuses one the game could not go on from."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.errors import OptionError, Reason, StateFormatError, as_json
from ...engine.positions import read_header
from ...engine.state import CHANCE, TERMINAL
from .actions import COMPANY_LETTERS, Aim
from .options import MAX_STEADINESS
from .physics import Column, Pose

if TYPE_CHECKING:
    from collections.abc import Callable

    from .state import StackMarketState

FIELDS = {"game", "version", "players", "options", "steadiness", "phase", "to_move", "cash", "reserve", "removed",
          "buildings", "investors", "hand", "pending", "to_roll", "rolling_for", "target", "building", "aim", "added",
          "record", "record_holder", "first_player", "player", "round", "round_last", "tie", "takeover", "last_fall"}


def _letter(company: int) -> str | None:
    return COMPANY_LETTERS[company] if company >= 0 else None


def state_to_json(st: StackMarketState) -> dict[str, Any]:
    from .state import PHASE_NAMES, PURPOSES

    aim = st.aim
    return {
        "game": "stack-market", "version": 1, "players": st.n, "options": dict(st.options),
        "steadiness": list(st.steadiness), "phase": PHASE_NAMES[st.phase],
        "to_move": st.actor if st.actor >= 0 else ("chance" if st.actor == CHANCE else None),
        "cash": list(st.cash), "reserve": st.reserve, "removed": st.removed,
        "buildings": [[[f, p.x, p.y, p.turn] for f, p in zip(st.faces[c], st.columns[c].poses, strict=True)]
                      for c in range(st.n)],
        "investors": [_letter(c) for c in st.investors], "hand": list(st.hand), "pending": list(st.pending),
        "to_roll": st.to_roll, "rolling_for": PURPOSES[st.purpose], "target": _letter(st.target),
        "building": _letter(st.building), "aim": [aim.x, aim.y, aim.turn] if aim is not None else None,
        "added": st.added, "record": st.record, "record_holder": st.holder if st.holder >= 0 else None,
        "first_player": st.first if st.first >= 0 else None,
        "player": st.turn_player if st.turn_player >= 0 else None, "round": st.round + 1,
        "round_last": st.round_last if st.round_last >= 0 else None, "tie": st.tie or None,
        "takeover": {"tall": _letter(st.tall), "small": _letter(st.small),
                     "chooser": st.chooser if st.chooser >= 0 else None,
                     "stacker": st.stacker if st.stacker >= 0 else None} if st.tall >= 0 else None,
        "last_fall": st.last_fall,
    }


def _int(data: dict[str, Any], key: str, lo: int, hi: int, default: int | None = None) -> int:
    value = data.get(key, default)
    if value is None and default is None and key not in data:
        raise StateFormatError(f"the position has no {key!r}", Reason("position.missing", {"field": key}))
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise StateFormatError(f"{key} = {value!r}: expected a whole number from {lo} to {hi}",
                               Reason("position.whole_number", {"field": key, "value": as_json(value), "min": lo,
                                                                "max": hi}))
    return value


def _seat_or_none(data: dict[str, Any], key: str, n: int) -> int:
    value = data.get(key)
    if value is None:
        return -1
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < n:
        raise StateFormatError(f"{key} = {value!r}: expected a seat from 0 to {n - 1} or null",
                               Reason("position.seat", {"field": key, "value": as_json(value), "max": n - 1}))
    return value


def _company(value: Any, where: str, n: int) -> int:
    if value is None:
        return -1
    if not isinstance(value, str) or value.upper() not in COMPANY_LETTERS[:n]:
        raise StateFormatError(f"{where} = {value!r}: expected a company letter A to {COMPANY_LETTERS[n - 1]} or null",
                               Reason("position.company", {"field": where.strip("'"), "value": as_json(value),
                                                           "last": COMPANY_LETTERS[n - 1]}))
    return COMPANY_LETTERS.index(value.upper())


def _faces(value: Any, where: str) -> list[int]:
    if not isinstance(value, list) or not all(isinstance(f, int) and not isinstance(f, bool) and 0 <= f <= 4
                                              for f in value):
        raise StateFormatError(f"{where} must list dice numbers 0 to 4",
                               Reason("position.faces", {"field": where.strip("'")}))
    return list(value)


def _refused_seat(resolve_seats: Callable[..., Any], given: list[Any]) -> int:
    """The first seat whose 'steadiness' the seat options refuse (when ``resolve_seats`` refused them all)."""
    for seat, value in enumerate(given):
        try:
            resolve_seats(1, [{"steadiness": value}])
        except OptionError:
            return seat
    return 0


def state_from_json(data: Any, resolve: Callable[..., Any],
                    resolve_seats: Callable[..., Any]) -> StackMarketState:
    """Read a position. Left out: cash (50,000 each), steadiness (the default), reserve (every die not elsewhere),
    removed (0), hand/pending (none), the record (15, no holder), the round (1); ``buildings`` is required."""
    from .state import DICE, MAX_INVESTORS, PHASE_NAMES, PURPOSES, RECORD_START, StackMarketState

    data, n, options = read_header(data, ("stack-market", "stack_market"), "Stack Market", FIELDS, resolve)
    given = data.get("steadiness")
    if given is not None and (not isinstance(given, list) or len(given) != n):
        raise StateFormatError(f"'steadiness' must list {n} seats' spreads (µm)",
                               Reason("position.steadiness", {"players": n}))
    try:
        settings = resolve_seats(n, None if given is None else [{"steadiness": s} for s in given])
    except OptionError as e:
        values: list[Any] = given or [None]
        seat = _refused_seat(resolve_seats, values)
        raise StateFormatError(str(e), Reason("position.steadiness_value", {
            "seat": seat, "value": as_json(values[seat]), "max": MAX_STEADINESS})) from None
    st = StackMarketState.__new__(StackMarketState)
    StackMarketState.__init__(st, n, options, [int(s["steadiness"]) for s in settings])
    cash = data.get("cash", [st.cash[0]] * n)
    if not isinstance(cash, list) or len(cash) != n or not all(
            isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 10**9 for c in cash):
        raise StateFormatError(f"'cash' must list {n} amounts of at least 0", Reason("position.cash", {"players": n}))
    st.cash = list(cash)
    buildings = data.get("buildings")
    if not isinstance(buildings, list) or len(buildings) != n:
        raise StateFormatError(f"'buildings' must list {n} buildings, each a list of [number, x µm, y µm, turn]",
                               Reason("position.buildings", {"players": n}))
    st.faces, st.columns = [], []
    for c, b in enumerate(buildings):
        if not isinstance(b, list) or len(b) > DICE[n] or not all(
                isinstance(d, list) and len(d) == 4 and all(isinstance(v, int) and not isinstance(v, bool)
                                                             and abs(v) <= 10**7 for v in d) for d in b):
            raise StateFormatError(f"buildings[{c}] must be a list of dice [number, x µm, y µm, turn 1/100°]",
                                   Reason("position.building_dice", {"index": c}))
        st.faces.append(_faces([d[0] for d in b], f"buildings[{c}]"))
        st.columns.append(Column([Pose(d[1], d[2], d[3]) for d in b]))
    investors = data.get("investors", [None] * n)
    if not isinstance(investors, list) or len(investors) != n:
        raise StateFormatError(f"'investors' must give each of {n} seats' company (or null)",
                               Reason("position.investors", {"players": n}))
    st.investors = [_company(v, f"investors[{p}]", n) for p, v in enumerate(investors)]
    for c in range(n):
        if st.investor_count(c) > MAX_INVESTORS:
            raise StateFormatError(f"company {COMPANY_LETTERS[c]} has more than {MAX_INVESTORS} investors",
                                   Reason("position.too_many_investors", {"company": COMPANY_LETTERS[c],
                                                                          "max": MAX_INVESTORS}))
    st.hand = sorted(_faces(data.get("hand", []), "'hand'"))
    st.pending = _faces(data.get("pending", []), "'pending'")
    st.to_roll = _int(data, "to_roll", 0, DICE[n], 0)
    purpose = data.get("rolling_for", "turn")
    if purpose not in PURPOSES:
        raise StateFormatError(f"rolling_for = {purpose!r}: one of {', '.join(PURPOSES)}",
                               Reason("position.rolling_for", {"value": as_json(purpose),
                                                               "purposes": ", ".join(PURPOSES)}))
    st.purpose = PURPOSES.index(purpose)
    st.target = max(0, _company(data.get("target"), "'target'", n))
    st.building = _company(data.get("building"), "'building'", n)
    st.removed = _int(data, "removed", 0, DICE[n], 0)
    placed = sum(len(f) for f in st.faces) + len(st.hand) + len(st.pending) + st.to_roll + st.removed
    st.reserve = _int(data, "reserve", 0, DICE[n], max(0, DICE[n] - placed))
    if placed + st.reserve != DICE[n]:
        raise StateFormatError(f"the position holds {placed + st.reserve} dice; a {n}-player game has {DICE[n]}",
                               Reason("position.dice_total", {"count": placed + st.reserve, "players": n,
                                                              "dice": DICE[n]}))
    aim = data.get("aim")
    if aim is not None:
        if not isinstance(aim, list) or len(aim) != 3 or not all(isinstance(v, int) for v in aim):
            raise StateFormatError("'aim' is [x µm, y µm, turn 1/100°] or null", Reason("position.aim"))
        st.aim = Aim(*aim)
    st.added = _int(data, "added", 0, DICE[n], 0)
    st.record = _int(data, "record", RECORD_START, DICE[n], RECORD_START)
    st.holder = _seat_or_none(data, "record_holder", n)
    st.first = _seat_or_none(data, "first_player", n)
    st.turn_player = _seat_or_none(data, "player", n)
    st.round_last = _seat_or_none(data, "round_last", n)
    st.round = _int(data, "round", 1, st.rounds + 1, 1) - 1
    tie = data.get("tie")
    if tie not in (None, "tallest", "smallest"):
        raise StateFormatError(f"tie = {tie!r}: 'tallest', 'smallest' or null",
                               Reason("position.tie", {"value": as_json(tie)}))
    st.tie = tie or ""
    takeover = data.get("takeover")
    if takeover is not None:
        if not isinstance(takeover, dict) or set(takeover) - {"tall", "small", "chooser", "stacker"}:
            raise StateFormatError("'takeover' is {tall, small, chooser, stacker} or null",
                                   Reason("position.takeover"))
        st.tall = _company(takeover.get("tall"), "takeover.tall", n)
        st.small = _company(takeover.get("small"), "takeover.small", n)
        st.chooser = _seat_or_none(takeover, "chooser", n)
        st.stacker = _seat_or_none(takeover, "stacker", n)
    fall = data.get("last_fall")
    if fall is not None and not isinstance(fall, dict):
        raise StateFormatError("'last_fall' is an object or null", Reason("position.last_fall"))
    st.last_fall = fall
    phase = data.get("phase", "aim")
    if phase not in PHASE_NAMES:
        raise StateFormatError(f"phase {phase!r}: the phases are {', '.join(PHASE_NAMES)}",
                               Reason("position.phase", {"value": as_json(phase), "phases": ", ".join(PHASE_NAMES)}))
    st.phase = PHASE_NAMES.index(phase)
    _check_playable(st, data)
    try:
        st.check_invariants()
    except AssertionError as e:
        raise StateFormatError(f"the position breaks a rule of the game: {e}",
                               Reason("position.breaks_rule", {"why": _broken_rule(st)})) from None
    return st


def _broken_rule(st: StackMarketState) -> Reason:
    """Which rule of ``check_invariants`` a position that passed the reader's own checks breaks, in words: the
    record's holder is the one they leave to it."""
    from .state import RECORD_START

    if st.holder < 0 and st.record != RECORD_START:
        return Reason("position.record_holder", {"record": st.record, "start": RECORD_START})
    return Reason("position.invariant")


def _check_playable(st: StackMarketState, data: dict[str, Any]) -> None:
    """Who acts follows from the phase; the building being stacked on must exist; a turn's player has invested."""
    from .stacking import stacking_choices
    from .state import AIM, CHANGE, CHOOSE_STACKER, FIRST, ORDER, OVER, PHASE_NAMES, ROLL, SETUP_INVEST, SLIP, TIE

    n, phase = st.n, PHASE_NAMES[st.phase]
    if st.phase == OVER:
        st.actor = TERMINAL
    elif st.phase in (ROLL, SLIP, TIE) or st.phase == FIRST:
        st.actor = CHANCE
    elif st.phase == CHOOSE_STACKER:
        st.actor = st.chooser
    elif st.phase == AIM and st.stacker >= 0:
        st.actor = st.stacker
    elif st.phase == SETUP_INVEST:
        st.actor = _seat_or_none(data, "to_move", n)
    else:
        st.actor = st.turn_player
    if st.actor == -1 and st.phase not in (ROLL, SLIP, TIE, FIRST):
        raise StateFormatError(f"phase {data.get('phase')!r} needs the seat who acts ('player', 'to_move' or the "
                               "takeover's chooser or stacker)", Reason("position.no_actor", {"phase": phase}))
    if "to_move" in data and data["to_move"] != (st.actor if st.actor >= 0 else None if st.actor == TERMINAL
                                                 else "chance"):
        raise StateFormatError(f"to_move = {data['to_move']!r} does not agree with phase {data.get('phase')!r}",
                               Reason("position.to_move", {"value": as_json(data["to_move"]), "phase": phase}))
    if st.phase in (AIM, SLIP) and (st.building < 0 or not st.faces[st.building] or not st.pending):
        raise StateFormatError("to place a die, 'building' names a standing building and 'pending' lists the dice "
                               "still to place", Reason("position.place_die"))
    if (st.phase == SLIP) != (st.aim is not None):
        raise StateFormatError("'aim' is given in phase 'slip' only (the aim the hand error is added to)",
                               Reason("position.aim_slip"))
    if st.phase == ROLL and st.to_roll == 0:
        raise StateFormatError("phase 'roll' needs 'to_roll' dice still to roll", Reason("position.roll_none"))
    if st.phase in (CHANGE,) and st.turn_player < 0:
        raise StateFormatError("phase 'change' needs the turn's 'player'", Reason("position.change_player"))
    if st.turn_player >= 0 and any(c < 0 for c in st.investors):
        raise StateFormatError("once play has started every player's investor is on a company",
                               Reason("position.not_invested"))
    if st.phase == CHOOSE_STACKER and (st.tall < 0 or st.investor_count(st.tall) != 2 or st.small < 0
                                       or st.chooser not in st._tall_investors()):
        raise StateFormatError("phase 'choose_stacker' needs a takeover (tall and small companies) whose taller "
                               "company has two investors, the chooser one of them", Reason("position.choose_stacker"))
    if st.phase == ORDER and (st.building < 0 or not st.faces[st.building] or st.pending
                              or len(stacking_choices(st.top_face(st.building), st.hand)) < 2):
        raise StateFormatError("phase 'order' needs the turn's 'building', the rolled dice in 'hand' with a "
                               "choice of orders, and nothing pending", Reason("position.order"))
    if st.phase == TIE and (st.tie not in ("tallest", "smallest") or (st.tie == "smallest") != (st.tall >= 0)
                            or len(st._invested()) < 2 or len(st._tied()) < 2):
        raise StateFormatError("phase 'tie' needs 'tie' (tallest, or smallest once the takeover's tall company is "
                               "known) and at least two invested buildings tied", Reason("position.tie_phase"))
    if st.phase == SETUP_INVEST and (st.first < 0 or sum(c >= 0 for c in st.investors) == st.n):
        raise StateFormatError("phase 'invest' needs the first player and someone still to invest",
                               Reason("position.invest_phase"))
    if st.stacker >= 0 and (st.tall < 0 or st.small < 0 or st.investors[st.stacker] != st.tall):
        raise StateFormatError("a takeover's stacker invests in its taller company", Reason("position.stacker_company"))
    if st.phase in (AIM, SLIP) and st.tall >= 0 and (st.stacker < 0 or st.building != st.tall):
        raise StateFormatError("during a takeover the stacker places dice on the taller company",
                               Reason("position.takeover_building"))
    if st.phase in (ROLL, AIM, SLIP, ORDER, CHANGE) and st.tall < 0 and st.turn_player >= 0 \
            and st.building != st.investors[st.turn_player] and st.purpose == 1:
        raise StateFormatError("in a turn, 'building' is the company the turn's player invests in",
                               Reason("position.turn_building"))
    if st.phase == ROLL and st.purpose == 1 and (st.turn_player < 0 or st.building < 0):
        raise StateFormatError("rolling for a turn needs the turn's 'player' and 'building'",
                               Reason("position.roll_turn"))
    if st.phase == ROLL and st.purpose != 1 and len(st.faces[st.target]) + len(st.hand) + st.to_roll > 3:
        raise StateFormatError("dice rolled to build a company make it at most 3 dice high",
                               Reason("position.build_height"))
    setup = st.phase in (SETUP_INVEST, FIRST) or (st.phase == ROLL and st.purpose == 0)
    if (st.turn_player < 0) != setup and st.phase != OVER:
        raise StateFormatError("'player' (whose turn it is) is null during the setup and a seat afterwards",
                               Reason("position.turn_player"))
    if st.phase == ROLL:
        target, rolled = st.target, len(st.hand) + st.to_roll
        if st.purpose == 0 and (st.first >= 0 or any(len(st.faces[c]) != 3 for c in range(target))
                                or len(st.faces[target]) + rolled != 3 or any(st.faces[target + 1:])):
            raise StateFormatError("the setup's rolls build companies A, B… in turn, 3 dice each",
                                   Reason("position.setup_rolls"))
        if st.purpose == 2 and (st.faces[target] or not 0 < rolled <= 3):
            raise StateFormatError("a building rebuilt after a collapse is 3 rolled dice on an empty place",
                                   Reason("position.rebuild"))
        if st.purpose == 1 and rolled > len(st.faces[st.building]):
            raise StateFormatError("a turn rolls no more dice than the building is high",
                                   Reason("position.roll_height"))
    if st.phase == SETUP_INVEST:
        expected = [(st.first + k) % n for k in range(n)]
        done = [p for p in expected if st.investors[p] >= 0]
        if done != expected[:len(done)] or st.actor != expected[len(done)]:
            raise StateFormatError("during the setup, players invest one after the other from the first player; "
                                   "'to_move' is the next one", Reason("position.invest_order"))
    if st.round_last < 0 and (st.tall >= 0 or st.round > 0):
        raise StateFormatError("a takeover or a later round needs 'round_last', the last player of the round",
                               Reason("position.round_last"))
