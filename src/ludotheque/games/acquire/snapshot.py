"""A position as JSON: complete (to reload a game exactly) and forgiving when written by hand.

A hand-written position needs only what differs from the start: for example ::

    {"players": 3, "board": {"Luxor": ["5C", "6C"], "unincorporated": ["1A"]},
     "hands": [["7C", "2B"], [], []], "shares": [{"Luxor": 4}, {}, {}], "cash": [5000, 6000, 6000],
     "turn_player": 0}

Missing fields take these defaults: ``options`` at their defaults; ``cash`` 6000 each; no shares;
``bag`` every tile not on the board, in a hand or discarded; ``phase`` ``place`` (the turn's start);
cards all held with the card variant. Everything is validated: a wrong tile, chain, count or
inconsistent board is refused with the field and the reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.errors import InvalidActionError, Reason, StateFormatError, as_json
from ...engine.positions import read_header
from ...engine.state import CHANCE, TERMINAL
from .actions import CARD_IDS
from .board import NEIGHBOURS, NUM_TILES, TILE_NAMES, parse_tile
from .buying import FORESIGHT_TILES
from .chains import CHAINS, NUM_CHAINS, SHARES_PER_CHAIN, parse_chain
from .data import EMPTY, HAND_SIZE, LONE, PHASE_NAMES, START_CASH, Merger, Phase
from .hand_clues import DeadTiles, agrees
from .view import board_json, cards_json, merger_json

if TYPE_CHECKING:
    from .state import AcquireState

FORMAT_VERSION = 1
FIELDS = {"game", "version", "players", "options", "phase", "turn", "turn_player", "first_player", "draw_seat",
          "start_tiles", "board", "hands", "cash", "shares", "bag", "discarded", "cards", "turn_state", "pending_tile",
          "merger", "bank_tiles", "final_queue", "final_bank", "end_reason", "clues"}
"""Every field a position may have (``state_to_json`` writes them all)."""
_CHANCE_PHASES = (Phase.SETUP, Phase.DEAL, Phase.BANK_DRAW, Phase.DRAW, Phase.FORESIGHT_DRAW, Phase.FINAL_BANK_DRAW)


def state_to_json(st: AcquireState) -> dict[str, Any]:
    return {
        "game": "acquire", "version": FORMAT_VERSION, "players": st.n, "options": dict(st.options),
        "phase": PHASE_NAMES[st.phase], "turn": st.turn, "turn_player": st.turn_player,
        "first_player": st.first_player, "draw_seat": st.draw_seat,
        "start_tiles": [TILE_NAMES[t] for t in st.start_tiles],
        "board": board_json(st),
        "hands": [[TILE_NAMES[t] for t in h] for h in st.hands],
        "cash": list(st.cash),
        "shares": [{CHAINS[c]: s[c] for c in range(NUM_CHAINS) if s[c]} for s in st.shares],
        "bag": [TILE_NAMES[t] for t in st.bag],
        "discarded": [TILE_NAMES[t] for t in st.discarded],
        "cards": [cards_json(m) for m in st.cards],
        "turn_state": {"placed": st.placed, "place_limit": st.place_limit, "card_played": st.card_played,
                       "bought": st.bought, "buy_limit": st.buy_limit, "free_left": st.free_left,
                       "exchanges_left": st.exchanges_left, "announced": st.announced,
                       "idle_turns": st.idle_turns},
        "pending_tile": TILE_NAMES[st.pending_tile] if st.pending_tile >= 0 else None,
        "merger": merger_json(st),
        "bank_tiles": [TILE_NAMES[t] for t in st.bank_tiles],
        "final_queue": [CHAINS[c] for c in st.final_queue],
        "final_bank": {CHAINS[c]: st.final_bank[c] for c in range(NUM_CHAINS) if st.final_bank[c]},
        "end_reason": st.end_reason,
        "clues": [clues_json(st, p) for p in range(st.n)],
    }


def clues_json(st: AcquireState, seat: int) -> dict[str, Any]:
    """What everybody knows of a seat's hand (``hand_clues``)."""
    return {"unplayable": [TILE_NAMES[t] for t in range(NUM_TILES) if st.stuck_tiles[seat] >> t & 1],
            "at_least": st.stuck_least[seat],
            "dead": [TILE_NAMES[t] for t in range(NUM_TILES) if st.dead_tiles[seat].mask >> t & 1],
            "drawn": st.drawn_since[seat]}


def _read_clues(r: _Reader, st: AcquireState) -> None:
    clues = r.get("clues", list, None)
    if clues is None:
        return
    if len(clues) != st.n or not all(isinstance(c, dict) for c in clues):
        raise StateFormatError(f"'clues' must list {st.n} objects, one per seat",
                               Reason("position.clues", {"players": st.n}))
    for p, clue in enumerate(clues):
        where = f"clues[{p}]"
        unknown = sorted(set(clue) - {"unplayable", "at_least", "dead", "drawn"})
        if unknown:
            raise StateFormatError(f"{where}: unknown field {unknown[0]!r}",
                                   Reason("position.clue_field", {"where": where, "field": as_json(unknown[0])}))
        tiles = r.tiles(clue.get("unplayable", []), f"{where}.unplayable")
        least, drawn = clue.get("at_least", 0), clue.get("drawn", 0)
        for key, value, top in (("at_least", least, len(tiles)), ("drawn", drawn, NUM_TILES)):
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= top:
                raise StateFormatError(f"{where}.{key} = {value!r}: expected a count from 0 to {top}",
                                       Reason("position.clue_count", {"where": where, "field": key,
                                                                      "value": as_json(value), "top": top}))
        dead = r.tiles(clue.get("dead", []), f"{where}.dead")
        st.stuck_tiles[p] = sum(1 << t for t in set(tiles)) if least else 0
        st.stuck_least[p] = least
        st.dead_tiles[p] = DeadTiles(mask=sum(1 << t for t in set(dead)))
        st.drawn_since[p] = drawn
        if not agrees(st, p, st.hands[p]):
            raise StateFormatError(f"{where}: hands[{p}] does not agree with these clues",
                                   Reason("position.clues_disagree", {"where": where, "seat": p}))


class _Reader:
    """Reads fields with precise errors naming the field."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    def get(self, key: str, kind: type | tuple[type, ...], default: Any) -> Any:
        value = self.data.get(key, default)
        if value is not default and (not isinstance(value, kind) or (kind is int and isinstance(value, bool))):
            raise StateFormatError(f"position field {key!r} = {value!r}: wrong type",
                                   Reason("position.wrong_type", {"field": key, "value": as_json(value)}))
        return value

    @staticmethod
    def tile(value: Any, where: str) -> int:
        if not isinstance(value, str):
            raise StateFormatError(f"{where}: {value!r} is not a tile name like '5C'",
                                   Reason("position.not_tile_name", {"where": where, "value": as_json(value)}))
        try:
            return parse_tile(value)
        except InvalidActionError as e:
            raise StateFormatError(f"{where}: {e}", Reason("position.at", {"where": where, "why": e.reason})) from None

    @staticmethod
    def chain(value: Any, where: str) -> int:
        if not isinstance(value, str):
            raise StateFormatError(f"{where}: {value!r} is not a chain name",
                                   Reason("position.not_chain_name", {"where": where, "value": as_json(value)}))
        try:
            return parse_chain(value)
        except InvalidActionError as e:
            raise StateFormatError(f"{where}: {e}", Reason("position.at", {"where": where, "why": e.reason})) from None

    def tiles(self, values: Any, where: str) -> list[int]:
        if not isinstance(values, list):
            raise StateFormatError(f"{where}: expected a list of tiles, got {values!r}",
                                   Reason("position.tile_list", {"where": where, "value": as_json(values)}))
        return [self.tile(v, f"{where}[{i}]") for i, v in enumerate(values)]


def state_from_json(data: Any, make: type[AcquireState], resolve: Any) -> AcquireState:
    """Build a state from ``data``; ``resolve(players, options)`` validates the configuration."""
    data, n, options = read_header(data, ("acquire",), "Acquire", FIELDS, resolve)
    if data.get("version", FORMAT_VERSION) != FORMAT_VERSION:
        raise StateFormatError(f"position version {data.get('version')!r} is not supported (expected 1)",
                               Reason("position.version", {"value": as_json(data.get("version")),
                                                           "expected": FORMAT_VERSION}))
    r = _Reader(data)
    st = make(n, options)
    seen: dict[int, str] = {}

    def claim(t: int, where: str) -> None:
        if t in seen:
            raise StateFormatError(f"tile {TILE_NAMES[t]} is both in {seen[t]} and in {where}",
                                   Reason("position.tile_twice", {"tile": TILE_NAMES[t], "first": seen[t],
                                                                  "second": where}))
        seen[t] = where

    board = r.get("board", dict, {})
    st.board = [EMPTY] * NUM_TILES
    for key, tiles in board.items():
        value = LONE if key == "unincorporated" else r.chain(key, "board")
        for t in r.tiles(tiles, f"board.{key}"):
            claim(t, f"board.{key}")
            st.board[t] = value
    st.size = [sum(1 for v in st.board if v == c) for c in range(NUM_CHAINS)]
    _check_board(st)

    hands = r.get("hands", list, [[] for _ in range(n)])
    if len(hands) != n:
        raise StateFormatError(f"'hands' lists {len(hands)} hands for {n} players",
                               Reason("position.hands_count", {"count": len(hands), "players": n}))
    st.hands = []
    most = HAND_SIZE + (FORESIGHT_TILES if st.cards_variant else 0)
    for p, h in enumerate(hands):
        tiles = r.tiles(h, f"hands[{p}]")
        if len(tiles) > most:
            raise StateFormatError(f"hands[{p}] holds {len(tiles)} tiles; a hand holds at most {most}",
                                   Reason("position.hand_size", {"seat": p, "count": len(tiles), "most": most}))
        for t in tiles:
            claim(t, f"hands[{p}]")
        st.hands.append(sorted(tiles))
    st.discarded = r.tiles(r.get("discarded", list, []), "discarded")
    for t in st.discarded:
        claim(t, "discarded")
    st.bank_tiles = r.tiles(r.get("bank_tiles", list, []), "bank_tiles")
    for t in st.bank_tiles:
        claim(t, "bank_tiles")
    merger = r.get("merger", (dict, type(None)), None)
    if merger is not None:
        st.merger = _read_merger(r, merger, st)
        claim(st.merger.tile, "merger.tile")
    if "bag" in data:
        st.bag = sorted(r.tiles(data["bag"], "bag"))
        for t in st.bag:
            claim(t, "bag")
        missing = [TILE_NAMES[t] for t in range(NUM_TILES) if t not in seen]
        if missing:
            raise StateFormatError(f"tiles {', '.join(missing[:8])} are nowhere (not on the board, in a hand, "
                                   "the bag or discarded); leave 'bag' out to put every other tile in it",
                                   Reason("position.tiles_nowhere", {"count": len(missing),
                                                                     "tiles": ", ".join(missing[:8])}))
    else:
        st.bag = [t for t in range(NUM_TILES) if t not in seen]

    cash = r.get("cash", list, [START_CASH] * n)
    if len(cash) != n or not all(isinstance(c, int) and not isinstance(c, bool) and c >= 0 for c in cash):
        raise StateFormatError(f"'cash' must list {n} amounts of zero or more, got {cash!r}",
                               Reason("position.cash", {"players": n, "value": as_json(cash)}))
    st.cash = list(cash)
    shares = r.get("shares", list, [{} for _ in range(n)])
    if len(shares) != n:
        raise StateFormatError(f"'shares' lists {len(shares)} holdings for {n} players",
                               Reason("position.shares_count", {"count": len(shares), "players": n}))
    st.shares = [[0] * NUM_CHAINS for _ in range(n)]
    for p, held in enumerate(shares):
        if not isinstance(held, dict):
            raise StateFormatError(f"shares[{p}] must map chain names to counts",
                                   Reason("position.shares_map", {"seat": p}))
        for name, count in held.items():
            c = r.chain(name, f"shares[{p}]")
            if not isinstance(count, int) or isinstance(count, bool) or count < 0:
                raise StateFormatError(f"shares[{p}].{name} = {count!r}: expected a count of zero or more",
                                       Reason("position.share_count", {"seat": p, "chain": name,
                                                                       "value": as_json(count)}))
            st.shares[p][c] = count
    for c in range(NUM_CHAINS):
        held_total = sum(s[c] for s in st.shares)
        if held_total > SHARES_PER_CHAIN:
            raise StateFormatError(f"players hold {held_total} {CHAINS[c]} shares; there are only 25",
                                   Reason("position.shares_total", {"count": held_total, "chain": CHAINS[c],
                                                                    "most": SHARES_PER_CHAIN}))
        st.bank[c] = SHARES_PER_CHAIN - held_total
    st.bank_out = sum(st.cash) - START_CASH * n
    st.bank_in = 0
    if st.bank_out < 0:
        st.bank_in, st.bank_out = -st.bank_out, 0

    cards = r.get("cards", list, None)
    if cards is not None:
        if len(cards) != n:
            raise StateFormatError(f"'cards' lists {len(cards)} players' cards for {n} players",
                                   Reason("position.cards_count", {"count": len(cards), "players": n}))
        st.cards = []
        for p, held in enumerate(cards):
            if not isinstance(held, list) or any(c not in CARD_IDS for c in held):
                raise StateFormatError(f"cards[{p}] = {held!r}: the cards are {', '.join(CARD_IDS)}",
                                       Reason("position.cards_held", {"seat": p, "value": as_json(held),
                                                                      "cards": ", ".join(CARD_IDS)}))
            st.cards.append(sum(1 << CARD_IDS.index(c) for c in set(held)))

    phase_name = r.get("phase", str, "place")
    if phase_name not in PHASE_NAMES:
        raise StateFormatError(f"phase {phase_name!r}: the phases are {', '.join(PHASE_NAMES)}",
                               Reason("position.phase", {"value": as_json(phase_name),
                                                         "phases": ", ".join(PHASE_NAMES)}))
    st.phase = PHASE_NAMES.index(phase_name)
    for key in ("turn_player", "first_player", "draw_seat"):
        value = r.get(key, int, 0)
        if key != "draw_seat" and not 0 <= value < n:
            raise StateFormatError(f"{key} = {value}: seats are 0 to {n - 1}",
                                   Reason("position.seat", {"field": key, "value": as_json(value), "top": n - 1}))
        setattr(st, key, value)
    st.turn = r.get("turn", int, 1)
    st.start_tiles = r.tiles(r.get("start_tiles", list, []), "start_tiles")
    ts = r.get("turn_state", dict, {})
    for key, default in (("placed", 0), ("place_limit", 1), ("bought", 0), ("buy_limit", 3), ("free_left", 0),
                         ("exchanges_left", 0), ("idle_turns", 0)):
        value = ts.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise StateFormatError(f"turn_state.{key} = {value!r}: expected a count",
                                   Reason("position.turn_count", {"field": key, "value": as_json(value)}))
        setattr(st, key, value)
    st.card_played = bool(ts.get("card_played", False))
    st.announced = bool(ts.get("announced", False))
    pending = data.get("pending_tile")
    st.pending_tile = r.tile(pending, "pending_tile") if pending is not None else -1
    st.final_queue = [r.chain(c, "final_queue") for c in r.get("final_queue", list, [])]
    for name, count in r.get("final_bank", dict, {}).items():
        st.final_bank[r.chain(name, "final_bank")] = _count(count, f"final_bank.{name}")
    st.end_reason = r.get("end_reason", str, "")
    _read_clues(r, st)
    _check_phase(st)
    st.actor = _actor(st)
    if st.phase == Phase.PLACE:
        st.place_options = st.playable_tiles(st.turn_player)
    if st.phase in (Phase.PLACE, Phase.BUY) and "phase" not in data and not st.legal_actions():
        raise StateFormatError("the position leaves the player nothing to do",
                               Reason("position.nothing_to_do", {}))
    return st


def _check_phase(st: AcquireState) -> None:
    """What each step needs, so that an accepted position can be played on."""
    n, phase = st.n, st.phase
    hands = [len(h) for h in st.hands]
    where = f"phase {PHASE_NAMES[phase]!r}"
    if phase == Phase.SETUP:
        if not 0 <= st.draw_seat < n or len(st.start_tiles) != st.draw_seat or any(hands):
            raise StateFormatError(f"{where}: seats 0 to draw_seat - 1 have drawn their starting tiles (start_tiles, "
                                   "one each) and nobody holds tiles yet",
                                   Reason("position.setup", {"phase": PHASE_NAMES[phase]}))
    elif st.start_tiles and len(st.start_tiles) != n:
        raise StateFormatError(f"'start_tiles' lists one starting tile per player ({n}), or none",
                               Reason("position.start_tiles", {"players": n}))
    for t in st.start_tiles:
        if st.board[t] == EMPTY:
            raise StateFormatError(f"starting tile {TILE_NAMES[t]} is not on the board",
                                   Reason("position.start_tile_off_board", {"tile": TILE_NAMES[t]}))
    if phase == Phase.DEAL:
        order = [(st.first_player + i) % n for i in range(n)]
        if not 0 <= st.draw_seat < n or len(st.start_tiles) != n:
            raise StateFormatError(f"{where}: every player has a starting tile and draw_seat is a seat",
                                   Reason("position.deal_start", {"phase": PHASE_NAMES[phase]}))
        k = order.index(st.draw_seat)
        if any(hands[s] != HAND_SIZE for s in order[:k]) or hands[st.draw_seat] >= HAND_SIZE or any(
                hands[s] for s in order[k + 1:]) or not st.bag:
            raise StateFormatError(f"{where}: hands are dealt six tiles at a time in seat order from the first "
                                   "player; the seats before draw_seat hold 6, draw_seat fewer, the others none",
                                   Reason("position.deal_hands", {"phase": PHASE_NAMES[phase]}))
    if phase in (Phase.DRAW, Phase.FORESIGHT_DRAW, Phase.BANK_DRAW, Phase.FINAL_BANK_DRAW) and not st.bag:
        raise StateFormatError(f"{where}: a tile must be drawn, but the bag is empty",
                               Reason("position.empty_bag", {"phase": PHASE_NAMES[phase]}))
    if phase == Phase.DRAW and hands[st.turn_player] >= HAND_SIZE:
        raise StateFormatError(f"{where}: the turn's player draws only while holding fewer than {HAND_SIZE} tiles",
                               Reason("position.draw_full_hand", {"phase": PHASE_NAMES[phase], "size": HAND_SIZE}))
    if phase == Phase.FORESIGHT_DRAW and not 1 <= st.draw_seat <= FORESIGHT_TILES:
        raise StateFormatError(f"{where}: draw_seat counts the tiles still to draw for Vision d'avenir (1 to 5)",
                               Reason("position.foresight_draw", {"phase": PHASE_NAMES[phase],
                                                                  "most": FORESIGHT_TILES}))
    if phase in (Phase.BANK_DRAW, Phase.FINAL_BANK_DRAW) and not st.two_player:
        raise StateFormatError(f"{where} belongs to the two-player rules",
                               Reason("position.two_player_phase", {"phase": PHASE_NAMES[phase]}))
    if phase == Phase.FINAL_BANK_DRAW and not st.final_queue:
        raise StateFormatError(f"{where}: 'final_queue' lists the chains the bank still draws for",
                               Reason("position.final_queue", {"phase": PHASE_NAMES[phase]}))
    if phase == Phase.FOUND and (st.pending_tile < 0 or st.board[st.pending_tile] != LONE or 0 not in st.size
                                 or LONE not in {st.board[nb] for nb in NEIGHBOURS[st.pending_tile]}):
        raise StateFormatError(f"{where}: pending_tile is an independent hotel next to another, and a chain name is "
                               "free", Reason("position.found_tile", {"phase": PHASE_NAMES[phase]}))
    merging = (Phase.SURVIVOR, Phase.ABSORB_ORDER, Phase.BANK_DRAW, Phase.DISPOSE)
    if (st.merger is not None) != (phase in merging):
        raise StateFormatError(f"{where}: a 'merger' is given exactly while one is settled (phases "
                               f"{', '.join(PHASE_NAMES[p] for p in merging)})",
                               Reason("position.merger_phase", {"phase": PHASE_NAMES[phase],
                                                                "phases": ", ".join(PHASE_NAMES[p] for p in merging)}))
    if st.merger is not None:
        _check_merger(st)


def _check_merger(st: AcquireState) -> None:
    m = st.merger
    assert m is not None
    around = {st.board[nb] for nb in NEIGHBOURS[m.tile]}
    if st.board[m.tile] != EMPTY or len(m.involved) < 2 or any(c not in around or not st.size[c] for c in m.involved):
        raise StateFormatError("merger: its tile is not on the board yet and touches every chain in 'chains' (2 or "
                               "more, all on the board)", Reason("position.merger_tile", {}))
    if any(m.sizes[c] < 2 for c in m.involved):
        raise StateFormatError("merger: 'sizes' gives each chain's size before the merger (2 or more)",
                               Reason("position.merger_sizes", {}))
    phase = st.phase
    if phase == Phase.SURVIVOR:
        if m.survivor != -1 or m.remaining or m.current != -1:
            raise StateFormatError("merger: while the survivor is chosen, no survivor, remaining or current is set",
                                   Reason("position.merger_unsettled", {}))
        return
    if m.survivor not in m.involved or any(c not in m.involved or c == m.survivor for c in m.remaining):
        raise StateFormatError("merger: 'survivor' and 'remaining' are chains of the merger",
                               Reason("position.merger_chains", {}))
    if phase == Phase.ABSORB_ORDER and len(m.remaining) < 2:
        raise StateFormatError("merger: the settling order is chosen among two or more remaining chains",
                               Reason("position.merger_order", {}))
    if phase in (Phase.BANK_DRAW, Phase.DISPOSE) and (m.current not in m.involved or m.current == m.survivor
                                                       or m.current in m.remaining):
        raise StateFormatError("merger: 'current' is the absorbed chain being settled",
                               Reason("position.merger_current", {}))
    if phase == Phase.DISPOSE and (not m.disposers or any(not 0 <= p < st.n or not st.shares[p][m.current]
                                                          for p in m.disposers)):
        raise StateFormatError("merger: 'disposers' are the seats still holding shares of the chain being settled",
                               Reason("position.merger_disposers", {}))


def _actor(st: AcquireState) -> int:
    if st.phase == Phase.OVER:
        return TERMINAL
    if st.phase in _CHANCE_PHASES:
        return CHANCE
    if st.phase == Phase.DISPOSE:
        if st.merger is None or not st.merger.disposers:
            raise StateFormatError("phase 'dispose' needs a merger with disposers",
                                   Reason("position.dispose_needs_merger", {}))
        return st.merger.disposers[0]
    if st.phase in (Phase.SURVIVOR, Phase.ABSORB_ORDER) and st.merger is None:
        raise StateFormatError(f"phase {PHASE_NAMES[st.phase]!r} needs a merger",
                               Reason("position.needs_merger", {"phase": PHASE_NAMES[st.phase]}))
    if st.phase == Phase.FOUND and st.pending_tile < 0:
        raise StateFormatError("phase 'found' needs the pending_tile that founds the chain",
                               Reason("position.found_needs_tile", {}))
    return st.turn_player


def _read_merger(r: _Reader, m: dict[str, Any], st: AcquireState) -> Merger:
    tile = r.tile(m.get("tile"), "merger.tile")
    involved = [r.chain(c, "merger.chains") for c in _merger_field(m, "chains", list, [])]
    sizes = st.size[:]
    for name, size in _merger_field(m, "sizes", dict, {}).items():
        sizes[r.chain(name, "merger.sizes")] = _count(size, f"merger.sizes.{name}")
    merger = Merger(tile, involved, sizes)
    merger.survivor = r.chain(m["survivor"], "merger.survivor") if m.get("survivor") else -1
    merger.remaining = [r.chain(c, "merger.remaining") for c in _merger_field(m, "remaining", list, [])]
    merger.current = r.chain(m["current"], "merger.current") if m.get("current") else -1
    merger.disposers = [_count(p, "merger.disposers") for p in _merger_field(m, "disposers", list, [])]
    merger.bank_holding = _count(m.get("bank_holding", 0), "merger.bank_holding")
    return merger


def _merger_field(m: dict[str, Any], key: str, kind: type, default: Any) -> Any:
    """``merger.<key>``, which must be of ``kind`` (a list or an object) when given."""
    value = m.get(key, default)
    if not isinstance(value, kind):
        raise StateFormatError(f"position field 'merger.{key}' = {value!r}: wrong type",
                               Reason("position.wrong_type", {"field": f"merger.{key}", "value": as_json(value)}))
    return value


def _count(value: Any, where: str) -> int:
    """A whole number of zero or more read at ``where``."""
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise StateFormatError(f"{where} = {value!r}: expected a whole number of zero or more",
                               Reason("position.whole_number", {"where": where, "value": as_json(value)}))
    return value


def _check_board(st: AcquireState) -> None:
    """Chains are connected groups of 2 or more; no two chains touch; no independent hotel touches a chain."""
    board = st.board
    for c in range(NUM_CHAINS):
        tiles = [t for t in range(NUM_TILES) if board[t] == c]
        if not tiles:
            continue
        if len(tiles) < 2:
            raise StateFormatError(f"board.{CHAINS[c]} has one hotel; a chain has at least two",
                                   Reason("position.lone_chain", {"chain": CHAINS[c]}))
        reached = {tiles[0]}
        stack = [tiles[0]]
        while stack:
            for nb in NEIGHBOURS[stack.pop()]:
                if board[nb] == c and nb not in reached:
                    reached.add(nb)
                    stack.append(nb)
        if len(reached) != len(tiles):
            raise StateFormatError(f"board.{CHAINS[c]} is not one connected group of hotels",
                                   Reason("position.chain_split", {"chain": CHAINS[c]}))
    for t in range(NUM_TILES):
        v = board[t]
        if v == EMPTY:
            continue
        for nb in NEIGHBOURS[t]:
            w = board[nb]
            if w != EMPTY and w != v:
                if LONE in (v, w):
                    raise StateFormatError(f"{TILE_NAMES[t]} and {TILE_NAMES[nb]} touch: a chain cannot touch an "
                                           "independent hotel", Reason("position.touch_hotel", {
                                               "tile": TILE_NAMES[t], "neighbour": TILE_NAMES[nb]}))
                raise StateFormatError(f"{TILE_NAMES[t]} and {TILE_NAMES[nb]} touch: a chain cannot touch another "
                                       "chain", Reason("position.touch_chain", {
                                           "tile": TILE_NAMES[t], "neighbour": TILE_NAMES[nb]}))
