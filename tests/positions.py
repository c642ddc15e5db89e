"""Positions for the tests: play a seeded game to its end (chance sampled from a generator, the seats' moves chosen
by a ``Chooser``) and yield or collect the positions where a seat must choose.

Each helper draws from its generators in the same order as the loops it replaces, so a test keeps its positions."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

from ludotheque.engine import CHANCE, TERMINAL, Bot, Match, RandomBot, SeatView
from ludotheque.engine.state import Action, State

S = TypeVar("S", bound=State)

Chooser = Callable[[State, list[Action]], Action]
"""A seat's move at a position, given its legal moves."""


def random_choice(rng: random.Random) -> Chooser:
    """Moves drawn with ``rng.choice(legal)``."""
    return lambda state, legal: rng.choice(legal)


def random_index(rng: random.Random) -> Chooser:
    """Moves drawn with ``legal[int(rng.random() * len(legal))]`` (one float per move)."""
    return lambda state, legal: legal[int(rng.random() * len(legal))]


def by_bots(bots: Sequence[Bot]) -> Chooser:
    """Moves chosen by the seat to move's bot, from its view of the position."""
    return lambda state, legal: bots[state.current_player].choose(SeatView(state, state.current_player, legal))


def heuristic_bots(players: int, seed: int, heuristic: Callable[[int, random.Random], Bot],
                   random_seats: set[int] | frozenset[int] = frozenset()) -> list[Bot]:
    """One bot a seat: ``heuristic`` but a ``RandomBot`` in ``random_seats``, seat ``s`` seeded ``seed * 7 + s``."""
    return [(RandomBot if s in random_seats else heuristic)(s, random.Random(seed * 7 + s)) for s in range(players)]


def decisions(state: S, rng: random.Random, choose: Chooser) -> Iterator[S]:
    """Play ``state`` to its end, chance drawn from ``rng`` and the seats' moves from ``choose``, yielding it at
    every position where a seat chooses, before its move: the same object, moved on after each yield."""
    while state.current_player != TERMINAL:
        if state.current_player == CHANCE:
            state.apply_legal(state.sample_chance(rng))
            continue
        yield state
        state.apply_legal(choose(state, state.legal_actions()))


def positions(state: S, rng: random.Random, choose: Chooser) -> list[S]:
    """Copies of every position of ``decisions(state, rng, choose)``, in order."""
    return [s.clone() for s in decisions(state, rng, choose)]


def bot_positions(state: S, seed: int, heuristic: Callable[[int, random.Random], Bot],
                  random_seats: set[int] | frozenset[int] = frozenset()) -> list[S]:
    """Copies of every position where a seat chooses in one game of ``heuristic`` bots (``RandomBot`` in
    ``random_seats``), chance drawn from ``random.Random(seed)``."""
    bots = heuristic_bots(state.num_players, seed, heuristic, random_seats)
    return positions(state, random.Random(seed), by_bots(bots))


def match_decisions(match: Match, rng: random.Random, kind: type[S]) -> Iterator[S]:
    """Play ``match`` to its end, chance from the match's own generator and the seats' moves ``rng.choice(legal)``
    through ``match.apply``, yielding its state (a ``kind``) at every position where a seat is to move, before its
    move: the same object, moved on after each yield."""
    while not match.is_over():
        if match.current_player == CHANCE:
            match.draw_chance()
            continue
        state = match.state
        assert isinstance(state, kind)
        yield state
        match.apply(rng.choice(match.legal_actions()))


def match_positions(match: Match, rng: random.Random, kind: type[S], every: int = 1,
                    keep: Callable[[S], bool] | None = None) -> list[S]:
    """Copies of the positions of ``match_decisions(match, rng, kind)``, one seat move in ``every`` (counting from
    the first), less those ``keep`` refuses (still counted)."""
    return [state.clone() for step, state in enumerate(match_decisions(match, rng, kind))
            if step % every == 0 and (keep is None or keep(state))]


def play_out_checked(state: State, rng: random.Random) -> None:
    """Play ``state`` to its end through the validating ``apply``, chance drawn from ``rng`` and the seats' moves
    ``rng.choice(legal)``, checking the state's invariants after every action."""
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
        state.check_invariants()
