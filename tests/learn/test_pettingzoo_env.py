"""The PettingZoo AEC environment of every game: PettingZoo's own API test, seeded reproducibility, masks, rewards,
truncation, illegal indices, and the built-in bots as opponents."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test  # noqa: E402
from pettingzoo.test.seed_test import check_environment_deterministic  # noqa: E402

from ludotheque.engine.errors import IllegalActionError  # noqa: E402
from ludotheque.learn.opponents import BotOpponent, play_game  # noqa: E402
from ludotheque.learn.pettingzoo_env import env, raw_env  # noqa: E402

GAMES = [("acquire", 4), ("gracias", 4), ("stack-market", 3), ("luxembourg-shopping", 4), ("a-vendre", 4)]
NAMES = [g for g, _ in GAMES]


def random_policy(seed: int) -> Any:
    rng = np.random.default_rng(seed)

    def choose(observation: dict[str, Any], agent: str) -> int:
        return int(rng.choice(np.flatnonzero(observation["action_mask"])))

    return choose


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_pettingzoo_api_test(name: str, players: int) -> None:
    with warnings.catch_warnings():
        # A dict observation (with its action mask) is PettingZoo's own convention for board games; its test only
        # exempts its classic games by name.
        warnings.filterwarnings("ignore", "Observation is not a NumPy array")
        warnings.filterwarnings("ignore", "Observation space for each agent probably should be")
        api_test(env(name, players), num_cycles=300)


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_same_seed_same_game(name: str, players: int) -> None:
    check_environment_deterministic(env(name, players), env(name, players), 200)

    def trajectory(seed: int) -> list[Any]:
        e = env(name, players)
        e.reset(seed=seed)
        policy = random_policy(0)
        seen = []
        for agent in e.agent_iter():
            observation, reward, terminated, truncated, _ = e.last()
            seen.append((agent, observation["observation"].tobytes(), reward))
            e.step(None if terminated or truncated else policy(observation, agent))
        return seen

    first = trajectory(11)
    assert trajectory(11) == first
    assert trajectory(12) != first


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_masks_are_the_legal_actions_and_rewards_come_at_the_end(name: str, players: int) -> None:
    e = env(name, players)
    raw = e.unwrapped
    for seed in range(2):
        e.reset(seed=seed)
        policy = random_policy(seed)
        final: dict[str, float] = {}
        for agent in e.agent_iter():
            observation, reward, terminated, truncated, _ = e.last()
            if terminated or truncated:
                final[agent] = reward
                e.step(None)
                continue
            assert reward == 0
            state = raw.game_state
            assert raw.possible_agents[state.current_player] == agent
            mask = observation["action_mask"]
            assert mask.dtype == np.int8
            legal = {raw.encoding.actions.encode(a, state) for a in state.legal_actions()}
            assert set(np.flatnonzero(mask).tolist()) == legal
            for other in raw.possible_agents:
                if other != agent:
                    assert not e.observe(other)["action_mask"].any()
            e.step(policy(observation, agent))
        assert set(final) == set(raw.possible_agents)
        outcome = raw.game_state.outcome()
        assert sum(final.values()) == pytest.approx(1.0)
        assert {a for a, r in final.items() if r > 0} == {f"player_{w}" for w in outcome.winners}


def test_rank_rewards() -> None:
    e = env("gracias", 4, reward="rank")
    e.reset(seed=3)
    rewards = play_game(e, {a: random_policy(1) for a in e.possible_agents}, {}, seed=3)
    ranks = e.unwrapped.game_state.outcome().ranks
    assert rewards == {f"player_{s}": (4 - r) / 3 for s, r in enumerate(ranks)}


def test_a_long_game_is_truncated_without_reward() -> None:
    e = env("acquire", 3, max_actions=40)
    e.reset(seed=1)
    policy = random_policy(1)
    steps = 0
    for agent in e.agent_iter():
        observation, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            assert truncated and not terminated and reward == 0
            e.step(None)
        else:
            e.step(policy(observation, agent))
            steps += 1
    assert e.unwrapped.actions_played == 40 and steps < 40


def test_an_illegal_index_is_refused_and_changes_nothing() -> None:
    e = env("gracias", 3)
    e.reset(seed=0)
    raw = e.unwrapped
    before = raw.game_state.to_json()
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError, match="is not legal for player_"):
        e.step(illegal)
    with pytest.raises(ValueError, match="out of range"):
        e.step(raw.encoding.actions.size)
    with pytest.raises(IllegalActionError, match="must move"):
        raw.step(None)
    for not_whole in (0.7, True, "1", np.float64(1.0), np.array([1])):  # int() would have played another move
        with pytest.raises(ValueError, match="is not a whole number: indices are the integers 0 to"):
            raw.step(not_whole)
    assert raw.game_state.to_json() == before
    legal = int(np.flatnonzero(mask)[0])
    raw.step(np.array(legal, dtype=np.int64))  # a policy's argmax as a 0-d array is a whole number
    assert raw.game_state.to_json() != before
    with pytest.raises(ValueError, match="no game named"):
        raw_env("chess", 2)


def test_a_seat_observes_only_its_own_view() -> None:
    """The environment's observation is the encoding's array of the seat's view: the same after another seat's hand
    is re-dealt."""
    import random

    e = env("acquire", 4)
    e.reset(seed=5)
    raw = e.unwrapped
    for agent in raw.possible_agents:
        seat = raw.seat_of[agent]
        before = e.observe(agent)["observation"]
        raw.game_state = raw.game_state.resample(seat, random.Random(seat))
        assert np.array_equal(e.observe(agent)["observation"], before)


@pytest.mark.parametrize("name", NAMES)
def test_built_in_bots_play_through_the_environment(name: str) -> None:
    players = dict(GAMES)[name]
    e = env(name, players)
    bots = {f"player_{i}": "heuristic" for i in range(1, players)}
    rewards = play_game(e, {"player_0": random_policy(0)}, bots, seed=4)
    assert sum(rewards.values()) == pytest.approx(1.0)
    assert e.unwrapped.game_state.is_terminal()


def test_a_bot_only_moves_for_its_agent_and_may_play_off_the_grid() -> None:
    e = env("stack-market", 3)
    e.reset(seed=2)
    raw = e.unwrapped
    idle = next(a for a in raw.possible_agents if a != raw.agent_selection)
    with pytest.raises(ValueError, match="is not the agent to move"):
        BotOpponent("heuristic", e, idle, seed=0).choose()
    off_grid = 0
    for agent in e.agent_iter(2000):
        _, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        move = BotOpponent("heuristic", e, agent, seed=0).choose()
        try:
            raw.encoding.actions.encode(move, raw.game_state)
        except ValueError:
            off_grid += 1
        e.step(move)
    assert off_grid > 0


def test_render_says_who_moves() -> None:
    e = env("a-vendre", 3, render_mode="ansi")
    e.reset(seed=0)
    text = e.render()
    assert "A Vendre" in text and "to move: player_" in text
