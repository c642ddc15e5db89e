"""Acquire's search hooks: the evaluation ranks the richest seat first and sums to one, the rollout policy only
plays legal moves and announces the end when it leads, and every reason a hint gives is worded in both languages."""

from __future__ import annotations

import random

from ludotheque.engine import get_game
from ludotheque.engine.search import softmax
from ludotheque.games.acquire import actions as A
from ludotheque.games.acquire.search import HOOKS, net_worths, progress_of
from ludotheque.games.acquire.state import AcquireState
from tests.positions import positions, random_choice

GAME = get_game("acquire")


def random_positions(games: int, seed: int) -> list[AcquireState]:
    """Every seat decision of ``games`` random 4-player games."""
    out: list[AcquireState] = []
    rng = random.Random(seed)
    for _ in range(games):
        st = GAME.new_game(4)
        assert isinstance(st, AcquireState)
        out += positions(st, rng, random_choice(rng))
    return out


def test_the_evaluation_sums_to_one_and_puts_the_richest_first() -> None:
    for st in random_positions(3, 1)[::25]:
        chances = HOOKS.evaluate(st)
        assert chances is not None and abs(sum(chances) - 1) < 1e-9 and all(0 <= c <= 1 for c in chances)
        worths = net_worths(st, progress_of(st))
        assert max(range(4), key=lambda p: chances[p]) == max(range(4), key=lambda p: worths[p])
    st = random_positions(1, 2)[40]
    st.cash[2] += 30_000
    chances = HOOKS.evaluate(st)
    assert chances is not None and chances[2] > 0.9
    assert softmax([1.0, 1.0, 0.0], 1.0, alive=[True, False, True])[1] == 0.0


def test_the_rollout_policy_plays_legal_moves_and_announces_when_it_leads() -> None:
    rng = random.Random(3)
    announced = 0
    for st in random_positions(4, 3):
        legal = st.legal_actions()
        action = HOOKS.rollout_action(st, legal, rng)
        assert action in legal
        if A.ANNOUNCE in legal:
            worths = net_worths(st, 1.0)
            assert (action == A.ANNOUNCE) == (worths[st.turn_player] >= max(worths))
            announced += action == A.ANNOUNCE
    assert announced >= 1


def test_every_reason_is_worded_in_both_languages() -> None:
    keys = set()
    for st in random_positions(3, 4)[::3]:
        seat = st.current_player
        for action in st.legal_actions():
            for key, fields in HOOKS.reasons(st, action, seat):
                keys.add(key)
                for lang in ("en", "fr"):
                    plural = GAME.catalog.has(f"hint.{key}_one")
                    name = f"hint.{key}_{'other' if plural else ''}".rstrip("_")
                    assert GAME.catalog.has(name), name
                    text = GAME.catalog.t(lang, name, **fields)
                    assert "{" not in text and text != name
    assert {"found", "grow", "majority", "keep_cash"} <= keys, keys
