"""Property-based tests: random and malformed actions, records and positions never break anything.

Bad input is refused with a ``LudoError`` (a ``ValueError``) and changes nothing; nothing else escapes.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from ludotheque.engine import LudoError, Match, get_game
from ludotheque.engine.record import GameRecord

GAME = "acquire"
WORDS = ["5C", "12I", "1A", "13A", "0B", "pass", "stop", "done", "announce", "found", "survivor", "absorb", "buy",
         "sell", "trade", "keep", "all", "card", "exchange", "for", "draw", "Luxor", "luxor", "Impérial", "L", "Q",
         "foresight", "ope", "-1", "3", "999", "", "  ", "é", "\x00", "{", "9Z"]


def _position(seed: int, steps: int) -> Match:
    match = Match(get_game(GAME), 3 + seed % 3, {"cards": seed % 2 == 0}, seed=seed)
    match.play_randomly(random.Random(seed), steps)
    return match


text_actions = st.one_of(
    st.text(max_size=40),
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=6).map(" ".join),
)


@given(text=text_actions)
def test_any_text_parses_or_is_refused_clearly(text: str) -> None:
    game = get_game(GAME)
    try:
        action = game.parse_action(text)
    except LudoError as e:
        assert str(e)
        return
    assert game.parse_action(action.text()) == action


@given(seed=st.integers(0, 50), steps=st.integers(0, 400), texts=st.lists(text_actions, min_size=1, max_size=8))
def test_random_actions_apply_or_change_nothing(seed: int, steps: int, texts: list[str]) -> None:
    match = _position(seed, steps)
    for text in texts:
        before = match.state.to_json()
        try:
            match.apply(text)
        except LudoError as e:
            assert str(e)
            assert match.state.to_json() == before
        else:
            match.state.check_invariants()


def _mutate(record: dict[str, Any], how: int, where: int, junk: str) -> dict[str, Any]:
    data = json.loads(json.dumps(record))
    actions = data["actions"]
    i = where % max(1, len(actions))
    if how == 0 and actions:
        del actions[i]
    elif how == 1 and len(actions) > 1:
        j = (i + 1) % len(actions)
        actions[i], actions[j] = actions[j], actions[i]
    elif how == 2 and actions:
        actions[i] = junk
    elif how == 3:
        data["players"] = junk
    elif how == 4:
        data["options"] = {junk: junk}
    elif how == 5:
        data["version"] = 99
    elif how == 6:
        data.pop(["game", "players", "seats", "actions"][where % 4])
    elif how == 7 and actions:
        actions[i] = f"{where % 7}: {actions[i].split(': ', 1)[-1]}"
    return data


@given(seed=st.integers(0, 20), how=st.integers(0, 7), where=st.integers(0, 10_000),
       junk=st.one_of(st.sampled_from(WORDS), st.text(max_size=12)))
def test_malformed_records_are_refused_clearly(seed: int, how: int, where: int, junk: str) -> None:
    record = _position(seed, 150).to_record().to_json()
    data = _mutate(record, how, where, junk)
    try:
        match = Match.from_record(GameRecord.from_json(data))
    except LudoError as e:
        assert str(e)
    else:
        match.state.check_invariants()


@given(seed=st.integers(0, 20), steps=st.integers(0, 300), key=st.sampled_from(
    ["board", "hands", "cash", "shares", "bag", "phase", "players", "options", "cards", "turn_player", "merger",
     "discarded", "turn_state"]), junk=st.one_of(st.integers(-5, 200), st.text(max_size=6), st.none(),
                                                st.lists(st.sampled_from(WORDS), max_size=4),
                                                st.dictionaries(st.sampled_from(WORDS), st.integers(-3, 30))))
def test_malformed_positions_are_refused_clearly(seed: int, steps: int, key: str, junk: Any) -> None:
    game = get_game(GAME)
    data = _position(seed, steps).state.to_json()
    data[key] = junk
    try:
        state = game.state_from_json(data)
    except LudoError as e:
        assert str(e)
    else:
        state.check_invariants()
