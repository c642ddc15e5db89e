"""Acquire's search hooks: the evaluation ranks the richest seat first and sums to one, the rollout policy only
plays legal moves and announces the end when it leads, and every reason a hint gives is worded in both languages."""

from __future__ import annotations

import random

from ludotheque.engine import get_game
from ludotheque.engine.search import softmax
from ludotheque.games.acquire import actions as A
from ludotheque.games.acquire.search import HOOKS, net_worths, progress_of
from ludotheque.games.acquire.state import AcquireState
from tests.hint_support import NAMES, assert_reasons_worded
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
                assert_reasons_worded(GAME, [(key, fields)])
    assert {"found", "grow", "majority", "keep_cash"} <= keys, keys


def test_a_hint_names_the_chains_as_the_board_does() -> None:
    """A reason names a chain by its name on the board, « Impérial », never by its id ``Imperial``, and a
    merger's chains joined as the language joins them."""
    worded: dict[str, list[str]] = {}
    for st in random_positions(3, 4)[::3]:
        seat = st.current_player
        for action in st.legal_actions():
            for key, fields in HOOKS.reasons(st, action, seat):
                for lang in ("en", "fr"):
                    text = GAME.describe_reason(key, fields, lang, NAMES)
                    assert "Imperial" not in text and " + " not in text, (key, lang, text)
                    worded.setdefault(f"{key}.{lang}", []).append(text)
    assert any("Impérial" in text for text in worded["grow.fr"]), worded["grow.fr"]
    say = GAME.describe_reason
    assert say("tie", {"chain": "Imperial", "count": 1}, "fr", NAMES) == "égale la majorité dans Impérial à 1 action"
    assert say("majority", {"chain": "Imperial", "count": 3, "lead": 2}, "en", NAMES) == \
        "gives you the majority in Impérial (3 shares, 2 ahead)"
    merger = {"tile": "9F", "chains": ["Imperial", "Continental"]}
    assert say("merger", merger, "fr", NAMES).startswith("fusionne Impérial et Continental avec 9F\u00a0:")
    assert say("merger", merger, "en", NAMES).startswith("merges Impérial and Continental with 9F:")
