"""« A Vendre ! »'s data files (RULINGS « Luxembourg-Shopping and « A Vendre ! »: one file per board and per deck, in a
documented, validated format; a wrong file is refused with the file, the entry and the reason, and nothing starts;
marked as reconstructed; owners of the physical game can type theirs in and play with it »): the shipped files load
and hold what the rulebook says (« 43 titres de propriété », « 100 cartes des charges », squares 1 to 60, four
colours); each kind of broken file is refused with the right entry and reason, by the loader, by ``ludo check-data``
and when a game is started; a game played on a person's own file keeps its path and hash in the record, and its
replay is refused once the file has changed. Modelled on ``tests/luxembourg_shopping/test_data_files.py``, with which
it shares ``tests/data_file_support.py``."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from ludotheque.cli.main import main
from ludotheque.engine.datafiles import DataFileError
from ludotheque.games.a_vendre.tables import load_tables
from tests import data_file_support as support
from tests.a_vendre.support import GAME
from tests.data_file_support import Broken, DataFiles, replace

DATA = Path(__file__).parents[2] / "src" / "ludotheque" / "games" / "a_vendre" / "data"
FILES = {"board": "board.toml", "charges": "charges.toml"}


def test_the_shipped_files_load_and_hold_what_the_rulebook_says() -> None:
    t = load_tables({})
    assert t.editions == {"board": "reconstructed", "charges": "reconstructed"}
    for option, name in FILES.items():
        source, sha = t.files[option]
        assert source == f"a_vendre/data/{name}"
        assert sha == hashlib.sha256((DATA / name).read_bytes()).hexdigest()
        assert "RECONSTRUCTED, NOT THE PRINTED EDITION" in (DATA / name).read_text(encoding="utf-8")
    assert len(t.board.squares) == 60 and t.colour[1] == 0 and t.colour[60] == 1  # start, finish
    assert sorted(t.title_at[s] for s in range(1, 61) if t.title_at[s]) == list(range(1, 44))
    assert sum(t.red[1:]) == 13 and all(t.price[k] > 0 and t.income[k] > 0 for k in range(1, 44))
    assert sum(c.copies for c in t.cards.values()) == 100
    kinds: dict[str, int] = {}
    for c in t.cards.values():
        kinds[c.effect["kind"]] = kinds.get(c.effect["kind"], 0) + c.copies
    assert kinds == {"honorary": 13, "lottery": 16, "tax": 30, "move_to": 10, "move": 31}
    honoured = sorted(c.effect["title"] for c in t.cards.values() if c.honorary)
    assert honoured == sorted(k for k in range(1, 44) if t.red[k]), "one honorary card per establishment"
    assert all(t.colour[c.effect["square"]] == 4 for c in t.cards.values() if c.effect["kind"] == "tax")


def _without_square_57(text: str) -> str:
    block = '[[squares]]\nnumber = 57\ncolour = "yellow"\n\n'
    assert block in text
    return text.replace(block, "")


BROKEN: dict[str, Broken] = {
    # name: (option, change to the shipped file, entry, words of the reason)
    "59_squares": ("board", _without_square_57, "squares", "59 squares; the board has squares 1 to 60"),
    "square_1_not_start": ("board", replace('number = 1\ncolour = "start"', 'number = 1\ncolour = "yellow"'),
                           "squares[0].colour",
                           "square 1 is 'start' (pawns start on 1 and travel to 60), not 'yellow'"),
    "square_60_not_finish": ("board", replace('number = 60\ncolour = "finish"', 'number = 60\ncolour = "yellow"'),
                             "squares[59].colour", "square 60 is 'finish'"),
    "a_title_twice": ("board", replace('title = { number = 2, name', 'title = { number = 1, name'), "squares",
                      "43 titles; the game has titles 1 to 43, each once (twice: [1]) (missing: [2])"),
    "42_titles": ("board", replace('colour = "blue"\ntitle = { number = 43, name = "Joaillerie", price = 1360, '
                                   'income = 200 }', 'colour = "yellow"'),
                  "squares", "42 titles; the game has titles 1 to 43, each once (missing: [43])"),
    "title_on_a_yellow_square": ("board", replace('number = 4\ncolour = "yellow"',
                                                  'number = 4\ncolour = "yellow"\ntitle = { number = 44, name = "X", '
                                                  'price = 10, income = 10 }'),
                                 "squares[3].title.number", "less than or equal to 43"),
    "missing_field": ("board", replace('price = 200, income = 30 }', 'price = 200 }'), "squares[1].title.income",
                      "missing field"),
    "99_cards": ("charges", replace('effect = { kind = "lottery", amount = 50 }\ncopies = 2',
                                    'effect = { kind = "lottery", amount = 50 }\ncopies = 1'),
                 "cards", "99 cards (copies counted); the game has 100 charge cards"),
    "honorary_for_a_business": ("charges",
                                replace('{ kind = "honorary", title = 3 }', '{ kind = "honorary", title = 1 }'),
                                "cards[0].effect.title", "title 1 is a business (blue square 2); honorary appointments "
                                "give establishments (red squares)"),
    "two_honorary_cards_for_one_establishment": ("charges", replace('{ kind = "honorary", title = 6 }',
                                                                    '{ kind = "honorary", title = 3 }'),
                                                 "cards[0].effect.title", "one honorary card per establishment"),
    "tax_at_a_yellow_square": ("charges", replace('{ kind = "tax", square = 2 }', '{ kind = "tax", square = 4 }'),
                               "cards[23].effect.square", "square 4 is yellow; a tax is a blue square's income"),
    "amount_to_a_blue_square": ("charges", replace('{ kind = "move_to", square = 3 }',
                                                   '{ kind = "move_to", square = 3, amount = 100 }'),
                                "cards[58].effect.amount", "square 3 is blue; only a card sending the pawn to a green "
                                "square has an amount to pay"),
    "unknown_effect_kind": ("charges",
                            replace('{ kind = "lottery", amount = 50 }', '{ kind = "jackpot", amount = 50 }'),
                            "cards[13].effect", "'honorary', 'lottery', 'tax', 'move_to'"),
    "a_move_of_0": ("charges", replace('{ kind = "move", steps = -1 }', '{ kind = "move", steps = 0 }'),
                    "cards[63].effect.move", "a move card moves: steps is not 0"),
    "duplicate_ids": ("charges", replace('id = "T02"', 'id = "T01"'), "cards[24].id",
                      "'T01' is already the id of another card; ids are unique"),
    "card_missing_field": ("charges", replace('effect = { kind = "tax", square = 2 }', 'effect = { kind = "tax" }'),
                           "cards[23].effect.tax.square", "missing field"),
}


SHIPPED = DataFiles(DATA, FILES, BROKEN, load_tables)


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_file_is_refused_naming_the_file_the_entry_and_the_reason(tmp_path: Path, name: str) -> None:
    SHIPPED.assert_load_refuses(tmp_path, name)


def test_every_problem_of_a_file_is_listed(tmp_path: Path) -> None:
    path = SHIPPED.changed(tmp_path, "board", lambda text: text.replace(
        'number = 1\ncolour = "start"', 'number = 1\ncolour = "yellow"').replace(
        'number = 60\ncolour = "finish"', 'number = 60\ncolour = "yellow"'))
    assert SHIPPED.load_problems("board", path) == ["squares[0].colour", "squares[59].colour"]


def test_the_cards_are_checked_against_the_board_they_are_played_on(tmp_path: Path) -> None:
    """A deck is checked with the board: on a board where square 2 is red (title 1 an establishment), an honorary card
    for title 1 is good and the tax card of square 2 is refused."""
    board = tmp_path / "board.toml"
    board.write_text((DATA / "board.toml").read_text(encoding="utf-8").replace(
        'number = 2\ncolour = "blue"', 'number = 2\ncolour = "red"'), encoding="utf-8")
    with pytest.raises(DataFileError) as refused:
        load_tables({"board": str(board)})
    assert refused.value.source == "a_vendre/data/charges.toml"
    assert ("cards[23].effect.square", "square 2 is red; a tax is a blue square's income") in refused.value.problems


# --- ludo check-data -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "holds"), [
    ("board.toml", {"kind": "board", "edition": "reconstructed", "squares": 60, "titles": 43, "businesses": 30,
                    "establishments": 13, "colours": {"start": 1, "finish": 1, "yellow": 10, "green": 5, "blue": 30,
                                                      "red": 13}}),
    ("charges.toml", {"kind": "charges", "edition": "reconstructed", "cards": 100,
                      "effects": {"honorary": 13, "lottery": 16, "tax": 30, "move_to": 10, "move": 31}}),
])
def test_check_data_says_what_a_good_file_holds(capsys: pytest.CaptureFixture[str], name: str,
                                                holds: dict[str, object]) -> None:
    said = support.check_data_json(capsys, DATA / name)
    assert said["game"] == "a-vendre" and said["format"] == f"a-vendre/{name.removesuffix('.toml')}"
    assert {k: said[k] for k in holds} == holds


def test_check_data_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    out = support.check_data_words(capsys, DATA / "board.toml")
    assert "board.toml" in out and "A Vendre" in out and "a-vendre/board" in out
    assert "squares 60" in out and "titles 43" in out and "reconstructed" in out


@pytest.mark.parametrize("name", ["59_squares", "square_1_not_start", "a_title_twice", "42_titles", "99_cards",
                                  "unknown_effect_kind", "missing_field"])
def test_check_data_lists_a_bad_files_problems(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    SHIPPED.assert_check_data_refuses(tmp_path, capsys, name)


def test_check_data_lists_every_problem(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = SHIPPED.changed(tmp_path, "charges",
                           lambda text: text.replace('id = "T02"', 'id = "T01"').replace('copies = 2', 'copies = 3', 1))
    assert main(["check-data", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}: cards: 101 cards" in err and f"{path}: cards[24].id: " in err


# --- starting a game on a bad file, playing on one's own file -------------------------------------------------------


@pytest.mark.parametrize("name", ["square_1_not_start", "honorary_for_a_business", "42_titles"])
def test_a_game_on_a_bad_file_does_not_start(tmp_path: Path, name: str) -> None:
    SHIPPED.assert_game_refuses(tmp_path, GAME, name)


@pytest.mark.parametrize("command", support.starting_commands("a-vendre"))
def test_the_cli_refuses_a_bad_file_and_starts_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                      command: list[str]) -> None:
    SHIPPED.assert_command_refuses(tmp_path, capsys, command, "square_1_not_start")


def test_a_game_on_ones_own_file_is_recorded_with_its_hash_and_refused_once_changed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mine, match = SHIPPED.played_on_own_board(tmp_path, GAME, {"game": "double"})
    assert match.state.t.names[2] == "Boulangerie Poche"
    record = support.recorded_on(match, mine)
    assert record.data is not None
    assert record.data["charges"]["file"] == "a_vendre/data/charges.toml"
    support.check_replayed_then_refused_once_changed(tmp_path, capsys, match, record, mine)


def test_a_game_on_ones_own_deck_plays_its_cards(tmp_path: Path) -> None:
    """Owners of the game can type in their own cards: a deck whose L10 pays 5 000 pays it."""
    mine = tmp_path / "mes-cartes.toml"
    mine.write_text((DATA / "charges.toml").read_text(encoding="utf-8").replace(
        '{ kind = "lottery", amount = 500 }', '{ kind = "lottery", amount = 5000 }'), encoding="utf-8")
    st = GAME.state_from_json({"players": 2, "options": {"charges": str(mine)}, "pos": [3, 1], "player": 0})
    for text in ("roll 1", "card", "draw L10"):
        st.apply(st.parse_action(text))
    assert st.cash == [10_100, 5100] and st.bank == 100
    assert st.data_files()["charges"] == (str(mine), hashlib.sha256(mine.read_bytes()).hexdigest())
