"""« Cachez votre argent de manière à ce que les autres joueurs ne puissent connaître votre fortune » (RULINGS: « Cash
is secret »): a seat's observation holds its own ``my_cash`` only, and a payment is seen by the others as what was
due, never as what a short player could pay."""

from __future__ import annotations

import json
import random

import pytest

from ludotheque.engine import Match, get_game
from ludotheque.engine.state import CHANCE, TERMINAL
from tests.stack_market.test_rules_helpers import events, play, position, rolls, stay, straight, topple

GAME = get_game("stack-market")
SHORT = position([straight(0, 0, 1, 1, 2), straight(0, 1, 3), straight(1, 2, 4), straight(0, 0, 1)],
                 ["A", "A", "B", "C"], player=3, cash=[50_000, 5_000, 70_000, 40_000])
"""Seats 0 and 1 on company A, seat 1 holding 5,000; A is about to fall (seat 0 topples it)."""
FALL = [*stay(3), *rolls(3, 0, 0, 0, 0), *topple(0), *rolls(1, 1, 1)]


def test_a_seat_sees_its_own_cash_only() -> None:
    match = play(FALL, start=SHORT)
    cash = [30_000, 0, 70_000, 40_000]
    for seat in range(4):
        seen = match.state.observation(seat)
        assert seen["my_cash"] == cash[seat]
        assert all("cash" not in p for p in seen["players"])
    assert match.state.observation(None)["my_cash"] is None


def test_others_see_what_was_due_not_what_was_paid() -> None:
    """Seat 1 owed 20,000 and had 5,000: seat 1 sees that it paid 5,000 and has nothing left; the others (and
    spectators) see only that 20,000 was due, as they see for seat 0, who paid it in full."""
    match = play(FALL, start=SHORT)
    public = [{"kind": "pay", "seat": 0, "amount": 20_000, "why": "collapse"},
              {"kind": "pay", "seat": 1, "amount": 20_000, "why": "collapse"}]
    for viewer in (2, 3, None):
        assert events(match, "pay", seat=viewer) == public
    assert events(match, "pay", seat=1) == [public[0], {**public[1], "paid": 5_000, "left": 0}]
    assert events(match, "pay", seat=0) == [{**public[0], "paid": 20_000, "left": 30_000}, public[1]]
    seen_by_2 = next(e for e in match.log_for(2) if e.kind == "pay" and e.args["seat"] == 1)
    said = GAME.describe(seen_by_2, "en", ["Ann", "Bob", "Cy", "Di"])
    assert "Bob" in said and "20,000" in said and "5,000" not in said, said


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (4, 3)])
def test_no_observation_or_log_shows_another_seats_cash(players: int, seed: int) -> None:
    """Random games: whatever a seat may see (its observation and its log, at every step until the end) never
    writes another seat's cash as ``"cash": N`` (the game's ``secret_words``)."""
    rng = random.Random(seed)
    match = Match(GAME, players, seed=seed)
    while match.current_player != TERMINAL:
        if match.current_player == CHANCE:
            match.draw_chance()
        else:
            match.apply(match.state.random_action(rng))
        for seat in range(players):
            secret = GAME.secret_words(match.state, seat)
            seen = json.dumps(match.state.observation(seat), ensure_ascii=False)
            logged = json.dumps([e.to_json() for e in match.log_for(seat)[-3:]], ensure_ascii=False)
            assert not any(w in seen or w in logged for w in secret), (seat, secret)
