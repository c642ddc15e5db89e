"""Every game's action encoding and observation array, over seeded random games.

At every decision of ~20 random games per game: every legal action encodes, decodes back to itself and to what its
text parses to, the mask is exactly the legal actions, and every seat's observation keeps its length. Hidden
information: re-dealing what a seat cannot see leaves its observation array unchanged (Acquire, Gracias).
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from ludotheque.engine.game import get_game  # noqa: E402
from ludotheque.engine.state import State  # noqa: E402
from ludotheque.learn.encoding import (  # noqa: E402
    ActionEncodingError,
    NoEncodingError,
    encoding_for,
    encoding_module_name,
)

GAMES = {"acquire": 20, "gracias": 20, "stack-market": 12, "luxembourg-shopping": 20, "a-vendre": 20}
"""Random games per game (Stack Market's are long: some 250 aims of 75 choices each)."""

CONFIGS: list[tuple[str, list[tuple[int, dict[str, Any]]]]] = [
    ("acquire", [(2, {}), (3, {"cards": True}), (4, {"secret_holdings": True}), (6, {"cards": True})]),
    ("gracias", [(3, {}), (4, {"packets": "many"}), (6, {})]),
    ("stack-market", [(3, {}), (4, {"removed_dice": "round"})]),
    ("luxembourg-shopping", [(2, {}), (3, {}), (4, {}), (6, {})]),
    ("a-vendre", [(2, {}), (4, {"game": "double"}), (9, {})]),
]
SIZES = {"acquire": 474, "gracias": 42, "stack-market": 427, "luxembourg-shopping": 1767, "a-vendre": 57}
"""The action spaces the modules' docstrings give."""
OBSERVATION_SIZES = {  # (players -> length), as the docstrings give them
    "acquire": lambda n: 1390 + 19 * n,
    "gracias": lambda n: 119 + 15 * n,
    "stack-market": lambda n: 48 + 70 * n + 2 * n * n,
    "luxembourg-shopping": lambda n: 408 + 133 * n,
    "a-vendre": lambda n: 576 + 62 * n,
}


def random_games(name: str, games: int) -> Any:
    """(game, state) at every decision of ``games`` seeded random games, over the game's configurations."""
    game = get_game(name)
    configs = dict(CONFIGS)[name]
    for i in range(games):
        players, options = configs[i % len(configs)]
        rng = random.Random(i)
        state = game.new_game(players, options)
        while not state.is_terminal():
            if state.is_chance():
                state.apply(state.sample_chance(rng))
                continue
            yield game, state
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])


@pytest.mark.parametrize("name", [c[0] for c in CONFIGS])
def test_every_legal_action_round_trips_and_the_mask_is_exact(name: str) -> None:
    enc = encoding_for(name)
    codec = enc.actions
    assert codec.size == SIZES[name]
    lengths: dict[int, int] = {}
    parsed: dict[str, Any] = {}  # game.parse_action is context-free: once a text suffices
    decisions = 0
    for step, (game, state) in enumerate(random_games(name, GAMES[name])):
        decisions += 1
        legal = state.legal_actions()
        indices = []
        for action in legal:
            i = codec.encode(action, state)
            assert 0 <= i < codec.size
            assert codec.decode(i, state) == action, action.text()
            text = action.text()
            if text not in parsed:
                parsed[text] = game.parse_action(text)
            assert codec.encode(parsed[text], state) == i, text
            assert codec.encode(state.parse_action(action.text()), state) == i, action.text()
            indices.append(i)
        assert len(set(indices)) == len(legal), "two legal actions share an index"
        mask = codec.legal_mask(state)
        assert mask.dtype == np.bool_ and mask.shape == (codec.size,)
        assert set(np.flatnonzero(mask).tolist()) == set(indices)
        n = state.num_players
        seats = range(n) if step % 7 == 0 else [state.current_player]
        for seat in seats:
            vector = enc.observation_array(state, seat)
            assert vector.dtype == np.float32 and vector.ndim == 1
            assert np.isfinite(vector).all()
            assert lengths.setdefault(n, vector.shape[0]) == vector.shape[0]
    assert decisions > 10 * GAMES[name]
    assert lengths == {n: OBSERVATION_SIZES[name](n) for n in lengths}


@pytest.mark.parametrize(("name", "players"), [("acquire", 4), ("acquire", 2), ("gracias", 4), ("gracias", 6)])
def test_a_seats_array_does_not_change_when_hidden_parts_are_redealt(name: str, players: int) -> None:
    """What another seat holds (Acquire: tiles in hand and the bag; Gracias: face-down cards, the pile) is re-dealt by
    ``resample(seat)``; the seat's array stays the same, while another seat's usually changes (so the test bites)."""
    game = get_game(name)
    enc = encoding_for(game)
    changed = 0
    for g in range(4):
        rng = random.Random(100 + g)
        state = game.new_game(players, {"secret_holdings": g % 2 == 1} if name == "acquire" else {})
        for step in itertools.count():
            if state.is_terminal():
                break
            if state.is_chance():
                state.apply(state.sample_chance(rng))
                continue
            if step % 5 == 0:
                for seat in range(players):
                    other = state.resample(seat, rng)
                    assert np.array_equal(enc.observation_array(other, seat), enc.observation_array(state, seat))
                    neighbour = (seat + 1) % players
                    changed += not np.array_equal(enc.observation_array(other, neighbour),
                                                  enc.observation_array(state, neighbour))
            state.apply(state.random_action(rng))
    assert changed > 0


def test_off_grid_moves_have_no_index() -> None:
    from ludotheque.games.a_vendre.actions import Bid
    from ludotheque.games.stack_market.actions import Aim

    aim = encoding_for("stack-market").actions
    state = get_game("stack-market").new_game(3)
    assert aim.encode(Aim(0, 0, 0), state) == 9 + 15 * 2 + 3 * 2 + 1  # the grid's centre
    with pytest.raises(ActionEncodingError, match="'aim 1 2 3' has no index"):
        aim.encode(Aim(1, 2, 3), state)
    bids = encoding_for("a-vendre").actions
    with pytest.raises(ActionEncodingError, match="only during an auction"):
        bids.encode(Bid(1230), get_game("a-vendre").new_game(3))


def test_position_relative_indices_need_their_position() -> None:
    acquire = encoding_for("acquire").actions
    state = get_game("acquire").new_game(3)
    with pytest.raises(ActionEncodingError, match="disposed of"):
        acquire.decode(300, state)
    with pytest.raises(ActionEncodingError, match="out of range"):
        acquire.decode(acquire.size, state)
    with pytest.raises(ActionEncodingError, match="stacking order"):
        encoding_for("stack-market").actions.decode(100, get_game("stack-market").new_game(3))


def test_stacking_slots_cover_every_hand() -> None:
    """No hand offers more stacking choices than the encoding has slots: every hand of up to 10 dice on every top
    (the docstring's figure for up to 30 dice was found the same way, off line)."""
    from ludotheque.games.stack_market.encoding import STACK_SLOTS
    from ludotheque.games.stack_market.stacking import stacking_choices

    found = []
    for h in range(1, 11):
        most = max(len(stacking_choices(top, hand)) for hand in itertools.combinations_with_replacement(range(5), h)
                   for top in range(5))
        found.append(most)
    assert found == [1, 2, 4, 8, 8, 11, 15, 18, 27, 27]  # ((h + 1) // 5 + 1) ** 3 at h = 4, 5, 9, 10… 29, 30
    assert max(found) <= STACK_SLOTS == 7 ** 3


def test_a_game_without_an_encoding_is_refused_by_name() -> None:
    game = get_game("hidden-dice")  # a test game (tests/plugins)
    assert encoding_module_name(game) == "tests.plugins.encoding"
    with pytest.raises(NoEncodingError, match="hidden-dice has no learning encoding"):
        encoding_for(game)


def test_the_encoding_is_found_from_the_games_package() -> None:
    from ludotheque.games.acquire import encoding

    enc = encoding_for(get_game("grand-hotel"))
    assert enc.actions is encoding.ENCODING
    state: State = get_game("acquire").new_game(3)
    assert enc.observation_size(state) == OBSERVATION_SIZES["acquire"](3)
