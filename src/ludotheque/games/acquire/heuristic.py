"""A heuristic bot for Acquire / Grand Hôtel: one-step lookahead on an estimated net worth.

Every decision builds the position each legal action would lead to (a ``_World``: chain sizes, holdings
and cash) and scores it with ``_Model.worths``: cash, plus shares at their price (with a small growth
premium for chains that can still grow), plus the majority bonuses each seat would collect now, weighted
by how safe that majority is (its lead over the next holder, and how near the end is). Bonuses paid at a
merger count in full. An action's value is the bot's gain minus the largest gain of an opponent, so it
merges when it collects and avoids feeding the others.

It reads only ``view.observation`` and ``view.legal_actions`` (never hidden tiles), so it plays the same
whatever the other hands hold. With ``secret_holdings`` the others' shares are estimated (the shares that
are neither in the bank nor its own are split among them) and their cash is taken equal to its own.
"""

from __future__ import annotations

from typing import Any

from ...engine.bots import Bot, SeatView
from ...engine.state import Action
from . import actions as A
from .actions import Card
from .board import NEIGHBOURS, NUM_TILES, TILE_NAMES
from .bonuses import majority_bonuses
from .chains import CHAINS, END_SIZE, NUM_CHAINS, PRICE, SAFE_SIZE, SHARES_PER_CHAIN, bonuses

EMPTY, LONE = -1, NUM_CHAINS
BANK = -1
BANK_HOLDING = 6
"""Two players: the bank's expected holding (a tile's number, 1–12) when bonuses are paid."""
_TILE = {name: t for t, name in enumerate(TILE_NAMES)}
_CHAIN = {name: c for c, name in enumerate(CHAINS)}

BUY_THRESHOLD = 25.0
"""A share is bought only if the estimated gain is above this."""
RESERVE = 700.0
"""Cash the bot likes to keep early on (falls to nothing at the end)."""


class _World:
    """A position as the bot values it: chain sizes, every seat's holdings and cash."""

    __slots__ = ("cash", "shares", "size")

    def __init__(self, size: list[int], shares: list[list[int]], cash: list[float]) -> None:
        self.size = size
        self.shares = shares
        self.cash = cash

    def copy(self) -> _World:
        return _World(self.size[:], [s[:] for s in self.shares], self.cash[:])


class _Model:
    """What the bot knows, read from the observation once per decision, and how it values a world."""

    def __init__(self, obs: dict[str, Any], seat: int) -> None:
        self.me = seat
        players = obs["players"]
        self.n = n = len(players)
        self.two_player = n == 2
        chains = obs["chains"]
        self.bank = [chains[name]["bank_stock"] for name in CHAINS]
        size = [chains[name]["size"] for name in CHAINS]
        self.board = board = [EMPTY] * NUM_TILES
        for name, tiles in obs["board"].items():
            value = _CHAIN.get(name, LONE)
            for t in tiles:
                board[_TILE[t]] = value
        self.hand = [_TILE[t] for t in obs["hand"]]
        shares: list[list[int]] = []
        cash: list[float] = []
        own_cash = float(players[seat]["cash"])
        unknown = [p for p in range(n) if players[p]["shares"] is None]
        for p in range(n):
            held = players[p]["shares"] or {}
            shares.append([held.get(name, 0) for name in CHAINS])
            cash.append(own_cash if players[p]["cash"] is None else float(players[p]["cash"]))
        for c in range(NUM_CHAINS):  # secret holdings: split the shares nobody visible holds
            rest = SHARES_PER_CHAIN - self.bank[c] - sum(shares[p][c] for p in range(n))
            for i, p in enumerate(unknown):
                shares[p][c] = rest // len(unknown) + (1 if i < rest % len(unknown) else 0)
        self.world = _World(size, shares, cash)
        on_board = sum(1 for v in board if v != EMPTY)
        self.progress = 1.0 if obs["end_possible"] else min(1.0, max(max(size) / END_SIZE, on_board / 85))
        active = sum(1 for s in size if s)
        comeback = (NUM_CHAINS - active) / NUM_CHAINS * (1.0 - self.progress)
        self.keep_value = [2.0 * comeback * PRICE[c][2] for c in range(NUM_CHAINS)]
        self.reserve = RESERVE * (1.0 - self.progress)
        # chains this hand can absorb or grow: the bot controls when their bonuses are paid
        self.controlled = {c for t in self.hand for c in self.adjacent(t)}
        self._memo: dict[tuple[int, int, bool, tuple[int, ...]], list[float]] = {}

    # --- the board --------------------------------------------------------------------------------
    def adjacent(self, tile: int) -> list[int]:
        board = self.board
        return sorted({board[nb] for nb in NEIGHBOURS[tile] if 0 <= board[nb] < LONE})

    def group(self, tile: int) -> int:
        """Hotels that a tile put on ``tile`` would gather: itself and the independent ones it touches."""
        board, seen, stack = self.board, {tile}, [tile]
        while stack:
            for nb in NEIGHBOURS[stack.pop()]:
                if board[nb] == LONE and nb not in seen:
                    seen.add(nb)
                    stack.append(nb)
        return len(seen)

    # --- valuing ------------------------------------------------------------------------------------
    def payouts(self, chain: int, size: int, shares: list[list[int]]) -> dict[int, int]:
        holders = {p: shares[p][chain] for p in range(self.n) if shares[p][chain]}
        if self.two_player and holders:
            holders[BANK] = BANK_HOLDING
        primary, secondary = bonuses(chain, size)
        return majority_bonuses(holders, primary, secondary)

    def worths(self, w: _World, final: bool = False) -> list[float]:
        """Each seat's estimated net worth in world ``w`` (``final``: as if the game ended now)."""
        out = w.cash[:]
        n = self.n
        for c in range(NUM_CHAINS):
            part = self.part(c, w.size[c], tuple(w.shares[p][c] for p in range(n)), final)
            for p in range(n):
                out[p] += part[p]
        if not final:
            out[self.me] -= self.penalty(w.cash[self.me])
        return out

    def penalty(self, cash: float) -> float:
        """Below the reserve, cash is worth more than its amount (the bot needs it to compete)."""
        return 0.6 * max(0.0, self.reserve - cash)

    def part(self, c: int, s: int, counts: tuple[int, ...], final: bool = False) -> list[float]:
        key = (c, s, final, counts)
        part = self._memo.get(key)
        if part is None:
            part = self._memo[key] = self.chain_worth(c, s, counts, final)
        return part

    def chain_worth(self, c: int, s: int, counts: tuple[int, ...], final: bool) -> list[float]:
        """What each seat's shares of chain ``c`` (at ``s`` hotels) are worth, with the bonuses in view."""
        n, late = self.n, self.progress
        if not s:
            return [0.0 if final else k * self.keep_value[c] for k in counts]
        growth = 0.0 if final else (0.03 if s < SAFE_SIZE else 0.0) * (1.0 - late)
        price = PRICE[c][s] * (1.0 + growth)
        out = [k * price for k in counts]
        holders = {p: counts[p] for p in range(n) if counts[p]}
        if self.two_player and holders:
            holders[BANK] = BANK_HOLDING
        for p, amount in majority_bonuses(holders, *bonuses(c, s)).items():
            if p < 0:
                continue
            if final:
                out[p] += amount
                continue
            below = [k for q, k in enumerate(counts) if q != p and k <= counts[p]]
            lead = counts[p] - max(below, default=0)
            sure = min(0.85, 0.3 + 0.12 * lead + (0.15 if p == self.me and c in self.controlled else 0.0))
            out[p] += amount * (sure + (1.0 - sure) * late * late)
        return out

    def gain(self, before: list[float], w: _World) -> float:
        """The bot's gain from ``before`` to ``w``, less the best of the opponents' gains."""
        after = self.worths(w)
        return self.relative([a - b for a, b in zip(after, before, strict=True)])

    def relative(self, delta: list[float]) -> float:
        others = [d for p, d in enumerate(delta) if p != self.me]
        return delta[self.me] - max(others)

    def trade_gain(self, delta: dict[int, int], cost: float) -> float:
        """``gain`` when only the bot's holdings change (by ``delta``) and it pays ``cost``: only the
        chains that change are valued again."""
        w, me = self.world, self.me
        diff = [0.0] * self.n
        diff[me] = self.penalty(w.cash[me]) - self.penalty(w.cash[me] - cost) - cost
        for c, k in delta.items():
            counts = [w.shares[p][c] for p in range(self.n)]
            old = self.part(c, w.size[c], tuple(counts))
            counts[me] += k
            new = self.part(c, w.size[c], tuple(counts))
            for p in range(self.n):
                diff[p] += new[p] - old[p]
        return self.relative(diff)

    # --- worlds after an action -----------------------------------------------------------------------
    def merged(self, tile: int, survivor: int) -> _World:
        """After ``tile`` merges its chains into ``survivor``: bonuses paid, holders sell absorbed shares."""
        w = self.world.copy()
        involved = self.adjacent(tile)
        w.size[survivor] = sum(w.size[c] for c in involved) + self.group(tile)
        for d in involved:
            if d == survivor:
                continue
            for p, amount in self.payouts(d, w.size[d], w.shares).items():
                if p >= 0:
                    w.cash[p] += amount
            for p in range(self.n):
                w.cash[p] += w.shares[p][d] * PRICE[d][w.size[d]]
                w.shares[p][d] = 0
            w.size[d] = 0
        return w

    def founded(self, hotels: int, chain: int) -> _World:
        w = self.world.copy()
        w.size[chain] = hotels
        if self.bank[chain]:
            w.shares[self.me][chain] += 1
        return w

    def best_found(self, hotels: int, free: list[int]) -> tuple[float, int]:
        """The best chain to found with ``hotels`` hotels, and its value (ties: the dearer chain)."""
        before = self.worths(self.world)
        return max((self.gain(before, self.founded(hotels, c)) + c, c) for c in free)

    def survivors(self, tile: int) -> list[int]:
        involved = self.adjacent(tile)
        top = max(self.world.size[c] for c in involved)
        return [c for c in involved if self.world.size[c] == top]

    def tile_value(self, tile: int, before: list[float]) -> float:
        chains = self.adjacent(tile)
        if len(chains) > 1:
            return max(self.gain(before, self.merged(tile, s)) for s in self.survivors(tile))
        if len(chains) == 1:
            w = self.world.copy()
            w.size[chains[0]] += self.group(tile)
            return self.gain(before, w)
        if self.group(tile) > 1:
            free = [c for c in range(NUM_CHAINS) if not self.world.size[c]]
            return self.best_found(self.group(tile), free)[0] if free else -1.0
        # a lone hotel: worth a little if another tile of the hand would then found a chain with it
        return 100.0 if any(t in NEIGHBOURS[tile] for t in self.hand) else 0.0


class HeuristicBot(Bot):
    """Founds, grows and merges for its own majorities, buys where it can lead, announces when ahead."""

    name = "heuristic"

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        obs = view.observation
        model = _Model(obs, self.seat)
        phase = obs["phase"]
        if phase == "place":
            action = self._place(model, obs, legal)
        elif phase == "buy":
            action = self._buy(model, obs, legal)
        elif phase == "dispose":
            action = self._dispose(model, obs, legal)
        elif phase == "found":
            free = [a.chain for a in legal if isinstance(a, A.Found)]
            hotels = max((model.group(t) for t in range(NUM_TILES) if model.board[t] == LONE), default=2)
            action = A.FOUND[model.best_found(hotels, free)[1]]
        elif phase == "survivor":
            action = self._survivor(model, obs, legal)
        else:  # absorb order: settle first the chain the bot holds most of (it trades first)
            options = [a for a in legal if isinstance(a, A.ChooseAbsorbed)]
            action = max(options, key=lambda a: model.world.shares[self.seat][a.chain])
        return action if action in legal else legal[0]

    # --- placing ----------------------------------------------------------------------------------------
    def _place(self, model: _Model, obs: dict[str, Any], legal: list[Action]) -> Action:
        before = model.worths(model.world)
        tiles = [(model.tile_value(a.tile, before), a) for a in legal if isinstance(a, A.PlaceTile)]
        tiles.sort(key=lambda va: -va[0])
        if A.PLAY_CARD[Card.FORESIGHT] in legal and obs["turn"] <= 2 * model.n:
            return A.PLAY_CARD[Card.FORESIGHT]
        if A.PLAY_CARD[Card.RAPID_GROWTH] in legal:
            good = [v for v, _ in tiles if v > 150.0]
            if len(good) >= 2 or (model.progress > 0.7 and good):
                return A.PLAY_CARD[Card.RAPID_GROWTH]
        if tiles and (tiles[0][0] > 0.0 or A.STOP not in legal):
            return tiles[0][1]
        return A.STOP if A.STOP in legal else legal[0]

    def _survivor(self, model: _Model, obs: dict[str, Any], legal: list[Action]) -> Action:
        tile = _TILE[obs["merger"]["tile"]]
        before = model.worths(model.world)
        options = [a for a in legal if isinstance(a, A.ChooseSurvivor)]
        return max(options, key=lambda a: model.gain(before, model.merged(tile, a.chain)))

    # --- disposing at a merger ----------------------------------------------------------------------------
    def _dispose(self, model: _Model, obs: dict[str, Any], legal: list[Action]) -> Action:
        merger = obs["merger"]
        d, s = _CHAIN[merger["current"]], _CHAIN[merger["survivor"]]
        price = PRICE[d][merger["sizes"][merger["current"]]]
        base = model.world.copy()
        base.size[s] = sum(merger["sizes"].values()) + 1
        for c in (_CHAIN[name] for name in merger["chains"]):
            if c != s:
                base.size[c] = 0
        model.keep_value[d] = model.keep_value[d] / PRICE[d][2] * price
        before = model.worths(base)
        me = self.seat

        def value(a: A.Dispose) -> float:
            w = base.copy()
            w.cash[me] += a.sell * price
            w.shares[me][d] = a.keep
            w.shares[me][s] += a.trade // 2
            return model.gain(before, w)

        return max((a for a in legal if isinstance(a, A.Dispose)), key=value)

    # --- buying, cards and the end --------------------------------------------------------------------------
    def _buy(self, model: _Model, obs: dict[str, Any], legal: list[Action]) -> Action:
        me, world = self.seat, model.world
        if A.ANNOUNCE in legal:
            final = model.worths(world, final=True)
            if final[me] > max(v for p, v in enumerate(final) if p != me):
                return A.ANNOUNCE
        exchanges = [a for a in legal if isinstance(a, A.Exchange)]
        if exchanges:
            value, exchange = self._best_exchange(model, exchanges)
            if value > 0.0:
                return exchange
        free = obs["turn_state"]["free_left"] > 0
        buys = [(model.trade_gain({a.chain: 1}, 0 if free else PRICE[a.chain][world.size[a.chain]]), a)
                for a in legal if isinstance(a, A.Buy)]
        buys.sort(key=lambda va: -va[0])
        card = self._buy_card(model, legal, buys)
        if card is not None:
            return card
        if buys and buys[0][0] > BUY_THRESHOLD:
            return buys[0][1]
        return A.DONE

    @staticmethod
    def _best_exchange(model: _Model, options: list[A.Exchange]) -> tuple[float, A.Exchange]:
        """O.P.E.: the exchange that gains most (two shares given, one taken)."""

        def value(a: A.Exchange) -> float:
            delta = {c: -a.give.count(c) for c in a.give}
            delta[a.take] = delta.get(a.take, 0) + 1
            return model.trade_gain(delta, 0.0)

        return max(((value(a), a) for a in options), key=lambda va: va[0])

    def _buy_card(self, model: _Model, legal: list[Action], buys: list[tuple[float, A.Buy]]) -> Action | None:
        """Héritage for three dear shares, Fièvre when cash allows, O.P.E. when an exchange pays."""
        me, world, late = self.seat, model.world, model.progress > 0.75
        if A.PLAY_CARD[Card.INHERITANCE] in legal:
            stock = sorted((PRICE[c][world.size[c]] for c in range(NUM_CHAINS) if world.size[c]
                            for _ in range(min(3, model.bank[c]))), reverse=True)
            if sum(stock[:3]) >= 1800 or (late and stock):
                return A.PLAY_CARD[Card.INHERITANCE]
        wanted = [a.chain for v, a in buys if v > BUY_THRESHOLD]
        if A.PLAY_CARD[Card.BUYING_SPREE] in legal and wanted:
            dearest = max(PRICE[c][world.size[c]] for c in wanted)
            if world.cash[me] >= 5 * dearest + model.reserve + 1000 or late:
                return A.PLAY_CARD[Card.BUYING_SPREE]
        if A.PLAY_CARD[Card.EXCHANGE] in legal:
            active = [c for c in range(NUM_CHAINS) if world.size[c]]
            held = world.shares[me]
            options = [A.Exchange((a, b), t) for i, a in enumerate(active) for b in active[i:]
                       if held[a] >= (2 if a == b else 1) and held[b] >= 1 for t in active if model.bank[t]]
            if options and self._best_exchange(model, options)[0] > (0.0 if late else 300.0):
                return A.PLAY_CARD[Card.EXCHANGE]
        return None

