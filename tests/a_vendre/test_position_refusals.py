"""A malformed « A Vendre ! » position is refused in the reader's language: each refusal of ``snapshot.py`` carries a
reason (``position.<what>``) that the game's catalogue (``locale/*-position.toml``) says in French and in English,
with the values as the file writes them; the English message stays as it was."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from ludotheque.engine import Match, get_game
from ludotheque.engine.errors import Reason, StateFormatError
from tests.position_refusals import refusal

GAME = get_game("a-vendre")
ENGLISH = re.compile(r"\b(must|expected|whole|lists?|seats?|steps?|the|not|holds|one of|takes|problems?|refused)\b")
"""English words that a French text must not hold (the file's own words, ``cash`` or ``payment``, are not these)."""
NBSP = "\u00a0"


def _played() -> dict[str, Any]:
    """A real position: three players, a few turns in (``player`` 0 about to roll)."""
    match = Match(GAME, 3, seed=1)
    match.play_randomly(random.Random(1), 40)
    data = match.state.to_json()
    assert data["player"] == 0 and data["queue"] == [["roll"], ["end_turn"]] and data["cash"] == [5090, 2480, 3380]
    return data


def _refused(match: str, **broken: Any) -> tuple[Reason, str, str]:
    """The real position with ``broken`` fields, refused with the English ``match``: its reason, French and English."""
    error, fr, en = refusal(GAME, _played() | broken, ENGLISH, match)
    assert error.reason is not None
    return error.reason, fr, en


def test_a_list_of_numbers_says_the_field_how_many_and_the_value_as_the_file_writes_it() -> None:
    reason, fr, en = _refused(r"'cash' must list 3 whole numbers from 0 to 1000000000", cash=[5090, "2480", -3])
    assert reason == Reason("position.numbers", {"field": "cash", "count": 3, "lo": 0, "hi": 10**9,
                                                 "value": '[5090, "2480", -3]'})
    assert fr == (f"«{NBSP}cash{NBSP}» doit être une liste de 3 nombres entiers de 0 à 1000000000, "
                  'pas [5090, "2480", -3]')
    assert en == "“cash” must list 3 whole numbers from 0 to 1000000000, not [5090, \"2480\", -3]"


def test_a_list_of_true_false_agrees_with_the_number_of_players() -> None:
    two = {key: value[:2] if isinstance(value, list) and len(value) == 3 else value for key, value in _played().items()}
    two |= {"players": 2, "bank": 5100 * 3 - 7570, "owners": {}}
    with pytest.raises(StateFormatError, match="'waiting' must list 2 true/false") as caught:
        GAME.state_from_json(two | {"waiting": [False, None]})
    assert caught.value.reason == Reason("position.flags", {"field": "waiting", "count": 2,
                                                            "value": "[false, null]"})
    fr = GAME.catalog.reason("fr", caught.value.reason)
    assert fr == f"«{NBSP}waiting{NBSP}» doit être une liste de 2 valeurs true ou false, pas [false, null]"


def test_one_number_says_its_own_field() -> None:
    reason, fr, en = _refused(r"'r' must list 1 whole numbers from 0 to 1000000", round=-1)
    assert reason == Reason("position.number", {"field": "round", "value": "-1", "lo": 0, "hi": 10**6})
    assert fr == f"«{NBSP}round{NBSP}» = -1{NBSP}: il faut un nombre entier de 0 à 1000000"
    assert en == "“round” = -1: expected a whole number from 0 to 1000000"
    reason, fr, _ = _refused(r"'d' must list 1 whole numbers from 0 to 6", last_roll=7)
    assert reason.fields["field"] == "last_roll" and "7" in fr and "de 0 à 6" in fr


def test_a_seat_out_of_range() -> None:
    reason, fr, en = _refused(r"player = 3: expected a seat from 0 to 2 or null", player=3)
    assert reason == Reason("position.seat", {"field": "player", "value": "3", "top": 2})
    assert fr == f"«{NBSP}player{NBSP}» = 3{NBSP}: il faut un numéro de place de 0 à 2, ou null"
    assert en == "player = 3: expected a seat from 0 to 2 or null"


def test_a_queue_step_of_the_wrong_shape_says_what_that_step_holds_in_each_language() -> None:
    """The step's shape is a reason inside the refusal, said by the same catalogue."""
    step = ["payment", 0, 9, 100, "tax"]
    reason, fr, en = _refused(r"queue step \['payment', 0, 9, 100, 'tax'\]: expected \['payment', debtor seat",
                              queue=[step, ["end_turn"]])
    assert reason == Reason("position.step_shape", {"step": '["payment", 0, 9, 100, "tax"]', "name": "payment",
                                                    "shape": Reason("position.shape.payment")})
    assert fr == (f'étape ["payment", 0, 9, 100, "tax"] de «{NBSP}queue{NBSP}»{NBSP}: il faut [«{NBSP}payment{NBSP}», '
                  "place du débiteur, place du créancier ou -1 (la banque), montant, motif]")
    assert en == ('queue step ["payment", 0, 9, 100, "tax"]: expected [“payment”, debtor seat, creditor seat or -1, '
                  "amount, why]")


@pytest.mark.parametrize(("step", "words"), [
    (["bank_pays", 0, 100, "tax"], "place du créancier, montant, motif, la banque peut-elle être mise aux enchères"),
    (["arrive", 61, 0, 0], "case, arrivée par une carte 0/1, montant"),
    (["reach_60", 13], "points au-delà de 60"),
    (["loan", 5], "place du débiteur"),
])
def test_every_step_shape_is_said_in_french(step: list[Any], words: str) -> None:
    reason, fr, _ = _refused(r"queue step .*: expected", queue=[step])
    assert reason.key == "position.step_shape" and fr.endswith(f"[«{NBSP}{step[0]}{NBSP}», {words}]")


def test_an_unknown_step_and_a_step_with_too_much() -> None:
    reason, fr, _ = _refused(r"queue step \['fly'\]: expected \[name, …\]", queue=[["fly"]])
    assert reason.key == "position.step_name" and fr.startswith(f'étape ["fly"] de «{NBSP}queue{NBSP}»{NBSP}: il faut')
    assert "avec un nom parmi first, roll, draw" in fr
    reason, fr, en = _refused(r"'roll' takes nothing more", queue=[["roll", 3], ["end_turn"]])
    assert reason == Reason("position.step_args", {"step": '["roll", 3]', "name": "roll"})
    assert fr == f'étape ["roll", 3] de «{NBSP}queue{NBSP}»{NBSP}: «{NBSP}roll{NBSP}» ne prend rien de plus'
    assert en == "queue step [\"roll\", 3]: “roll” takes nothing more"


def test_an_owner_out_of_range() -> None:
    reason, fr, en = _refused(r"owners\['99'\] = 0: titles 1 to 43, seats 0 to 2", owners={"99": 0})
    assert reason == Reason("position.owner", {"title": '"99"', "value": "0", "titles": 43, "top": 2})
    assert fr == f'owners["99"] = 0{NBSP}: les titres vont de 1 à 43, les places de 0 à 2'
    assert en == 'owners["99"] = 0: titles 1 to 43, seats 0 to 2'


def test_a_title_number_in_other_digits_is_refused_too() -> None:
    reason, _, _ = _refused(r"owners\['²'\]", owners={"²": 0})
    assert reason.key == "position.owner" and reason.fields["title"] == '"²"'


def test_the_bank_says_what_it_should_hold() -> None:
    reason, fr, en = _refused(r"bank = 3: the bank holds what the players lack of 5,100 each", bank=3)
    assert reason == Reason("position.bank", {"value": "3", "start": 5100, "expected": 9450})
    assert fr == (f"«{NBSP}bank{NBSP}» = 3{NBSP}: la banque détient ce qui manque aux joueurs pour avoir 5100 chacun, "
                  "plus ses propres 5100 (ici 9450)")
    assert "(9450 here)" in en


@pytest.mark.parametrize(("broken", "match", "key", "words"), [
    ({"termination": "won"}, "termination = 'won': one of", "position.termination",
     f'«{NBSP}termination{NBSP}» = "won"{NBSP}; les valeurs permises sont reached_60, second_trip'),
    ({"last_card": "Z99"}, "last_card = 'Z99': not a card", "position.last_card",
     f'«{NBSP}last_card{NBSP}» = "Z99"{NBSP}: ce n\'est pas une carte des charges de ce jeu'),
    ({"honours": "oui"}, "'honours' is true or false", "position.honours",
     f'«{NBSP}honours{NBSP}» vaut true ou false, pas "oui"'),
    ({"deck": {}}, "'deck' holds no card", "position.deck_empty", "les cartes des charges sont mêlées de nouveau"),
    ({"deck": {"H01": 5}}, "'deck' is an object of card id", "position.deck", "au plus son nombre d'exemplaires"),
    ({"owners": [1, 2]}, "'owners' is an object of title number: seat", "position.owners",
     "pour un numéro de titre, la place qui le détient"),
    ({"queue": []}, "a game going on has steps in its 'queue'", "position.empty_queue",
     f"une partie en cours a des étapes dans sa «{NBSP}queue{NBSP}»"),
    ({"termination": "reached_60"}, "a finished game has no steps left", "position.finished_queue",
     f"il ne reste aucune étape dans la «{NBSP}queue{NBSP}» d'une partie terminée"),
    ({"queue": [["first"]]}, "before the lot for who plays first", "position.before_first",
     f"avant le tirage au sort de qui joue en premier, il n'y a pas de «{NBSP}player{NBSP}»"),
    ({"player": None}, "a game under way has a 'player'", "position.under_way",
     f"une partie commencée a un «{NBSP}player{NBSP}»"),
    ({"left": [1, 0, 0]}, "player 0 has left the game", "position.player_left",
     "le joueur de la place 0 est sorti du jeu et n'a plus de tour"),
    ({"queue": [["bid"]]}, r"an auction goes with a \[\"bid\"\] step", "position.auction_step",
     f"il y a une enchère («{NBSP}auction{NBSP}») si et seulement si «{NBSP}queue{NBSP}» commence par une étape bid"),
    ({"owners": {"3": 1}, "queue": [["choose_auction", 1]]}, "seat 1 has no business to auction",
     "position.no_business",
     "la place 1 n'a aucun commerce à mettre aux enchères (les établissements ne sont jamais vendus)"),
    ({"auction": {"kind": "shop"}}, "'auction' is an object with bidders", "position.auction",
     f"dont «{NBSP}kind{NBSP}» vaut «{NBSP}business{NBSP}» ou «{NBSP}bank{NBSP}»"),
    ({"auction": {"kind": "bank", "bidders": [0, 3]}}, "auction.bidders lists seats 0 to 2",
     "position.auction_bidders", f"«{NBSP}auction.bidders{NBSP}» est une liste de places de 0 à 2, pas [0, 3]"),
    ({"auction": {"kind": "bank", "bids": [[0]]}}, r"auction.bids lists \[seat, amount\]", "position.auction_bids",
     f"(montant 0{NBSP}: la place s'est retirée), pas [[0]]"),
    ({"auction": {"kind": "bank", "turn": "2"}}, "auction: title, seller", "position.auction_numbers",
     "title, seller, opening, high, high_bidder et turn sont des nombres entiers"),
    ({"auction": {"kind": "bank", "bidders": []}, "queue": [["bid"]]}, "an auction under way has bidders left",
     "position.no_bidders", "une enchère en cours a encore des enchérisseurs"),
])
def test_each_refusal_is_said_in_french(broken: dict[str, Any], match: str, key: str, words: str) -> None:
    reason, fr, _ = _refused(match, **broken)
    assert reason.key == key and words in fr, fr


def test_a_data_file_refused_says_how_many_problems_in_each_language(tmp_path: Path) -> None:
    """The refusal of an option's data file, in a position: one problem, then several (the two forms of the count)."""
    missing = tmp_path / "nowhere.toml"
    reason, fr, en = _refused("cannot be read", options={"board": str(missing)})
    assert reason == Reason("position.data_file", {"file": str(missing), "count": 1})
    assert fr == (f"le fichier de données {missing} est refusé (1 problème){NBSP}: "
                  f"«{NBSP}ludo check-data {missing}{NBSP}» le montre")
    assert en == f"the data file {missing} is refused (1 problem): “ludo check-data {missing}” shows it"
    board = tmp_path / "board.toml"
    board.write_text('format = "a-vendre/board"\n', encoding="utf-8")
    reason, fr, en = _refused("missing field", options={"board": str(board)})
    assert reason.fields["count"] == 2
    assert "(2 problèmes)" in fr and "les montre" in fr and "(2 problems)" in en and "shows them" in en


def test_the_engine_still_says_what_every_reader_checks() -> None:
    """The header is the engine's (its catalogue, not the game's)."""
    from ludotheque.engine.texts import ENGINE_TEXTS

    with pytest.raises(StateFormatError, match="a position must say how many players") as caught:
        GAME.state_from_json(_played() | {"players": "trois"})
    assert GAME.catalog.reason("fr", caught.value.reason) is None
    assert ENGINE_TEXTS.reason("fr", caught.value.reason) == \
        f'«{NBSP}players{NBSP}» = "trois"{NBSP}: une position doit dire combien de joueurs il y a'
