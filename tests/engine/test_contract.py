"""The contract every registered game passes, over many seeded random games.

Every legal action applies; illegal ones are refused and change nothing; clones and JSON snapshots are
equal to the original; replaying the record reproduces the game; a seat's observation and log hold
nothing of what it may not see; the game's own conservation invariants hold at every step; games end.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from typing import Any

import pytest

from ludotheque.engine import (
    CHANCE,
    IllegalActionError,
    Match,
    RecordError,
    SeatConfig,
    all_games,
    get_game,
)
from ludotheque.engine.game import Game
from ludotheque.engine.record import GameRecord
from ludotheque.engine.state import State
from tests.conftest import SOAK_GAMES

MAX_ACTIONS = 20_000


def configurations() -> list[tuple[str, int, dict[str, Any]]]:
    """Each game at each player count with default options, and each non-default option value once."""
    out = []
    for game in all_games():
        info = game.info
        for players in range(info.min_players, info.max_players + 1):
            out.append((info.name, players, {}))
        for spec in info.options:
            values = [not spec.default] if spec.kind is bool else [c for c in spec.choices if c != spec.default]
            for value in values:
                out.append((info.name, max(info.min_players, min(4, info.max_players)), {spec.name: value}))
    return out


def _no_hidden_words(game: Game, match: Match, seat: int | None) -> None:
    words = game.secret_words(match.state, seat)
    if not words:
        return
    text = json.dumps(match.state.observation(seat)) + json.dumps([e.to_json() for e in match.log_for(seat)])
    pattern = re.compile(r"(?<![0-9A-Za-z])(" + "|".join(map(re.escape, sorted(words))) + r")(?![0-9A-Za-z])")
    leak = pattern.search(text)
    assert leak is None, f"seat {seat} can see {leak.group(0)!r}, which it must not"


class RedealCount:
    """``resample`` agrees with what the seat sees, and really re-deals: where re-deals differ from one another
    (something is hidden), they are the true position no more often than chance allows."""

    TRIES = 4

    def __init__(self) -> None:
        self.varied = 0
        """Re-deals made at positions where they differed from one another."""
        self.true = 0
        """Of those, re-deals equal to the true position."""

    def check(self, state: State, seat: int, obs: dict[str, Any], step: int) -> None:
        truth = state.to_json()
        legal = state.legal_actions() if state.current_player == seat else None
        dealt = []
        for k in range(self.TRIES):
            other = state.resample(seat, random.Random(f"{step}:{k}"))
            assert other.observation(seat) == obs, "resampling changed what the seat sees"
            if legal is not None:
                assert other.legal_actions() == legal, "resampling changed the seat's choices"
            other.check_invariants()
            dealt.append(other.to_json())
        if any(d != dealt[0] for d in dealt):
            self.varied += len(dealt)
            self.true += sum(d == truth for d in dealt)

    def check_really_redeals(self) -> None:
        assert self.varied, "resample never re-dealt anything in a game with hidden information"
        assert self.true <= 0.25 * self.varied, f"{self.true} of {self.varied} re-deals were the true position"


def play_checked_game(name: str, players: int, options: dict[str, Any], seed: int, deep_every: int = 7) -> Match:
    """Play one random game through the checked paths, verifying the contract along the way."""
    game = get_game(name)
    match = Match(game, players, options, seed=seed)
    rng = random.Random(seed)
    redeals = RedealCount()
    foreign: list[Any] = []  # actions legal elsewhere, to try where they are not
    step = 0
    while not match.is_over():
        assert step < MAX_ACTIONS, "the game did not end"
        state = match.state
        deep = step % deep_every == 0
        if state.current_player == CHANCE:
            outcomes = state.chance_outcomes()
            assert outcomes and abs(sum(p for _, p in outcomes) - 1) < 1e-9
            assert not state.legal_actions()
            assert all(state.is_legal(a) for a, _ in outcomes), "a listed chance outcome is not legal"
            drawn = match.draw_chance()
            assert game.parse_action(drawn.text()) == drawn, f"text of {drawn!r} does not round-trip"
        else:
            assert state.current_player not in state.seats_out(), "a seat that left the game is to move"
            legal = state.legal_actions()
            assert legal, "a seat to move must have a legal action"
            assert legal == state.legal_actions(), "legal actions must be deterministic"
            assert len({a.text() for a in legal}) == len(legal), "action texts must be distinct"
            for a in legal:
                assert game.parse_action(a.text()) == a, f"text of {a!r} does not round-trip"
                assert state.parse_action(a.text()) == a
            if deep and foreign:
                wrong = rng.choice(foreign)
                if wrong not in legal:
                    before = state.to_json()
                    with pytest.raises(IllegalActionError) as err:
                        match.apply(wrong)
                    assert wrong.text() in str(err.value)
                    assert state.to_json() == before, "a refused action changed the state"
            assert all(state.is_legal(a) for a in legal), "a listed action is not legal"
            foreign.extend(rng.sample(legal, min(2, len(legal))))
            del foreign[:-40]
            # Every other move is drawn from all legal moves (off the finite list, for continuous ones).
            action = state.random_action(rng) if step % 2 else rng.choice(legal)
            assert state.is_legal(action), f"random_action gave {action!r}, which is not legal"
            assert state.parse_action(action.text()) == action, f"text of {action!r} does not round-trip"
            match.apply(action)
        state = match.state
        state.check_invariants()
        if deep:
            copy = state.clone()
            assert copy == state
            snapshot = json.loads(json.dumps(state.to_json()))
            assert game.state_from_json(snapshot) == state, "JSON snapshot does not reload equal"
            viewers: list[int | None] = [None, *range(players)]
            for seat in viewers:
                obs = state.observation(seat)
                json.dumps(obs)
                _no_hidden_words(game, match, seat)
                if seat is not None and not state.is_terminal():
                    redeals.check(state, seat, obs, step)
            if copy.current_player >= 0:
                before = state.to_json()
                copy.apply(copy.legal_actions()[-1])
                assert state.to_json() == before, "a clone shares data with its original"
        step += 1
    names = [f"P{s}" for s in range(players)]
    for viewer in (None, *range(players)):
        for event in match.log_for(viewer):
            for lang in ("en", "fr"):
                words = game.describe(event, lang, names)
                assert words and not words.startswith("event.") and "{" not in words, (event, lang, words)
    if game.info.hidden_information and game.info.redeals:
        redeals.check_really_redeals()
    outcome = match.state.outcome()
    assert sorted(outcome.winners) == [s for s in range(players) if outcome.ranks[s] == 1]
    assert len(outcome.scores) == players
    return match


CONFIGS = configurations()


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS,
                         ids=[f"{n}-{p}p-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'default'}"
                              for n, p, o in CONFIGS])
def test_contract_random_games(name: str, players: int, options: dict[str, Any]) -> None:
    for seed in range(2 + SOAK_GAMES):
        match = play_checked_game(name, players, options, seed)
        record = match.to_record()
        replayed = Match.from_record(GameRecord.loads(record.dumps()))
        assert replayed.state == match.state, "replaying the record does not reproduce the game"
        assert [a for _, a in replayed.history] == [a for _, a in match.history]


@pytest.mark.soak
@pytest.mark.parametrize("name", [g.info.name for g in all_games()])
def test_many_fast_games_end_and_conserve(name: str) -> None:
    """Many more games through the fast path, invariants checked at every step."""
    game = get_game(name)
    info = game.info
    count = 0
    for players, seed in itertools.product(range(info.min_players, info.max_players + 1), range(6 + SOAK_GAMES)):
        for options in ({}, {s.name: (not s.default if s.kind is bool else s.choices[-1]) for s in info.options
                            if s.kind is bool or s.choices}):
            state = game.new_game(players, options)
            rng = random.Random(seed * 31 + players)
            steps = 0
            while not state.is_terminal():
                if state.current_player == CHANCE:
                    state.apply_legal(state.sample_chance(rng))
                else:
                    legal = state.legal_actions()
                    state.apply_legal(legal[int(rng.random() * len(legal))])
                state.check_invariants()
                steps += 1
                assert steps < MAX_ACTIONS
            count += 1
    assert count > 0


def test_saved_game_continues_identically() -> None:
    """A game saved midway and loaded back draws the same future chance events."""
    game = get_game(all_games()[0].info.name)
    a = Match(game, 3, seed=11)
    rng = random.Random(0)
    a.play_randomly(rng, 60)
    b = Match.from_record(GameRecord.loads(a.to_record().dumps()))
    assert b.state == a.state
    for _ in range(40):
        if a.is_over():
            break
        if a.current_player == CHANCE:
            assert a.draw_chance() == b.draw_chance()
        else:
            choice = rng.choice(a.legal_actions())
            a.apply(choice)
            b.apply(choice)
        assert a.state == b.state


def test_record_seats_must_match_players() -> None:
    game = all_games()[0]
    with pytest.raises(RecordError):
        Match(game, game.info.min_players, seats=[SeatConfig("only one")] * (game.info.min_players + 1))
