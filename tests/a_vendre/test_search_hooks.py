"""« A Vendre ! »'s search hooks (``games/a_vendre/search.py``): the evaluation is a set of chances that sums to 1
and puts a seat far ahead first (a seat out of the game at nothing); candidates and rollout moves are always legal
and never empty; every hint is a catalogue entry in both languages; and the search bot plays a whole game with
them."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludotheque.bots import make_bot
from ludotheque.engine import play_out
from ludotheque.games.a_vendre.actions import BUY, PASS, TAX, Bid
from ludotheque.games.a_vendre.heuristic import HeuristicBot
from ludotheque.games.a_vendre.search import BID_CHOICES, HOOKS, AVendreSearch
from ludotheque.games.a_vendre.state import BID_STEP, AVendreState
from tests.hint_support import assert_reasons_worded
from tests.positions import bot_positions

from .support import GAME, position


def _positions(players: int, seed: int, random_seats: set[int], options: dict[str, Any]) -> list[AVendreState]:
    """Every position where a seat chooses in one game (heuristic bots but in ``random_seats``)."""
    state = GAME.new_game(players, options)
    assert isinstance(state, AVendreState)
    return bot_positions(state, seed, HeuristicBot, random_seats)


def test_registered() -> None:
    assert isinstance(GAME.search_hooks(), AVendreSearch)


@pytest.mark.parametrize(("players", "seed", "random_seats", "options"), [
    (4, 1, set(), {}), (4, 2, {0, 1, 2}, {}), (4, 3, {1}, {"game": "double"}), (2, 4, {0}, {}), (9, 5, {2, 5}, {}),
])
def test_hooks_are_legal_and_hints_are_in_the_catalogues(players: int, seed: int, random_seats: set[int],
                                                         options: dict[str, Any]) -> None:
    rng = random.Random(seed)
    seen: set[str] = set()
    for state in _positions(players, seed, random_seats, options):
        legal = state.legal_actions()
        candidates = HOOKS.candidates(state, legal)
        assert candidates and all(a in legal for a in candidates)
        if state.queue[0][0] == BID_STEP:
            assert PASS in candidates and sum(isinstance(a, Bid) for a in candidates) <= BID_CHOICES
        for _ in range(2):
            assert state.is_legal(HOOKS.rollout_action(state, legal, rng))
        judged = HOOKS.evaluate(state)
        assert judged is not None and len(judged) == players
        assert abs(sum(judged) - 1) < 1e-9 and min(judged) >= 0
        assert all(judged[p] == 0 for p in state.seats_out())
        for action in legal:
            reasons = HOOKS.reasons(state, action, state.current_player)
            assert_reasons_worded(GAME, reasons)
            seen.update(key for key, _ in reasons)
    assert seen & {"buy", "tax"}


def test_a_seat_far_ahead_is_ranked_first() -> None:
    state = position(4, player=1, cash=[2_000, 9_000, 2_000, 2_000], pos=[20, 22, 18, 25])
    judged = HOOKS.evaluate(state)
    assert judged is not None and abs(sum(judged) - 1) < 1e-9
    assert max(range(4), key=lambda p: judged[p]) == 1 and judged[1] > 0.9
    titled = position(4, player=1, cash=[3_000] * 4, pos=[20, 22, 18, 25],
                      owners={str(t): 3 for t in range(20, 40)})
    judged = HOOKS.evaluate(titled)
    assert judged is not None and max(range(4), key=lambda p: judged[p]) == 3


def test_the_rollout_buys_a_cheap_business_early_and_pays_the_tax_late() -> None:
    """Square 8 (title 5, 320/50) at the start, the three other pawns behind it: buy; square 59 (title 43,
    1 360/200) with nobody behind: pay the tax."""
    early = position(4, player=0, pos=[8, 1, 1, 1], queue=[["buy"], ["draw"], ["end_turn"]])
    assert HOOKS.rollout_action(early, early.legal_actions(), random.Random(0)) == BUY
    late = position(4, player=0, pos=[59, 57, 58, 59], queue=[["buy"], ["draw"], ["end_turn"]])
    assert HOOKS.rollout_action(late, late.legal_actions(), random.Random(0)) == TAX


def test_the_search_bot_plays_a_game_with_the_hooks() -> None:
    state = GAME.new_game(3)
    bots = [make_bot("mcts:iterations=30", "a-vendre", 0, random.Random(1)),
            *(make_bot("heuristic", "a-vendre", s, random.Random(s)) for s in (1, 2))]
    play_out(state, bots, random.Random(3))
    assert state.is_terminal()


def test_a_search_bot_works_out_the_board_numbers_when_made_not_on_its_first_moves_clock(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The heuristic's board numbers take about half a second once per process: a search bot (``expert``) works
    them out when it is made, so that its first move keeps to a deadline."""
    from ludotheque.engine import memo
    from ludotheque.games.a_vendre import heuristic
    from ludotheque.games.a_vendre.tables import load_tables

    monkeypatch.setattr(memo, "_MEMO", {})  # as in a new process
    worked: list[object] = []
    real = heuristic._board_stats
    monkeypatch.setattr(heuristic, "_board_stats", lambda t: worked.append(t) or real(t))
    make_bot("expert", "a-vendre", 0, random.Random(1))
    assert worked == [load_tables({})]
    state = GAME.new_game(3)
    assert heuristic.board_stats(state.t) is heuristic.board_stats(load_tables({})) and len(worked) == 1
