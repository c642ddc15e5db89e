"""Helpers shared by the bots' tests."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

from ludotheque.engine import CHANCE, Action, Bot, SeatView, State


def play_game(state: State, bots: Sequence[Bot], rng: random.Random) -> tuple[list[str], tuple[int, ...]]:
    """Play ``state`` out with ``bots`` (chance from ``rng``); the actions' texts and the final scores."""
    actions: list[str] = []
    while not state.is_terminal():
        player = state.current_player
        if player == CHANCE:
            action = state.sample_chance(rng)
        else:
            action = bots[player].choose(SeatView(state, player, state.legal_actions()))
        actions.append(action.text())
        state.apply(action)
    return actions, state.outcome().scores


def assert_blind(state: State, seat: int, make: Callable[[int, random.Random], Bot], n: int) -> None:
    """A fresh bot chooses the same from the true state and from one re-dealt from its seat's view."""
    legal = state.legal_actions()
    resampled = state.resample(seat, random.Random(n))
    assert resampled.legal_actions() == legal
    first = make(seat, random.Random(n)).choose(SeatView(state, seat, legal))
    second = make(seat, random.Random(n)).choose(SeatView(resampled, seat, legal))
    assert first == second, f"decision {n}: {first.text()} with the true position, {second.text()} re-dealt"


def decisions(state: State, bots: Sequence[Bot], rng: random.Random) -> Iterator[tuple[State, Bot, list[Action]]]:
    """Play a game, yielding every decision point (state, bot to move, legal actions) before it is played; each
    choice must be legal."""
    while not state.is_terminal():
        player = state.current_player
        if player == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        yield state, bots[player], legal
        action = bots[player].choose(SeatView(state, player, legal))
        assert action in legal, f"{bots[player].name} chose {action.text()} among {[a.text() for a in legal]}"
        state.apply(action)
