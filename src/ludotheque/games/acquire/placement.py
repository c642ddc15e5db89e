"""Placing hotels and the turn's course (rulebook §3, §4 steps 1 and 3, §4.1).

A tile's effect is one of six kinds, decided by its neighbours (§4.1: sides only, never diagonals):
``LONE`` (touches nothing), ``GROW`` (touches one chain), ``FOUND`` (touches only independent hotels),
``MERGE`` (touches two chains or more), and the unplayable ``NO_NEW_CHAIN`` (would found an eighth
chain: unplayable for now) and ``DEAD`` (would merge two closed chains: unplayable for ever).
"""

from __future__ import annotations

from bisect import insort

from ...engine.state import CHANCE
from .actions import Card
from .board import NEIGHBOURS, NUM_TILES, TILE_NAMES, column_of, row_of
from .chains import CHAINS, NUM_CHAINS, SAFE_SIZE
from .data import EMPTY, HAND_SIZE, LONE, AcquireData, Phase
from .hand_clues import NO_DEAD_TILES, DeadTiles, safe_chains

LONE_TILE, GROW, FOUND, MERGE, NO_NEW_CHAIN, DEAD = range(6)
KIND_NAMES = ("lone", "grow", "found", "merge", "no_new_chain", "dead")
PLAYABLE = MERGE
"""Kinds up to and including this one are playable."""


class PlacementRules(AcquireData):
    __slots__ = ()

    # --- what a tile would do ------------------------------------------------------------------
    def tile_kind(self, tile: int) -> int:
        """The kind of effect ``tile`` would have if placed now (see the module docstring)."""
        board = self.board
        chains = 0
        lone = False
        for nb in NEIGHBOURS[tile]:
            v = board[nb]
            if v == LONE:
                lone = True
            elif v >= 0:
                chains |= 1 << v
        if not chains:
            if not lone:
                return LONE_TILE
            # §4.1: "Il ne peut y avoir que sept chaînes en même temps sur le plateau de jeu."
            return FOUND if 0 in self.size else NO_NEW_CHAIN
        if not chains & (chains - 1):
            return GROW
        size = self.size
        safe = 0
        for c in range(NUM_CHAINS):
            if chains >> c & 1 and size[c] >= SAFE_SIZE:
                safe += 1
        # §4.2: "il est donc impossible de poser un pion qui fusionnerait deux chaînes fermées".
        return DEAD if safe >= 2 else MERGE

    def adjacent_chains(self, tile: int) -> list[int]:
        board = self.board
        return sorted({board[nb] for nb in NEIGHBOURS[tile] if 0 <= board[nb] < LONE})

    def playable_tiles(self, seat: int) -> list[int]:
        kind = self.tile_kind
        return [t for t in self.hands[seat] if kind(t) <= PLAYABLE]

    def _can_place(self, seat: int) -> bool:
        kind = self.tile_kind
        return any(kind(t) <= PLAYABLE for t in self.hands[seat])

    # --- setting hotels on the board -----------------------------------------------------------
    def _join(self, tile: int, chain: int) -> None:
        """Put ``tile`` in ``chain`` with every independent hotel connected to it."""
        board = self.board
        board[tile] = chain
        added = 1
        stack = [tile]
        while stack:
            t = stack.pop()
            for nb in NEIGHBOURS[t]:
                if board[nb] == LONE:
                    board[nb] = chain
                    added += 1
                    stack.append(nb)
        self.size[chain] += added

    def _place(self, tile: int) -> None:
        """The turn's player places ``tile`` (§4 step 1); its consequences are settled before going on."""
        p = self.turn_player
        self.hands[p].remove(tile)
        self._left_hand(p, tile)
        self.placed += 1
        kind = self.tile_kind(tile)
        if kind == LONE_TILE:
            self.board[tile] = LONE
            if self.events is not None:
                self._emit("place", seat=p, tile=TILE_NAMES[tile])
            self._after_tile()
        elif kind == GROW:
            chain = self.adjacent_chains(tile)[0]
            self._join(tile, chain)
            if self.events is not None:
                self._emit("grow", seat=p, tile=TILE_NAMES[tile], chain=CHAINS[chain], size=self.size[chain])
            self._after_tile()
        elif kind == FOUND:
            self.board[tile] = LONE
            self.pending_tile = tile
            self._emit("place", seat=p, tile=TILE_NAMES[tile])
            self._set_phase(Phase.FOUND, p)
        else:
            self._begin_merger(tile)

    def _found(self, chain: int) -> None:
        """§4.1: the founder names the chain and receives one free share ("prime de fondation")."""
        p = self.turn_player
        tile = self.pending_tile
        self.pending_tile = -1
        self.board[tile] = EMPTY
        self._join(tile, chain)
        bonus = self.bank[chain] > 0
        if bonus:
            self.bank[chain] -= 1
            self.shares[p][chain] += 1
        self._emit("found", seat=p, chain=CHAINS[chain], size=self.size[chain], free_share=bonus)
        self._after_tile()

    def _place_bank_tile(self, tile: int) -> None:
        """Two players: the bank's tile is placed after the merger it served (§ Règles pour deux joueurs).

        It never founds a chain ("n'est considérée comme fondée que lorsque l'un des deux joueurs y
        adjoint un troisième pion"); if it would merge closed chains it is set aside for ever.
        """
        kind = self.tile_kind(tile)
        name = TILE_NAMES[tile]
        if kind == DEAD:
            self.discarded.append(tile)
            self._emit("bank_tile_aside", tile=name)
            self._after_tile()
        elif kind == MERGE:
            self._emit("bank_tile", tile=name)
            self._begin_merger(tile)
        elif kind == GROW:
            chain = self.adjacent_chains(tile)[0]
            self._join(tile, chain)
            self._emit("bank_tile", tile=name)
            self._after_tile()
        else:
            self.board[tile] = LONE
            self._emit("bank_tile", tile=name)
            self._after_tile()

    def _after_tile(self) -> None:
        """A tile and all it caused are settled: place the bank's tiles, then go on with the turn."""
        if self.bank_tiles:
            self._place_bank_tile(self.bank_tiles.pop(0))
            return
        p = self.turn_player
        if self.placed < self.place_limit:  # card Croissance rapide: up to 4 tiles
            options = self.playable_tiles(p)
            if options:
                self.place_options = options
                self._set_phase(Phase.PLACE, p)
                return
        self._enter_buy()

    # --- the turn -----------------------------------------------------------------------------
    def _start_turn(self) -> None:
        options = self.playable_tiles(self.turn_player)
        if not options and self._stalled():
            self._finish("stalled")
            return
        self._reset_turn()
        self.turn += 1
        if self.events is not None:
            self._emit("turn", seat=self.turn_player, turn=self.turn)
        self._enter_place(options)

    def _enter_place(self, options: list[int] | None = None) -> None:
        """The placing step, with the playable tiles worked out once (legal actions read them)."""
        p = self.turn_player
        self.place_options = self.playable_tiles(p) if options is None else options
        if self.place_options or self.place_card_actions():
            self._set_phase(Phase.PLACE, p)
        else:
            self._cannot_place()

    def _cannot_place(self) -> None:
        """§4.6: "Un joueur qui n'a pas la possibilité de placer de pion … peut néanmoins acheter". Everybody
        now knows that each of this player's tiles is unplayable here."""
        p = self.turn_player
        kind, board = self.tile_kind, self.board
        self.stuck_least[p] = len(self.hands[p])
        self.stuck_tiles[p] = sum(1 << t for t in range(NUM_TILES) if board[t] == EMPTY and kind(t) > PLAYABLE
                                  ) if self.hands[p] else 0
        self._emit("cannot_place", seat=p)
        self._enter_buy()

    def _left_hand(self, seat: int, tile: int) -> None:
        """A tile shown leaving a hand: it may have been one of those known to be unplayable."""
        if self.stuck_least[seat] and self.stuck_tiles[seat] >> tile & 1:
            self.stuck_least[seat] -= 1
            if not self.stuck_least[seat]:
                self.stuck_tiles[seat] = 0

    def _stalled(self) -> bool:
        """Software rule (RULINGS, "A game must always end"): nobody can place a tile and the bag can
        bring none into play, so the game ends as if announced. A player still holding Vision d'avenir
        could draw from the bag: the game then goes on until a whole round passes with no tile placed
        and no card played."""
        n = self.n
        if any(self._can_place(s) for s in range(n)):
            return False
        if not self.bag:
            return True
        if not all(len(self.hands[s]) >= HAND_SIZE and all(self.tile_kind(t) != DEAD for t in self.hands[s])
                   for s in range(n)):
            return False
        foresight_held = self.cards_variant and any(m >> Card.FORESIGHT & 1 for m in self.cards)
        return not foresight_held or self.idle_turns >= n

    def _end_turn(self) -> None:
        """§4 step 3: take new tiles. Dead tiles are shown and discarded first, once per turn (RULINGS)."""
        if self.announced:
            self._finish("announced")
            return
        self.idle_turns = 0 if self.placed or self.card_played else self.idle_turns + 1
        p = self.turn_player
        hand = self.hands[p]
        safe = safe_chains(self.size)
        dead = [t for t in hand if self.tile_kind(t) == DEAD] if safe & (safe - 1) else []
        for t in dead:
            hand.remove(t)
            self._left_hand(p, t)
            self.discarded.append(t)
        # Everybody now knows that no tile kept is dead (only tiles drawn from now on may be).
        self.dead_tiles[p] = DeadTiles(self.board[:], self.size[:]) if safe & (safe - 1) else NO_DEAD_TILES
        self.drawn_since[p] = 0
        if dead:
            self._emit("discard_dead", seat=p, tiles=[TILE_NAMES[t] for t in dead])
        self._draw_or_next()

    def _draw_or_next(self) -> None:
        # Refill to six; with Vision d'avenir the hand holds more and is not refilled until it is 5 or less.
        if len(self.hands[self.turn_player]) < HAND_SIZE and self.bag:
            self._set_phase(Phase.DRAW, CHANCE)
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        self.turn_player = (self.turn_player + 1) % self.n
        self._start_turn()

    # --- chance: tiles out of the bag -----------------------------------------------------------
    def _drew(self, seat: int, tile: int) -> None:
        """A tile drawn into a hand: its owner sees which, the others that one was drawn."""
        self.drawn_since[seat] += 1
        if self.events is not None:
            self._emit("draw", private_to=seat, public={"seat": seat}, seat=seat, tile=TILE_NAMES[tile])

    def _draw(self, tile: int) -> None:
        """A tile comes out of the bag; where it goes depends on the phase."""
        self.bag.remove(tile)
        phase = self.phase
        if phase == Phase.SETUP:
            # §3: each player places one tile; adjacent starting tiles never form a chain.
            seat = self.draw_seat
            self.board[tile] = LONE
            self.start_tiles.append(tile)
            self._emit("setup_tile", seat=seat, tile=TILE_NAMES[tile])
            self.draw_seat += 1
            if self.draw_seat == self.n:
                # "Le joueur qui a le chiffre le moins élevé commence", ties: the letter nearest A.
                first = min(range(self.n), key=lambda s: (column_of(self.start_tiles[s]), row_of(self.start_tiles[s])))
                self.first_player = self.turn_player = self.draw_seat = first
                self._emit("first_player", seat=first)
                self._set_phase(Phase.DEAL, CHANCE)
        elif phase == Phase.DEAL:
            seat = self.draw_seat
            insort(self.hands[seat], tile)
            self._drew(seat, tile)
            if len(self.hands[seat]) == HAND_SIZE or not self.bag:
                self.draw_seat = (seat + 1) % self.n
                if self.draw_seat == self.first_player:
                    self._start_turn()
        elif phase == Phase.DRAW:
            p = self.turn_player
            insort(self.hands[p], tile)
            self._drew(p, tile)
            self._draw_or_next()
        elif phase == Phase.FORESIGHT_DRAW:
            p = self.turn_player
            insort(self.hands[p], tile)
            self._drew(p, tile)
            self.draw_seat -= 1  # tiles still to draw for the card
            if self.draw_seat == 0 or not self.bag:
                self._enter_place()
        elif phase == Phase.BANK_DRAW:
            self._bank_drew(tile)
        elif phase == Phase.FINAL_BANK_DRAW:
            self._final_bank_drew(tile)
        else:  # pragma: no cover - guarded by legality
            raise AssertionError(f"draw in phase {phase}")

