"""« Si une compagnie s'écroule »: every investor pays 20,000 (never below zero), the building's dice go back, it is
rebuilt from 3 rolled dice highest on top, then 5 dice leave the game (fewer when fewer remain), and the player may
still change investment (RULINGS "A collapse", "After a collapse 5 dice leave the reserve", option
``removed_dice``). Every fall here is ``topple``: a die 8001 µm off a straight column (see test_rules_helpers)."""

from __future__ import annotations

from tests.stack_market.test_rules_helpers import (
    careful,
    dice_count,
    events,
    faces,
    heights,
    legal,
    play,
    position,
    rolls,
    snap,
    stay,
    straight,
    topple,
)

OTHERS = [straight(0, 1, 3), straight(1, 2, 4), straight(0, 0, 1)]
"""B (3 dice, a 3 on top), C (a 4 on top), D (a 1 on top)."""
FALL = [*stay(3), *rolls(3, 0, 0, 0, 0), *topple(0)]
"""Seat 0 rolls 5 dice for company A (a 2 on top), must stack the 3, and it falls: 6 dice come down."""


def _two_on_a(**fields: object) -> dict:
    """Seats 0 and 1 on company A (5 dice, a 2 on top), seat 1 holding only 5,000."""
    return position([straight(0, 0, 1, 1, 2), *OTHERS], ["A", "A", "B", "C"], player=3,
                    cash=[50_000, 5_000, 50_000, 50_000], **fields)


def test_every_investor_pays_20000_and_a_short_one_what_they_have() -> None:
    """« Tous les joueurs investissant dans cette compagnie … doivent payer $20.000 à la banque. Si un joueur n'a
    pas assez d'argent, il donne ce qu'il a à la banque. »"""
    match = play(FALL, start=_two_on_a())
    assert events(match, "fell") == [{"kind": "fell", "company": "A", "height": 6, "at": 5}]
    assert snap(match)["cash"] == [30_000, 0, 50_000, 50_000]
    assert events(match, "pay") == [
        {"kind": "pay", "seat": 0, "amount": 20_000, "why": "collapse", "paid": 20_000, "left": 30_000},
        {"kind": "pay", "seat": 1, "amount": 20_000, "why": "collapse", "paid": 5_000, "left": 0},
    ]


def test_the_dice_go_back_and_the_building_is_rebuilt_from_three_rolled_dice() -> None:
    """« Les dés du building écroulé sont remis dans la réserve. Le building est reconstruit avec une hauteur
    initiale de 3 dés. Le nombre sur le dessus du building est déterminé en relançant les dés. » (RULINGS: stacked
    highest on top; our decision: straight.)"""
    match = play(FALL, start=_two_on_a())
    s = snap(match)
    # 46 in the reserve, 5 rolled (41); the 6 fallen dice and the 4 unused 0s come back (51); 3 are rolled (48).
    assert s["phase"] == "roll" and s["to_roll"] == 3 and s["reserve"] == 48
    assert heights(match) == [0, 3, 3, 3] and s["hand"] == [] and s["pending"] == []
    match = play([*FALL, *rolls(1, 4, 0)], start=_two_on_a())
    s = snap(match)
    assert faces(match)[0] == [0, 1, 4]
    assert s["buildings"][0] == [[0, 0, 0, 0], [1, 0, 0, 0], [4, 0, 0, 0]]
    assert events(match, "built")[-1] == {"kind": "built", "company": "A", "faces": "0 1 4"}


def test_five_dice_leave_the_game_after_a_collapse() -> None:
    """« Après chaque effondrement, 5 dés de la réserve sont retirés de la partie. »"""
    match = play([*FALL, *rolls(1, 4, 0)], start=_two_on_a())
    s = snap(match)
    assert s["reserve"] == 43 and s["removed"] == 5 and dice_count(match) == 60
    assert events(match, "removed") == [{"kind": "removed", "count": 5, "reserve": 43}]
    # The turn goes on with the change of investment; the investors have not moved.
    assert s["phase"] == "change" and match.current_player == 0 and s["investors"] == ["A", "A", "B", "C"]
    assert legal(match) == ["stay", "invest B", "invest C", "invest D"]
    assert s["record"] == 15 and s["record_holder"] is None


def test_no_stacking_bonus_when_the_building_falls_during_the_turn() -> None:
    """« Si la hauteur d'un building est augmentée par au moins 5 dés durant un tour et que le building ne
    s'effondre pas à la fin du tour »: five dice stood, the sixth brought it down; no bonus, only the fine."""
    start = position([straight(0, 0, 0, 0, 0, 0), *OTHERS], ["A", "B", "C", "D"], player=3)
    actions = [*stay(3), *rolls(1, 2, 3, 4, 0, 1), "0: stack 1 2 3 4 0 1", *careful(0, 5), *topple(0)]
    match = play([*actions, *rolls(2, 2, 2)], start=start)
    assert events(match, "fell") == [{"kind": "fell", "company": "A", "height": 12, "at": 11}]
    assert not events(match, "stack_bonus")
    assert snap(match)["cash"] == [30_000, 50_000, 50_000, 50_000]


def _almost_empty(**fields: object) -> dict:
    """Company A 5 dice high (a 2 on top), 44 dice already removed: the reserve holds 2."""
    return position([straight(0, 0, 1, 1, 2), *OTHERS], ["A", "B", "C", "D"], player=3, removed=44, **fields)


SHORT_FALL = [*stay(3), *rolls(3, 0), *topple(0), *rolls(1, 4, 0)]
"""Seat 0 rolls the last 2 dice, stacks the 3, which falls; A is rebuilt as 0 1 4."""


def test_fewer_than_five_left_all_are_removed_and_the_player_may_still_change() -> None:
    """« Vers la fin d'une manche il peut ne pas y avoir assez de dés dans la réserve pour pouvoir en retirer 5 …
    Si 5 dés ne peuvent être retirés du jeu, le joueur peut changer de compagnie » (RULINGS: all that remain are
    removed; the round ends when the reserve is empty)."""
    match = play(SHORT_FALL, start=_almost_empty())
    s = snap(match)
    # 6 fallen + 1 unused = 7 back; 3 rebuild A (4 left); those 4 leave the game.
    assert events(match, "removed") == [{"kind": "removed", "count": 4, "reserve": 0}]
    assert s["reserve"] == 0 and s["removed"] == 48 and dice_count(match) == 60
    assert s["phase"] == "change" and legal(match) == ["stay", "invest B", "invest C", "invest D"]
    match = play([*SHORT_FALL, "0: invest D"], start=_almost_empty())
    assert events(match, "change")[-1] == {"kind": "change", "seat": 0, "company": "D", "before": "A"}
    assert events(match, "round_end") == [{"kind": "round_end", "round": 1}]
    # A has no investor now; C (3 dice, a 4 on top) takes over D (3 dice, a 1 on top); seat 2 stacks.
    assert events(match, "takeover") == [{"kind": "takeover", "tall": "C", "small": "D", "dice": 3}]
    assert match.current_player == 2


ROUND_ONE = [*SHORT_FALL, "0: invest D", *careful(2, 3)]
"""…and the takeover succeeds: seat 2 places D's three dice square on C."""


def test_removed_dice_stay_out_for_the_rest_of_the_game_by_default() -> None:
    """« retirés de la partie » (RULINGS, option ``removed_dice = "game"``, the default). Round 2 starts with
    C's 3 dice above the bottom three back in the reserve; D, emptied by the takeover, is rebuilt from them."""
    match = play([*ROUND_ONE, *rolls(2, 0, 4)], start=_almost_empty())
    s = snap(match)
    assert s["round"] == 2 and s["removed"] == 48 and dice_count(match) == 60
    assert faces(match)[3] == [0, 2, 4] and heights(match) == [3, 3, 3, 3]
    # Nothing is left to roll: seat 1 (after seat 0, the round's last player) has a turn without dice (our
    # decision), may change investment, and the round ends at once.
    assert s["reserve"] == 0 and s["phase"] == "change" and match.current_player == 1
    assert events(match, "turn")[-1] == {"kind": "turn", "seat": 1, "round": 2, "company": "B", "count": 0}
    match = play([*ROUND_ONE, *rolls(2, 0, 4), *stay(1)], start=_almost_empty())
    assert events(match, "round_end")[-1] == {"kind": "round_end", "round": 2}


def test_option_removed_dice_round_brings_them_back_at_the_next_round() -> None:
    """RULINGS: option ``removed_dice = "round"`` « brings them back at the next round »."""
    options = {"removed_dice": "round"}
    start = _almost_empty(options=options)
    match = play([*ROUND_ONE, *rolls(2, 0, 4)], start=start, options=options)
    s = snap(match)
    # 48 back, 3 from C's top: 51; 3 rebuild D: 48; seat 1 takes B's 3 to roll: 45.
    assert s["round"] == 2 and s["removed"] == 0 and s["reserve"] == 45 and s["to_roll"] == 3
    assert s["player"] == 1 and dice_count(match) == 60


def test_a_building_rebuilt_from_a_reserve_of_two_dice_gets_two() -> None:
    """A hand-written position: company A is a single 4, the reserve holds 1 die. Seat 0 rolls it (a 0, which
    must go on the 4) and the two-dice building falls. The 2 dice come back; A is rebuilt with what the reserve
    holds (2 dice, as RULINGS reads the removal: « With fewer than 5 left, all that remain are removed »), and
    none is left to remove. Expected: 2 dice rolled, reserve 0, A = 1 3, 49 removed. Got: 3 dice taken from a
    reserve of 2 (reserve -1), and ``check_invariants`` fails."""
    start = position([straight(4), *OTHERS], ["A", "B", "C", "D"], player=3, removed=49)
    match = play([*stay(3), "chance: roll 0", *topple(0)], start=start)
    s = snap(match)
    assert s["to_roll"] == 2 and s["reserve"] == 0
    match = play([*stay(3), "chance: roll 0", *topple(0), *rolls(3, 1)], start=start)
    s = snap(match)
    assert faces(match)[0] == [1, 3] and s["removed"] == 49 and s["reserve"] == 0 and s["phase"] == "change"
