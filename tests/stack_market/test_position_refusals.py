"""A malformed Stack Market position is refused in French as in English: each refusal of ``state_from_json``
carries a reason (``position.<what>``) that the game's catalogue (``locale/*-position.toml``) says in both
languages, with the values as the file writes them, its names quoted as the terminal quotes (“cash”, « cash »);
the exception's own English message stays what it was."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from ludotheque.engine import Match, get_game
from ludotheque.engine.errors import Reason, StateFormatError
from tests.position_refusals import refusal

GAME = get_game("stack-market")
ENGLISH = re.compile(r"\b(the|must|expected|needs|list|from|of|and|or|is|seat|company|dice|holds|game|whole|number)\b")
"""English words a French text must not fall back to."""


def _played(players: int, seed: int, steps: int) -> dict[str, Any]:
    """A real position after ``steps`` random actions, as ``to_json`` writes it: the reader accepts it whole."""
    match = Match(GAME, players, seed=seed)
    match.play_randomly(random.Random(seed), steps)
    data = match.state.to_json()
    GAME.state_from_json(data)
    return data


def _position() -> dict[str, Any]:
    """A 3-player position of round 1: a die of seat 2's turn is being placed, nobody holds the record."""
    data = _played(3, 1, 40)
    assert data["phase"] == "slip" and data["player"] == 2 and data["record_holder"] is None
    return data


def _refusal(data: dict[str, Any]) -> tuple[StateFormatError, str, str]:
    """The refusal of ``data``, with its reason said in French and in English by the game's catalogue."""
    return refusal(GAME, data, ENGLISH)


def test_cash_of_the_wrong_length() -> None:
    data = _position()
    data["cash"] = [50000, 50000]
    error, fr, en = _refusal(data)
    assert str(error) == "'cash' must list 3 amounts of at least 0"
    assert error.reason == Reason("position.cash", {"players": 3})
    assert fr == "«\u00a0cash\u00a0» doit donner 3 montants positifs ou nuls"
    assert en == "“cash” must list 3 amounts of at least 0"  # the player's words quote as the terminal does


def test_a_seats_steadiness_that_is_not_a_number() -> None:
    data = _position()
    data["steadiness"] = [1800, "ferme", 1800]
    error, fr, en = _refusal(data)
    assert "expected a whole number" in str(error)  # the seat options' own words, as before
    assert error.reason == Reason("position.steadiness_value", {"seat": 1, "value": '"ferme"', "max": 8000})
    assert fr == "«\u00a0steadiness\u00a0» du siège 1 = \"ferme\"\u00a0: il faut un nombre entier de 0 à 8000 (en µm)"
    assert "seat 1 = \"ferme\"" in en


def test_steadiness_for_the_wrong_number_of_seats() -> None:
    data = _position()
    data["steadiness"] = [1800]
    error, fr, _ = _refusal(data)
    assert error.reason == Reason("position.steadiness", {"players": 3})
    assert "chacun des 3 sièges" in fr and "écart de sa main" in fr


def test_a_count_that_is_not_a_whole_number_is_shown_as_json() -> None:
    data = _position()
    data["reserve"] = "beaucoup"
    error, fr, en = _refusal(data)
    assert str(error) == "reserve = 'beaucoup': expected a whole number from 0 to 50"
    assert error.reason == Reason("position.whole_number", {"field": "reserve", "value": '"beaucoup"', "min": 0,
                                                            "max": 50})
    assert fr == "«\u00a0reserve\u00a0» = \"beaucoup\"\u00a0: il faut un nombre entier de 0 à 50"
    assert en == "“reserve” = \"beaucoup\": expected a whole number from 0 to 50"


def test_an_investor_on_no_company() -> None:
    data = _position()
    data["investors"][1] = "Z"
    error, fr, _ = _refusal(data)
    assert str(error).startswith("investors[1] = 'Z'")
    assert error.reason == Reason("position.company", {"field": "investors[1]", "value": '"Z"', "last": "C"})
    assert fr == "«\u00a0investors[1]\u00a0» = \"Z\"\u00a0: il faut une lettre de compagnie de A à C, ou null"


def test_a_quoted_field_is_named_without_its_quotes() -> None:
    data = _position()
    data["hand"] = [0, 7]
    error, fr, en = _refusal(data)
    assert str(error) == "'hand' must list dice numbers 0 to 4"
    assert error.reason == Reason("position.faces", {"field": "hand"})
    assert fr == "«\u00a0hand\u00a0» doit être une liste de dés, chacun un nombre de 0 à 4"
    assert en == "“hand” must list dice numbers 0 to 4"


def test_a_record_holder_who_is_not_a_seat() -> None:
    data = _position()
    data["record_holder"] = 7
    error, fr, _ = _refusal(data)
    assert error.reason == Reason("position.seat", {"field": "record_holder", "value": "7", "max": 2})
    assert fr == "«\u00a0record_holder\u00a0» = 7\u00a0: il faut un siège de 0 à 2, ou null"


@pytest.mark.parametrize(("reserve", "fr_words", "en_words"), [
    (1, "la position contient 1 dé\u00a0; une partie à 3 joueurs en compte 50",
     "the position holds 1 die; a 3-player game has 50"),
    (0, "la position contient 0 dé\u00a0;", "the position holds 0 dice;"),
    (7, "la position contient 7 dés\u00a0;", "the position holds 7 dice;"),
])
def test_the_count_of_dice_agrees_with_its_noun(reserve: int, fr_words: str, en_words: str) -> None:
    data = _position()
    data.update(buildings=[[], [], []], hand=[], pending=[], to_roll=0, removed=0, reserve=reserve)
    error, fr, en = _refusal(data)
    assert error.reason == Reason("position.dice_total", {"count": reserve, "players": 3, "dice": 50})
    assert str(error).startswith(f"the position holds {reserve} dice;")
    assert fr_words in fr and en_words in en


def test_a_record_without_its_holder_is_said_inside_the_broken_rule() -> None:
    data = _position()
    data["record"] = 20
    error, fr, en = _refusal(data)
    assert str(error).startswith("the position breaks a rule of the game")
    assert error.reason == Reason("position.breaks_rule", {"why": Reason("position.record_holder",
                                                                         {"record": 20, "start": 15})})
    assert fr == ("la position enfreint une règle du jeu\u00a0: «\u00a0record\u00a0» = 20 demande un "
                  "«\u00a0record_holder\u00a0» (sans détenteur, le record vaut 15)")
    assert en == ("the position breaks a rule of the game: “record” = 20 needs a “record_holder” (with no holder, "
                  "the record is 15)")


def test_an_unknown_phase() -> None:
    data = _position()
    data["phase"] = "dormir"
    error, fr, _ = _refusal(data)
    assert error.reason is not None and error.reason.fields["value"] == '"dormir"'
    assert fr.startswith("«\u00a0phase\u00a0» = \"dormir\"\u00a0: les phases sont invest, roll, order, aim, slip")


def test_a_tie_is_written_as_the_file_writes_it() -> None:
    data = _position()
    data["tie"] = "égalité"
    error, fr, en = _refusal(data)
    assert str(error) == "tie = 'égalité': 'tallest', 'smallest' or null"
    assert fr == "«\u00a0tie\u00a0» = \"égalité\"\u00a0: il faut «\u00a0tallest\u00a0», «\u00a0smallest\u00a0» ou null"
    assert en == "“tie” = \"égalité\": “tallest”, “smallest” or null"


def test_a_takeover_that_is_not_an_object() -> None:
    data = _position()
    data["takeover"] = ["B", "A"]
    error, fr, _ = _refusal(data)
    assert error.reason == Reason("position.takeover")
    assert "«\u00a0takeover\u00a0» est un objet avec «\u00a0tall\u00a0»" in fr


def test_who_acts_must_agree_with_the_phase() -> None:
    data = _position()
    data["to_move"] = 1
    error, fr, en = _refusal(data)
    assert str(error) == "to_move = 1 does not agree with phase 'slip'"
    assert error.reason == Reason("position.to_move", {"value": "1", "phase": "slip"})
    assert fr == "«\u00a0to_move\u00a0» = 1 ne correspond pas à la phase «\u00a0slip\u00a0»"
    assert en == "“to_move” = 1 does not agree with phase “slip”"


def test_an_aim_outside_the_slip_phase() -> None:
    data = _position()
    data["phase"], data["to_move"] = "aim", data["player"]
    error, fr, _ = _refusal(data)
    assert error.reason == Reason("position.aim_slip")
    assert fr.startswith("«\u00a0aim\u00a0» n'est donné que dans la phase «\u00a0slip\u00a0»")


JUNK: list[Any] = [None, -1, 99, "é", [], [1, "x"], {"a": 1}, True]


@pytest.mark.parametrize(("players", "seed", "steps"), [(3, 1, 40), (4, 2, 0), (4, 3, 12), (3, 4, 150)])
def test_every_field_broken_is_refused_in_french_or_read(players: int, seed: int, steps: int) -> None:
    """Each field of real positions replaced by junk, or left out: read, or refused with a French text."""
    base = _played(players, seed, steps)
    for key in sorted(base):
        for junk in [*JUNK, ...]:
            data = dict(base)
            if junk is ...:
                del data[key]
            else:
                data[key] = junk
            try:
                GAME.state_from_json(data)
            except StateFormatError as e:
                said = GAME.catalog.reason("fr", e.reason)
                if e.reason is not None and e.reason.key in {"position.game", "position.players",
                                                              "position.unknown_field", "position.options"}:
                    continue  # the engine's own words (engine/locale)
                assert said and "position." not in said and not ENGLISH.search(said), (key, junk, e, said)
