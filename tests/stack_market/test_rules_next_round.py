"""« Vers la manche suivante … ou la fin de la partie »: buildings back to three dice (RULINGS: the bottom three as
they stand; a short one completed from the reserve, rolled, highest on top; investors stay), the next round's first
player, the end after 3 rounds (or 1 or 2, option ``rounds``), the richest wins, ties share the win."""

from __future__ import annotations

from typing import Any

import pytest

from ludotheque.engine import Match, OptionError, get_game
from ludotheque.games.stack_market.physics import Column, Pose
from tests.scenario_support import to_move
from tests.stack_market.test_rules_helpers import (
    careful,
    dice_count,
    events,
    play,
    position,
    rolls,
    snap,
    stay,
    straight,
    topple,
)

CROOKED_A = [[0, 0, 0, 0], [1, 300, -200, 100], [2, 500, -100, -200], [3, 700, 0, 0], [4, 900, 100, 50],
             [0, 1100, 0, 0]]
"""Company A, 6 dice high, each a little off the one below (it stands: see the first test)."""
BUILDINGS = [CROOKED_A, straight(0, 0, 0, 1, 2), straight(0, 0, 1), [[2, 100, 100, 300]]]
"""A the tallest, C (3 dice, a 1 on top) the smallest; D, a single die, has no investor. 15 dice on the table."""
INVESTORS = ["A", "B", "B", "C"]
ROUND_ONE = [*stay(3), *careful(0, 3)]
"""Seat 3 ends round 1; seat 0 stacks C's three dice square on A: the takeover succeeds."""


def _start(**fields: Any) -> dict[str, Any]:
    return position(BUILDINGS, INVESTORS, player=3, removed=60 - 15, **fields)


def test_every_building_keeps_its_bottom_three_dice_as_they_stand() -> None:
    """« Tous les buildings sont convertis en building de hauteur 3. Tous les autres dés sont remis dans la
    réserve » (RULINGS: « every building keeps its bottom three dice as they stand »)."""
    assert Column([Pose(x, y, t) for _, x, y, t in CROOKED_A]).check().stands
    match = play(ROUND_ONE, start=_start())
    s = snap(match)
    assert s["round"] == 2 and events(match, "round_start") == [{"kind": "round_start", "round": 2}]
    assert s["buildings"][0] == CROOKED_A[:3]  # poses included
    assert s["buildings"][1] == straight(0, 0, 0)
    # A's 6 dice above the third (9 after the takeover) and B's 2 come back: 8; C, emptied, is rebuilt first.
    assert s["phase"] == "roll" and s["rolling_for"] == "reset" and s["target"] == "C"
    assert s["to_roll"] == 3 and s["reserve"] == 5


def test_a_short_building_is_completed_from_the_reserve_highest_on_top() -> None:
    """RULINGS: « a building with fewer than three is completed from the reserve, rolled, highest on top »: C (no
    die left after the takeover) gets 3 rolled dice, D (one die) 2, stacked straight on what stands."""
    match = play([*ROUND_ONE, *rolls(3, 1, 0), *rolls(4, 0)], start=_start())
    s = snap(match)
    assert s["buildings"][2] == straight(0, 1, 3)
    assert s["buildings"][3] == [[2, 100, 100, 300], [0, 100, 100, 300], [4, 100, 100, 300]]
    assert [e["faces"] for e in events(match, "built")] == ["0 1 3", "2 0 4"]
    assert dice_count(match) == 60 and s["removed"] == 45


def test_investors_stay_and_the_player_after_the_rounds_last_begins() -> None:
    """RULINGS: « Investors stay where they are » (the rulebook says nothing of them); the next round begins with
    the seat after the round's last player (our decision; the rulebook does not say)."""
    match = play([*ROUND_ONE, *rolls(3, 1, 0), *rolls(4, 0)], start=_start())
    s = snap(match)
    assert s["investors"] == INVESTORS and s["round_last"] == 3
    assert s["player"] == 0 and s["to_roll"] == 3 and s["reserve"] == 0
    assert events(match, "turn")[-1] == {"kind": "turn", "seat": 0, "round": 2, "company": "A", "count": 3}
    start = position(BUILDINGS, INVESTORS, player=1, removed=60 - 15)
    match = play([*stay(1), *careful(0, 3), *rolls(3, 1, 0), *rolls(4, 0)], start=start)
    assert snap(match)["player"] == 2 and snap(match)["round_last"] == 1


def test_the_card_and_the_record_carry_over_to_the_next_round() -> None:
    """RULINGS: « card and marker carry over from round to round »."""
    match = play([*ROUND_ONE, *rolls(3, 1, 0), *rolls(4, 0)], start=_start(record=18, record_holder=1))
    assert snap(match)["record"] == 18 and snap(match)["record_holder"] == 1


def test_the_game_ends_after_three_rounds_and_the_richest_wins() -> None:
    """« La partie est terminée après 3 manches. Le joueur avec le plus d'argent gagne. »"""
    match = play(ROUND_ONE, start=_start(round=3, round_last=2))
    s = snap(match)
    assert s["phase"] == "over" and to_move(match) == "over"
    assert s["cash"] == [80_000, 70_000, 70_000, 50_000]
    outcome = match.state.outcome().to_json()
    assert outcome == {"scores": [80_000, 70_000, 70_000, 50_000], "ranks": [1, 2, 2, 4], "winners": [0],
                       "termination": "rounds"}
    assert events(match, "game_end") == [{"kind": "game_end", "cash": "80000 70000 70000 50000"}]
    assert s["buildings"][0][-1] == [0, 1100, 0, 0] and len(s["buildings"][0]) == 9  # nothing reset at the end
    # The money is counted at the end: every seat sees everyone's cash.
    assert [p["cash"] for p in match.state.observation(3)["players"]] == s["cash"]
    assert match.state.observation(None)["round"] == 3


def test_round_two_of_three_is_not_the_end() -> None:
    match = play(ROUND_ONE, start=_start(round=2, round_last=2))
    assert snap(match)["round"] == 3 and snap(match)["phase"] == "roll"


def test_players_with_the_same_cash_all_win() -> None:
    """« Si plusieurs joueurs ont la même somme d'argent, ils gagnent tous. » The takeover fails: seats 1 and 2
    (two markers on B) end with 70,000 each."""
    match = play([*stay(3), *careful(0, 2), *topple(0)], start=_start(round=3, round_last=2))
    outcome = match.state.outcome().to_json()
    assert outcome["scores"] == [30_000, 70_000, 70_000, 60_000]
    assert outcome["winners"] == [1, 2] and outcome["ranks"] == [4, 1, 1, 3]


@pytest.mark.parametrize(("rounds", "round_", "over"), [(1, 1, True), (2, 1, False), (2, 2, True), (3, 2, False)])
def test_option_rounds_ends_the_game_after_one_or_two_rounds(rounds: int, round_: int, over: bool) -> None:
    """« Remarque: Vous pouvez décider de la fin de partie après une ou deux manches. »"""
    options = {"rounds": rounds}
    extra = {"round_last": 2} if round_ > 1 else {}
    match = play(ROUND_ONE, start=_start(round=round_, options=options, **extra), options=options)
    assert (snap(match)["phase"] == "over") is over
    if over:
        assert match.state.outcome().winners == (0,)


def test_more_than_three_rounds_is_refused() -> None:
    with pytest.raises(OptionError):
        Match(get_game("stack-market"), 4, {"rounds": 4})
