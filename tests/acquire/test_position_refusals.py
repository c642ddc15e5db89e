"""A malformed Acquire position (a record's ``start``) is refused in the reader's language: each refusal carries a
reason (``position.<what>``) that Acquire's catalogue says in French and in English (``locale/*-position.toml``),
quoting the file's values as the file writes them, while the English message stays what it was. The catalogue's
English quotes a field name or a word with “…” (``“cash” must list…``), as the French does with « »."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from ludotheque.engine import Match, StateFormatError, get_game
from ludotheque.engine.errors import Reason
from tests.position_refusals import refusal

GAME = get_game("acquire")
ENGLISH = re.compile(r"\b(is|are|the|must|expected|got|and|of|tile|tiles|hand|players|shares|holds?|touch)\b")
"""English words that a French text must not keep (a JSON field name such as « hands » is written as the file)."""


def _played(steps: int = 40, seed: int = 5) -> dict[str, Any]:
    """A real position: three players after a few random moves (a chain is on the board)."""
    match = Match(GAME, 3, seed=seed)
    match.play_randomly(random.Random(seed), steps)
    data: dict[str, Any] = match.state.to_json()
    return data


def _refused(data: dict[str, Any]) -> tuple[StateFormatError, str, str]:
    """The refusal of ``data``, said in French and in English by Acquire's catalogue."""
    return refusal(GAME, data, ENGLISH)


def _break_cash(d: dict[str, Any]) -> None:
    d["cash"] = [6000, -5, 6000]


def test_cash_is_said_with_its_value_as_json() -> None:
    data = _played()
    _break_cash(data)
    e, fr, en = _refused(data)
    assert str(e) == "'cash' must list 3 amounts of zero or more, got [6000, -5, 6000]"
    assert e.reason == Reason("position.cash", {"players": 3, "value": "[6000, -5, 6000]"})
    assert fr == "«\u00a0cash\u00a0» doit donner 3 montants positifs ou nuls, pas [6000, -5, 6000]"
    assert en == "“cash” must list 3 amounts of zero or more, got [6000, -5, 6000]"


def test_a_field_of_the_wrong_type_quotes_the_file() -> None:
    data = _played()
    data["cash"] = "beaucoup"
    e, fr, en = _refused(data)
    assert e.reason is not None and e.reason.key == "position.wrong_type"
    assert fr == "champ de position «\u00a0cash\u00a0» = \"beaucoup\"\u00a0: type incorrect"
    assert en == "position field “cash” = \"beaucoup\": wrong type"


def test_a_tile_that_is_not_one_nests_the_action_parsers_reason() -> None:
    data = _played()
    data["hands"][0][0] = "13Z"
    e, fr, en = _refused(data)
    assert str(e).startswith("hands[0][0]: '13Z' is not a tile")
    assert e.reason is not None and e.reason.key == "position.at"
    why = e.reason.fields["why"]
    assert isinstance(why, Reason) and why.key == "not_tile"
    assert fr.startswith("hands[0][0]\u00a0: «\u00a013Z\u00a0» n'est pas un pion")
    assert "de 1A à 12I" in fr
    assert en.startswith("hands[0][0]: “13Z” is not a tile")


def test_a_board_key_that_is_not_a_chain_nests_the_chain_parsers_reason() -> None:
    data = _played()
    data["board"]["Ritz"] = ["1A"]
    e, fr, en = _refused(data)
    assert e.reason is not None and e.reason.key == "position.at"
    assert fr.startswith("board\u00a0: «\u00a0Ritz\u00a0» n'est pas une chaîne d'hôtels\u00a0; les chaînes sont")
    assert en.startswith("board: “Ritz” is not a hotel chain; the chains are")


def test_a_tile_name_that_is_not_text() -> None:
    data = _played()
    data["discarded"] = [5]
    e, fr, en = _refused(data)
    assert e.reason == Reason("position.not_tile_name", {"where": "discarded[0]", "value": "5"})
    assert fr == "discarded[0]\u00a0: 5 n'est pas un nom de pion comme «\u00a05C\u00a0»"
    assert en == "discarded[0]: 5 is not a tile name like “5C”"


@pytest.mark.parametrize(("kept", "fr_words", "en_words"), [
    (1, "«\u00a0hands\u00a0» donne 1 main pour 3 joueurs", "“hands” lists 1 hand for 3 players"),
    (2, "«\u00a0hands\u00a0» donne 2 mains pour 3 joueurs", "“hands” lists 2 hands for 3 players"),
    (0, "«\u00a0hands\u00a0» donne 0 main pour 3 joueurs", "“hands” lists 0 hands for 3 players"),
])
def test_the_number_of_hands_agrees_with_its_count(kept: int, fr_words: str, en_words: str) -> None:
    data = _played()
    data["hands"] = data["hands"][:kept]
    e, fr, en = _refused(data)
    assert e.reason == Reason("position.hands_count", {"count": kept, "players": 3})
    assert str(e) == f"'hands' lists {kept} hands for 3 players"  # the English message is what it was
    assert (fr, en) == (fr_words, en_words)


def test_too_many_shares_of_a_chain() -> None:
    data = _played()
    chain = next(name for name in data["board"] if name != "unincorporated")
    data["shares"] = [{chain: 20}, {chain: 6}, {}]
    e, fr, en = _refused(data)
    assert e.reason == Reason("position.shares_total", {"count": 26, "chain": chain, "most": 25})
    assert fr == f"les joueurs détiennent 26 actions {chain}\u00a0; il n'y en a que 25"
    assert en == f"players hold 26 {chain} shares; there are only 25"


def test_a_tile_in_two_places() -> None:
    data = _played()
    tile = data["hands"][0][0]
    data["discarded"] = [tile]
    e, fr, en = _refused(data)
    assert e.reason is not None and e.reason.key == "position.tile_twice"
    assert fr == f"le pion {tile} est à la fois dans hands[0] et dans discarded"
    assert en == f"tile {tile} is both in hands[0] and in discarded"


@pytest.mark.parametrize("dropped", [1, 3])
def test_tiles_missing_from_a_given_bag(dropped: int) -> None:
    data = _played()
    missing, data["bag"] = data["bag"][:dropped], data["bag"][dropped:]
    e, fr, en = _refused(data)
    assert e.reason is not None and e.reason.key == "position.tiles_nowhere"
    listed = ", ".join(missing)
    if dropped == 1:
        assert fr.startswith(f"le pion {listed} n'est nulle part (ni sur le plateau, ni dans une main, ni dans le sac")
        assert en.startswith(f"tile {listed} is nowhere")
    else:
        assert fr.startswith(f"les pions {listed} ne sont nulle part")
        assert en.startswith(f"tiles {listed} are nowhere")
    assert "omettez «\u00a0bag\u00a0» pour y mettre tous les autres pions" in fr


def _unknown_phase(d: dict[str, Any]) -> None:
    d["phase"] = "lunch"


def _far_seat(d: dict[str, Any]) -> None:
    d["turn_player"] = 7


def _old_version(d: dict[str, Any]) -> None:
    d["version"] = 2


def _negative_count(d: dict[str, Any]) -> None:
    d["turn_state"]["bought"] = -1


def _bad_clue(d: dict[str, Any]) -> None:
    d["clues"][1]["drawn"] = "two"


def _merger_out_of_place(d: dict[str, Any]) -> None:
    d["phase"] = "survivor"


@pytest.mark.parametrize(("breaks", "key", "fr_words", "en_words"), [
    (_unknown_phase, "position.phase", "phase \"lunch\" inconnue\u00a0: les phases sont setup, deal, place",
     "phase \"lunch\": the phases are setup, deal, place"),
    (_far_seat, "position.seat", "turn_player = 7\u00a0: les sièges vont de 0 à 2",
     "turn_player = 7: seats are 0 to 2"),
    (_old_version, "position.version", "la version de position 2 n'est pas prise en charge (version attendue\u00a0: 1)",
     "position version 2 is not supported (expected 1)"),
    (_negative_count, "position.turn_count", "turn_state.bought = -1\u00a0: il faut un nombre positif ou nul",
     "turn_state.bought = -1: expected a count"),
    (_bad_clue, "position.clue_count", "clues[1].drawn = \"two\"\u00a0: il faut un nombre de 0 à 108",
     "clues[1].drawn = \"two\": expected a count from 0 to 108"),
    (_merger_out_of_place, "position.merger_phase",
     "phase «\u00a0survivor\u00a0»\u00a0: «\u00a0merger\u00a0» est donné exactement quand une fusion est en cours de "
     "règlement (phases survivor, absorb_order",
     "phase “survivor”: a “merger” is given exactly while one is settled (phases survivor, absorb_order"),
])
def test_other_fields(breaks: Callable[[dict[str, Any]], None], key: str, fr_words: str, en_words: str) -> None:
    data = _played()
    breaks(data)
    e, fr, en = _refused(data)
    assert e.reason is not None and e.reason.key == key
    assert fr_words in fr and en_words in en, (fr, en)


@pytest.mark.parametrize(("board", "key", "fr_words", "en_words"), [
    ({"Luxor": ["1A"]}, "position.lone_chain", "board.Luxor n'a qu'un hôtel\u00a0; une chaîne en a au moins deux",
     "board.Luxor has one hotel; a chain has at least two"),
    ({"Luxor": ["1A", "3A"]}, "position.chain_split", "board.Luxor n'est pas un seul groupe d'hôtels contigus",
     "board.Luxor is not one connected group of hotels"),
    ({"Luxor": ["1A", "2A"], "unincorporated": ["3A"]}, "position.touch_hotel",
     "se touchent\u00a0: une chaîne ne peut pas toucher un hôtel indépendant",
     "touch: a chain cannot touch an independent hotel"),
    ({"Luxor": ["1A", "2A"], "Festival": ["3A", "4A"]}, "position.touch_chain",
     "se touchent\u00a0: une chaîne ne peut pas toucher une autre chaîne", "touch: a chain cannot touch another chain"),
])
def test_a_hand_written_board(board: dict[str, list[str]], key: str, fr_words: str, en_words: str) -> None:
    e, fr, en = _refused({"players": 3, "board": board})
    assert e.reason is not None and e.reason.key == key
    assert fr_words in fr and en_words in en, (fr, en)


MERGING: dict[str, Any] = {"players": 3, "phase": "survivor",
                           "board": {"Luxor": ["1A", "2A"], "Festival": ["4A", "5A"]},
                           "merger": {"tile": "3A", "chains": ["Luxor", "Festival"]}}
"""A hand-written merger being settled (3A joins Luxor and Festival): accepted as it is."""


def test_a_hand_written_merger_is_accepted_and_its_faults_said() -> None:
    GAME.state_from_json(MERGING)
    data: dict[str, Any] = {**MERGING, "merger": {**MERGING["merger"], "sizes": {"Luxor": 1}}}
    e, fr, en = _refused(data)
    assert e.reason == Reason("position.merger_sizes", {})
    assert fr == ("«\u00a0merger\u00a0»\u00a0: «\u00a0sizes\u00a0» donne la taille de chaque chaîne avant la fusion "
                  "(2 ou plus)")
    assert en == "merger: “sizes” gives each chain's size before the merger (2 or more)"
    assert str(e) == "merger: 'sizes' gives each chain's size before the merger (2 or more)"  # the message as it was
    data = {**MERGING, "merger": {**MERGING["merger"], "survivor": "Luxor"}}
    e, fr, en = _refused(data)
    assert e.reason == Reason("position.merger_unsettled", {})
    assert fr == ("«\u00a0merger\u00a0»\u00a0: tant que la chaîne survivante se choisit, ni «\u00a0survivor\u00a0», "
                  "ni «\u00a0remaining\u00a0», ni «\u00a0current\u00a0» ne sont donnés")


@pytest.mark.parametrize(("merger", "where", "value"), [
    ({"sizes": {"Luxor": "two"}}, "merger.sizes.Luxor", '"two"'),
    ({"disposers": [1, "1"]}, "merger.disposers", '"1"'),
    ({"bank_holding": -2}, "merger.bank_holding", "-2"),
])
def test_a_merger_number_that_is_not_one_is_refused_not_crashed_on(merger: dict[str, Any], where: str,
                                                                    value: str) -> None:
    """A hand-written merger's sizes, disposers and the bank's holding are whole numbers; anything else is refused
    with where and what (once a plain ``ValueError`` from ``int``, or a value taken as it came)."""
    e, fr, en = _refused({**MERGING, "merger": {**MERGING["merger"], **merger}})
    assert e.reason == Reason("position.whole_number", {"where": where, "value": value})
    assert fr == f"{where} = {value}\u00a0: il faut un nombre entier positif ou nul"
    assert en == f"{where} = {value}: expected a whole number of zero or more"


@pytest.mark.parametrize("field", ["chains", "sizes", "disposers", "remaining"])
def test_a_merger_field_of_the_wrong_type(field: str) -> None:
    e, fr, _ = _refused({**MERGING, "merger": {**MERGING["merger"], field: 7}})
    assert e.reason == Reason("position.wrong_type", {"field": f"merger.{field}", "value": "7"})
    assert f"merger.{field}" in fr and "7" in fr and "wrong type" not in fr
