"""Hints: the best few moves for a seat, each with its estimated chance to win and, in the player's language, why.

A hint is a search (``bots.search``) from the seat's own view: it re-deals what the seat cannot see, so it knows
no more than the player asking. Its reasons come from the game's ``SearchHooks.reasons``, asked of a re-dealt
state too, and are worded by the game (``Game.describe_reason``: its catalogue's ``hint.<key>``, or
``hint.<key>_one``/``_other`` when the reason counts something); the figures by the bots' own catalogue
(``bots/locale``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.bots import SeatView
from ..engine.game import Game
from ..engine.state import Action, State
from ..engine.words import format_int
from .levels import WORDS
from .search import Estimate, Search, opponent_model

__all__ = ["WORDS", "Hint", "hints"]
HINT_SECONDS = 0.5
"""How long a hint thinks by default."""
HINT_MOVES = 3
"""How many moves a hint shows."""
HINT_MIN_ITERATIONS = 300
"""A hint thought by the clock goes on until it has this many simulated games (a busy server, a slow game), so that
its chances do not rest on a handful of them..."""
HINT_MAX_SECONDS = 3.0
"""... but thinks no longer than this in all."""
HINT_MIN_TRIES = 100
"""Where the moves shown rest on fewer simulated games each (many legal moves share the search: 72 ways to dispose
of shares in an Acquire merger), each is weighed again by a search of its own, of this many games..."""
HINT_FOCUS_SECONDS = 1.5
"""... within this much more time in all, by the clock."""


@dataclass(frozen=True, slots=True)
class Hint:
    """One suggested move: its text, its estimated chance to win, how many simulated games it rests on, and why
    (the reasons as catalogue keys with their fields; ``words`` says them)."""

    action: str
    win: float
    tries: int
    reasons: tuple[tuple[str, dict[str, Any]], ...]

    def words(self, game: Game, lang: str, names: Sequence[str]) -> list[str]:
        """The reasons in ``lang`` (``names``: the seats', for reasons that name a seat)."""
        return [game.describe_reason(key, fields, lang, names) for key, fields in self.reasons]

    @property
    def percent(self) -> int:
        """The chance to win in whole percent, halves rounded up (34.5 % is 35 %): the one rounding that the terminal
        and the browser show (``to_json`` sends it)."""
        return math.floor(100 * self.win + 0.5)

    def line(self, lang: str, action_words: str | None = None) -> str:
        """"buy Luxor: 62 % chance to win (1,240 simulated games)" in ``lang``."""
        return WORDS.t(lang, "hint.line", action=action_words or self.action,
                       chance=WORDS.t(lang, "hint.chance", percent=self.percent),
                       tries=WORDS.plural(lang, "hint.tries", self.tries, count=format_int(self.tries, lang)))

    def to_json(self, game: Game, names: Sequence[str]) -> dict[str, Any]:
        """For a front end: the action, the figures, and the reasons in both languages."""
        return {"action": self.action, "win": round(self.win, 4), "percent": self.percent, "tries": self.tries,
                "reasons": {lang: self.words(game, lang, names) for lang in ("en", "fr")}}


def hints(game: Game, state: State, seat: int, *, seconds: float | None = HINT_SECONDS,
          iterations: int | None = None, moves: int = HINT_MOVES, seed: int = 0) -> list[Hint]:
    """The ``moves`` best moves for ``seat`` in ``state`` (whose turn it must be), best first; [] when it has a
    single legal move. Thinks for ``seconds`` or ``iterations`` (whichever ends first); by the clock alone, until
    ``HINT_MIN_ITERATIONS`` at least, within ``HINT_MAX_SECONDS``."""
    if state.current_player != seat:
        raise ValueError(f"a hint is for the seat to move ({state.current_player}), not seat {seat}")
    legal = state.legal_actions()
    if len(legal) < 2:
        return []
    view = SeatView(state, seat, legal)
    rng = random.Random(seed)
    hooks = game.search_hooks()
    # A few legal moves are all weighed, even those the game's candidates leave out as clearly worse: the player
    # asks how the moves compare, and a hint with one move where there were two would not say.
    search = hint_search(game, view, rng, legal if len(legal) <= moves else ())
    search.run(iterations, seconds)
    if iterations is None and seconds is not None and search.iterations < HINT_MIN_ITERATIONS:
        search.run(HINT_MIN_ITERATIONS - search.iterations, max(0.0, HINT_MAX_SECONDS - seconds))
    best = search.estimates()[:moves]  # most tried first: what the search bot itself would play
    if any(e.visits < HINT_MIN_TRIES for e in best):
        best = [weighed(game, view, rng, e.action, HINT_MIN_TRIES, None if iterations is not None
                        else HINT_FOCUS_SECONDS / len(best)) or e for e in best]
    best.sort(key=lambda e: -e.win)  # the best chance first, as a player reads a list of moves
    return [Hint(e.action.text(), e.win, e.visits, tuple(hooks.reasons(view.sample_state(rng), e.action, seat)))
            for e in best]


def hint_search(game: Game, view: SeatView, rng: random.Random, root_moves: Sequence[Action],
                root_only: bool = False) -> Search:
    """A hint's search: the game's hooks and opponent model, which also plays the seat's own moves in rollouts, so
    that the chances shown are fair ones (every seat played alike)."""
    hooks = game.search_hooks()
    return Search(view, rng, hooks, max_actions=game.info.max_actions, paired=hooks.paired,
                  model=opponent_model(game, hooks, rng), root_moves=root_moves, root_only=root_only,
                  model_rollouts=True)


def weighed(game: Game, view: SeatView, rng: random.Random, action: Action, iterations: int,
            seconds: float | None) -> Estimate | None:
    """``action``'s chance to win from a search whose root plays it alone (every iteration goes through it, and
    the seat's moves after it are searched as before), for ``iterations`` or ``seconds``; None if it tried none."""
    search = hint_search(game, view, rng, [action], root_only=True)
    search.run(iterations, seconds)
    return next(iter(search.estimates()), None)
