"""The stacking bonus and the tallest-building card (rulebook, after « Si une compagnie s'écroule »; RULINGS "The
tallest-building card and the record marker")."""

from __future__ import annotations

from tests.stack_market.test_rules_helpers import (
    careful,
    events,
    heights,
    play,
    position,
    rolls,
    snap,
    stay,
    straight,
    topple,
)

OTHERS = [straight(0, 1, 3), straight(1, 2, 4), straight(0, 0, 1)]
INVESTORS = ["A", "B", "C", "D"]


def _zeros(height: int, **fields: object) -> dict:
    """Seat 0's company A: ``height`` dice, a 0 on top. Seat 3 ends its turn."""
    return position([straight(*[0] * height), *OTHERS], INVESTORS, player=3, **fields)


def test_five_dice_standing_at_the_turns_end_earn_10000() -> None:
    """« Si la hauteur d'un building est augmentée par au moins 5 dés durant un tour et que le building ne
    s'effondre pas à la fin du tour, le joueur reçoit $10.000 de la banque. »"""
    match = play([*stay(3), *rolls(4, 0, 3, 1, 2), "0: stack 1 2 3 4 0", *careful(0, 5)], start=_zeros(5))
    assert snap(match)["cash"] == [60_000, 50_000, 50_000, 50_000]
    assert events(match, "stack_bonus") == [{"kind": "stack_bonus", "seat": 0, "dice": 5, "amount": 10_000}]


def test_four_dice_earn_nothing() -> None:
    match = play([*stay(3), *rolls(4, 3, 2, 1), "0: stack 1 2 3 4", *careful(0, 4)], start=_zeros(4))
    assert heights(match)[0] == 8 and snap(match)["added"] == 4
    assert snap(match)["cash"] == [50_000] * 4 and not events(match, "stack_bonus")


def test_the_bonus_is_paid_once_a_turn_even_for_ten_dice() -> None:
    """« Le joueur reçoit ce bonus qu'une seule fois par tour, même s'il empile 10 dés ou plus. »"""
    order = "0: stack 1 2 3 4 0 1 2 3 4 0"
    match = play([*stay(3), *rolls(1, 2, 3, 4, 0, 1, 2, 3, 4, 0), order, *careful(0, 10)], start=_zeros(10))
    assert heights(match)[0] == 20
    assert events(match, "stack_bonus") == [{"kind": "stack_bonus", "seat": 0, "dice": 10, "amount": 10_000}]
    assert snap(match)["cash"][0] == 60_000


TO_15 = [*stay(3), *rolls(1, 2, 3, *[0] * 9), "0: stack 1 2 3"]
"""Seat 0 rolls 12 dice for company A (12 high, a 0 on top) and stacks 1 2 3: 15 dice."""


def test_the_first_building_to_reach_15_standing_wins_the_card() -> None:
    """« Le premier joueur qui atteint une hauteur de 15 dés reçoit la carte du plus grand building. »"""
    match = play([*TO_15, *careful(0, 3)], start=_zeros(12))
    s = snap(match)
    assert heights(match)[0] == 15 and s["record"] == 15 and s["record_holder"] == 0
    assert events(match, "record") == [{"kind": "record", "seat": 0, "height": 15, "company": "A"}]
    assert s["reserve"] == 60 - 21 - 12 + 9


def test_reaching_15_counts_only_if_the_building_stands_at_the_turns_end() -> None:
    """RULINGS: « a new record (including the first 15) counts only if the building stands at the end of that
    turn »: the third die brings it to 15 and down."""
    match = play([*TO_15, *careful(0, 2), *topple(0)], start=_zeros(12))
    s = snap(match)
    assert events(match, "fell") == [{"kind": "fell", "company": "A", "height": 15, "at": 14}]
    assert s["record"] == 15 and s["record_holder"] is None and not events(match, "record")


def test_equalling_the_record_is_not_beating_it() -> None:
    """« Si un autre joueur dépasse ce record en construisant un building plus grand … la carte est donnée au
    nouveau détenteur du record »: seat 2 holds the card for 15; seat 0's 15 does not take it."""
    match = play([*TO_15, *careful(0, 3)], start=_zeros(12, record=15, record_holder=2))
    assert snap(match)["record_holder"] == 2 and not events(match, "record")


def test_a_taller_standing_building_takes_the_card_and_moves_the_marker_up() -> None:
    """« … la carte est donnée au nouveau détenteur du record. Le record est marqué sur le tableau des Hauteurs. »"""
    actions = [*stay(3), *rolls(1, 2, 3, *[0] * 10), "0: stack 1 2 3", *careful(0, 3)]
    match = play(actions, start=_zeros(13, record=15, record_holder=2))
    s = snap(match)
    assert s["record"] == 16 and s["record_holder"] == 0
    assert events(match, "record") == [{"kind": "record", "seat": 0, "height": 16, "company": "A"}]


def test_the_holder_may_beat_their_own_record() -> None:
    """RULINGS: « the holder can beat their own record »; « Le marqueur du record de hauteur est uniquement déplacé
    vers le haut »."""
    actions = [*stay(3), *rolls(1, 2, 3, *[0] * 11), "0: stack 1 2 3", *careful(0, 3)]
    match = play(actions, start=_zeros(14, record=16, record_holder=0))
    s = snap(match)
    assert s["record"] == 17 and s["record_holder"] == 0
    assert events(match, "record") == [{"kind": "record", "seat": 0, "height": 17, "company": "A"}]


def test_the_holder_keeps_the_card_when_the_building_falls_later() -> None:
    """« Si le plus grand building s'effondre plus tard dans la partie, le détenteur du record conserve la
    carte. » Company A, 16 high, holds the record; it falls at a later turn; card and marker stay."""
    actions = [*stay(3), *rolls(1, *[0] * 15), *topple(0), *rolls(0, 1, 2)]
    match = play(actions, start=_zeros(16, record=16, record_holder=0))
    s = snap(match)
    assert events(match, "fell")[0]["height"] == 17
    assert heights(match)[0] == 3 and s["record"] == 16 and s["record_holder"] == 0
