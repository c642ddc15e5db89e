"""Positions from games between a game's ``heuristic`` bots, for the benchmarks that look at search and evaluation
one position at a time (``bench/search.py``, ``bench/agreement.py``, ``bench/evaluation.py``)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from ..bots import make_bot
from ..engine.bots import SeatView
from ..engine.state import CHANCE, TERMINAL, Action, State


def heuristic_decisions(game_name: str, state: State, rng: random.Random,
                        bot_rngs: Sequence[random.Random]) -> Iterator[list[Action]]:
    """Play ``state`` to its end with the game's ``heuristic`` bots (chance drawn with ``rng``, the bot of seat s
    with ``bot_rngs[s]``), yielding the legal moves before every seat's move: at that point ``state`` is the
    position (clone it to keep it). When the iterator ends, ``state`` is the finished game."""
    bots = [make_bot("heuristic", game_name, s, bot_rng) for s, bot_rng in enumerate(bot_rngs)]
    while state.current_player != TERMINAL:
        seat = state.current_player
        if seat == CHANCE:
            state.apply_legal(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        yield legal
        state.apply_legal(bots[seat].choose(SeatView(state, seat, legal)))
