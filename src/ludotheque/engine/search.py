"""What a game may give search bots to play it well per second of thought (all of it optional).

The generic search (``ludotheque.bots.search``) plays every game through the State contract alone: random
rollouts to the end, every legal action a branch. A game package makes it stronger by declaring, in
``Game.search_path``, a ``SearchHooks`` of its own:

- ``candidates``: the moves worth a branch of their own, when the legal ones are many (Acquire's purchases,
  Stack Market's aims): a subset, or representatives of groups of like moves (``branches``: the same, worked out
  without listing every legal move first, where that is quicker);
- ``rollout_action``: a quick policy for the moves played out after the tree (better than random, and cheap);
- ``rollout_plies`` and ``evaluate``: stop a rollout after that many moves and estimate, for every seat, its
  chance to win from the position (the game's evaluation of a position before the end);
- ``reasons``: why a move is good, in words of the game's catalogue (``hint.<key>``), for hints;
- ``anchor``: one of the game's own bots (``Game.bots``) whose move the search bot plays unless it finds one
  clearly better (by ``anchor_trust`` standard errors): in games of dice, a few thousand iterations tell moves
  apart only when they differ by several points of winning chance, and a good heuristic picks well among the
  close ones;
- ``paired``: search with common random numbers at the root unless the bot says otherwise;
- ``model``: one of the game's own bots that plays the other seats in the tree and in rollouts (an opponent
  model): search then weighs its moves against what the others would answer, not against every move they could
  make, and its rollouts play them as people would rather than at random.

Hooks see whole states, but search only ever hands them states re-dealt from one seat's view
(``State.resample``), so they cannot leak what that seat may not see.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from itertools import repeat
from operator import sub, truediv
from typing import Any

from .state import Action, State


class SearchHooks:
    """The default: no knowledge of the game. Subclass and override what helps."""

    rollout_plies: int | None = None
    """Moves (chance excluded) played out after the tree before ``evaluate`` is asked; None: to the end."""
    anchor: str | None = None
    """The game's bot (a name of ``Game.bots``) whose move the search bot keeps unless another is clearly better."""
    anchor_trust: float = 1.0
    """How clearly: standard errors of the two estimates' difference (the bot's ``trust`` overrides it)."""
    paired: bool = False
    """Whether search uses common random numbers at the root by default (the bot's ``paired`` overrides it): the
    k-th try of every root move meets the same hidden cards and the same stream of dice. Steadier choices where
    luck swamps the difference between moves (roll-and-move games)."""
    model: str | None = None
    """The game's bot (a name of ``Game.bots``) that plays the other seats' moves in the tree and in rollouts (the
    bot's ``model`` turns it off). It must choose from its view alone (it sees re-dealt states, in any order) and
    be quick: it moves for every other seat in every iteration."""

    def prepare(self) -> None:
        """Work the game's search does once per process (numbers worked out from its data files), done when a search
        bot is made rather than on its first move, whose clock it would eat into. Default: nothing."""

    def candidates(self, state: State, legal: list[Action]) -> list[Action]:
        """The actions search branches on here: a non-empty subset of ``legal`` (in a game with continuous moves,
        any moves ``state.is_legal`` allows)."""
        return legal

    def branches(self, state: State) -> list[Action]:
        """The moves search branches on in ``state`` (a seat to act): ``candidates`` of its legal moves. A game may
        override it to skip listing moves it would leave out; it must give what ``candidates`` gives."""
        return self.candidates(state, state.legal_actions())

    def own_branches(self, state: State) -> list[Action]:
        """The searching seat's moves search branches on where the opponent model (``model``) plays the others: by
        default ``branches``. Only the seat's own moves are branched on then, so a game may afford more of them."""
        return self.branches(state)

    def rollout_action(self, state: State, legal: list[Action], rng: random.Random) -> Action:
        """The move a rollout plays here (default: uniformly random)."""
        return legal[int(rng.random() * len(legal))]

    def evaluate(self, state: State) -> Sequence[float] | None:
        """Each seat's estimated chance to win from ``state`` (summing to about 1), or None to play on."""
        return None

    def reasons(self, state: State, action: Action, seat: int) -> list[tuple[str, dict[str, Any]]]:
        """Why ``action`` is worth playing for ``seat`` in ``state``: catalogue keys (``hint.<key>``) with their
        fields, most telling first; [] when the game has nothing to say beyond the figures."""
        return []


def softmax(values: Sequence[float], width: float, alive: Sequence[bool] | None = None) -> list[float]:
    """Chances to come first from values ``width`` apart (a softmax; a seat not ``alive`` has none): how games turn
    a position's figures (net worths, scores) into each seat's chance to win."""
    exp = math.exp
    if alive is None:  # (every search iteration asks: mapped, without a Python loop)
        weights = list(map(exp, map(truediv, map(sub, values, repeat(max(values))), repeat(width))))
    else:
        top = max(v for v, a in zip(values, alive, strict=True) if a)
        weights = [exp((v - top) / width) if a else 0.0 for v, a in zip(values, alive, strict=True)]
    return list(map(truediv, weights, repeat(sum(weights))))


NO_HOOKS = SearchHooks()
"""What search uses for a game that declares none."""
