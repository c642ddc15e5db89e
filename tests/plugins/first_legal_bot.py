"""A bot that lives only in the tests, registered through the ``ludotheque.bots`` entry point as an installed
package's bot would be: it plays the ``skip``-th legal move (a parameter), in the games it names."""

from __future__ import annotations

import random

from ludotheque.bots import BotMaker
from ludotheque.engine.bots import Bot, SeatView
from ludotheque.engine.game import Game
from ludotheque.engine.state import Action


class FirstLegal(Bot):
    name = "first-legal"

    def __init__(self, seat: int, rng: random.Random, skip: int = 0) -> None:
        super().__init__(seat, rng)
        self.skip = skip

    def choose(self, view: SeatView) -> Action:
        return view.legal_actions[min(self.skip, len(view.legal_actions) - 1)]


def make(seat: int, rng: random.Random, game: Game, skip: int = 0) -> Bot:
    return FirstLegal(seat, rng, skip)


BOT = BotMaker(make, {"skip": int}, games=("gracias", "hidden-dice"), description="the first legal move")
