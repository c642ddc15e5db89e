"""Bots: one object per seat that chooses among legal actions from that seat's view only."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

from .state import Action, State


class SeatView:
    """What a bot is given: its seat, the legal actions, and (lazily) its observation.

    The view holds the true state privately so that the observation is only computed when a bot asks;
    bots must use ``observation`` and ``sample_state`` only, which hold nothing the seat may not see.
    """

    __slots__ = ("_observation", "_state", "deadline", "legal_actions", "seat")

    def __init__(self, state: State, seat: int, legal_actions: list[Action], deadline: float | None = None) -> None:
        self._state = state
        self.seat = seat
        self.legal_actions = legal_actions
        self.deadline = deadline
        """When the move is due, on ``time.monotonic()``'s clock (a table's clock), or None: no hurry."""
        self._observation: dict[str, Any] | None = None

    @property
    def observation(self) -> dict[str, Any]:
        """The seat's observation, as the game computes it (JSON-ready); computed once, when asked."""
        if self._observation is None:
            self._observation = self._state.observation(self.seat)
        return self._observation

    def is_legal(self, action: Action) -> bool:
        """Whether the seat may play ``action`` now: one of ``legal_actions``, or, in a game with continuous moves
        (an aim), any move its rules allow (``State.is_legal``)."""
        return self._state.is_legal(action)

    def sample_state(self, rng: random.Random) -> State:
        """A full state consistent with what this seat has seen, hidden parts re-dealt (for search)."""
        return self._state.resample(self.seat, rng)


class Bot(ABC):
    """A player program. ``rng`` is its own seeded generator; it never touches the global ``random``."""

    name: str = "bot"

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng

    @abstractmethod
    def choose(self, view: SeatView) -> Action:
        """One of ``view.legal_actions`` (or a move ``view.is_legal`` allows, where moves are continuous)."""


class RandomBot(Bot):
    """Chooses uniformly among the legal actions. Works for every game."""

    name = "random"

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions
        return legal[int(self.rng.random() * len(legal))]


BotFactory = Callable[[int, random.Random], Bot]
"""Makes a bot for a seat with its own generator: a bot class, or a function."""
