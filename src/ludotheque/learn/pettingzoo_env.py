"""Every game as a PettingZoo AEC environment (``pip install ludotheque[learn]``).

    from ludotheque.learn.pettingzoo_env import env

    e = env("acquire", players=4)
    e.reset(seed=7)
    for agent in e.agent_iter():
        observation, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(observation["action_mask"])
        e.step(action)

- Agents are ``player_0`` … ``player_{n-1}``, the game's seats. Observations are dicts: ``observation``, the seat's
  view as float32 (``observation_array`` of the game's ``encoding`` module: built from what that seat may see, so
  other seats' secrets never reach it), and ``action_mask`` (int8, 1 for each legal index; all zeros for a seat that
  does not move now). Actions are ``Discrete(size)`` indices of the game's ``ENCODING``.
- Chance (deals, dice, hand errors) is drawn inside, from a generator seeded by ``reset(seed=…)``: the same seed and
  the same actions give the same observations. ``reset()`` without a seed goes on with the generator it has.
- Rewards come once, at the end: ``reward="win"`` (default) gives each winner 1 / the number of winners and the
  others 0; ``reward="rank"`` gives (n − rank) / (n − 1), 1 for first and 0 for last, tied seats sharing a rank.
  A game stopped at ``max_actions`` (chance included; by default the game's ``info.max_actions``, else 5,000) is
  truncated for every agent, with no reward.
- An index outside the mask raises ``IllegalActionError`` (a ``ValueError``) naming the move and what is allowed;
  the state is unchanged. Wrap the environment in PettingZoo's ``TerminateIllegalWrapper`` for the other convention
  (the offender loses, the game ends).
- Seats that leave the game (Luxembourg-Shopping: ruined; A Vendre: left) simply stop being selected; they are
  terminated with the others at the end and get their reward then.
- ``step`` also takes a game ``Action`` instead of an index (the built-in bots play so: their moves may be off the
  encoded grid, such as Stack Market's aims); ``unwrapped.game_state`` is the game's position, for them and for
  tests (PettingZoo's ``state()``, a global view, is not offered).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Literal

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils.wrappers import OrderEnforcingWrapper  # type: ignore[import-untyped]

from ..engine.errors import IllegalActionError, allowed_list
from ..engine.game import get_game
from ..engine.state import Action, Outcome, State
from .encoding import CLIP, Mask, encoding_for

DEFAULT_MAX_ACTIONS = 5000
"""The truncation length for a game that declares no ``max_actions``."""

Observation = dict[str, np.ndarray[Any, Any]]
Reward = Literal["win", "rank"]


def rewards_of(outcome: Outcome, reward: Reward = "win") -> list[float]:
    """Each seat's reward for a finished game (see the module's docstring)."""
    n = len(outcome.ranks)
    if reward == "rank":
        return [(n - r) / (n - 1) if n > 1 else 1.0 for r in outcome.ranks]
    share = 1.0 / len(outcome.winners) if outcome.winners else 0.0
    return [share if seat in outcome.winners else 0.0 for seat in range(n)]


class raw_env(AECEnv):  # type: ignore[misc]  # PettingZoo is untyped; raw_env is its name for the unwrapped class
    """A game of ``game`` for ``players`` seats; see the module's docstring."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi", "human"], "name": "ludotheque_v0",
                                          "is_parallelizable": False}

    def __init__(self, game: str, players: int, options: Mapping[str, Any] | None = None, *,
                 seat_settings: Sequence[Mapping[str, Any]] | None = None, reward: Reward = "win",
                 max_actions: int | None = None, render_mode: str | None = None) -> None:
        super().__init__()
        if reward not in ("win", "rank"):
            raise ValueError(f"reward {reward!r}: 'win' or 'rank'")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: 'ansi', 'human' or None")
        self.game = get_game(game)
        self.players = players
        self.game_options = dict(options or {})
        self.seat_settings = list(seat_settings) if seat_settings is not None else None
        self.encoding = encoding_for(self.game)
        self.reward = reward
        self.render_mode = render_mode
        declared = getattr(self.game.info, "max_actions", None)
        self.max_actions: int = max_actions or declared or DEFAULT_MAX_ACTIONS
        self.game_state: State = self._new_state()  # checks players and options now
        size = self.encoding.observation_size(self.game_state)
        n_actions = self.encoding.actions.size
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.seat_of = {agent: i for i, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(-CLIP, CLIP, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n_actions,), np.int8),
        }) for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(n_actions) for agent in self.possible_agents}
        self._rng = random.Random()
        self.actions_played = 0
        """Actions applied since the reset, chance included."""
        self.last_action: Action | None = None
        self._mask: tuple[tuple[int, int], Mask] | None = None

    def _new_state(self) -> State:
        return self.game.new_game(self.players, self.game_options, self.seat_settings)

    # --- spaces -----------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # --- a game -------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game, drawn from ``seed`` (or from the generator as it is); ``options`` is PettingZoo's and unused:
        the game's options are given to the constructor."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.game_state = self._new_state()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.actions_played = 0
        self.last_action = None
        self._mask = None
        self.agent_selection = self.agents[0]
        self._advance()

    def step(self, action: int | Action | None) -> None:
        """Play an index of the encoding for the agent to move, or a game ``Action`` (any legal move, encoded or
        not: the built-in bots' way); None for an agent whose game is over."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(f"{agent} must move (None is only for agents whose game is over)")
        if isinstance(action, Action):
            self._play(action)
            return
        index = self.encoding.actions.check_index(action)
        if not self.legal_mask()[index]:
            raise self._illegal(index)
        self._play(self.encoding.actions.decode(index, self.game_state))

    def _play(self, action: Action) -> None:
        agent = self.agent_selection
        self.game_state.apply(action)  # an illegal action raises and changes nothing
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.actions_played += 1
        self.last_action = action
        self._advance()
        self._accumulate_rewards()

    def _advance(self) -> None:
        """Draw chance until a seat moves, the game ends, or it is too long; then select who is next."""
        state, rng = self.game_state, self._rng
        while state.is_chance() and self.actions_played < self.max_actions:
            state.apply(state.sample_chance(rng))
            self.actions_played += 1
        if state.is_terminal():
            for agent, value in zip(self.possible_agents, rewards_of(state.outcome(), self.reward), strict=True):
                self.rewards[agent] = value
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.agents[0]
        elif self.actions_played >= self.max_actions:
            self.truncations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[state.current_player]

    def _illegal(self, index: int) -> IllegalActionError:
        legal = [a.text() for a in self.game_state.legal_actions()]
        try:
            named = f"{index} ({self.encoding.actions.decode(index, self.game_state).text()!r})"
        except ValueError:
            named = str(index)
        return IllegalActionError(f"action {named} is not legal for {self.agent_selection} now; "
                                  f"allowed: {allowed_list(legal)}")

    # --- what an agent sees ---------------------------------------------------------------------
    def legal_mask(self) -> Mask:
        """The legal indices of the agent to move (cached until the next action)."""
        key = (id(self.game_state), self.actions_played)
        if self._mask is None or self._mask[0] != key:
            self._mask = (key, self.encoding.actions.legal_mask(self.game_state))
        return self._mask[1]

    def observe(self, agent: str) -> Observation:
        seat = self.seat_of[agent]
        moving = self.game_state.current_player == seat
        mask = self.legal_mask().astype(np.int8) if moving else np.zeros(self.encoding.actions.size, np.int8)
        return {"observation": self.encoding.observation_array(self.game_state, seat), "action_mask": mask}

    def render(self) -> str | None:
        text = self.describe()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def describe(self) -> str:
        """A few lines: the game, the last action, who moves and what they may do, or the result."""
        st = self.game_state
        lines = [f"{self.game.info.title_en}, {self.players} players, {self.actions_played} actions"]
        if self.last_action is not None:
            lines.append(f"last: {self.last_action.text()}")
        if st.is_terminal():
            o = st.outcome()
            lines.append(f"over ({o.termination}): scores {list(o.scores)}, winners {list(o.winners)}")
        elif self.actions_played >= self.max_actions:
            lines.append(f"truncated at {self.max_actions} actions")
        else:
            lines.append(f"to move: player_{st.current_player}; "
                         f"legal: {allowed_list([a.text() for a in st.legal_actions()])}")
        return "\n".join(lines)

    def close(self) -> None:
        pass


def env(game: str, players: int, options: Mapping[str, Any] | None = None, **kw: Any) -> Any:
    """``raw_env`` in PettingZoo's ``OrderEnforcingWrapper`` (which refuses a step before ``reset``); the keyword
    arguments are ``raw_env``'s. ``.unwrapped`` is the ``raw_env``."""
    return OrderEnforcingWrapper(raw_env(game, players, options, **kw))
