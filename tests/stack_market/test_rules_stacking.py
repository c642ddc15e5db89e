"""« 2. Empiler les dés »: which dice must go on (a higher number, a 0 on a 4, as long as one can), the order chosen
before stacking, one die at a time with an aim and a hand error, and physics deciding whether the building stands
(RULINGS "Which dice must be stacked", "Whether a building stands is decided by physics"). The rulebook's two
stacking examples are the scenarios ``scenarios/stacking_example_*.json`` (``test_rules_scenarios.py``)."""

from __future__ import annotations

from ludotheque.games.stack_market.physics import Column, Pose
from tests.stack_market.test_rules_helpers import (
    HALF,
    careful,
    edge,
    events,
    faces,
    heights,
    is_legal,
    legal,
    play,
    position,
    refused,
    rolls,
    snap,
    stay,
    straight,
    topple,
    tops,
)

OTHERS = [straight(0, 1, 3), straight(1, 2, 4), straight(0, 0, 1)]
INVESTORS = ["A", "B", "C", "D"]


def _start(a: list[list[int]], **fields: object) -> dict:
    """Seat 3 ends its turn; seat 0, on company A, plays next."""
    return position([a, *OTHERS], INVESTORS, player=3, **fields)


def test_a_higher_die_must_go_on_and_a_single_way_is_played_at_once() -> None:
    """« S'il y a un dé parmi les dés lancés avec un nombre supérieur au nombre sur le dessus du building, ce dé
    doit être empilé »: on a 1, of 0 0 3 0 0 only the 3 may go; there is no choice to make."""
    match = play([*stay(3), *rolls(0, 0, 3, 0, 0)], start=_start(straight(0, 0, 1, 1, 1)))
    s = snap(match)
    assert s["phase"] == "aim" and s["pending"] == [3] and s["hand"] == [0, 0, 0, 0]
    assert events(match, "order") == [{"kind": "order", "seat": 0, "dice": "3"}]
    match = play([*stay(3), *rolls(0, 0, 3, 0, 0), *careful(0)], start=_start(straight(0, 0, 1, 1, 1)))
    assert heights(match)[0] == 6 and tops(match)[0] == 3
    assert snap(match)["reserve"] == 60 - 14 - 5 + 4  # the four 0s go back


def test_the_top_number_changes_with_every_die_stacked() -> None:
    """« En empilant un dé, le nombre du dé du dessus change continuellement. Aussi longtemps qu'il existe un dé
    lancé avec un nombre supérieur au nombre du dessus du building, il doit être empilé. »"""
    start = position([straight(0, 0, 1), *OTHERS], INVESTORS, player=3)
    match = play([*stay(3), *rolls(3, 2, 4)], start=start)
    # On a 1: 2 3 4 all three; 2 4 (the 3 cannot go on the 4); 3 4; the 4 alone.
    assert legal(match) == ["stack 2 3 4", "stack 2 4", "stack 3 4", "stack 4"]
    refused(match, "stack 2 3", "that no die left over could continue")  # the 4 still goes on the 3
    refused(match, "stack 2", "that no die left over could continue")
    match = play([*stay(3), *rolls(2, 2, 2)], start=start)
    assert events(match, "order") == [{"kind": "order", "seat": 0, "dice": "2"}]  # a 2 does not go on a 2


def test_only_a_0_goes_on_a_4() -> None:
    """« Si le nombre sur le dé du dessus du building est égal à 4, un dé lancé avec un nombre 0 doit être empilé
    dessus. Les dés montrant un 1, 2 ou 3 ne peuvent être empilés sur un dé avec un nombre 4. »"""
    four = straight(0, 1, 2, 3, 4)
    match = play([*stay(3), *rolls(1, 2, 3, 3, 1)], start=_start(four))
    assert events(match, "nothing_to_stack") == [{"kind": "nothing_to_stack", "seat": 0}]
    assert snap(match)["phase"] == "change" and snap(match)["reserve"] == 46 and heights(match)[0] == 5
    # 1 0 1 0 1 on a 4: a 0, then a 1 on the 0; nothing goes on that 1. One way, played at once.
    match = play([*stay(3), *rolls(1, 0, 1, 0, 1), *careful(0, 2)], start=_start(four))
    assert events(match, "order") == [{"kind": "order", "seat": 0, "dice": "0 1"}]
    assert heights(match)[0] == 7 and tops(match)[0] == 1 and snap(match)["reserve"] == 60 - 14 - 5 + 3


def test_a_0_goes_on_nothing_but_a_4() -> None:
    match = play([*stay(3), *rolls(0, 0, 0, 4, 0), *careful(0, 2)], start=_start(straight(0, 1, 1, 2, 3)))
    assert events(match, "order") == [{"kind": "order", "seat": 0, "dice": "4 0"}]
    assert faces(match)[0] == [0, 1, 1, 2, 3, 4, 0]


def test_the_order_is_chosen_first_then_each_die_placed_and_counted_at_once() -> None:
    """« L'ordre des dés doit être choisi avant de commencer l'empilement … Il n'est pas possible de changer
    l'ordre »; « Vous êtes autorisé à utiliser une seule main » (one die at a time: a group placement is modelled
    as single placements, our decision); « La hauteur du building est immédiatement ajustée »."""
    start = position([straight(0, 0, 1), *OTHERS], INVESTORS, player=3)
    match = play([*stay(3), *rolls(3, 2, 4), "0: stack 2 3 4", *careful(0)], start=start)
    s = snap(match)
    assert s["phase"] == "aim" and s["pending"] == [3, 4]
    assert heights(match)[0] == 4 and tops(match)[0] == 2
    seen = match.state.observation(1)["companies"][0]
    assert seen["height"] == 4 and seen["top"] == 2
    refused(match, "stack 4", "place the next die now")  # the order cannot change half-way
    refused(match, "stay", "place the next die now")


def test_an_aim_is_over_the_top_face_and_a_hand_error_within_a_die() -> None:
    """An aim's offset is at most half a die (8 mm) along each axis and its turn at most 45°; a hand error at
    most a die's width (actions.py: AIM_LIMIT_UM, TURN_LIMIT, SLIP_LIMIT_UM)."""
    match = play([*stay(3), *rolls(0, 0, 3, 0, 0)], start=_start(straight(0, 0, 1, 1, 1)))
    for text in ("aim 8000 -8000 4500", "aim -8000 8000 -4500", "aim 0 0 0", "aim careful", "aim 1.5mm -2mm 10deg"):
        assert is_legal(match, text), text
    refused(match, "aim 8001 0 0", "within ±8000 µm")
    refused(match, "aim 0 -8001 0", "within ±8000 µm")
    refused(match, "aim 0 0 4501", "within ±4500 hundredths of a degree")
    refused(match, "aim 1.5 0", "a number without a unit is whole")
    refused(match, "slip 0 0 0", "place the next die now")  # the hand's error is chance's, not the player's
    match.apply("aim 0 0 0")
    refused(match, "slip 16001 0 0", "at most 16000 µm")
    refused(match, "slip 0 0 4501", "at most 16000 µm along each axis and 4500 hundredths")
    refused(match, "aim 0 0 0", "the die just aimed is being placed now")


def test_a_die_centred_on_the_top_faces_edge_stands_one_micrometre_past_it_falls() -> None:
    """RULINGS: « the building stands when, at every interface, the centre of mass of the dice above lies inside
    the overlap of the two touching faces »; « a centre of mass exactly on the edge of the overlap as standing »."""
    # physics: a die 8000 µm off a straight column has its centre on the overlap's edge; 8001 µm, outside it.
    assert Column([*[Pose(0, 0)] * 5, Pose(HALF, 0)]).check().stands
    assert not Column([*[Pose(0, 0)] * 5, Pose(HALF + 1, 0)]).check().stands
    actions = [*stay(3), *rolls(0, 0, 3, 0, 0)]
    match = play([*actions, *edge(0)], start=_start(straight(0, 0, 1, 1, 1)))
    placed = events(match, "placed")[-1]
    assert (placed["x"], placed["y"], placed["turn"], placed["margin"], placed["height"]) == (HALF, 0, 0, 0, 6)
    assert snap(match)["buildings"][0][-1] == [3, HALF, 0, 0]  # the crooked die stays as it landed
    assert not events(match, "fell")
    match = play([*actions, *topple(0)], start=_start(straight(0, 0, 1, 1, 1)))
    assert events(match, "placed")[-1]["margin"] is None
    assert events(match, "fell") == [{"kind": "fell", "company": "A", "height": 6, "at": 5}]


def test_a_crooked_die_from_an_earlier_turn_makes_the_building_fall_lower_down() -> None:
    """RULINGS: « A careless or deliberately crooked placement stays in the building for later turns. » Company A's
    top die was left on the edge (8000 µm off); a die now placed 1 µm further off the top brings the centre of
    mass of the two dice above the fifth die to 8000.5 µm, outside that interface: it gives way above die 5,
    although the new die itself sits almost square on its neighbour."""
    crooked = [*straight(0, 0, 1, 1, 1), [2, HALF, 0, 0]]
    poses = [Pose(0, 0)] * 5 + [Pose(HALF, 0)]
    assert Column([*poses, Pose(HALF, 0)]).check().stands
    verdict = Column([*poses, Pose(HALF + 1, 0)]).check()
    assert not verdict.stands and verdict.failed_at == 4
    actions = [*stay(3), *rolls(0, 3, 0, 0, 0, 0)]
    stands = play([*actions, *careful(0)], start=_start(crooked))
    assert heights(stands)[0] == 7 and not events(stands, "fell")
    falls = play([*actions, "0: aim 0 0 0", "chance: slip 1 0 0"], start=_start(crooked))
    assert events(falls, "fell") == [{"kind": "fell", "company": "A", "height": 7, "at": 5}]
