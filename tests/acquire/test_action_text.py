"""Action texts as people type them: French words, disposal shorthands, and what is refused."""

from __future__ import annotations

import pytest

from ludotheque.engine import IllegalActionError, InvalidActionError, get_game

GAME = get_game("acquire")


@pytest.mark.parametrize(("typed", "canonical"), [
    ("acheter L", "buy Luxor"), ("Acheter impérial", "buy Imperial"), ("fonder C", "found Continental"),
    ("survivant Luxor", "survivor Luxor"), ("absorber F", "absorb Festival"), ("fini", "done"),
    ("annoncer", "announce"), ("passer", "pass"), ("carte heritage", "card inheritance"),
    ("ope L L contre O", "exchange Luxor Luxor for Oriental"), ("c5", "5C"),
    ("vendre 2 echanger 2 garder 1", "sell 2 trade 2 keep 1"),
])
def test_french_words_and_shorthands(typed: str, canonical: str) -> None:
    assert GAME.parse_action(typed).text() == canonical


def test_disposal_fills_in_what_is_kept_and_refuses_more_than_held() -> None:
    state = GAME.state_from_json({
        "players": 3, "board": {"Luxor": ["5C", "6C", "7C"], "Festival": ["9C", "10C"]},
        "hands": [["8C"], [], []], "shares": [{"Festival": 3}, {}, {}], "turn_player": 0})
    state.apply(state.parse_action("8C"))  # Festival (2) into Luxor (3): seat 0 disposes of 3 shares
    assert state.parse_action("sell 1").text() == "sell 1 trade 0 keep 2"
    assert state.parse_action("vendre 1 echanger 2").text() == "sell 1 trade 2 keep 0"
    assert state.parse_action("keep all").text() == "sell 0 trade 0 keep 3"
    with pytest.raises(IllegalActionError, match="you hold 3 Festival shares"):  # understood, not allowed
        state.parse_action("sell 7")


@pytest.mark.parametrize(("typed", "message"), [
    ("found", "name the chain"), ("12Z", "is not a tile"), ("buy Nowhere", "is not a hotel chain"),
    ("card joker", "is not a card"), ("sell two", "is not a number of shares"), ("", "empty action"),
])
def test_refusals_say_what_is_allowed(typed: str, message: str) -> None:
    with pytest.raises(InvalidActionError, match=message):
        GAME.parse_action(typed)
