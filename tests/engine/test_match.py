"""The match: refusals change nothing (not even the seeded generator), bad files and positions are refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ludotheque.engine import CHANCE, IllegalActionError, Match, RecordError, StateFormatError, get_game
from ludotheque.engine.record import GameRecord


@pytest.mark.parametrize("game", ["acquire", "gracias"])
def test_refused_chance_action_leaves_the_generator_alone(game: str) -> None:
    match = Match(get_game(game), 3, seed=5)
    assert match.current_player == CHANCE
    before = (match.rng.getstate(), match.state.to_json(), len(match.history))
    with pytest.raises(IllegalActionError):
        match.apply("buy Luxor" if game == "acquire" else "take A")
    assert (match.rng.getstate(), match.state.to_json(), len(match.history)) == before
    first = match.draw_chance()
    again = Match(get_game(game), 3, seed=5).draw_chance()
    assert first == again


def test_a_binary_file_is_not_a_record(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b"\xff\xfe\x00binary")
    with pytest.raises(RecordError, match="not a text file in UTF-8"):
        GameRecord.load(path)


@pytest.mark.parametrize(("game", "position", "message"), [
    ("acquire", {"players": 3, "hand": [["5C"], [], []]}, "unknown position field 'hand'"),
    ("acquire", {"players": 3, "hands": [["1A", "2A", "3A", "4A", "5A", "6A", "7A"], [], []]}, "at most 6"),
    ("gracias", {"players": 3, "colour": "red"}, "unknown position field 'colour'"),
])
def test_positions_with_wrong_fields_are_refused(game: str, position: dict[str, object], message: str) -> None:
    with pytest.raises(StateFormatError, match=message):
        get_game(game).state_from_json(json.loads(json.dumps(position)))


def test_card_variant_hands_may_hold_eleven_tiles() -> None:
    hand = ["1A", "2A", "3A", "4A", "5A", "6A", "7A", "8A", "9A", "10A", "11A"]
    state = get_game("acquire").state_from_json({"players": 3, "options": {"cards": True},
                                                  "hands": [hand, [], []]})
    assert len(state.observation(0)["hand"]) == 11
