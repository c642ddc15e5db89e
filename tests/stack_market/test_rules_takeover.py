"""« Fin d'une manche » and « 1. Racheter »: the round ends on an empty reserve at a turn's end; the tallest and the
smallest invested buildings (height, then top number, then a roll); who stacks; both hands; success when the
merged building stands (RULINGS "Takeover at the round's end", "Tallest and smallest building")."""

from __future__ import annotations

from typing import Any

import pytest

from tests.stack_market.test_rules_helpers import (
    careful,
    events,
    heights,
    legal,
    play,
    position,
    refused,
    refused_entry,
    rolls,
    snap,
    stay,
    straight,
    topple,
)

A_6_TOP_2 = straight(0, 0, 0, 0, 1, 2)
B_6_TOP_4 = straight(0, 0, 0, 0, 1, 4)
C_3_TOP_1 = straight(0, 0, 1)
D_3_TOP_3 = straight(0, 1, 3)


def last_turn(buildings: list[list[list[int]]], investors: list[str | None], player: int = 3,
              **fields: Any) -> dict[str, Any]:
    """``player`` ends a turn with the reserve empty (every die not on the table removed): the round ends."""
    on_table = sum(len(b) for b in buildings)
    return position(buildings, investors, player=player, removed=60 - on_table, **fields)


STANDARD = [A_6_TOP_2, B_6_TOP_4, C_3_TOP_1, D_3_TOP_3]


def test_the_round_ends_when_the_reserve_is_empty_at_a_turns_end() -> None:
    """« La manche se termine quand il ne reste plus de dés dans la réserve après avoir empilé des dés sur un
    building »; « Si à la fin d'un tour il y a encore des dés dans la réserve, la partie continue. »"""
    match = play(stay(3), start=last_turn(STANDARD, ["A", "B", "C", "D"]))
    assert events(match, "round_end") == [{"kind": "round_end", "round": 1}]
    one_left = position(STANDARD, ["A", "B", "C", "D"], player=3, removed=60 - 18 - 1)
    match = play(stay(3), start=one_left)
    assert not events(match, "round_end") and snap(match)["player"] == 0 and snap(match)["to_roll"] == 1


def test_the_tallest_by_height_then_top_number_takes_over_the_smallest() -> None:
    """« Si deux buildings ont la même hauteur, celui avec le plus grand nombre sur son dé du dessus gagne
    l'égalité. » A and B are 6 high, B has a 4 on top: B is the tallest; C and D are 3 high, C has a 1 on top:
    C is the smallest. « Tous les dés de la plus petite compagnie doivent être empilé sur le building de la plus
    grande compagnie »: seat 1, B's only investor, stacks C's dice one by one, from C's top down."""
    match = play(stay(3), start=last_turn(STANDARD, ["A", "B", "C", "D"]))
    s = snap(match)
    assert events(match, "takeover") == [{"kind": "takeover", "tall": "B", "small": "C", "dice": 3}]
    assert s["phase"] == "aim" and match.current_player == 1
    assert s["pending"] == [1, 0, 0] and heights(match) == [6, 6, 0, 3]
    assert s["takeover"] == {"tall": "B", "small": "C", "chooser": None, "stacker": 1}


def test_an_exact_tie_for_the_tallest_is_settled_by_a_roll() -> None:
    """« Si le nombre sur le dé du dessus est aussi le même, le plus grand building est déterminé en lançant un dé
    pour les deux buildings. »"""
    start = last_turn([B_6_TOP_4, B_6_TOP_4, C_3_TOP_1, D_3_TOP_3], ["A", "B", "C", "D"])
    match = play(stay(3), start=start)
    assert snap(match)["phase"] == "tie" and snap(match)["tie"] == "tallest"
    assert [(a.text(), p) for a, p in match.state.chance_outcomes()] == [("tallest A", 0.5), ("tallest B", 0.5)]
    refused(match, "tallest C", "allowed: tallest A, tallest B")
    match = play([*stay(3), "chance: tallest A"], start=start)
    assert events(match, "tiebreak") == [{"kind": "tiebreak", "which": "tallest", "company": "A"}]
    assert events(match, "takeover") == [{"kind": "takeover", "tall": "A", "small": "C", "dice": 3}]
    assert match.current_player == 0


def test_an_exact_tie_for_the_smallest_is_settled_by_a_roll() -> None:
    """RULINGS: « an exact tie is settled by a roll », for the smallest as for the tallest."""
    start = last_turn([A_6_TOP_2, B_6_TOP_4, C_3_TOP_1, C_3_TOP_1], ["A", "B", "C", "D"])
    match = play(stay(3), start=start)
    assert snap(match)["tie"] == "smallest"
    assert [(a.text(), p) for a, p in match.state.chance_outcomes()] == [("smallest C", 0.5), ("smallest D", 0.5)]
    match = play([*stay(3), "chance: smallest D"], start=start)
    assert events(match, "takeover") == [{"kind": "takeover", "tall": "B", "small": "D", "dice": 3}]


def test_only_invested_buildings_of_at_least_one_die_take_part() -> None:
    """« Le rachat ne peut survenir qu'entre des compagnies dans lesquels on investit »; « Un building doit être
    constitué d'au moins 1 dé pour être un building. » D, 1 die high, has no investor: C is the smallest."""
    start = last_turn([A_6_TOP_2, B_6_TOP_4, C_3_TOP_1, straight(0)], ["A", "B", "C", "A"])
    match = play(stay(3), start=start)
    assert events(match, "takeover") == [{"kind": "takeover", "tall": "B", "small": "C", "dice": 3}]


def test_without_two_invested_buildings_there_is_no_takeover() -> None:
    """Our decision: with one invested building only (the other invested company has no die), nobody takes part
    and every investor is paid as a non-participant, 10,000 a marker."""
    start = last_turn([B_6_TOP_4, [], C_3_TOP_1, D_3_TOP_3], ["A", "A", "B", "B"])
    match = play(stay(3), start=start)
    assert not events(match, "takeover") and not events(match, "takeover_result")
    assert snap(match)["cash"] == [70_000] * 4


TWO_ON_B = ["B", "A", "B", "C"]
"""Seats 0 and 2 on B, the tallest; seat 3 on C, the smallest."""


@pytest.mark.parametrize(("last", "chooser", "order"), [(1, 2, [2, 0]), (0, 0, [0, 2]), (2, 2, [2, 0]),
                                                          (3, 0, [0, 2])])
def test_the_first_of_two_investors_from_the_rounds_last_player_chooses_who_stacks(
        last: int, chooser: int, order: list[int]) -> None:
    """« Si deux joueurs investissent dans la compagnie avec le plus grand building, ils doivent décider de qui est
    en charge du rachat » (RULINGS: « the first of them in seat order counting from the round's last player
    (included) chooses who stacks »)."""
    match = play(stay(last), start=last_turn(STANDARD, TWO_ON_B, player=last))
    assert snap(match)["phase"] == "choose_stacker" and match.current_player == chooser
    assert legal(match) == [f"stacker {p}" for p in order]
    refused(match, "stacker 1", "not legal")  # seat 1 does not invest in B
    refused(match, "stacker 3", "not legal")


def test_the_chosen_investor_stacks() -> None:
    start = last_turn(STANDARD, TWO_ON_B, player=1)
    match = play([*stay(1), "2: stacker 0"], start=start)
    assert events(match, "stacker") == [{"kind": "stacker", "seat": 2, "stacker": 0}]
    assert snap(match)["phase"] == "aim" and match.current_player == 0
    refused_entry([*stay(1)], "0: stacker 0", "seat 2's turn", start=start)


def test_both_hands_halve_the_hand_error() -> None:
    """« le dé du plus petit building peut être empilé en utilisant les deux mains » (RULINGS: « both hands: a
    smaller hand error »): seat 0's spread is 2000 µm, 1000 in a takeover. The listed hand errors are the spread
    times -2 … 2 on each axis and a quarter of it (in 1/100°) times -1 … 1 for the turn."""
    steadiness = [2000, 1800, 1800, 1800]
    start = last_turn(STANDARD, TWO_ON_B, player=1)
    match = play([*stay(1), "2: stacker 0", "0: aim 0 0 0"], start=start, steadiness=steadiness)
    slips = [a for a, _ in match.state.chance_outcomes()]
    assert max(s.x for s in slips) == 2000 and min(s.y for s in slips) == -2000 and max(s.turn for s in slips) == 250
    # The same seat in its own turn: the full spread.
    turn = position(STANDARD, ["B", "A", "B", "C"], player=3)
    match = play([*stay(3), *rolls(1, 1, 1, 1, 1, 0), "0: aim 0 0 0"], start=turn,
                 steadiness=steadiness)
    slips = [a for a, _ in match.state.chance_outcomes()]
    assert max(s.x for s in slips) == 4000 and max(s.turn for s in slips) == 500


def test_the_takeover_succeeds_when_the_merged_building_stands() -> None:
    """« Le nouveau building doit tenir debout 3 secondes après que le dernier dé ait été placé » (RULINGS: the
    takeover succeeds when the result stands). One round only, so the merged building is left as it is."""
    options = {"rounds": 1}
    match = play([*stay(3), *careful(1, 3)], start=last_turn(STANDARD, ["A", "B", "C", "D"], options=options),
                 options=options)
    assert [e["height"] for e in events(match, "placed")] == [7, 8, 9]
    assert events(match, "takeover_result") == [{"kind": "takeover_result", "success": True, "tall": "B",
                                                 "small": "C", "seat": 1}]
    assert heights(match) == [6, 9, 0, 3] and snap(match)["record"] == 15


def test_a_failed_takeover_is_not_a_collapse() -> None:
    """« Si le building commence à s'effondrer durant les 3 premières secondes, le rachat est raté » (RULINGS: « A
    failed takeover is not a collapse: only the takeover's own payments apply, no dice are removed »). The last die
    falls off (the interface below it gives way: our decision, the dice below stand); it goes back to the
    reserve; nothing is rebuilt."""
    options = {"rounds": 1}
    start = last_turn(STANDARD, ["A", "B", "C", "D"], options=options)
    match = play([*stay(3), *careful(1, 2), *topple(1)], start=start, options=options)
    s = snap(match)
    assert events(match, "fell") == [{"kind": "fell", "company": "B", "height": 9, "at": 8}]
    assert events(match, "takeover_result")[0]["success"] is False
    assert not events(match, "removed") and not events(match, "built")
    assert s["removed"] == 60 - 18 and s["reserve"] == 1 and heights(match) == [6, 8, 0, 3]
    assert [e["why"] for e in events(match, "pay")] == ["takeover"]


def test_the_merged_building_does_not_count_for_the_record() -> None:
    """RULINGS: « the merged building of a takeover does not count »: B, 14 high, takes over C: 17 dice, more
    than seat 2's record of 16; card and marker stay."""
    b14 = straight(*[0] * 13, 4)
    start = last_turn([A_6_TOP_2, b14, C_3_TOP_1, D_3_TOP_3], ["A", "B", "C", "D"], record=16, record_holder=2)
    match = play([*stay(3), *careful(1, 3)], start=start)
    assert events(match, "takeover_result")[0]["success"] is True
    assert max(e["height"] for e in events(match, "placed")) == 17
    assert snap(match)["record"] == 16 and snap(match)["record_holder"] == 2 and not events(match, "record")
