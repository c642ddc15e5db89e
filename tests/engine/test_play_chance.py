"""Chance played in runs (``State.play_chance``, how search plays chance) and the draws behind it
(``engine/draws.py``): for every game, a run of chance ends where a seat must act (or the game is over) with the
game's invariants kept; a draw takes each order of the pool equally often and leaves the rest in place."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from ludotheque.engine import CHANCE, TERMINAL, all_games, get_game
from ludotheque.engine.draws import below, draw


@pytest.mark.parametrize("name", [g.info.name for g in all_games()])
def test_a_run_of_chance_ends_at_a_decision_and_keeps_the_invariants(name: str) -> None:
    game = get_game(name)
    runs = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_game(max(game.info.min_players, min(4, game.info.max_players)))
        while state.current_player != TERMINAL:
            if state.current_player == CHANCE:
                state.play_chance(rng)
                runs += 1
                assert state.current_player != CHANCE
            else:
                legal = state.legal_actions()
                state.apply_legal(legal[int(rng.random() * len(legal))])
            state.check_invariants()
    assert runs > 0


def test_play_chance_where_no_chance_is_pending_changes_nothing() -> None:
    for name in ("acquire", "gracias"):
        game = get_game(name)
        state = game.new_game(4)
        rng = random.Random(1)
        state.play_chance(rng)
        before = state.to_json()
        state.play_chance(rng)
        assert state.to_json() == before and state.current_player not in (CHANCE, TERMINAL)


def test_below_is_uniform_and_in_range() -> None:
    rng = random.Random(5)
    counts = Counter(below(rng, 6) for _ in range(12_000))
    assert set(counts) == set(range(6))
    assert all(abs(k - 2_000) < 4 * (2_000 * 5 / 6) ** 0.5 for k in counts.values()), counts


def test_a_draw_gives_every_order_equally_often_and_keeps_the_rest_in_place() -> None:
    rng = random.Random(3)
    seen: Counter[tuple[str, ...]] = Counter()
    for _ in range(12_000):
        pool = list("abcd")
        drawn = draw(pool, 2, rng)
        assert sorted(drawn + pool) == list("abcd") and pool == sorted(pool)
        seen[tuple(drawn)] += 1
    assert set(seen) == set(itertools.permutations("abcd", 2))
    assert all(abs(k - 1_000) < 4 * (1_000 * 11 / 12) ** 0.5 for k in seen.values()), seen


def test_a_draw_from_a_bytearray_of_colours() -> None:
    pool = bytearray(b"\x00\x00\x01\x02")
    drawn = draw(pool, 4, random.Random(2))
    assert sorted(drawn) == [0, 0, 1, 2] and not pool
