"""Bots by name. ``random`` plays every game; games may add their own (``heuristic`` for Acquire).

Bots depend on games, never the other way round; the CLI, simulator and server find bots here.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..engine.bots import Bot, RandomBot
from ..engine.errors import OptionError

BotFactory = Callable[[int, random.Random], Bot]

_BOTS: dict[tuple[str, str], BotFactory] = {}
ANY_GAME = "*"


def register_bot(name: str, factory: BotFactory, game: str = ANY_GAME) -> None:
    """Make ``factory(seat, rng)`` available as bot ``name`` for ``game`` (or every game)."""
    _BOTS[(game, name)] = factory


def bot_names(game: str) -> list[str]:
    """The bots that can play ``game``."""
    _load()
    return sorted({name for (g, name) in _BOTS if g in (game, ANY_GAME)})


def make_bot(name: str, game: str, seat: int, rng: random.Random) -> Bot:
    """A bot by name; an unknown name is refused with the list of bots for that game."""
    _load()
    factory = _BOTS.get((game, name.strip().lower())) or _BOTS.get((ANY_GAME, name.strip().lower()))
    if factory is None:
        raise OptionError(f"no bot named {name!r} for {game}; the bots are: {', '.join(bot_names(game))}")
    return factory(seat, rng)


_LOADED = False


def _load() -> None:
    global _LOADED
    if _LOADED:
        return
    register_bot("random", RandomBot)
    from . import (
        acquire_heuristic,  # noqa: F401  (registers itself)
        gracias_heuristic,  # noqa: F401
    )

    _LOADED = True
