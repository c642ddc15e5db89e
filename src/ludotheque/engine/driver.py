"""The fast loop that plays a state out with bots: used by the simulator and the benchmark."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .bots import Bot, SeatView
from .errors import IllegalActionError
from .state import CHANCE, TERMINAL, State


def play_out(state: State, bots: Sequence[Bot], rng: random.Random, max_actions: int = 1_000_000) -> int:
    """Play ``state`` to the end in place; return the number of actions applied (chance included)."""
    count = 0
    while count < max_actions:
        player = state.current_player
        if player >= 0:
            legal = state.legal_actions()
            action = bots[player].choose(SeatView(state, player, legal))
            if action not in legal and not state.is_legal(action):
                raise IllegalActionError(f"bot {bots[player].name!r} at seat {player} chose {action.text()!r}, "
                                         "which is not legal")
        elif player == CHANCE:
            action = state.sample_chance(rng)
        elif player == TERMINAL:
            return count
        state.apply_legal(action)
        count += 1
    raise RuntimeError(f"the game did not end within {max_actions} actions")
