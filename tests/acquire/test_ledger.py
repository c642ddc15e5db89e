"""Cash and shares rebuilt from the public event log match the state at every step of random games.

This is an account kept independently of the engine's own bookkeeping: every franc and every share
that moves must appear in an event, by rule (purchase, bonus, sale, trade, exchange, founder's share).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludotheque.engine import CHANCE, Match, get_game
from ludotheque.games.acquire.chains import CHAINS
from ludotheque.games.acquire.data import START_CASH
from tests.conftest import SOAK_GAMES


def _apply_event(kind: str, a: dict[str, Any], cash: list[int], shares: list[dict[str, int]]) -> None:
    seat = a.get("seat")
    if kind == "buy":
        cash[seat] -= a["price"]
        shares[seat][a["chain"]] += 1
    elif kind == "bonus" and seat >= 0:
        cash[seat] += a["amount"]
    elif kind == "found" and a["free_share"]:
        shares[seat][a["chain"]] += 1
    elif kind == "dispose":
        cash[seat] += a["income"]
        shares[seat][a["chain"]] -= a["sell"] + a["trade"]
        shares[seat][a["survivor"]] += a["trade"] // 2
    elif kind == "exchange":
        for chain in a["give"]:
            shares[seat][chain] -= 1
        shares[seat][a["take"]] += 1
    elif kind == "final_sale":
        cash[seat] += a["income"]
        shares[seat][a["chain"]] -= a["shares"]


@pytest.mark.parametrize("options", [{}, {"cards": True}, {"end_rule": "classic"}])
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_event_ledger_matches_state(players: int, options: dict[str, Any]) -> None:
    for seed in range(3 + SOAK_GAMES):
        match = Match(get_game("acquire"), players, options, seed=seed)
        rng = random.Random(seed)
        cash = [START_CASH] * players
        shares = [dict.fromkeys(CHAINS, 0) for _ in range(players)]
        seen = 0
        moved = 0
        while not match.is_over():
            if match.current_player == CHANCE:
                match.draw_chance()
            else:
                match.apply(rng.choice(match.legal_actions()))
            for event in match.events[seen:]:
                _apply_event(event.kind, event.args, cash, shares)
                moved += event.kind in ("buy", "bonus", "dispose", "final_sale")
            seen = len(match.events)
            state: Any = match.state
            assert cash == state.cash
            assert [[s[c] for c in CHAINS] for s in shares] == state.shares
        assert moved > 0
        assert match.state.outcome().scores == tuple(cash)
