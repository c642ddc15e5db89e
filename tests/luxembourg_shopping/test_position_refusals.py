"""A malformed Luxembourg-Shopping position is refused in French as in English: each refusal of ``snapshot.py``
carries a reason (``position.<what>``) that the game's catalogue (``locale/*-position.toml``) says in both languages,
with the values as the file writes them (JSON, not Python)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from ludotheque.cli.main import main
from ludotheque.engine import CHANCE, get_game
from ludotheque.engine.errors import Reason, StateFormatError
from tests.position_refusals import refusal

GAME = get_game("luxembourg-shopping")
ENGLISH = re.compile(r"\b(must|expected|list|lists|the|shop|shops|seat|step|steps|not|whole|number|numbers|"
                     r"has|player|game|problem|problems|cannot)\b")
"""English words a French text must not hold (JSON field names and values aside)."""


def _written() -> dict[str, Any]:
    """A real position: a 3-player game played 60 actions on, every choice and draw taken in turn, as written."""
    st = GAME.new_game(3, {})
    for i in range(60):
        if st.current_player == CHANCE:
            outcomes = st.chance_outcomes()
            st.apply(outcomes[i % len(outcomes)][0])
        else:
            actions = st.legal_actions()
            st.apply(actions[i % len(actions)])
    written = st.to_json()
    assert GAME.state_from_json(written).to_json() == written
    copy: dict[str, Any] = json.loads(json.dumps(written))
    return copy


WRITTEN = _written()


def _refused(**change: Any) -> tuple[str, str, str]:
    """The reason's key and its English and French texts of the position written above with ``change``."""
    error, fr, en = refusal(GAME, {**WRITTEN, **change}, ENGLISH)
    assert error.reason is not None
    return error.reason.key, en, fr


def test_the_position_is_a_real_one() -> None:
    assert WRITTEN["player"] is not None and WRITTEN["queue"][-1] == ["end_turn"]
    assert len(WRITTEN["owners"]) >= 18 and WRITTEN["cash"] != [100_000] * 3


def test_a_list_of_numbers_of_the_wrong_length_says_how_many_in_both_languages() -> None:
    key, en, fr = _refused(cash=[100_000, 90_000])
    assert key == "position.numbers"
    assert en == "“cash” must list 3 whole numbers from 0 to 1000000000"
    assert fr == "«\u00a0cash\u00a0» doit être une liste de 3 nombres entiers de 0 à 1000000000"
    key, en, fr = _refused(dice=[7, 1])
    assert key == "position.numbers" and "«\u00a0dice\u00a0»" in fr and "2 nombres entiers de 0 à 6" in fr


def test_the_plural_agrees_with_the_count() -> None:
    """One whole number, two whole numbers: the two forms of ``position.numbers`` (French: 0 and 1 are singular)."""
    one = Reason("position.numbers", {"field": "dice", "count": 1, "lo": 0, "hi": 6})
    assert GAME.catalog.reason("en", one) == "“dice” must list 1 whole number from 0 to 6"
    assert GAME.catalog.reason("fr", one) == "«\u00a0dice\u00a0» doit être une liste de 1 nombre entier de 0 à 6"


def test_a_number_out_of_range_quotes_the_value_as_json() -> None:
    key, en, fr = _refused(dealt="six")
    assert key == "position.number"
    assert en == 'dealt = "six": expected a whole number from 0 to 18'
    assert fr == "«\u00a0dealt\u00a0» = \"six\"\u00a0: il faut un nombre entier de 0 à 18"
    key, en, fr = _refused(winner=9)
    assert key == "position.number_or_null" and en.endswith("from 0 to 2 or null")
    assert fr == "«\u00a0winner\u00a0» = 9\u00a0: il faut un nombre entier de 0 à 2, ou null"


@pytest.mark.parametrize(("change", "key", "words"), [
    ({"owners": []}, "position.owners", "pour chaque numéro de commerce, le siège qui le possède"),
    ({"owners": {"99": 0}}, "position.owner_shop", "\"99\" n'est pas un numéro de commerce de 1 à 56"),
    ({"owners": {"3": 5}}, "position.owner_seat", "«\u00a0owners[3]\u00a0» = 5\u00a0: il faut un siège de 0 à 2"),
    ({"signs": [0]}, "position.shops", "«\u00a0signs\u00a0» doit être une liste de numéros de commerce de 1 à 56"),
    ({"galleries": [[1, 99]]}, "position.shops", "«\u00a0galleries[0]\u00a0» doit être une liste de numéros"),
    ({"galleries": {}}, "position.galleries", "«\u00a0galleries\u00a0» est une liste de galeries"),
    ({"moved": [1, 2, 3]}, "position.moved", "«\u00a0moved\u00a0» doit être une liste de 3 valeurs true ou false"),
    ({"start_group": [7]}, "position.start_group", "des sièges (de 0 à 2) qui lancent le dé"),
])
def test_owners_shops_and_seats(change: dict[str, Any], key: str, words: str) -> None:
    said = _refused(**change)
    assert said[0] == key and words in said[2], said


@pytest.mark.parametrize(("change", "key", "words"), [
    ({"last_card": "nope"}, "position.last_card", "«\u00a0last_card\u00a0» = \"nope\"\u00a0: ce n'est pas une carte"),
    ({"last_half": "middle"}, "position.last_half",
     "= \"middle\"\u00a0: il faut «\u00a0top\u00a0» (partie supérieure) ou «\u00a0bottom\u00a0» (partie inférieure)"),
    ({"termination": "bored"}, "position.termination",
     "«\u00a0termination\u00a0» = \"bored\"\u00a0: il faut signs, gallery, last_standing ou rounds_limit"),
])
def test_a_word_the_game_does_not_know(change: dict[str, Any], key: str, words: str) -> None:
    said = _refused(**change)
    assert said[0] == key and words in said[2], said


def test_the_bank_says_what_it_should_hold() -> None:
    key, en, fr = _refused(bank=5)
    expected = 300_000 - sum(WRITTEN["cash"])
    assert key == "position.bank"
    assert en == f"bank = 5: the bank holds what the players lack of 100,000 each ({expected} here)"
    assert fr == (f"«\u00a0bank\u00a0» = 5\u00a0: la banque détient ce qui manque aux joueurs pour avoir chacun "
                  f"100\u00a0000 (ici {expected})")


@pytest.mark.parametrize(("queue", "key", "words"), [
    ([["fly"], ["end_turn"]], "position.queue_step", "étape [\"fly\"] de «\u00a0queue\u00a0»\u00a0: il faut [nom, …]"),
    ([["mail", "blue"], ["end_turn"]], "position.queue_pile",
     "étape [\"mail\", \"blue\"] de «\u00a0queue\u00a0»\u00a0: il faut [«\u00a0mail\u00a0», une pile parmi even, odd, "
     "red]"),
    ([["payment", 0, 0, 5, "bill"], ["end_turn"]], "position.queue_payment",
     "siège du débiteur, siège du créancier ou -1 (la banque), montant, un motif parmi bill"),
    ([["roll", 1], ["end_turn"]], "position.queue_extra", "«\u00a0roll\u00a0» ne prend rien de plus"),
    ([["roll"]], "position.turn_queue_end", "«\u00a0queue\u00a0» se termine par l'étape «\u00a0end_turn\u00a0»"),
    ([["end_turn"]] * 201, "position.queue", "«\u00a0queue\u00a0» est une liste d'au plus 200 étapes"),
])
def test_a_malformed_queue(queue: list[Any], key: str, words: str) -> None:
    said = _refused(queue=queue)
    assert said[0] == key and words in said[2], said


def test_the_queue_must_fit_the_moment_of_the_game() -> None:
    key, en, fr = _refused(termination="signs")
    assert key == "position.finished_queue" and fr == "une partie finie n'a plus aucune étape dans «\u00a0queue\u00a0»"
    key, en, fr = _refused(player=None, queue=[["roll"], ["end_turn"]])
    assert key == "position.pre_turn_queue" and "l'étape «\u00a0deal\u00a0» ou «\u00a0start_die\u00a0»" in fr
    key, en, fr = _refused(player=None, queue=[["deal"], ["buy"]])
    assert key == "position.step_without_player" and en.startswith("a “buy” step waits for the player")
    assert fr == ("une étape «\u00a0buy\u00a0» attend la décision du joueur dont c'est le tour, et "
                  "«\u00a0player\u00a0» n'en désigne aucun")


def test_a_seat_out_of_the_game() -> None:
    key, en, fr = _refused(left=[1, 0, 0], player=0)
    assert (key, en, fr) == ("position.player_left", "player 0 has left the game and has no turn",
                             "le joueur 0 a quitté la partie et ne joue plus")
    key, en, fr = _refused(left=[0, 1, 0], queue=[["sell", 1, -1, 10, "bill"], ["end_turn"]])
    assert key == "position.seller_left" and fr == "un joueur sorti de la partie n'a rien à vendre"


def test_a_purchase_off_a_free_shop_names_the_seat_and_the_square() -> None:
    """B3: a purchase waits for the player on a free shop; the pawn put on a shop someone owns is refused."""
    seat = WRITTEN["player"]
    square = 2  # shop 2: owned by seat 0 below
    pos = list(WRITTEN["pos"])
    pos[seat] = square
    key, en, fr = _refused(queue=[["buy"], ["end_turn"]], pos=pos, owners={**WRITTEN["owners"], "2": 0})
    assert key == "position.buy_off_free_shop"
    assert en.endswith(f"(“player” and “pos”: seat {seat} on square {square})")
    assert fr.startswith("une étape «\u00a0buy\u00a0» demande que le joueur dont c'est le tour soit sur un commerce "
                         "libre")
    assert f"(«\u00a0player\u00a0» et «\u00a0pos\u00a0»\u00a0: siège {seat} sur la case {square})" in fr


def test_a_data_file_that_cannot_be_used_says_how_many_problems(tmp_path: Path) -> None:
    missing = str(tmp_path / "missing.toml")
    key, en, fr = _refused(options={**WRITTEN["options"], "board": missing})
    assert key == "position.data_file"
    assert en == f"the data file {missing} cannot be used: 1 problem (ludo check-data {missing} says which)"
    assert fr == (f"le fichier de données {missing} est inutilisable\u00a0: 1 problème («\u00a0ludo check-data "
                  f"{missing}\u00a0» dit lequel)")
    board = tmp_path / "board.toml"
    board.write_text("x = 1\n", encoding="utf-8")
    key, en, fr = _refused(options={**WRITTEN["options"], "board": str(board)})
    assert key == "position.data_file" and "cannot be used: 5 problems (" in en
    assert "est inutilisable\u00a0: 5 problèmes («\u00a0ludo check-data" in fr and "les détaille" in fr


def test_the_english_text_is_the_message_where_no_value_is_quoted() -> None:
    for change in ({"cash": [1]}, {"winner": 9}, {"owners": {"3": 5}}, {"signs": [0]}, {"bank": 5},
                   {"queue": [["roll"]]}, {"moved": [1]}):
        with pytest.raises(StateFormatError) as caught:
            GAME.state_from_json({**WRITTEN, **change})
        assert GAME.catalog.reason("en", caught.value.reason) == str(caught.value)


def test_ludo_replay_says_a_malformed_start_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    start = {**WRITTEN, "last_half": "middle"}
    record = {"version": 3, "game": "luxembourg-shopping", "players": 3, "options": WRITTEN["options"],
              "seats": [{"name": n} for n in ("Ada", "Bob", "Cy")], "seed": 1, "start": start, "actions": []}
    path = tmp_path / "start.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", str(path), "--lang", "fr"]) == 2
    err = capsys.readouterr().err
    assert "«\u00a0last_half\u00a0» = \"middle\"" in err and "partie supérieure" in err, err
    assert main(["replay", str(path), "--lang", "en"]) == 2
    assert 'last_half = "middle": top or bottom' in capsys.readouterr().err
