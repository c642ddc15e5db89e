"""The opponent model (``SearchHooks.model``): where a game names one of its bots, that bot plays the other seats in
the search's tree and rollouts; it sees only re-dealt states, so the search stays blind to what its seat cannot
see, and a bot may turn it off (``mcts:model=false``)."""

from __future__ import annotations

import random

import pytest

from ludotheque.bots import make_bot
from ludotheque.bots.search import Node, OpponentModel, Search, SearchBot, opponent_model
from ludotheque.engine import get_game
from ludotheque.engine.bots import SeatView
from ludotheque.engine.state import Action, State

from .test_search import position


class RecordingModel(OpponentModel):
    """The game's model, keeping every move it made, by seat."""

    __slots__ = ("made",)

    def __init__(self, model: OpponentModel) -> None:
        super().__init__(model.make, model.seed)
        self.made: dict[int, set[Action]] = {}

    def move(self, state: State, player: int) -> Action:
        action = super().move(state, player)
        self.made.setdefault(player, set()).add(action)
        return action


def modelled_search(state: State, seed: int) -> Search:
    game = get_game("acquire")
    hooks = game.search_hooks()
    rng = random.Random(seed)
    model = opponent_model(game, hooks, rng)
    assert model is not None, "Acquire names its heuristic as the opponent model"
    return Search(SeatView(state, state.current_player, state.legal_actions()), rng, hooks,
                  max_actions=game.info.max_actions, model=RecordingModel(model))


def others_moves(node: Node, seat: int) -> list[tuple[int, Action]]:
    """Every move of another seat in the tree below ``node``, with its mover."""
    found = []
    for action, child in node.children.items():
        if child.actor != seat:
            found.append((child.actor, action))
        found += others_moves(child, seat)
    return found


def test_the_others_moves_in_the_tree_are_the_models() -> None:
    state = position("acquire", 4, 11, 30)
    seat = state.current_player
    search = modelled_search(state, 5)
    search.run(150)
    model = search.model
    assert isinstance(model, RecordingModel)
    assert seat not in model.made, "the model never plays the searching seat"
    tree = others_moves(search.root, seat)
    assert tree, "the tree reached the other seats' moves"
    assert all(action in model.made.get(mover, set()) for mover, action in tree)
    unmodelled = Search(SeatView(state, seat, state.legal_actions()), random.Random(5),
                        get_game("acquire").search_hooks(), max_actions=get_game("acquire").info.max_actions)
    unmodelled.run(150)
    free = others_moves(unmodelled.root, seat)
    assert any(action not in model.made.get(mover, set()) for mover, action in free), \
        "without the model the tree also tries moves the model would not make"


def test_rollouts_play_the_others_with_the_model(monkeypatch: pytest.MonkeyPatch) -> None:
    """The game's rollout policy plays only the searching seat; without the model it plays everyone."""
    state = position("acquire", 4, 11, 30)
    seat = state.current_player
    hooks = get_game("acquire").search_hooks()
    players: list[int] = []
    policy = type(hooks).rollout_action

    def recorded(self: object, st: State, legal: list[Action], rng: random.Random) -> Action:
        players.append(st.current_player)
        return policy(hooks, st, legal, rng)

    monkeypatch.setattr(type(hooks), "rollout_action", recorded)
    search = modelled_search(state, 5)
    search.run(100)
    assert players and set(players) == {seat}
    players.clear()
    Search(SeatView(state, seat, state.legal_actions()), random.Random(5), hooks, max_actions=100_000).run(100)
    assert set(players) > {seat}


def test_a_modelled_search_does_not_depend_on_what_its_seat_cannot_see() -> None:
    """The model is shown re-dealt states only: two true states the seat cannot tell apart give the same
    thinking, figure by figure, and the same moves of the model."""
    state = position("acquire", 4, 11, 30)
    seat = state.current_player
    other = state.resample(seat, random.Random(99))
    assert other.observation(seat) == state.observation(seat) and other.to_json() != state.to_json()
    first, second = modelled_search(state, 5), modelled_search(other, 5)
    first.run(200)
    second.run(200)
    assert first.estimates() == second.estimates() and first.estimates()
    assert isinstance(first.model, RecordingModel) and isinstance(second.model, RecordingModel)
    assert first.model.made == second.model.made


def test_a_modelled_search_is_deterministic_for_a_seed() -> None:
    state = position("acquire", 4, 3, 12)
    runs = [modelled_search(s, seed) for s, seed in ((state, 1), (state.clone(), 1), (state, 2))]
    for search in runs:
        search.run(150)
    a, b, c = (s.estimates() for s in runs)
    assert a == b
    assert a != c, "another seed thinks otherwise"


def test_bots_take_the_games_model_unless_told_not_to() -> None:
    rng = random.Random(0)
    expert = make_bot("expert", "acquire", 0, rng)
    plain = make_bot("mcts:model=false", "acquire", 0, rng)
    no_model = make_bot("mcts:model=true", "stack-market", 0, rng)  # no model named: nothing to turn on
    assert isinstance(expert, SearchBot) and expert.model
    assert isinstance(plain, SearchBot) and not plain.model
    assert isinstance(no_model, SearchBot) and not no_model.model
    game = get_game("acquire")
    model = opponent_model(game, game.search_hooks(), random.Random(1))
    assert model is not None and model.make is game.bots()["heuristic"]
    assert opponent_model(get_game("stack-market"), get_game("stack-market").search_hooks(), random.Random(1)) is None
    state = position("acquire", 4, 3, 12)
    view = SeatView(state, state.current_player, state.legal_actions())
    for bot in (make_bot("mcts:iterations=30", "acquire", view.seat, random.Random(2)),
                make_bot("mcts:iterations=30:model=false", "acquire", view.seat, random.Random(2))):
        assert isinstance(bot, SearchBot)
        assert bot.choose(view) in view.legal_actions
        assert bot.last is not None and (bot.last.model is not None) == bot.model
