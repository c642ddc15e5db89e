"""One search bot for every game: single-observer information-set Monte Carlo tree search (IS-MCTS).

Each iteration draws a determinization, a full state agreeing with everything the bot's seat has seen
(``SeatView.sample_state``, the game's ``resample``), and walks one tree shared by all determinizations:

- the tree's nodes are the seat's information sets as it can tell them apart, keyed by the moves played (its
  own, the other seats', in order); a move another seat could not make in this determinization is simply not
  available in it, so selection counts how often each child *was available* (UCB with availability counts);
- chance events are sampled from the determinization and not branched on (open loop): the statistics after a
  chance event pool all its outcomes, which is what the seat will face without knowing them;
- after the tree, a rollout plays the game on with the game's rollout policy (random by default), for
  ``rollout_plies`` moves if the game can judge a position (``SearchHooks.evaluate``) or to the end;
- every node on the path adds the result of the seat that chose its move: its share of the win (ties share);
- where the game names an opponent model (``SearchHooks.model``, one of its bots), that bot plays the other
  seats, in the tree and in rollouts: the tree branches on the seat's own moves and follows the others' likely
  answers.

It never sees the true state: only ``SeatView.sample_state`` and the seat's own legal moves. Budgets are by
iterations (deterministic for a seed) and by time (whichever ends first), and a ``SeatView.deadline`` (a
table's clock) cuts thinking short.
"""

from __future__ import annotations

import gc
import math
import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import inf, log, sqrt
from typing import Any

from ..engine.bots import Bot, SeatView
from ..engine.search import NO_HOOKS, SearchHooks
from ..engine.state import CHANCE, TERMINAL, Action, Outcome, State

MARGIN = 0.05
"""Seconds kept in hand before a deadline (to hand the move over)."""
CHECK_EVERY = 16
"""Iterations between two looks at the clock."""
ROOT_SAMPLES = 8
"""Paired search: how many determinizations' branches, taken together, make the root's branches (a game's
branches may depend on what a determinization deals, e.g. the best ways to split a trio on the others' hidden
cards)."""

LOGS = [0.0, 0.0]
"""``LOGS[k]`` is log(k) (k ≥ 1), grown as searches need: UCB takes one for every child it weighs."""


class OpponentModel:
    """The other seats' moves as one of the game's bots plays them (``SearchHooks.model``): one bot per seat, made
    when first needed, each seeded from ``seed`` and its seat. It is shown re-dealt states only (a view of one of
    them for the seat to move), so it knows no more than the searching seat."""

    __slots__ = ("_bots", "make", "seed")

    def __init__(self, make: Callable[[int, random.Random], Bot], seed: int) -> None:
        self.make = make
        self.seed = seed
        self._bots: dict[int, Bot] = {}

    def move(self, state: State, player: int) -> Action:
        """``player``'s move in ``state`` (a seat to act), as the model bot chooses it."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        bot = self._bots.get(player)
        if bot is None:
            bot = self._bots[player] = self.make(player, random.Random(self.seed * 16 + player))
        return bot.choose(SeatView(state, player, legal))


def opponent_model(game: Any, hooks: SearchHooks, rng: random.Random) -> OpponentModel | None:
    """The game's opponent model for a search (None where the game names none), seeded from ``rng``."""
    if hooks.model is None or game is None:
        return None
    return OpponentModel(game.bots()[hooks.model], rng.getrandbits(32))


class Node:
    """A move in the tree: who made it, how often it was tried and available, and what it brought its mover."""

    __slots__ = ("actor", "avail", "children", "total", "visits")

    def __init__(self, actor: int) -> None:
        self.actor = actor
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.children: dict[Action, Node] = {}

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass(frozen=True, slots=True)
class Estimate:
    """What search thinks of one of the seat's moves: its estimated chance to win, and on how many tries."""

    action: Action
    win: float
    visits: int


def outcome_values(outcome: Outcome) -> list[float]:
    """Each seat's share of the win (1 for a lone winner, 1/k for k tied winners, 0 otherwise)."""
    share = 1 / len(outcome.winners) if outcome.winners else 0.0
    values = [0.0] * len(outcome.ranks)
    for w in outcome.winners:
        values[w] = share
    return values


class Search:
    """The search itself, from one seat's view; ``run`` grows the tree, ``estimates`` reads the root."""

    def __init__(self, view: SeatView, rng: random.Random, hooks: SearchHooks = NO_HOOKS, *,
                 exploration: float = 0.7, max_actions: int = 100_000, root_moves: Sequence[Action] = (),
                 paired: bool = False, model: OpponentModel | None = None, model_rollouts: bool = False,
                 root_only: bool = False) -> None:
        self.view = view
        self.root_moves = list(root_moves)
        """Moves of the seat's that get a branch at the root even if the game's ``candidates`` leave them out (the
        anchor bot's move)."""
        self.root_only = root_only and bool(root_moves)
        """The root branches on ``root_moves`` alone (a hint weighing the moves it shows)."""
        self.rng = rng
        self.hooks = hooks
        self.c = exploration
        self.max_actions = max_actions
        self.root = Node(view.seat)
        self.iterations = 0
        self.paired = paired
        """Common random numbers at the root: the k-th try of every root move is played on the same determinization
        with the same chance stream (``iterate_paired``)."""
        self._streams: list[int] = []
        """Seeds of the determinizations and chance streams, by try number (paired search)."""
        self._root_branches: list[Action] | None = None
        """The root's branches (paired search), gathered on its first iteration."""
        self.model = model
        """Where set, the other seats' moves, in the tree and in rollouts (``SearchHooks.model``)."""
        self.branches = hooks.own_branches if model is not None else hooks.branches
        """The moves a node branches on: with a model, the seat's own only (``SearchHooks.own_branches``)."""
        self.model_rollouts = model_rollouts and model is not None
        """Whether the model also plays the seat's own moves in rollouts (after its move in the tree): every seat
        then plays alike, so a position's estimate is a fair chance to win, as a hint shows it, rather than one
        biased against the seat whose rollouts play the game's quick policy. Not stronger, and slower
        (``docs/bots.md``), so the search bot leaves it off."""

    def run(self, iterations: int | None = None, seconds: float | None = None) -> int:
        """Iterate until ``iterations`` more are done or ``seconds`` (or the view's deadline) are up; at least one
        iteration. Returns the number done."""
        start = time.perf_counter()
        stop = math.inf if seconds is None else start + seconds
        deadline = self.view.deadline
        if deadline is not None:
            stop = min(stop, start + max(0.0, deadline - time.monotonic() - MARGIN))
        limit = iterations if iterations is not None else (1 << 62)
        done = 0
        # The tree and the states make no reference cycles, so the collector would only walk the growing tree: off
        # while it grows, in a process's main thread (the terminal, the simulator and its workers). A server's bots
        # think in worker threads while its other threads make garbage of their own: there it stays on.
        quiet = gc.isenabled() and threading.current_thread() is threading.main_thread()
        if quiet:
            gc.disable()
        try:
            while done < limit:
                if self.paired:
                    self.iterate_paired()
                else:
                    self.iterate(self.view.sample_state(self.rng))
                done += 1
                if done % CHECK_EVERY == 0 and time.perf_counter() >= stop:
                    break
                if done == 1 and stop != math.inf and time.perf_counter() >= stop:
                    break
        finally:
            if quiet:
                gc.enable()
        self.iterations += done
        return done

    def iterate(self, state: State, chance: random.Random | None = None, start: Node | None = None) -> None:
        """One iteration on a determinization: select and expand, roll out, back up. Chance is drawn with
        ``chance`` (default: the search's own generator); ``start``: the node of a root move already applied to
        ``state`` and counted, from which the iteration goes down (``iterate_paired``)."""
        rng, c = self.rng, self.c
        if chance is None:
            chance = rng
        branches, apply = self.branches, state.apply_legal
        root, model, seat, root_moves = self.root, self.model, self.view.seat, self.root_moves
        logs = LOGS
        if len(logs) <= root.visits + 2:  # a node is available at most once an iteration
            logs.extend(map(log, range(len(logs), 2 * len(logs) + root.visits)))
        path: list[Node]
        if start is None:
            node = root
            root.visits += 1
            path = []
        else:
            node = start
            path = [start]
        while True:
            player = state.current_player
            if player == CHANCE:
                state.play_chance(chance)
                continue
            if player == TERMINAL:
                break
            legal = [model.move(state, player)] if model is not None and player != seat else branches(state)
            if node is root and root_moves:
                legal = root_moves if self.root_only else legal + [a for a in root_moves if a not in legal]
            children = node.children
            untried: list[Action] = []
            best: Node | None = None
            best_action: Action | None = None
            best_value = -inf
            for action in legal:
                child = children.get(action)
                if child is None:
                    untried.append(action)
                elif not untried:
                    avail = child.avail = child.avail + 1
                    visits = child.visits
                    value = child.total / visits + c * sqrt(logs[avail] / visits)
                    if value > best_value:
                        best_value, best, best_action = value, child, action
                else:
                    child.avail += 1
            if untried:
                action = untried[int(rng.random() * len(untried))]
                child = children[action] = Node(player)
                child.visits += 1
                path.append(child)
                apply(action)
                break
            assert best is not None and best_action is not None
            best.visits += 1
            path.append(best)
            apply(best_action)
            node = best
        values = self.rollout(state, chance)
        for n in path:
            n.total += values[n.actor]

    def iterate_paired(self) -> None:
        """One iteration with common random numbers at the root. The root move is chosen first (UCB over the
        branches of the first ``ROOT_SAMPLES`` determinizations, together); its k-th try is played on the k-th
        determinization, drawn with the k-th chance stream, which also draws every chance event after it. So every
        root move meets the same hidden cards or tiles and the same dice on its k-th try, and the differences
        between their estimates are the moves', not the luck's (the same rolls as long as the moves lead to the same
        chance events). Moves after the root (in the tree and in rollouts) are chosen with the search's own
        generator."""
        root, rng, c = self.root, self.rng, self.c
        legal = self._root_branches
        if legal is None and self.root_only:
            legal = self._root_branches = list(self.root_moves)
        if legal is None:
            legal = self._root_branches = []
            for k in range(ROOT_SAMPLES):
                for a in self.branches(self.view.sample_state(self._stream(k))):
                    if a not in legal:
                        legal.append(a)
            legal += [a for a in self.root_moves if a not in legal]
        root.visits += 1
        children = root.children
        untried = [a for a in legal if a not in children]
        for child in children.values():
            child.avail += 1
        if untried:
            action = untried[int(rng.random() * len(untried))]
            child = children[action] = Node(root.actor)
        else:
            action = max(legal, key=lambda a: children[a].total / children[a].visits
                         + c * sqrt(log(children[a].avail) / children[a].visits))
            child = children[action]
        child.visits += 1
        stream = self._stream(child.visits - 1)
        state = self.view.sample_state(stream)
        state.apply_legal(action)
        if child.visits == 1:
            child.total += self.rollout(state, stream)[root.actor]
        else:
            self.iterate(state, stream, child)

    def _stream(self, k: int) -> random.Random:
        """The k-th chance stream, from its start (paired search)."""
        streams = self._streams
        while len(streams) <= k:
            streams.append(self.rng.getrandbits(64))
        return random.Random(streams[k])

    def rollout(self, state: State, chance: random.Random | None = None) -> Sequence[float]:
        """Play on from ``state`` with the game's rollout policy; each seat's value at the end (or as judged). Chance
        is drawn with ``chance`` (default: the search's own generator)."""
        rng, hooks, model, seat = self.rng, self.hooks, self.model, self.view.seat
        if chance is None:
            chance = rng
        if self.model_rollouts:
            seat = -1  # no seat's moves are left to the quick policy
        plies = hooks.rollout_plies
        played = 0
        while True:
            player = state.current_player
            if player == TERMINAL:
                return outcome_values(state.outcome())
            if player == CHANCE:
                state.play_chance(chance)
                continue
            if plies is not None and played >= plies:
                judged = hooks.evaluate(state)
                if judged is not None:
                    return judged
            if played >= self.max_actions:
                judged = hooks.evaluate(state)
                return judged if judged is not None else [1 / state.num_players] * state.num_players
            if model is not None and player != seat:
                state.apply_legal(model.move(state, player))
            else:
                state.apply_legal(hooks.rollout_action(state, state.legal_actions(), rng))
            played += 1

    def estimates(self) -> list[Estimate]:
        """The seat's moves tried at the root, most tried first, with their estimated chance to win."""
        moves = [Estimate(a, n.mean, n.visits) for a, n in self.root.children.items() if n.visits]
        return sorted(moves, key=lambda e: (-e.visits, -e.win))


def anchored(estimates: list[Estimate], anchor: Action, trust: float) -> Action | None:
    """The anchor's move, unless the search's favourite (the most tried) is better by ``trust`` standard errors of
    the difference of their estimates (each a mean of values in [0, 1], whose variance is at most p(1 − p));
    None when the search did not try the anchor's move."""
    mine = next((e for e in estimates if e.action == anchor), None)
    if mine is None:
        return None
    best = estimates[0]
    if best is mine:
        return anchor
    error = math.sqrt(best.win * (1 - best.win) / best.visits + mine.win * (1 - mine.win) / mine.visits)
    return best.action if best.win - mine.win > trust * error else anchor


def choose_from(estimates: list[Estimate], view: SeatView, rng: random.Random, temperature: float) -> Action:
    """The move to play: the most tried one that is legal (``temperature`` > 0: drawn in proportion to
    visits ** (1 / temperature), a weaker, more human choice)."""
    tried = [e for e in estimates if view.is_legal(e.action)]
    if not tried:
        return view.legal_actions[0]
    if temperature <= 0:
        return tried[0].action
    weights = [e.visits ** (1 / temperature) for e in tried]
    r = rng.random() * sum(weights)
    for e, w in zip(tried, weights, strict=True):
        r -= w
        if r < 0:
            return e.action
    return tried[-1].action


class SearchBot(Bot):
    """IS-MCTS with a budget. Parameters (``mcts:iterations=800:seconds=0.5``): ``iterations`` and ``seconds``
    (whichever ends first; neither: 1,000 iterations), ``exploration`` (UCB's constant), ``temperature`` (0:
    always the most tried move), ``trust`` (where the game names an anchor bot, ``SearchHooks.anchor``: how
    many standard errors better another move must look to be played instead of the anchor's; 0: never anchored)
    ``paired`` (common random numbers at the root; default: the game's ``SearchHooks.paired``) and ``model``
    (where the game names an opponent model, ``SearchHooks.model``: whether it plays the other seats; default
    true)."""

    name = "mcts"

    def __init__(self, seat: int, rng: random.Random, *, game: Any = None, iterations: int | None = None,
                 seconds: float | None = None, exploration: float = 0.7, temperature: float = 0.0,
                 trust: float | None = None, paired: bool | None = None, model: bool = True) -> None:
        super().__init__(seat, rng)
        if iterations is None and seconds is None:
            iterations = 1000
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.temperature = temperature
        self.hooks: SearchHooks = game.search_hooks() if game is not None else NO_HOOKS
        self.hooks.prepare()
        self.max_actions: int = game.info.max_actions if game is not None else 100_000
        self.trust = self.hooks.anchor_trust if trust is None else trust
        self.paired = self.hooks.paired if paired is None else paired
        self.game = game
        self.model = model and self.hooks.model is not None
        """Whether the game's opponent model plays the other seats in this bot's searches."""
        self.anchor: Bot | None = None
        """The game's bot whose move is kept unless search finds a clearly better one (``SearchHooks.anchor``)."""
        if self.hooks.anchor is not None and self.trust > 0 and temperature <= 0:
            self.anchor = game.bots()[self.hooks.anchor](seat, random.Random(rng.random()))
        self.last: Search | None = None
        """The last move's search (for hints and for looking inside)."""

    def search(self, view: SeatView, root_moves: Sequence[Action] = ()) -> Search:
        """Think about ``view`` within the budget (``root_moves``: moves to try at the root whatever the game's
        candidates); the search, to read."""
        search = Search(view, self.rng, self.hooks, exploration=self.exploration, max_actions=self.max_actions,
                        root_moves=root_moves, paired=self.paired,
                        model=opponent_model(self.game, self.hooks, self.rng) if self.model else None)
        search.run(self.iterations, self.seconds)
        self.last = search
        return search

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions
        # the anchor sees every decision, as it would if it played the seat (a bot may remember what it saw)
        anchor = self.anchor.choose(view) if self.anchor is not None else None
        if len(legal) == 1:
            return legal[0]
        if self.hooks is not NO_HOOKS:  # the game may leave a single move worth thinking about: no need to think
            worth = self.hooks.candidates(view.sample_state(self.rng), legal)
            if len(worth) == 1 and view.is_legal(worth[0]) and anchor in (None, worth[0]):
                return worth[0]
        estimates = self.search(view, () if anchor is None else (anchor,)).estimates()
        if anchor is not None:
            kept = anchored(estimates, anchor, self.trust)
            if kept is not None and view.is_legal(kept):
                return kept
        return choose_from(estimates, view, self.rng, self.temperature)
