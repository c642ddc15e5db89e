"""What a seat may see (rulebook: tiles in hand are secret; RULINGS: cash, holdings and the bank's stock are
public unless the option ``secret_holdings``), and re-dealing what it cannot see, for search bots."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .actions import CARD_IDS
from .board import TILE_NAMES
from .chains import CHAINS, NUM_CHAINS, PRICE, SAFE_SIZE
from .data import LONE, PHASE_NAMES, Phase
from .hand_clues import redeal

if TYPE_CHECKING:
    from .state import AcquireState


def board_json(st: AcquireState) -> dict[str, list[str]]:
    """Hotels on the board: each chain's tiles and the independent ones."""
    out: dict[str, list[str]] = {name: [] for name in CHAINS}
    out["unincorporated"] = []
    for t, v in enumerate(st.board):
        if v == LONE:
            out["unincorporated"].append(TILE_NAMES[t])
        elif v >= 0:
            out[CHAINS[v]].append(TILE_NAMES[t])
    return {k: v for k, v in out.items() if v or k == "unincorporated"}


def cards_json(mask: int) -> list[str]:
    return [CARD_IDS[c] for c in range(len(CARD_IDS)) if mask >> c & 1]


def merger_json(st: AcquireState) -> dict[str, Any] | None:
    m = st.merger
    if m is None:
        return None
    return {
        "tile": TILE_NAMES[m.tile], "chains": [CHAINS[c] for c in m.involved],
        "sizes": {CHAINS[c]: m.sizes[c] for c in m.involved},
        "survivor": CHAINS[m.survivor] if m.survivor >= 0 else None,
        "remaining": [CHAINS[c] for c in m.remaining],
        "current": CHAINS[m.current] if m.current >= 0 else None,
        "disposers": list(m.disposers), "bank_holding": m.bank_holding,
    }


def observe(st: AcquireState, seat: int | None) -> dict[str, Any]:
    """The observation of ``seat`` (None: a spectator), JSON-ready. It is all that leaves the engine."""
    players = []
    for p in range(st.n):
        visible = not st.secret_holdings or p == seat
        players.append({
            "seat": p,
            "cash": st.cash[p] if visible else None,
            "shares": {CHAINS[c]: st.shares[p][c] for c in range(NUM_CHAINS) if st.shares[p][c]} if visible else None,
            "tiles": len(st.hands[p]),
            "cards": cards_json(st.cards[p]),
        })
    obs: dict[str, Any] = {
        "game": "acquire",
        "seat": seat,
        "options": dict(st.options),
        "phase": PHASE_NAMES[st.phase],
        "to_move": st.to_move(),
        "turn": st.turn,
        "turn_player": st.turn_player,
        "board": board_json(st),
        "chains": {
            CHAINS[c]: {"size": st.size[c], "price": PRICE[c][st.size[c]], "bank_stock": st.bank[c],
                        "safe": st.size[c] >= SAFE_SIZE}
            for c in range(NUM_CHAINS)
        },
        "players": players,
        "bag": len(st.bag),
        "discarded": [TILE_NAMES[t] for t in st.discarded],
        "merger": merger_json(st),
        "bank_tiles": [TILE_NAMES[t] for t in st.bank_tiles],
        "announced": st.announced,
        "end_possible": st.end_possible(),
        "end_reason": st.end_reason or None,
        "turn_state": {"placed": st.placed, "place_limit": st.place_limit, "bought": st.bought,
                       "buy_limit": st.buy_limit, "free_left": st.free_left, "exchanges_left": st.exchanges_left,
                       "card_played": st.card_played},
    }
    if seat is not None:
        obs["hand"] = [TILE_NAMES[t] for t in st.hands[seat]]
    return obs


def resample(st: AcquireState, seat: int, rng: random.Random) -> AcquireState:
    """A copy in which the other seats' tiles and the bag are re-dealt from the tiles ``seat`` has not seen,
    agreeing with what play has shown of each hand (``hand_clues``)."""
    c = st.clone()
    c.hands, c.bag = redeal(st, seat, rng)
    if c.phase == Phase.PLACE and c.turn_player != seat:
        c.place_options = c.playable_tiles(c.turn_player)  # that player's hand has been re-dealt
    return c


def secret_words(st: AcquireState, seat: int | None) -> set[str]:
    """The tiles ``seat`` must never see named: the bag and the other seats' hands."""
    hidden = set(st.bag)
    for p in range(st.n):
        if p != seat:
            hidden.update(st.hands[p])
    return {TILE_NAMES[t] for t in hidden}
