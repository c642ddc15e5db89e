"""What makes tree search strong per second in Acquire (``engine/search.py``).

- A position is judged by each seat's net worth: cash, shares at their price, and the majority bonuses each
  chain would pay now (§4.3, weighted by how near the end is, since majorities still change); worths are
  turned into chances to win with a softmax whose width narrows as the end nears. The weight and the width are
  fitted to who won 2,000 games between heuristic bots (``python bench/evaluation.py --game acquire``): log loss
  1.059 with the first guess (bonuses weighted 0.5 + 0.5 × progress, width 0.35 − 0.25 × progress of the mean
  worth), 1.020 as fitted, 1.386 for no opinion; early in the game the first guess was worse than no opinion.
- Rollouts are short (``ROLLOUT_PLIES`` moves), then judged: playing a whole game of random moves to the end
  costs more than it tells, since random buyers waste their cash. Against three heuristic bots, 200 games each, at
  the same time a move (about 60 ms): judged at once (0 moves) 28.5 %, after 6 moves 40.5 %, 12 moves 44.5 %,
  24 moves 44.5 % (intervals about ±7 points); 12 keeps 6,500 iterations a second in the middle of a game. With
  the opponent model, 24 moves won as many of 40 games (``--seed 14``) as 12, at 1.25 s a move instead of 0.75 s. More
  iterations: 54.5 % at 1,000 (200 games), 61.6 % at 5,000, about one second of one core (202 games, interval
  54.8–68.1 %: 67.9 % of the first 78, 57.7 % of the next 124).
- The others are played by the heuristic bot (``model``, an opponent model), in the tree and in rollouts: the
  tree branches on the seat's own moves and follows the answers a sensible player would make, and rollouts no
  longer have the others waste their cash and their tiles at random. It costs about 130 µs a move of theirs, so
  an iteration costs about ten times as much (about 650 a second in the middle of a game), and is worth more:
  against three heuristic bots, 200 games, 400 iterations a move (0.95 s on a busy machine, about 0.6 s idle) won
  76.5 % (70.2–81.8 %; over seeds 12–14, 76.2 % of 320, 71.3–80.6 %), where 5,000 iterations without it won
  61.6 %; at 220 iterations, with the model in the tree only, 53.5 % (44.5 % without it). Here the model is the
  very bot played against. Against three ``medium`` searches (no model), 100 games at about the same time a move,
  it won 25.0 % (17.6–34.3 %) at 150 iterations, 23.0 % with the model in rollouts only, 29.5 % (21.5–39.1 %)
  without it at 1,700: no gain there, and no loss 100 games can see (``docs/bots.md``).
- The seat's own rollout moves place tiles at random, buy a share only now and then, and never announce the end
  unless it leads: cheap. Played by the heuristic too, they made an iteration 1.3 times as long and won no more:
  67.5 % of 40 games at 400 iterations (52.0–79.9 %), and 66.7 % of 60 with ``--seed 14``, where the shipped bot
  won 68.3 % of the same games.
- Hints say why a move is good in the game's own words: founding a chain, a merger that pays a bonus, taking
  or holding the majority of a chain, ending the game ahead.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...engine.search import SearchHooks, softmax
from ...engine.state import Action, State
from . import actions as A
from .board import NEIGHBOURS, TILE_NAMES
from .bonuses import majority_bonuses
from .chains import CHAINS, END_SIZE, NUM_CHAINS, PRICE, bonuses
from .data import LONE, Phase

if TYPE_CHECKING:
    from .state import AcquireState

ROLLOUT_PLIES = 12
"""Moves played out after the tree before the position is judged."""
BANK_HOLDING = 6
"""Two players: the bank's expected holding when bonuses are paid (a tile's number, 1–12)."""
TILES_IN_PLAY = 80
"""About how many hotels are on the board when a game ends: the measure of how far a game has gone."""


def net_worths(st: AcquireState, progress: float) -> list[float]:
    """Each seat's cash, shares at their price, and the bonuses it would be paid now, weighted by ``progress`` (the
    majorities of an early chain are worth little: they change hands before it merges)."""
    n = st.n
    worth = [float(c) for c in st.cash]
    weight = progress
    for c in range(NUM_CHAINS):
        size = st.size[c]
        if not size:
            continue
        price = PRICE[c][size]
        holders: dict[int, int] = {}
        for p in range(n):
            k = st.shares[p][c]
            if k:
                worth[p] += k * price
                holders[p] = k
        if holders:
            if n == 2:
                holders[-1] = BANK_HOLDING
            for p, amount in majority_bonuses(holders, *bonuses(c, size)).items():
                if p >= 0:
                    worth[p] += weight * amount
    return worth


def progress_of(st: AcquireState) -> float:
    """How far the game has gone, from 0 (the first tiles) to 1 (the end may be announced)."""
    if st.end_possible():
        return 1.0
    on_board = sum(1 for v in st.board if v >= 0)
    return min(1.0, max(on_board / TILES_IN_PLAY, max(st.size) / END_SIZE))


class AcquireSearch(SearchHooks):
    rollout_plies = ROLLOUT_PLIES
    model = "heuristic"

    def evaluate(self, state: State) -> Sequence[float] | None:
        st: AcquireState = state  # type: ignore[assignment]
        progress = progress_of(st)
        worths = net_worths(st, progress)
        width = max(400.0, (sum(worths) / st.n) * (0.3 - 0.25 * progress))
        return softmax(worths, width)

    def rollout_action(self, state: State, legal: list[Action], rng: random.Random) -> Action:
        st: AcquireState = state  # type: ignore[assignment]
        if st.phase == Phase.BUY and A.DONE in legal:
            if A.ANNOUNCE in legal:
                worths = net_worths(st, 1.0)
                if worths[st.turn_player] >= max(worths):
                    return A.ANNOUNCE
            buys = [a for a in legal if isinstance(a, A.Buy)]
            if buys and rng.random() < 0.5:
                return buys[int(rng.random() * len(buys))]
            return A.DONE
        return legal[int(rng.random() * len(legal))]

    def reasons(self, state: State, action: Action, seat: int) -> list[tuple[str, dict[str, Any]]]:
        st: AcquireState = state  # type: ignore[assignment]
        after = st.clone()
        after.apply_legal(action)
        out: list[tuple[str, dict[str, Any]]] = []
        if isinstance(action, A.PlaceTile):
            touched = {st.board[nb] for nb in NEIGHBOURS[action.tile] if 0 <= st.board[nb] < LONE}
            if len(touched) >= 2:
                chains = [CHAINS[c] for c in sorted(touched)]  # ids: describe_reason names them in the language
                out.append(("merger", {"tile": TILE_NAMES[action.tile], "chains": chains}))
            elif after.phase == Phase.FOUND:
                out.append(("found", {"tile": TILE_NAMES[action.tile]}))
            elif len(touched) == 1:
                c = next(iter(touched))
                out.append(("grow", {"tile": TILE_NAMES[action.tile], "chain": CHAINS[c], "size": after.size[c]}))
        if isinstance(action, A.Found | A.Buy):
            c = action.chain
            mine, best_other = after.shares[seat][c], max(after.shares[p][c] for p in range(st.n) if p != seat)
            if mine > best_other:
                out.append(("majority", {"chain": CHAINS[c], "count": mine, "lead": mine - best_other}))
            elif mine == best_other:
                out.append(("tie", {"chain": CHAINS[c], "count": mine}))
        if isinstance(action, A.Dispose) and action.sell:
            out.append(("sell", {"count": action.sell}))
        if action == A.ANNOUNCE:
            out.append(("announce", {}))
        if action == A.DONE:
            out.append(("keep_cash", {"cash": st.cash[seat]}))
        return out


HOOKS = AcquireSearch()
