"""A policy against the built-in bots, through the PettingZoo environment: its win rate, before and after a short
training.

    .venv/bin/python examples/learn_random_policy.py          # A Vendre, 3 players, against random bots
    .venv/bin/python examples/learn_random_policy.py --game gracias --players 4 --opponent heuristic --train 0

First a random policy that picks among the legal indices (the observation's action mask) plays ``--games`` games,
its seat rotated, against the bots; then a linear softmax policy over the observation vector is trained with
REINFORCE for ``--train`` games (reward: the environment's win share) and evaluated on the same deals. With the
defaults (about ten seconds) it goes from winning about a quarter of the games to about half. It is a sketch of a
training loop, not a strong player: against heuristic bots, or in Acquire with its 1,400 numbers, it needs far more
games and a smaller ``--rate``. Needs ``pip install ludotheque[learn]``.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np

from ludotheque.bots import check_bot
from ludotheque.engine.errors import LudoError
from ludotheque.learn.opponents import play_game
from ludotheque.learn.pettingzoo_env import env


class RandomPolicy:
    """Uniform over the legal indices."""

    def __init__(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)

    def __call__(self, observation: dict[str, Any], agent: str) -> int:
        return int(self.rng.choice(np.flatnonzero(observation["action_mask"])))


class LinearPolicy:
    """Softmax over the legal indices of ``W · observation``; REINFORCE with a running baseline."""

    def __init__(self, observation_size: int, actions: int, seed: int, rate: float = 0.1) -> None:
        self.w = np.zeros((actions, observation_size), dtype=np.float32)
        self.rng = np.random.default_rng(seed)
        self.rate = rate
        self.baseline = 0.0
        self.trace: list[tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], int]] = []
        self.training = True

    def __call__(self, observation: dict[str, Any], agent: str) -> int:
        x, legal = observation["observation"], np.flatnonzero(observation["action_mask"])
        logits = self.w[legal] @ x
        p = np.exp(logits - logits.max())
        p /= p.sum()
        k = int(self.rng.choice(len(legal), p=p))
        if self.training:
            self.trace.append((x, legal, k))
        return int(legal[k])

    def learn(self, reward: float) -> None:
        """One REINFORCE step on the game just played: every choice made more (or less) likely."""
        advantage = reward - self.baseline
        self.baseline += 0.05 * (reward - self.baseline)
        for x, legal, k in self.trace:
            logits = self.w[legal] @ x
            p = np.exp(logits - logits.max())
            p /= p.sum()
            grad = -p
            grad[k] += 1.0
            self.w[legal] += self.rate * advantage * np.outer(grad, x)
        self.trace.clear()


def win_rate(e: Any, policy: Any, opponent: str, games: int, seed: int, learn: bool = False) -> float:
    """The policy's mean reward over ``games`` games, its seat rotated (the others are ``opponent`` bots)."""
    agents = list(e.possible_agents)
    total = 0.0
    for g in range(games):
        learner = agents[g % len(agents)]
        rewards = play_game(e, {learner: policy}, {a: opponent for a in agents if a != learner}, seed=seed + g)
        total += rewards[learner]
        if learn:
            policy.learn(rewards[learner])
    return total / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="a-vendre")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--opponent", default="random", help="a built-in bot: random, heuristic…")
    parser.add_argument("--games", type=int, default=100, help="games per evaluation")
    parser.add_argument("--train", type=int, default=300, help="training games for the linear policy (0: none)")
    parser.add_argument("--rate", type=float, default=0.1, help="the linear policy's learning rate")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.games < 1 or args.train < 0:
        parser.error("--games must be 1 or more, and --train 0 or more")
    try:  # a game, a number of players or an opponent the library refuses: its words, not a traceback
        e = env(args.game, args.players)
        check_bot(args.opponent, e.unwrapped.game.info.name)
    except LudoError as refused:
        parser.error(str(refused))
    e.reset(seed=args.seed)
    agent = e.possible_agents[0]
    size = e.observation_space(agent)["observation"].shape[0]
    actions = e.action_space(agent).n
    print(f"{args.game}, {args.players} players against {args.opponent} bots: {actions} actions, "
          f"observations of {size} numbers; a fair share is {1 / args.players:.3f}")

    start = time.perf_counter()
    rate = win_rate(e, RandomPolicy(args.seed), args.opponent, args.games, seed=10_000)
    print(f"random legal policy:   win share {rate:.3f} over {args.games} games ({time.perf_counter() - start:.1f} s)")
    if args.train:
        policy = LinearPolicy(size, actions, args.seed, args.rate)
        start = time.perf_counter()
        win_rate(e, policy, args.opponent, args.train, seed=args.seed, learn=True)
        policy.training = False
        rate = win_rate(e, policy, args.opponent, args.games, seed=10_000)
        print(f"linear policy trained on {args.train} games: win share {rate:.3f} over {args.games} games "
              f"({time.perf_counter() - start:.1f} s)")


if __name__ == "__main__":
    main()
