"""What an Acquire position holds, how it is copied, and the conservation checks.

Kept as flat lists of ints in ``__slots__`` so that a copy is a handful of list copies (STYLE: cheap,
explicit clones), because bots and the simulator live on copies.
"""

from __future__ import annotations

from typing import Any, Self

from ...engine.state import CHANCE, Event, SeatedState
from .board import NEIGHBOURS, NUM_TILES
from .chains import NUM_CHAINS, SHARES_PER_CHAIN
from .hand_clues import NO_DEAD_TILES

EMPTY = -1
"""A square without a hotel."""
LONE = NUM_CHAINS
"""A hotel that belongs to no chain ("pion indépendant")."""

START_CASH = 6000
"""§3: "une somme de 6000"."""
HAND_SIZE = 6
"""§3: "Chaque joueur prend 6 pions"."""
MAX_BUY = 3
"""§4.6: "un maximum de 3 actions"."""


class Phase:
    """The steps of a turn (plain ints: they are compared on every action)."""

    SETUP = 0
    """Chance: seat ``draw_seat`` draws its starting tile, placed at once (§3)."""
    DEAL = 1
    """Chance: seat ``draw_seat`` draws its six tiles (§3)."""
    PLACE = 2
    """The turn's player places a tile (§4 step 1)."""
    FOUND = 3
    """The turn's player names the chain just founded (§4.1)."""
    SURVIVOR = 4
    """The turn's player chooses among equal largest chains (§4.2)."""
    ABSORB_ORDER = 5
    """The turn's player chooses which of equal absorbed chains is settled next."""
    BANK_DRAW = 6
    """Chance, two players: the bank draws a tile whose number is its holding (§ Règles pour deux joueurs)."""
    DISPOSE = 7
    """A holder of the absorbed chain sells, trades or keeps (§4.4)."""
    BUY = 8
    """The turn's player buys shares (§4.6) and may announce the end (§5)."""
    DRAW = 9
    """Chance: the turn's player refills the hand (§4 step 3)."""
    FORESIGHT_DRAW = 10
    """Chance: card Vision d'avenir, five more tiles."""
    FINAL_BANK_DRAW = 11
    """Chance, two players, at the end: one tile per chain for the bank's holding."""
    OVER = 12


PHASE_NAMES: tuple[str, ...] = tuple(
    name.lower() for name, _ in sorted(((k, v) for k, v in vars(Phase).items() if k.isupper()), key=lambda kv: kv[1]))


class Merger:
    """A merger being settled (§4.2–4.5). Sizes are those before the merging tile."""

    __slots__ = ("bank_holding", "current", "disposers", "involved", "remaining", "sizes", "survivor", "tile")

    def __init__(self, tile: int, involved: list[int], sizes: list[int]) -> None:
        self.tile = tile
        self.involved = involved
        self.sizes = sizes
        self.survivor = -1
        self.remaining: list[int] = []
        self.current = -1
        self.disposers: list[int] = []
        self.bank_holding = 0

    def copy(self) -> Merger:
        m = Merger(self.tile, self.involved[:], self.sizes[:])
        m.survivor, m.remaining, m.current = self.survivor, self.remaining[:], self.current
        m.disposers, m.bank_holding = self.disposers[:], self.bank_holding
        return m


class AcquireData(SeatedState):
    """The fields of a position; rules live in the subclasses (placement, merger, buying, ending)."""

    __slots__ = (
        "announced", "bag", "bank", "bank_in", "bank_out", "bank_tiles", "board", "bought", "buy_limit",
        "card_played", "cards", "cards_variant", "cash", "dead_tiles", "discarded", "draw_seat", "drawn_since",
        "end_classic", "end_reason", "exchanges_left", "final_bank", "final_queue", "first_player", "free_left",
        "hands", "idle_turns", "merger", "pending_tile", "phase", "place_limit", "place_options", "placed",
        "secret_holdings", "shares", "size", "start_tiles", "stuck_least", "stuck_tiles", "turn", "turn_player",
        "two_player",
    )

    def __init__(self, players: int, options: dict[str, Any]) -> None:
        self.events: list[Event] | None = None
        self.n = players
        self.options = dict(options)
        self.two_player = players == 2
        self.cards_variant = bool(options.get("cards", False))
        self.end_classic = options.get("end_rule", "seed") == "classic"
        self.secret_holdings = bool(options.get("secret_holdings", False))
        self.board = [EMPTY] * NUM_TILES
        self.size = [0] * NUM_CHAINS
        self.bank = [SHARES_PER_CHAIN] * NUM_CHAINS
        self.shares = [[0] * NUM_CHAINS for _ in range(players)]
        self.cash = [START_CASH] * players
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.bag = list(range(NUM_TILES))
        self.discarded: list[int] = []
        self.cards = [0b11111 if self.cards_variant else 0] * players
        self.phase = Phase.SETUP
        self.actor = CHANCE
        self.turn_player = 0
        self.turn = 0
        self.draw_seat = 0
        self.first_player = 0
        self.start_tiles: list[int] = []
        self.idle_turns = 0
        self.place_options: list[int] = []
        """In the placing step: the turn's player's playable tiles (replaced, never changed in place)."""
        """Turns in a row with no tile placed and no card played (for the end of a stalled game)."""
        self._reset_turn()
        self.announced = False
        self.pending_tile = -1
        self.merger: Merger | None = None
        self.bank_tiles: list[int] = []
        self.final_queue: list[int] = []
        self.final_bank = [0] * NUM_CHAINS
        self.end_reason = ""
        self.bank_out = 0
        self.bank_in = 0
        # What everybody knows of each hand (public clues, for re-dealing hidden tiles consistently):
        self.stuck_tiles = [0] * players
        """Per seat, a bit per tile: the tiles that were unplayable when it last could not place a tile."""
        self.stuck_least = [0] * players
        """Per seat: at least this many of its tiles are among ``stuck_tiles`` (0: no clue)."""
        self.dead_tiles = [NO_DEAD_TILES] * players
        """Per seat, a bit per tile: the tiles that were dead when it last discarded its dead tiles."""
        self.drawn_since = [0] * players
        """Per seat: tiles drawn since then (only these may be among ``dead_tiles``)."""

    def clone(self) -> Self:
        c = object.__new__(type(self))
        c.events = None
        c.n, c.options, c.two_player = self.n, self.options, self.two_player
        c.cards_variant, c.end_classic, c.secret_holdings = self.cards_variant, self.end_classic, self.secret_holdings
        c.board, c.size, c.bank = self.board[:], self.size[:], self.bank[:]
        c.shares = [s[:] for s in self.shares]
        c.cash = self.cash[:]
        c.hands = [h[:] for h in self.hands]
        c.bag, c.discarded, c.cards = self.bag[:], self.discarded[:], self.cards[:]
        c.phase, c.actor, c.turn_player, c.turn = self.phase, self.actor, self.turn_player, self.turn
        c.draw_seat, c.first_player, c.start_tiles = self.draw_seat, self.first_player, self.start_tiles[:]
        c.placed, c.place_limit, c.card_played = self.placed, self.place_limit, self.card_played
        c.idle_turns, c.place_options = self.idle_turns, self.place_options
        c.bought, c.buy_limit, c.free_left = self.bought, self.buy_limit, self.free_left
        c.exchanges_left, c.announced, c.pending_tile = self.exchanges_left, self.announced, self.pending_tile
        c.merger = self.merger.copy() if self.merger is not None else None
        c.bank_tiles, c.final_queue, c.final_bank = self.bank_tiles[:], self.final_queue[:], self.final_bank[:]
        c.end_reason, c.bank_out, c.bank_in = self.end_reason, self.bank_out, self.bank_in
        c.stuck_tiles, c.stuck_least = self.stuck_tiles[:], self.stuck_least[:]
        c.dead_tiles, c.drawn_since = self.dead_tiles[:], self.drawn_since[:]
        return c

    def _reset_turn(self) -> None:
        """What a turn counts starts again from nothing (tiles placed, shares bought, card effects)."""
        self.placed = 0
        self.place_limit = 1
        self.card_played = False
        self.bought = 0
        self.buy_limit = MAX_BUY
        self.free_left = 0
        self.exchanges_left = 0

    def _set_phase(self, phase: int, actor: int) -> None:
        self.phase = phase
        self.actor = actor

    # --- conservation -------------------------------------------------------------------------
    def check_invariants(self) -> None:
        """Tiles, shares and cash are conserved and the board is consistent (tests call this every step)."""
        places = self.bag + self.discarded + [t for h in self.hands for t in h] + self.bank_tiles
        on_board = [t for t in range(NUM_TILES) if self.board[t] != EMPTY]
        pending = [self.merger.tile] if self.merger is not None else []
        everything = places + on_board + pending
        assert sorted(everything) == list(range(NUM_TILES)), "the 108 tiles are not each in exactly one place"
        for c in range(NUM_CHAINS):
            held = sum(s[c] for s in self.shares)
            assert self.bank[c] >= 0 and held + self.bank[c] == SHARES_PER_CHAIN, f"chain {c}: shares not 25"
            assert all(s[c] >= 0 for s in self.shares)
            assert self.size[c] == sum(1 for v in self.board if v == c), f"chain {c}: size differs from board"
            assert self.size[c] == 0 or self.size[c] >= 2, f"chain {c}: a chain has at least 2 hotels"
        assert all(m >= 0 for m in self.cash), "negative cash"
        assert sum(self.cash) == START_CASH * self.n + self.bank_out - self.bank_in, "cash not conserved"
        for t in on_board:
            v = self.board[t]
            for nb in NEIGHBOURS[t]:
                w = self.board[nb]
                if w in (EMPTY, v):
                    continue
                assert v != LONE and w != LONE, "an independent hotel touches a chain"
                raise AssertionError("two chains touch")
        assert sorted(self.bag) == self.bag, "bag must stay sorted"
        if self.phase == Phase.PLACE:
            assert self.place_options == self.playable_tiles(self.turn_player), "stale playable tiles"
        from .hand_clues import agrees

        for p in range(self.n):
            assert agrees(self, p, self.hands[p]), f"seat {p}'s hand contradicts what play has shown of it"
            assert self.stuck_least[p] <= len(self.hands[p]) and (self.stuck_least[p] > 0) == (self.stuck_tiles[p] > 0)

    # --- implemented by the rule sections (placement, merger, buying, ending) ------------------
    def _after_tile(self) -> None:
        raise NotImplementedError

    def _enter_buy(self) -> None:
        raise NotImplementedError

    def _next_turn(self) -> None:
        raise NotImplementedError

    def _begin_merger(self, tile: int) -> None:
        raise NotImplementedError

    def _finish(self, reason: str) -> None:
        raise NotImplementedError

    def _pay_bonuses(self, chain: int, size: int, bank_holding: int) -> None:
        raise NotImplementedError

    def _join(self, tile: int, chain: int) -> None:
        raise NotImplementedError

    def _bank_drew(self, tile: int) -> None:
        raise NotImplementedError

    def _final_bank_drew(self, tile: int) -> None:
        raise NotImplementedError

    def _end_turn(self) -> None:
        raise NotImplementedError

    def _enter_place(self, options: list[int] | None = None) -> None:
        raise NotImplementedError

    def _can_place(self, seat: int) -> bool:
        raise NotImplementedError

    def tile_kind(self, tile: int) -> int:
        raise NotImplementedError

    def playable_tiles(self, seat: int) -> list[int]:
        raise NotImplementedError

    def place_card_actions(self) -> list[Any]:
        raise NotImplementedError

    def _holders_order(self) -> list[int]:
        """Seats in play order from the turn's player (§4.4: "en commençant par celui qui a provoqué la fusion")."""
        n, p = self.n, self.turn_player
        return [(p + i) % n for i in range(n)]

