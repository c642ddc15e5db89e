"""A Gracias position as JSON: complete when written by ``state_to_json``, forgiving when written by hand
(fields left out take their defaults), and checked so that an accepted position can be played on."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.errors import InvalidActionError, Reason, StateFormatError, as_json
from ...engine.positions import read_header
from ...engine.state import CHANCE, TERMINAL
from .actions import TRIO_LETTERS
from .cards import COLOURS, NUM_COLOURS, PER_COLOUR, Counts, parse_colour
from .view import named_counts

if TYPE_CHECKING:
    from .state import GraciasState


FIELDS = {"game", "version", "players", "options", "phase", "round", "tour", "grand_opener", "opener", "to_move",
          "taken", "dealt", "chosen", "pile", "open", "hidden", "trios", "scores"}
"""Every field a position may have (``state_to_json`` writes them all)."""


def state_to_json(st: GraciasState) -> dict[str, Any]:
    from .state import PHASE_NAMES

    return {
        "game": "gracias", "version": 1, "players": st.n, "options": dict(st.options),
        "phase": PHASE_NAMES[st.phase], "round": st.round + 1, "tour": st.tour + 1, "grand_opener": st.grand,
        "opener": st.opener, "to_move": st.actor if st.actor >= 0 else None, "taken": st.taken, "dealt": st.deal_k,
        "chosen": TRIO_LETTERS[st.chosen] if st.chosen >= 0 else None,
        "pile": named_counts(st.deck),
        "open": [named_counts(o) for o in st.open], "hidden": [named_counts(h) for h in st.hidden],
        "trios": [None if t is None else [COLOURS[c] if c >= 0 else None for c in t] for t in st.trios],
        "scores": [list(s) for s in st.scores],
    }


def _counts(value: Any, where: str) -> Counts:
    if not isinstance(value, dict):
        raise StateFormatError(f"{where} must map colours to counts, got {value!r}",
                               Reason("position.counts", {"where": where, "value": as_json(value)}))
    out = [0] * NUM_COLOURS
    for name, k in value.items():
        try:
            c = parse_colour(str(name))
        except InvalidActionError as e:
            raise StateFormatError(f"{where}: {e}", Reason("position.at", {"where": where, "why": e.reason})) from None
        if not isinstance(k, int) or isinstance(k, bool) or k < 0:
            raise StateFormatError(f"{where}.{name} = {k!r}: expected a count",
                                   Reason("position.count", {"where": where, "name": name, "value": as_json(k)}))
        out[c] = k
    return out


def _check_table(st: GraciasState, data: dict[str, Any]) -> None:
    """The table must let the game go on: while dealing, the cards laid are exactly the first ``dealt`` ones (an
    unlisted table in phase ``deal_trios`` is empty trios); while choosing, one trio per player, ``taken`` of
    them taken (``taken`` defaults to that) and at least one left."""
    from .state import CHOOSE, DEAL_OPEN, DEAL_TRIOS, KEEP_GIVE, OVER, TURNS

    n = st.n
    if st.phase == DEAL_OPEN and (st.trios or st.deal_k >= 2 * n):
        raise StateFormatError(f"while the open cards are dealt there are no trios yet and 'dealt' is below {2 * n}",
                               Reason("position.deal_open", {"limit": 2 * n}))
    if st.phase == DEAL_TRIOS:
        if not st.trios:
            st.trios = [[-1, -1, -1] for _ in range(n)]
        if len(st.trios) != n or any(t is None for t in st.trios):
            raise StateFormatError(f"while the trios are laid out there are {n} trios, none taken yet",
                                   Reason("position.deal_trios", {"players": n}))
        laid = [st.trios[k % n][k // n] != -1 for k in range(3 * n)]  # type: ignore[index]
        if "dealt" not in data:
            st.deal_k = sum(laid)
        if st.deal_k >= 3 * n or laid != [k < st.deal_k for k in range(3 * n)]:
            raise StateFormatError(f"'dealt' = {st.deal_k}: the trios must hold exactly the first cards dealt "
                                   f"(first open cards A, B…, then second open cards, then face-down cards), "
                                   f"fewer than {3 * n}",
                                   Reason("position.dealt", {"dealt": st.deal_k, "limit": 3 * n}))
    if st.phase in (CHOOSE, KEEP_GIVE):
        if "taken" not in data:
            st.taken = sum(t is None for t in st.trios)
        if len(st.trios) != n or st.taken != sum(t is None for t in st.trios) or st.taken == n:
            raise StateFormatError(f"to choose, the table holds {n} trios, 'taken' of them taken and at least one left",
                                   Reason("position.choose_table", {"players": n}))
        if any(t is not None and -1 in t[:2] for t in st.trios):
            raise StateFormatError("to choose, every trio on the table must be fully dealt",
                                   Reason("position.choose_dealt", {}))
        split = [i for i, t in enumerate(st.trios) if t is not None and t[2] == -1]
        if (st.phase == CHOOSE and split) or (st.phase == KEEP_GIVE and split != [st.chosen]):
            raise StateFormatError("phase 'keep' has exactly one trio, 'chosen', whose face-down card is taken (null); "
                                   "phase 'choose' has none", Reason("position.split_trio", {}))
    # The pile must hold every card the rest of the round deals.
    later = 3 * n * (TURNS - 1 - st.tour)
    needed = {DEAL_OPEN: 2 * n - st.deal_k + 3 * n + later, DEAL_TRIOS: 3 * n - st.deal_k + later}.get(st.phase, later)
    if st.phase != OVER and sum(st.deck) < needed:
        raise StateFormatError(f"the pile holds {sum(st.deck)} cards but the rest of the round deals {needed}",
                               Reason("position.pile_short", {"count": sum(st.deck), "needed": needed}))


def state_from_json(data: Any, resolve: Any) -> GraciasState:
    """Read a position. Missing: ``pile`` (every card not elsewhere), cards (none), ``phase`` ``choose``; in
    phase ``deal_trios`` the trios (empty) and ``dealt`` (the cards laid); in phase ``choose`` ``taken`` (the
    trios taken). A table from which the game could not go on is refused (``_check_table``)."""
    from .state import CHOOSE, KEEP_GIVE, OVER, PHASE_NAMES, ROUNDS, TURNS, GraciasState

    data, n, options = read_header(data, ("gracias",), "Gracias", FIELDS, resolve)
    st = GraciasState(n, options)
    for key in ("open", "hidden"):
        rows = data.get(key, [{} for _ in range(n)])
        if not isinstance(rows, list) or len(rows) != n:
            raise StateFormatError(f"{key!r} must list {n} players' cards",
                                   Reason("position.hands", {"field": key, "players": n}))
        setattr(st, key, [_counts(r, f"{key}[{p}]") for p, r in enumerate(rows)])
    trios = data.get("trios", [])
    if not isinstance(trios, list) or len(trios) > n:
        raise StateFormatError(f"'trios' must be a list of at most {n} trios",
                               Reason("position.trios", {"players": n}))
    st.trios = []
    for i, t in enumerate(trios):
        if t is None:
            st.trios.append(None)
            continue
        if not isinstance(t, list) or len(t) != 3:
            raise StateFormatError(f"trios[{i}] must be [open colour, open colour, hidden colour] or null",
                                   Reason("position.trio", {"index": i}))
        try:
            st.trios.append([parse_colour(c) if c is not None else -1 for c in t])
        except InvalidActionError as e:
            raise StateFormatError(f"trios[{i}]: {e}",
                                   Reason("position.at", {"where": f"trios[{i}]", "why": e.reason})) from None
    used = [sum(o[c] for o in st.open) + sum(h[c] for h in st.hidden)
            + sum(t[i] == c for t in st.trios if t is not None for i in range(3)) for c in range(NUM_COLOURS)]
    st.deck = _counts(data["pile"], "pile") if "pile" in data else [PER_COLOUR - u for u in used]
    for c in range(NUM_COLOURS):
        if st.deck[c] + used[c] != PER_COLOUR:
            raise StateFormatError(f"{COLOURS[c]}: {st.deck[c] + used[c]} cards in the position, there are 18",
                                   Reason("position.colour_total", {"colour": COLOURS[c],
                                                                    "count": st.deck[c] + used[c]}))
    phase = data.get("phase", "choose")
    if phase not in PHASE_NAMES:
        raise StateFormatError(f"phase {phase!r}: the phases are {', '.join(PHASE_NAMES)}",
                               Reason("position.phase", {"value": as_json(phase), "phases": ", ".join(PHASE_NAMES)}))
    st.phase = PHASE_NAMES.index(phase)
    ints = {"round": (1, ROUNDS + 1), "tour": (1, TURNS + 1), "grand_opener": (0, n - 1), "opener": (0, n - 1),
            "taken": (0, n), "dealt": (0, 3 * n)}
    values = {}
    for key, (lo, hi) in ints.items():
        v = data.get(key, lo)
        if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
            raise StateFormatError(f"{key} = {v!r}: expected a whole number from {lo} to {hi}",
                                   Reason("position.whole_number", {"field": key, "value": as_json(v), "min": lo,
                                                                    "max": hi}))
        values[key] = v
    st.round, st.tour = values["round"] - 1, values["tour"] - 1
    st.grand, st.opener, st.taken, st.deal_k = (values["grand_opener"], values["opener"], values["taken"],
                                                values["dealt"])
    if (st.phase == OVER) != (st.round == ROUNDS):
        raise StateFormatError(f"round {st.round + 1}: rounds are 1 to {ROUNDS}; a finished game says phase 'over' "
                               f"and round {ROUNDS + 1}",
                               Reason("position.round", {"round": st.round + 1, "rounds": ROUNDS, "final": ROUNDS + 1}))
    if st.phase != OVER and st.tour == TURNS:
        raise StateFormatError(f"tour {TURNS + 1}: turns are 1 to {TURNS}",
                               Reason("position.tour", {"tour": TURNS + 1, "turns": TURNS}))
    if st.phase != OVER and st.opener != (st.grand + st.tour) % n:
        raise StateFormatError(f"opener {st.opener}: turn {st.tour + 1} is opened by seat {(st.grand + st.tour) % n} "
                               f"(the grand opener {st.grand}, then one seat left each turn)",
                               Reason("position.opener", {"value": st.opener, "tour": st.tour + 1,
                                                          "seat": (st.grand + st.tour) % n, "grand_opener": st.grand}))
    chosen = data.get("chosen")
    if chosen is not None:
        if not isinstance(chosen, str) or chosen.upper() not in TRIO_LETTERS[:n]:
            raise StateFormatError(f"chosen = {chosen!r}: a trio letter A to {TRIO_LETTERS[n - 1]}",
                                   Reason("position.chosen", {"value": as_json(chosen), "last": TRIO_LETTERS[n - 1]}))
        st.chosen = TRIO_LETTERS.index(chosen.upper())
    if (st.chosen >= 0) != (st.phase == KEEP_GIVE):
        raise StateFormatError("'chosen' names the trio being split in phase 'keep', and only then",
                               Reason("position.chosen_phase", {}))
    _check_table(st, data)
    scores = data.get("scores", [[] for _ in range(n)])
    if (not isinstance(scores, list) or len(scores) != n
            or not all(isinstance(s, list) and len(s) == st.round and all(isinstance(x, int) for x in s)
                       for s in scores)):
        raise StateFormatError(f"'scores' must list, for each of {n} players, one score per round played",
                               Reason("position.scores", {"players": n}))
    st.scores = [list(s) for s in scores]
    if st.phase == OVER:
        st.actor = TERMINAL
    elif st.phase in (CHOOSE, KEEP_GIVE):
        to_move = data.get("to_move", (st.opener + st.taken) % n)
        if to_move != (st.opener + st.taken) % n:
            raise StateFormatError(f"to_move = {to_move!r}: with opener {st.opener} and {st.taken} trios taken, seat "
                                   f"{(st.opener + st.taken) % n} chooses",
                                   Reason("position.to_move", {"value": as_json(to_move), "opener": st.opener,
                                                               "count": st.taken, "seat": (st.opener + st.taken) % n}))
        st.actor = to_move
    else:
        st.actor = CHANCE
    return st
