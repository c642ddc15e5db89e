"""« 1. Lancer les dés »: as many dice as the player's building is high, or what the reserve holds; and the
« Fin d'une manche » remark on such a short roll."""

from __future__ import annotations

from tests.stack_market.test_rules_helpers import (
    careful,
    events,
    heights,
    legal,
    play,
    position,
    rolls,
    snap,
    stay,
    straight,
    tops,
)

BUILDINGS = [straight(0, 0, 1, 1, 2), straight(0, 1, 3), straight(1, 2, 4), straight(0, 0, 1)]
"""A 5 dice high with a 2 on top, B, C, D 3 dice each: 14 dice on the table."""
INVESTORS = ["A", "B", "C", "D"]


def test_the_player_rolls_as_many_dice_as_the_building_is_high() -> None:
    """« Le joueur prend, depuis la réserve de dés, autant de dés que le nombre de dés formant le building dans
    lequel il a investi pour l'instant. Le joueur lance tous les dés. »"""
    start = position(BUILDINGS, INVESTORS, player=3)
    match = play(stay(3), start=start)
    s = snap(match)
    assert s["player"] == 0 and s["phase"] == "roll" and s["to_roll"] == 5
    assert s["reserve"] == 60 - 14 - 5
    assert events(match, "turn")[-1] == {"kind": "turn", "seat": 0, "round": 1, "company": "A", "count": 5}
    # Five chance actions, then nothing on a 2 can take 0 0 0 1 1: they all go back.
    match = play([*stay(3), *rolls(1, 0, 0, 1, 0)], start=start)
    s = snap(match)
    assert events(match, "rolled")[-1]["dice"] == "0 0 0 1 1"
    assert events(match, "nothing_to_stack") == [{"kind": "nothing_to_stack", "seat": 0}]
    assert s["phase"] == "change" and s["reserve"] == 46 and heights(match) == [5, 3, 3, 3]


def test_the_height_counts_after_a_change_of_investment() -> None:
    """« … dans lequel il a investi pour l'instant »: seat 1 moves from B (3 dice) to A (5 dice) at the end of its
    turn; the others stack nothing; at its next turn seat 1 rolls A's 5 dice."""
    start = position(BUILDINGS, INVESTORS, player=1)
    actions = ["1: invest A", *rolls(1, 1, 1), *stay(2), *rolls(0, 0, 0), *stay(3), *rolls(0, 0, 0, 0, 0), *stay(0)]
    match = play(actions, start=start)
    s = snap(match)
    assert s["player"] == 1 and s["to_roll"] == 5 and s["investors"] == ["A", "A", "C", "D"]
    assert events(match, "turn")[-1] == {"kind": "turn", "seat": 1, "round": 1, "company": "A", "count": 5}


def _short_reserve() -> dict:
    # 60 - 14 on the table - 44 removed: 2 dice left in the reserve for seat 0's turn.
    return position(BUILDINGS, INVESTORS, player=3, removed=44)


def test_with_too_few_dice_left_the_player_rolls_what_the_reserve_holds() -> None:
    """« S'il ne reste plus assez de dés dans la réserve, le joueur utilise tous les dés restants. »"""
    match = play(stay(3), start=_short_reserve())
    s = snap(match)
    assert s["reserve"] == 0 and s["to_roll"] == 2
    assert events(match, "turn")[-1]["count"] == 2
    match = play([*stay(3), *rolls(3, 4)], start=_short_reserve())
    assert legal(match) == ["stack 3 4", "stack 4"]  # on a 2: 3 then 4, or the 4 alone (the 3 cannot go on it)


def test_stacking_every_die_of_a_short_roll_ends_the_round() -> None:
    """« S'il réussit à empiler tous les dés, la manche se termine »; « La manche se termine quand il ne reste plus
    de dés dans la réserve après avoir empilé des dés … (mais vous pouvez toujours changer d'investissement) »."""
    actions = [*stay(3), *rolls(3, 4), "0: stack 3 4", *careful(0, 2)]
    match = play(actions, start=_short_reserve())
    s = snap(match)
    assert s["phase"] == "change" and s["reserve"] == 0 and heights(match) == [7, 3, 3, 3]
    assert legal(match) == ["stay", "invest B", "invest C", "invest D"]  # the change of investment still comes
    assert not events(match, "round_end")
    match = play([*actions, *stay(0)], start=_short_reserve())
    assert events(match, "round_end") == [{"kind": "round_end", "round": 1}]
    # A (7 dice, a 4 on top) takes over D (3 dice, a 1 on top); seat 0, its only investor, stacks.
    assert events(match, "takeover") == [{"kind": "takeover", "tall": "A", "small": "D", "dice": 3}]
    assert snap(match)["phase"] == "aim" and match.current_player == 0


def test_a_short_roll_not_all_stacked_does_not_end_the_round() -> None:
    """« Remarque: quand il n'y a plus assez de dés dans la réserve pour lancer le nombre correct de dés, la manche
    n'est pas terminée. … Si à la fin d'un tour il y a encore des dés dans la réserve, la partie continue. »"""
    actions = [*stay(3), *rolls(3, 4), "0: stack 4", *careful(0), *stay(0)]
    match = play(actions, start=_short_reserve())
    s = snap(match)
    assert not events(match, "round_end")
    assert tops(match)[0] == 4 and heights(match)[0] == 6
    # The unused 3 went back: seat 1 (company B, 3 dice high) rolls the one die the reserve holds.
    assert s["player"] == 1 and s["to_roll"] == 1 and s["reserve"] == 0
    assert events(match, "turn")[-1] == {"kind": "turn", "seat": 1, "round": 1, "company": "B", "count": 1}
