"""Luxembourg-Shopping's search hooks (``games/luxembourg_shopping/search.py``): the evaluation is a set of chances
that sums to 1 and puts a seat far ahead first (and a seat out of the game last, at nothing); candidates and rollout
moves are always legal and never empty; every hint is a catalogue entry in both languages; and the search bot plays
a whole game with them."""

from __future__ import annotations

import random

import pytest

from ludotheque.bots import make_bot
from ludotheque.engine import play_out
from ludotheque.engine.game import get_game
from ludotheque.games.luxembourg_shopping.actions import BUY, PASS, Merge
from ludotheque.games.luxembourg_shopping.heuristic import HeuristicBot
from ludotheque.games.luxembourg_shopping.search import BUY_MARGIN, HOOKS, LuxembourgSearch, buy_margin
from ludotheque.games.luxembourg_shopping.state import BUY_STEP, GALLERY_STEP, LuxembourgState
from tests.hint_support import assert_reasons_worded
from tests.positions import bot_positions

from .support import position

GAME = get_game("luxembourg-shopping")


def _positions(players: int, seed: int, random_seats: set[int]) -> list[LuxembourgState]:
    """Every position where a seat chooses in one game (heuristic bots but in ``random_seats``)."""
    state = GAME.new_game(players)
    assert isinstance(state, LuxembourgState)
    return bot_positions(state, seed, HeuristicBot, random_seats)


def test_registered() -> None:
    assert isinstance(GAME.search_hooks(), LuxembourgSearch)


@pytest.mark.parametrize(("players", "seed", "random_seats"), [(4, 1, set()), (4, 2, {0, 2}), (2, 3, {1}), (6, 4, {5})])
def test_hooks_are_legal_and_hints_are_in_the_catalogues(players: int, seed: int, random_seats: set[int]) -> None:
    rng = random.Random(seed)
    seen: set[str] = set()
    for state in _positions(players, seed, random_seats):
        legal = state.legal_actions()
        candidates = HOOKS.candidates(state, legal)
        assert candidates and all(a in legal for a in candidates)
        code = state.queue[0][0]
        if code == BUY_STEP:  # both when the heuristic's reserve is close, else its answer
            margin = buy_margin(state)
            assert candidates == (legal if abs(margin) <= BUY_MARGIN else [BUY if margin >= 0 else PASS])
        elif code == GALLERY_STEP:  # the heuristic's gallery and passing
            assert len(candidates) <= 2 and (PASS in candidates or len(candidates) == 1)
        elif len(legal) > 1:  # signs and sales: the heuristic's choice
            assert len(candidates) == 1
        for _ in range(2):
            assert HOOKS.rollout_action(state, legal, rng) in legal
        judged = HOOKS.evaluate(state)
        assert judged is not None and len(judged) == players
        assert abs(sum(judged) - 1) < 1e-9 and min(judged) >= 0
        assert all(judged[p] == 0 for p in state.seats_out())
        for action in legal:
            reasons = HOOKS.reasons(state, action, state.current_player)
            assert_reasons_worded(GAME, reasons)
            seen.update(key for key, _ in reasons)
    assert {"buy", "keep_cash"} <= seen


def test_a_seat_far_ahead_is_ranked_first() -> None:
    owners = {str(s): s % 4 for s in range(1, 25)}
    state = position(4, player=0, owners=owners, signs=[4, 8, 12, 16, 1, 2], cash=[60_000] * 4)
    judged = HOOKS.evaluate(state)
    assert judged is not None and abs(sum(judged) - 1) < 1e-9
    assert max(range(4), key=lambda p: judged[p]) == 0  # four signs of the five that win
    rich = position(4, player=0, owners=owners, cash=[60_000, 60_000, 250_000, 60_000])
    judged = HOOKS.evaluate(rich)
    assert judged is not None and max(range(4), key=lambda p: judged[p]) == 2


def test_the_rollout_takes_a_winning_merger() -> None:
    state = _merge_position()
    legal = state.legal_actions()
    merges = [a for a in legal if isinstance(a, Merge)]
    assert merges and HOOKS.rollout_action(state, legal, random.Random(0)) in merges
    reasons = HOOKS.reasons(state, merges[0], 0)
    assert reasons[0][0] == "gallery_wins"


def _merge_position() -> LuxembourgState:
    """Seat 0 stands on a shop of its gallery of 6, with another gallery of 6 and the cash to merge them (12 win at 4
    players)."""
    g1, g2 = [1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]
    owners = {str(s): 0 for s in g1 + g2}
    square = GAME.new_game(4).t.square_of[1]  # type: ignore[attr-defined]
    return position(4, player=0, owners=owners, galleries=[g1, g2], cash=[150_000, 90_000, 80_000, 80_000],
                    dealt=24, pos=[square, 0, 0, 0], queue=[["gallery"], ["end_turn"]])


def test_the_search_bot_plays_a_game_with_the_hooks() -> None:
    state = GAME.new_game(3, {"rounds": 6})
    bots = [make_bot("mcts:iterations=30", "luxembourg-shopping", 0, random.Random(1)),
            *(make_bot("heuristic", "luxembourg-shopping", s, random.Random(s)) for s in (1, 2))]
    play_out(state, bots, random.Random(3))
    assert state.is_terminal()
