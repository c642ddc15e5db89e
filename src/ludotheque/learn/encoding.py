"""Games as numbers, for learning: a stable integer for every move, and a seat's view as a vector.

Each game package that supports learning has a module ``encoding`` (``ludotheque.games.acquire.encoding``…) with:

- ``ENCODING``: an ``ActionEncoding``, a bijection between the integers ``0 … size - 1`` and the game's moves (chance
  outcomes are not encoded: the environment draws them). Most indices name one action everywhere (``buy Luxor``);
  a few are relative to the position, which is why ``encode`` and ``decode`` take the state (Acquire: "sell 2, trade
  4, keep the rest"). The module's docstring gives the layout.
- ``observation_array(state, seat)``: a float32 vector built only from ``state.observation(seat)``, the JSON view
  that seat may see, so it never holds another seat's secrets. Its length is fixed for a game and a player count.
  A game writes ``view_array(view)`` and makes it with ``view_observer(view_array)``; ``Features.of_view`` starts
  the vector with the blocks every game's opens with (seat, who moves, phase).

``encoding_for(game)`` finds them from the game object: the module ``encoding`` beside the module that defines the
game's class. (Meant to become a ``Game`` attribute, like ``bot_paths``.)
"""

from __future__ import annotations

import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from types import ModuleType
from typing import Any, TypeVar

import numpy as np
from numpy.typing import NDArray

from ..engine.errors import LudoError
from ..engine.game import Game, get_game
from ..engine.state import Action, State

Mask = NDArray[np.bool_]
Vector = NDArray[np.float32]
Observer = Callable[[State, int], Vector]
"""``observation_array(state, seat)``."""
View = dict[str, Any]
"""A seat's JSON view, ``state.observation(seat)``."""
ViewArray = Callable[[View], Vector]
"""``view_array(view)``: a game's vector from a seat's view alone."""

Item = TypeVar("Item", bound=Hashable)


def index_of(items: Iterable[Item]) -> dict[Item, int]:
    """Each item's position in ``items``: ``{item: i}`` (the last position if one is there twice)."""
    return {item: i for i, item in enumerate(items)}


class ActionEncodingError(LudoError):
    """An action has no index in the game's encoding (an aim off the standard grid…), or an index names no action
    in this position."""


class NoEncodingError(LudoError):
    """The game has no ``encoding`` module."""


class ActionEncoding(ABC):
    """A bijection between ``0 … size - 1`` and a game's moves. ``encode`` and ``decode`` take the position, for the
    indices that are relative to it; ``decode(encode(a, s), s) == a`` for every legal ``a`` in ``s``."""

    size: int
    """How many indices: the environment's ``Discrete(size)``."""

    @abstractmethod
    def encode(self, action: Action, state: State) -> int:
        """The index of ``action`` (a move of the seat to act in ``state``); ``ActionEncodingError`` if it has none."""

    @abstractmethod
    def decode(self, index: int, state: State) -> Action:
        """The action at ``index`` in ``state``; ``ActionEncodingError`` if the index names none there."""

    def legal_mask(self, state: State) -> Mask:
        """``mask[i]`` is True exactly when index ``i`` encodes one of ``state.legal_actions()``."""
        mask = np.zeros(self.size, dtype=np.bool_)
        for action in state.legal_actions():
            mask[self.encode(action, state)] = True
        return mask

    def check_index(self, index: int) -> int:
        """``index`` as an ``int`` in range, or ``ActionEncodingError``: a whole number (Python's or NumPy's), not a
        float, a bool or a text, which ``int()`` would quietly turn into another move (``0.7`` into 0)."""
        if isinstance(index, np.ndarray) and index.shape == () and np.issubdtype(index.dtype, np.integer):
            index = index.item()  # a policy's argmax as a 0-d array
        if isinstance(index, bool | np.bool_) or not isinstance(index, int | np.integer):
            raise ActionEncodingError(f"action index {index!r} is not a whole number: indices are the integers 0 to "
                                      f"{self.size - 1}")
        i = int(index)
        if not 0 <= i < self.size:
            raise ActionEncodingError(f"action index {index!r} is out of range: indices are 0 to {self.size - 1}")
        return i


class TableEncoding(ActionEncoding):
    """An encoding whose first indices are a fixed table of actions (the same action everywhere); a game adds the
    position-relative indices after them by overriding ``encode_other`` and ``decode_other``."""

    def __init__(self, table: Sequence[Action], others: int = 0) -> None:
        self.table = tuple(table)
        self.index = index_of(self.table)
        if len(self.index) != len(self.table):
            raise ValueError("an encoding's table holds an action twice")
        self.size = len(self.table) + others

    def encode(self, action: Action, state: State) -> int:
        i = self.index.get(action)
        return self.encode_other(action, state) if i is None else i

    def decode(self, index: int, state: State) -> Action:
        i = self.check_index(index)
        return self.table[i] if i < len(self.table) else self.decode_other(i, state)

    def encode_other(self, action: Action, state: State) -> int:
        """The index of an action outside the table."""
        raise ActionEncodingError(f"{action.text()!r} has no index in this game's action encoding")

    def decode_other(self, index: int, state: State) -> Action:
        """The action at an index after the table."""
        raise ActionEncodingError(f"action index {index} names no action")  # pragma: no cover (tables fill the space)


CLIP = 8.0
"""Observation values are clipped to ``[-CLIP, CLIP]``: scalars are scaled so that usual values lie within [-1, 1]
(cash by a round sum of the game's money), and a few may grow past 1 in long games."""


class Features:
    """A vector built block by block: flags, scaled numbers, one-hot choices. Only plain JSON values go in."""

    __slots__ = ("values",)

    def __init__(self) -> None:
        self.values: list[float] = []

    @classmethod
    def of_view(cls, view: View, phase: str, phases: Mapping[Any, int]) -> Features:
        """A vector opening as every game's does: the view's seat, who moves (``seat`` and ``to_move`` over the
        view's ``players``), then ``view[phase]`` (the phase, the step…) one-hot over ``phases`` (see ``choice``)."""
        f = cls()
        players = len(view["players"])
        f.seat(view["seat"], players)
        f.to_move(view["to_move"], players)
        f.choice(view[phase], phases)
        return f

    def flag(self, on: Any) -> None:
        self.values.append(1.0 if on else 0.0)

    def scalar(self, value: float | None, scale: float = 1.0) -> None:
        """``value / scale`` (0 for None)."""
        self.values.append(0.0 if value is None else value / scale)

    def scalars(self, values: Iterable[float], scale: float = 1.0) -> None:
        self.values.extend(v / scale for v in values)

    def one_hot(self, index: int | None, size: int) -> None:
        """``size`` zeros with a 1 at ``index`` (all zeros for None)."""
        block = [0.0] * size
        if index is not None:
            if not 0 <= index < size:
                raise ValueError(f"one-hot index {index} outside 0..{size - 1}")
            block[index] = 1.0
        self.values.extend(block)

    def choice(self, name: Hashable | None, index: Mapping[Any, int]) -> None:
        """``name`` one-hot over the names of ``index`` (``index_of(NAMES)``). None is all zeros, unless it is one of
        the names (``index_of((*NAMES, None))``: a slot for "none")."""
        self.one_hot(index.get(None) if name is None else index[name], len(index))

    def bits(self, indices: Iterable[int], size: int) -> None:
        """``size`` zeros with a 1 at each of ``indices``."""
        block = [0.0] * size
        for i in indices:
            block[i] = 1.0
        self.values.extend(block)

    def seat(self, seat: Any, players: int) -> None:
        """A seat (an int), or nothing (None, ``"chance"``…): one-hot over the seats."""
        self.one_hot(seat if isinstance(seat, int) and not isinstance(seat, bool) else None, players)

    def to_move(self, to_move: Any, players: int) -> None:
        """The view's ``to_move``: one-hot over the seats, then ``chance``, then the game being over (None)."""
        if to_move is None:
            self.one_hot(players + 1, players + 2)
        elif to_move == "chance":
            self.one_hot(players, players + 2)
        else:
            self.one_hot(int(to_move), players + 2)

    def array(self) -> Vector:
        return np.clip(np.asarray(self.values, dtype=np.float32), -CLIP, CLIP)


@dataclass(frozen=True)
class GameEncoding:
    """What a game brings for learning: its action encoding and its observer."""

    actions: ActionEncoding
    observation_array: Observer

    def observation_size(self, state: State) -> int:
        """The observation's length for ``state``'s player count (and data files)."""
        return int(self.observation_array(state, 0).shape[0])


def view_observer(view_array: ViewArray) -> Observer:
    """A game's ``observation_array(state, seat)``: ``view_array(state.observation(seat))``. It takes the name
    ``observation_array`` in ``view_array``'s module, where the game must bind it (so that it pickles by name)."""

    def observation_array(state: State, seat: int) -> Vector:
        """The seat's view (``state.observation(seat)``) as numbers; the layout is in the encoding module's
        docstring."""
        return view_array(state.observation(seat))

    observation_array.__module__ = view_array.__module__
    observation_array.__qualname__ = observation_array.__name__
    return observation_array


def encoding_module_name(game: Game) -> str:
    """``ludotheque.games.acquire.encoding`` for Acquire: the module ``encoding`` beside the game class's module."""
    module = type(game).__module__
    loaded = sys.modules.get(module)
    package = module if loaded is not None and hasattr(loaded, "__path__") else module.rpartition(".")[0]
    return f"{package}.encoding"


def encoding_for(game: Game | str) -> GameEncoding:
    """A game's encoding (by game object or name); ``NoEncodingError`` if its package has none."""
    g = get_game(game) if isinstance(game, str) else game
    name = encoding_module_name(g)
    try:
        module: ModuleType = import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise
        raise NoEncodingError(f"{g.info.name} has no learning encoding (no module {name})") from None
    actions = getattr(module, "ENCODING", None)
    observe = getattr(module, "observation_array", None)
    if not isinstance(actions, ActionEncoding) or not callable(observe):
        raise NoEncodingError(f"{name} must define ENCODING (an ActionEncoding) and observation_array(state, seat)")
    return GameEncoding(actions, observe)
