"""Bots by name. ``random`` plays every game; each game package brings its own (``Game.bots``).

Bots depend on games, never the other way round; the CLI, simulator and server find bots here, and here
finds them through the games' registry.
"""

from __future__ import annotations

import random

from ..engine.bots import Bot, BotFactory, RandomBot
from ..engine.errors import OptionError
from ..engine.game import get_game

UNIVERSAL: dict[str, BotFactory] = {"random": RandomBot}
"""Bots that play every game."""


def _factories(game: str) -> dict[str, BotFactory]:
    return {**UNIVERSAL, **get_game(game).bots()}


def bot_names(game: str) -> list[str]:
    """The bots that can play ``game``."""
    return sorted(_factories(game))


def make_bot(name: str, game: str, seat: int, rng: random.Random) -> Bot:
    """A bot by name; an unknown name is refused with the list of bots for that game."""
    factory = _factories(game).get(name.strip().lower())
    if factory is None:
        raise OptionError(f"no bot named {name!r} for {game}; the bots are: {', '.join(bot_names(game))}")
    return factory(seat, rng)
