"""The built-in bots as opponents in a learning environment, and a loop that plays a game between policies and bots.

A bot chooses from its seat's view only (``SeatView``: the seat, its legal moves, its observation, re-deals for
search), exactly as at the table; its move is given to ``env.step`` as a game ``Action``, so it may be off the
encoded grid (Stack Market's heuristic bot aims anywhere).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from ..bots import make_bot
from ..engine.bots import SeatView
from ..engine.state import Action
from .pettingzoo_env import Observation, raw_env

Policy = Callable[[Observation, str], int]
"""A learner: (the agent's observation dict, the agent) -> an index allowed by ``observation["action_mask"]``."""


class BotOpponent:
    """A built-in bot (``random``, ``heuristic``… see ``ludotheque.bots.bot_names``) playing one agent's seat."""

    def __init__(self, name: str, env: Any, agent: str, seed: int | None = None) -> None:
        self.env = env
        self.raw: raw_env = env.unwrapped
        self.agent = agent
        self.seat = self.raw.seat_of[agent]
        self.bot = make_bot(name, self.raw.game.info.name, self.seat, random.Random(seed))

    def choose(self) -> Action:
        """The bot's move for the position the environment is in (its agent must be the one to move)."""
        state = self.raw.game_state
        if self.raw.agent_selection != self.agent or state.current_player != self.seat:
            raise ValueError(f"{self.agent} is not the agent to move ({self.raw.agent_selection} is)")
        return self.bot.choose(SeatView(state, self.seat, state.legal_actions()))

    def act(self) -> None:
        """Choose and play."""
        self.env.step(self.choose())


def play_game(env: Any, policies: Mapping[str, Policy], bots: Mapping[str, str], seed: int | None = None,
              bot_seed: int | None = None) -> dict[str, float]:
    """One game from ``env.reset(seed=seed)``: each agent of ``policies`` chooses indices, each agent of ``bots`` is
    the built-in bot of that name; returns every agent's reward."""
    env.reset(seed=seed)
    agents = list(env.possible_agents)
    if set(policies) | set(bots) != set(agents) or set(policies) & set(bots):
        raise ValueError(f"give each of {', '.join(agents)} one policy or one bot")
    base = random.Random(bot_seed if bot_seed is not None else seed)
    opponents = {agent: BotOpponent(name, env, agent, base.randrange(2**32)) for agent, name in bots.items()}
    totals = dict.fromkeys(agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
        elif agent in opponents:
            opponents[agent].act()
        else:
            env.step(policies[agent](observation, agent))
    return totals
