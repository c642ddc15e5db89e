"""Stack Market's search hooks (``games/stack_market/search.py``): the evaluation is a set of chances that sums to
1 and puts a seat far ahead first; candidates and rollout moves are always legal and never empty; every hint is
a catalogue entry in both languages; and the search bot plays a whole game with them."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludotheque.bots import make_bot
from ludotheque.engine import CHANCE, play_out
from ludotheque.engine.game import get_game
from ludotheque.engine.state import Action
from ludotheque.games.stack_market import StackMarket, StackMarketState
from ludotheque.games.stack_market.actions import Aim
from ludotheque.games.stack_market.heuristic import HeuristicBot
from ludotheque.games.stack_market.search import HOOKS, StackMarketSearch
from ludotheque.games.stack_market.state import AIM, CHANGE
from tests.hint_support import assert_reasons_worded
from tests.positions import bot_positions

GAME = StackMarket()


def _new(players: int, options: dict[str, Any] | None = None, steadiness: list[int] | None = None) -> StackMarketState:
    settings = None if steadiness is None else [{"steadiness": s} for s in steadiness]
    state = GAME.new_game(players, options or {}, settings)
    assert isinstance(state, StackMarketState)
    return state


def _positions(players: int, seed: int, steadiness: list[int] | None = None) -> list[StackMarketState]:
    """Every position where a seat chooses in one game of heuristic bots (and a random one in seat 1)."""
    return bot_positions(_new(players, {}, steadiness), seed, HeuristicBot, random_seats={1})


def test_registered() -> None:
    assert isinstance(get_game("stack-market").search_hooks(), StackMarketSearch)


@pytest.mark.parametrize(("players", "seed", "steadiness"), [(4, 1, None), (3, 2, [0, 4000, 1800]), (4, 3, [800] * 4)])
def test_hooks_are_legal_and_hints_are_in_the_catalogues(players: int, seed: int, steadiness: list[int] | None) -> None:
    rng = random.Random(seed)
    seen_kinds: set[str] = set()
    off_grid = 0
    for state in _positions(players, seed, steadiness):
        legal = state.legal_actions()
        candidates = HOOKS.candidates(state, legal)
        assert candidates and all(state.is_legal(a) for a in candidates)
        if state.phase == AIM:
            assert len(candidates) <= 2
            off_grid += any(a not in legal for a in candidates)  # aims anywhere, not only the listed ones
        for _ in range(2):
            action = HOOKS.rollout_action(state, legal, rng)
            assert state.is_legal(action), action
        judged = HOOKS.evaluate(state)
        if judged is not None:
            assert len(judged) == players and abs(sum(judged) - 1) < 1e-9 and min(judged) >= 0
        tried: list[Action] = [*candidates, legal[int(rng.random() * len(legal))]]
        for action in tried:
            reasons = HOOKS.reasons(state, action, state.current_player)
            assert_reasons_worded(GAME, reasons)
            seen_kinds.update(key for key, _ in reasons)
            for key, fields in reasons:  # a crooked aim is named only where the next die is worse off for it
                if key == "crooked_aim":
                    assert fields["next"] < 100 and fields["next"] < crooked_baseline(state), (fields, action)
    assert {"safe_aim", "stay"} <= seen_kinds
    assert off_grid


def test_a_seat_far_ahead_is_ranked_first() -> None:
    for state in _positions(4, 5):
        if state.phase == CHANGE and state.round == 1:
            break
    else:  # pragma: no cover - every game has a second round
        raise AssertionError("no position in round 2")
    rich = state.clone()
    rich.cash = [50_000, 50_000, 250_000, 50_000]
    judged = HOOKS.evaluate(rich)
    assert judged is not None
    assert max(range(4), key=lambda p: judged[p]) == 2 and judged[2] > 0.9
    assert abs(sum(judged) - 1) < 1e-9


def test_the_safe_aim_leans_back_over_a_leaning_building() -> None:
    """A building leaning to the right: the aim search branches on is to the left of the top die."""
    from ludotheque.games.stack_market.physics import Column, stacked_on

    state = _new(4)
    rng = random.Random(1)
    while state.phase != AIM:
        p = state.current_player
        state.apply_legal(state.sample_chance(rng) if p == CHANCE else state.legal_actions()[0])
    c = state.building
    column = Column()
    for k in range(12):
        column.place(stacked_on(column.poses[-1] if column.poses else None, 1200 if k else 0, 0, 0))
    state.columns[c] = column
    state.faces[c] = [0] * 12
    (aim,) = HOOKS.candidates(state, state.legal_actions())
    assert isinstance(aim, Aim) and aim.x < 0


def test_the_search_bot_plays_a_game_with_the_hooks() -> None:
    state = _new(3, {"rounds": 1})
    bots = [make_bot("mcts:iterations=20", "stack-market", 0, random.Random(1)),
            *(make_bot("heuristic", "stack-market", s, random.Random(s)) for s in (1, 2))]
    play_out(state, bots, random.Random(3))
    assert state.is_terminal()


def test_search_aims_where_the_heuristic_does_and_remembers_it_rightly() -> None:
    """The aim search branches on is the heuristic's own (``heuristic.safest_aim``), not the nearest listed one; the
    aims kept for a building and hands are the ones worked out afresh."""
    from ludotheque.engine.bots import SeatView
    from ludotheque.games.stack_market import search

    compared = 0
    for state in _positions(4, 7):
        if state.phase != AIM or search.rival_left(state) >= 0 or state.stacker >= 0:
            continue
        kept = search.aims(state)
        search._AIMS.clear()
        assert search.aims(state) == kept
        seat = state.current_player
        heuristic = HeuristicBot(seat, random.Random(0))
        assert kept == [heuristic.choose(SeatView(state, seat, state.legal_actions()))]
        compared += 1
    assert compared >= 5


def crooked_baseline(state: Any) -> int:
    """The next die's chance (%) on the building if the die to place now took the safe aim."""
    from ludotheque.games.stack_market.search import aims, field_of, rival_left

    field = field_of(state.columns[state.building])
    safe = aims(state)[0]
    hand = float(state.steadiness[rival_left(state)])
    return round(100 * field.after(field.top[0] + safe.x, field.top[1] + safe.y).best_survival(hand))
