"""Property-based tests, for every game: random and malformed actions, records and positions never break
anything. Bad input is refused with a ``LudoError`` (a ``ValueError``) and changes nothing; nothing else
escapes; a position that is accepted can be played on."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from ludotheque.engine import CHANCE, LudoError, Match, State, all_games, get_game
from ludotheque.engine.record import GameRecord
from ludotheque.engine.texts import ENGINE_TEXTS

GAMES = [g.info.name for g in all_games()]
JUNK = ["-1", "0", "1", "3", "999", "", "  ", "é", "\x00", "{", "9Z", "all", None, True, 2.5]


def _game_words(name: str) -> list[str]:
    """The words of a game's own actions (every word of every legal action's text over a random game), so
    that random texts look like its actions without this file naming any game's vocabulary."""
    match = Match(get_game(name), get_game(name).info.min_players, seed=1)
    words: set[str] = set()
    rng = random.Random(1)
    while not match.is_over() and len(match.history) < 2000:
        if match.current_player == CHANCE:
            words.update(match.draw_chance().text().split())
        else:
            legal = match.legal_actions()
            for action in legal:
                words.update(action.text().split())
            match.apply(rng.choice(legal))
    return sorted(words)


WORDS: list[Any] = sorted({w for name in GAMES for w in _game_words(name)}) + JUNK
"""Every game's action words (each game is also fed the others'), and junk."""
text_words = [w for w in WORDS if isinstance(w, str)]


def _position(name: str, seed: int, steps: int) -> Match:
    """A game of ``name`` after ``steps`` random actions, with players and options varied by ``seed``."""
    game = get_game(name)
    info = game.info
    players = info.min_players + seed % (info.max_players - info.min_players + 1)
    options = {o.name: (seed % 2 == 0 if o.kind is bool else o.choices[seed % len(o.choices)]) for o in info.options
               if o.kind is bool or o.choices}
    match = Match(game, players, options, seed=seed)
    match.play_randomly(random.Random(seed), steps)
    return match


def _play_on(state: State, actions: int, seed: int) -> None:
    """Play on from an accepted position: every step applies and keeps the invariants."""
    rng = random.Random(seed)
    for _ in range(actions):
        if state.is_terminal():
            return
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
        state.check_invariants()


text_actions = st.one_of(
    st.text(max_size=40),
    st.lists(st.sampled_from(text_words), min_size=1, max_size=6).map(" ".join),
)


@pytest.mark.parametrize("name", GAMES)
@given(text=text_actions)
def test_any_text_parses_or_is_refused_clearly(name: str, text: str) -> None:
    game = get_game(name)
    try:
        action = game.parse_action(text)
    except LudoError as e:
        assert str(e)
        return
    assert game.parse_action(action.text()) == action


@pytest.mark.parametrize("name", GAMES)
@given(seed=st.integers(0, 50), steps=st.integers(0, 400), texts=st.lists(text_actions, min_size=1, max_size=8))
def test_random_actions_apply_or_change_nothing(name: str, seed: int, steps: int, texts: list[str]) -> None:
    match = _position(name, seed, steps)
    for text in texts:
        before = match.state.to_json()
        try:
            match.apply(text)
        except LudoError as e:
            assert str(e)
            assert match.state.to_json() == before
        else:
            match.state.check_invariants()


def _mutate(record: dict[str, Any], how: int, where: int, junk: Any) -> dict[str, Any]:
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
        data["options"] = {str(junk): junk}
    elif how == 5:
        data["version"] = 99
    elif how == 6:
        data.pop(["game", "players", "seats", "actions"][where % 4])
    elif how == 7 and actions:
        actions[i] = f"{where % 7}: {actions[i].split(': ', 1)[-1]}"
    elif how == 8:
        data["seats"] = [junk]
    return data


@pytest.mark.parametrize("name", GAMES)
@given(seed=st.integers(0, 20), how=st.integers(0, 8), where=st.integers(0, 10_000),
       junk=st.one_of(st.sampled_from(WORDS), st.text(max_size=12), st.integers(-3, 9)))
def test_malformed_records_are_refused_clearly(name: str, seed: int, how: int, where: int, junk: Any) -> None:
    record = _position(name, seed, 150).to_record().to_json()
    data = _mutate(record, how, where, junk)
    try:
        match = Match.from_record(GameRecord.from_json(data))
    except LudoError as e:
        assert str(e)
    else:
        match.state.check_invariants()


junk_values = st.one_of(st.integers(-5, 200), st.text(max_size=6), st.none(), st.booleans(),
                        st.lists(st.sampled_from(WORDS), max_size=4),
                        st.dictionaries(st.sampled_from(text_words), st.integers(-3, 30)))


@pytest.mark.parametrize("name", GAMES)
@given(seed=st.integers(0, 20), steps=st.integers(0, 300), pick=st.integers(0, 100), junk=junk_values,
       drop=st.booleans())
@example(seed=0, steps=0, pick=4, junk={}, drop=False)  # « A Vendre ! »'s charge cards emptied: once accepted
def test_malformed_positions_are_refused_or_playable(name: str, seed: int, steps: int, pick: int, junk: Any,
                                                     drop: bool) -> None:
    game = get_game(name)
    data = _position(name, seed, steps).state.to_json()
    key = sorted(data)[pick % len(data)]
    if drop:
        del data[key]
    else:
        data[key] = junk
    try:
        state = game.state_from_json(data)
    except LudoError as e:
        assert str(e)
        if type(game).__module__.startswith("ludotheque."):  # a shipped game says it in French too
            said = game.catalog.reason("fr", e.reason) or ENGINE_TEXTS.reason("fr", e.reason)
            assert said and "position." not in said, (e, e.reason)
        return
    state.check_invariants()
    _play_on(state, 300, seed)
