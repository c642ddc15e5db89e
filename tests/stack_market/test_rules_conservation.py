"""Random games: nothing is created or lost (every die is in the reserve, being rolled, in hand, pending, on a
building or removed: 50 or 60 in all), money never goes below zero, no company has more than two investors,
``check_invariants`` holds after every action; illegal input is refused with a reason and changes nothing; the
game's record replays to the same end."""

from __future__ import annotations

import random

import pytest

from ludotheque.engine import IllegalActionError, InvalidActionError, Match, get_game
from ludotheque.engine.record import SeatConfig
from ludotheque.engine.state import CHANCE, TERMINAL
from tests.conftest import SOAK_GAMES
from tests.stack_market.test_rules_helpers import dice_count, snap

GAME = get_game("stack-market")
PROBES = ("invest A", "invest B", "invest C", "invest D", "stay", "stack 4 0", "stack 3", "stack 0 1 2 3 4",
          "aim 8001 0 0", "aim 0 -8001 0", "aim 0 0 4501", "aim 0 0 0", "stacker 0", "stacker 3", "roll 2",
          "slip 16001 0 0", "slip 0 0 0", "first 0", "tallest A", "smallest B")
"""Texts tried at random moments: each one either is legal there or is refused without changing anything."""
CONFIGS = [(3, "game"), (4, "game"), (3, "round"), (4, "round")]


def _probe(match: Match) -> None:
    for text in PROBES:
        action = match.parse(text)
        if match.state.is_legal(action):
            continue
        before, logged = snap(match), len(match.events)
        with pytest.raises((IllegalActionError, InvalidActionError)) as refused:
            match.apply(action)
        assert str(refused.value).startswith(f"“{text}”"), str(refused.value)  # the message quotes the input
        assert snap(match) == before and len(match.events) == logged


@pytest.mark.parametrize(("players", "removed"), CONFIGS, ids=[f"{p}p-{r}" for p, r in CONFIGS])
def test_random_games_conserve_dice_and_money(players: int, removed: str) -> None:
    total = {3: 50, 4: 60}[players]
    collapses = 0
    for game in range(6 + SOAK_GAMES):
        seed = 1000 * players + game
        rng = random.Random(seed)
        steadiness = [rng.choice((0, 600, 1800, 4000)) for _ in range(players)]
        seats = [SeatConfig(f"P{i}", None, {"steadiness": v}) for i, v in enumerate(steadiness)]
        match = Match(GAME, players, {"removed_dice": removed}, seed=seed, seats=seats)
        steps = 0
        while match.current_player != TERMINAL:
            if match.current_player == CHANCE:
                match.draw_chance()
            else:
                if steps % 7 == 0:
                    _probe(match)
                match.apply(match.state.random_action(rng))
            steps += 1
            st = match.state
            st.check_invariants()
            s = snap(match)
            assert dice_count(match) == total
            assert all(c >= 0 for c in s["cash"])
            assert all(s["investors"].count(c) <= 2 for c in "ABCD")
        collapses += sum(e.kind == "fell" for e in match.events)
        again = Match.from_record(match.to_record())
        assert again.state.to_json() == match.state.to_json()
        assert match.state.outcome().termination == "rounds"
    assert collapses > 0, "the random games should see buildings fall"


def test_removed_dice_come_back_each_round_with_the_round_option() -> None:
    """With ``removed_dice = "round"`` no die stays removed past a round's start; by default they add up."""
    for removed in ("round", "game"):
        rng = random.Random(5)
        match = Match(GAME, 4, {"removed_dice": removed}, seed=5)
        seen_removed_at_round_start = []
        while match.current_player != TERMINAL:
            logged = len(match.events)
            if match.current_player == CHANCE:
                match.draw_chance()
            else:
                match.apply(match.state.random_action(rng))
            if any(e.kind == "round_start" for e in match.events[logged:]):
                seen_removed_at_round_start.append(snap(match)["removed"])
        if removed == "round":
            assert seen_removed_at_round_start == [0, 0]
        else:  # this game's collapses removed 40 dice in round 1, 5 more in round 2
            assert seen_removed_at_round_start == [40, 45]
