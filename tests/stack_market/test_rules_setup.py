"""« Mise en place »: dice by player count, the starting buildings, the first player, investing (rulebook
paragraphs 1–8, RULINGS "Dice faces … 60 dice with 4 players, 50 with 3. One company per player; at most two
investors on a company")."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.stack_market.test_rules_helpers import (
    dice_count,
    events,
    faces,
    heights,
    legal,
    play,
    refused,
    refused_entry,
    rolls,
    snap,
)

FOUR_BUILDINGS = [*rolls(4, 0, 2), *rolls(1, 1, 3), *rolls(0, 0, 0), *rolls(2, 4, 3)]
"""Company A rolls 4 0 2, B 1 1 3, C 0 0 0, D 2 4 3."""
FOUR_INVEST = ["chance: first 2", "2: invest A", "3: invest A", "0: invest B", "1: invest B"]


def test_four_players_play_with_60_dice_three_with_50() -> None:
    """« Les 60 dés sont utilisés dans une partie à 4 joueurs. Dans une partie à 3 joueurs, retirez 10 dés »."""
    four, three = play([], players=4), play([], players=3)
    assert dice_count(four) == 60 and dice_count(three) == 50
    # The first company's 3 dice are taken from the reserve to be rolled at once.
    assert snap(four)["reserve"] == 57 and snap(four)["to_roll"] == 3
    assert snap(three)["reserve"] == 47 and snap(three)["removed"] == 0


def test_each_company_starts_with_three_rolled_dice_highest_on_top() -> None:
    """« Lancez 3 dés pour chaque compagnie et empilez-les … avec le plus grand chiffre sur le dessus »; « tous
    les marqueurs sont placés sur la case 3 »; the dice are stacked straight (our decision: square on each other)."""
    match = play(FOUR_BUILDINGS)
    assert faces(match) == [[0, 2, 4], [1, 1, 3], [0, 0, 0], [2, 3, 4]]
    assert heights(match) == [3, 3, 3, 3]
    assert all(d[1:] == [0, 0, 0] for b in snap(match)["buildings"] for d in b)
    assert snap(match)["reserve"] == 48
    assert [e["faces"] for e in events(match, "built")] == ["0 2 4", "1 1 3", "0 0 0", "2 3 4"]


def test_a_die_shows_0_0_1_2_3_4() -> None:
    """« 60 dés avec les chiffres 0, 0, 1, 2, 3, 4 »: a roll is 0 with probability 2/6, each other number 1/6."""
    match = play([])
    got = {a.text(): Fraction(p).limit_denominator(100) for a, p in match.state.chance_outcomes()}
    assert got == {"roll 0": Fraction(1, 3), "roll 1": Fraction(1, 6), "roll 2": Fraction(1, 6),
                   "roll 3": Fraction(1, 6), "roll 4": Fraction(1, 6)}
    refused(match, "roll 5", "dice show 0 to 4")


def test_everyone_starts_with_50000_and_the_record_marker_on_15() -> None:
    """« Chaque joueur reçoit $50.000 »; « Le marqueur du Plus Haut Building est placé sur la case 15 »."""
    match = play(FOUR_BUILDINGS)
    s = snap(match)
    assert s["cash"] == [50_000] * 4
    assert s["record"] == 15 and s["record_holder"] is None


def test_the_first_player_is_drawn() -> None:
    """« Le premier joueur est déterminé au hasard »: one chance action, each seat equally likely."""
    match = play(FOUR_BUILDINGS)
    assert snap(match)["phase"] == "first_player"
    assert [(a.text(), p) for a, p in match.state.chance_outcomes()] == [(f"first {s}", 0.25) for s in range(4)]
    refused(match, "first 4", "allowed: first 0, first 1, first 2, first 3")


def test_investing_goes_clockwise_from_the_first_player_at_most_two_per_company() -> None:
    """« On commence par le premier joueur, et ensuite on joue dans le sens horaire. Tous les joueurs investissent
    … Pas plus de deux marqueurs Investisseurs peuvent occuper une même carte Compagnie »."""
    match = play([*FOUR_BUILDINGS, *FOUR_INVEST[:3]])
    assert match.current_player == 0  # seat 2 drawn, then 3, then 0 (seat + 1 is clockwise)
    assert legal(match) == ["invest B", "invest C", "invest D"]
    refused(match, "invest A", "company A already has two investors")
    refused(match, "stay", "not legal")  # investing is not optional at the setup
    match = play([*FOUR_BUILDINGS, *FOUR_INVEST])
    s = snap(match)
    assert s["investors"] == ["B", "B", "A", "A"]
    assert [(e["seat"], e["company"]) for e in events(match, "invest")] == [(2, "A"), (3, "A"), (0, "B"), (1, "B")]
    # The first player then plays the first turn: as many dice as company A is high.
    assert s["phase"] == "roll" and s["player"] == 2 and s["to_roll"] == 3 and s["reserve"] == 45
    assert events(match, "turn") == [{"kind": "turn", "seat": 2, "round": 1, "company": "A", "count": 3}]


def test_investing_out_of_turn_is_refused() -> None:
    refused_entry([*FOUR_BUILDINGS, *FOUR_INVEST[:2]], "1: invest C", "seat 3's turn")


def test_three_players_have_three_companies() -> None:
    """« autant de cartes Compagnies sur la table qu'il y a de joueurs »: A to C with 3 players."""
    setup = [*rolls(0, 1, 2), *rolls(3, 3, 0), *rolls(4, 1, 1), "chance: first 0", "0: invest A", "1: invest A"]
    match = play(setup, players=3)
    assert legal(match) == ["invest B", "invest C"]
    refused(match, "invest D", "there are companies A to C")
    refused(match, "invest A", "company A already has two investors")
    match = play([*setup, "2: invest C"], players=3)
    s = snap(match)
    assert faces(match) == [[0, 1, 2], [0, 3, 3], [1, 1, 4]]
    assert s["investors"] == ["A", "A", "C"]
    assert s["player"] == 0 and s["to_roll"] == 3 and s["reserve"] == 50 - 9 - 3


@pytest.mark.parametrize("text", ["invest E", "invest", "invest AB"])
def test_a_company_that_is_no_letter_is_refused(text: str) -> None:
    match = play([*FOUR_BUILDINGS, "chance: first 0"])
    refused(match, text, "")


@pytest.mark.parametrize("text", ["first 4", "roll 2", "invest A"])
def test_the_first_player_draw_refuses_with_its_own_words(text: str) -> None:
    """While the first player is drawn, an outcome that cannot happen (seat 4, a die) or a seat's move is refused;
    the message should say that the first player is being drawn, not that dice must be rolled."""
    match = play([*FOUR_BUILDINGS])
    refused(match, text, "allowed: first 0, first 1, first 2, first 3")
    with pytest.raises(ValueError) as error:
        match.apply(text)
    assert "the first player is being drawn now (“first 0” to “first 3”)" in str(error.value)
