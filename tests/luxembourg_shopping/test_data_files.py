"""Luxembourg-Shopping's data files (RULINGS « Luxembourg-Shopping and « A Vendre ! »: one file per board and per
deck, in a documented, validated format; a wrong file is refused with the file, the entry and the reason, and nothing
starts; marked as reconstructed; owners of the physical game can type theirs in and play with it»): the shipped files
load and hold what the rulebook says; each kind of broken file is refused with the right entry and reason, by the
loader, by ``ludo check-data`` and when a game is started; a game played on a person's own file keeps its path and
hash in the record, and its replay is refused once the file has changed."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

from ludotheque.cli.main import main
from ludotheque.games.luxembourg_shopping.tables import load_tables
from tests import data_file_support as support
from tests.data_file_support import Broken, DataFiles, replace
from tests.luxembourg_shopping.support import GAME

DATA = Path(__file__).parents[2] / "src" / "ludotheque" / "games" / "luxembourg_shopping" / "data"
FILES = {"board": "board.toml", "correspondance": "correspondance.toml", "bouton_rouge": "bouton_rouge.toml"}


def test_the_shipped_files_load_and_hold_what_the_rulebook_says() -> None:
    t = load_tables({})
    assert t.size == 66 and sorted(s for s in t.shop_at if s) == list(range(1, 57))
    assert [sum(1 for s in range(1, 57) if t.zone[s] == z) for z in range(3)] == [20, 18, 18]
    assert t.editions == {"board": "reconstructed", "correspondance": "reconstructed", "bouton_rouge": "reconstructed"}
    for option, name in FILES.items():
        source, sha = t.files[option]
        assert source == f"luxembourg_shopping/data/{name}"
        assert sha == hashlib.sha256((DATA / name).read_bytes()).hexdigest()
    even, odd = t.piles["even"][0], t.piles["odd"][0]
    assert even == tuple(f"P{k:02d}" for k in range(1, 35)) and odd == tuple(f"I{k:02d}" for k in range(1, 35))
    assert [t.cards[f"P{k:02d}"].shop for k in range(1, 29)] == list(range(2, 57, 2))
    assert [t.cards[f"I{k:02d}"].shop for k in range(1, 29)] == list(range(1, 56, 2))
    assert not any(t.cards[c].shop for c in [*even[28:], *odd[28:]])
    assert all(t.cards[c].bottom is not None for c in even + odd)
    assert t.piles["red"][0] == tuple(f"R{k:02d}" for k in range(1, 13))
    assert sum(t.cards[c].copies for c in t.piles["red"][0]) == 16
    assert t.shop_piles["even"][0] == even[:28] and t.shop_piles["odd"][0] == odd[:28]
    for name in FILES.values():
        assert "RECONSTRUCTED, NOT THE PRINTED EDITION" in (DATA / name).read_text(encoding="utf-8")


def _odd_shops_to_actions(text: str) -> str:
    return re.sub(r'top = \{ kind = "shop", shop = (\d*[13579]) \}', 'top = { kind = "receive", amount = 5000 }', text)


def _drop_shop_56(text: str) -> str:
    square_65 = r'number = 65\nkind = "shop"\nshop = 56\nzone = "green"\nname = "[^"]*"'
    return re.sub(square_65, 'number = 65\nkind = "bureau"', text)


BROKEN: dict[str, Broken] = {
    # name: (option, change to the shipped file, entry, words of the reason)
    "unknown_effect_kind": ("bouton_rouge",
                            replace('kind = "receive", amount = 20000', 'kind = "steal", amount = 20000'),
                            "cards[1].effect", "'steal'"),
    "missing_field": ("correspondance", replace('pile = "even"\n', ""), "cards[0].pile", "missing field"),
    "unknown_field": ("board", replace('price = 8000\n', 'price = 8000\nrent = 1000\n'), "zones.orange.rent",
                      "unknown field"),
    "55_shops": ("board", _drop_shop_56, "squares",
                 "55 shop squares; the board has shops 1 to 56, each once (missing: [56])"),
    "square_33_not_bankruptcy": ("board", replace('number = 33\nkind = "bankruptcy"', 'number = 33\nkind = "bureau"'),
                                 "squares[32].kind", "square 33 is 'bureau'; the rulebook makes it 'bankruptcy'"),
    "square_66_not_bonus": ("board", replace('number = 66\nkind = "bonus"', 'number = 66\nkind = "bureau"'),
                            "squares[65].kind", "square 66 is 'bureau'; the rulebook makes it 'bonus'"),
    "empty_odd_pile": ("correspondance", replace('pile = "odd"', 'pile = "even"', -1), "cards",
                       "the odd pile has no shop card"),
    "odd_pile_without_shop_cards": ("correspondance", _odd_shops_to_actions, "cards", "the odd pile has no shop card"),
    "red_move_off_the_board": ("bouton_rouge", replace("square = 66", "square = 67"), "cards[7].effect.square",
                               "square 67 is not on the board (luxembourg_shopping/data/board.toml has squares 1 to "
                               "66)"),
    "mail_move_off_the_board": ("correspondance",
                                replace('kind = "move_to", square = 1 }', 'kind = "move_to", square = 70 }'),
                                "cards[65].top.square", "square 70 is not on the board"),
    "duplicate_red_ids": ("bouton_rouge", replace('id = "R02"', 'id = "R01"'), "cards[1].id",
                          "'R01' is already the id of another card; ids are unique"),
    "duplicate_mail_ids": ("correspondance", replace('id = "I05"', 'id = "P05"'), "cards[38].id",
                           "'P05' is already the id of another card; ids are unique"),
    "id_in_both_decks": ("bouton_rouge", replace('id = "R01"', 'id = "P01"'), "cards[0].id",
                         "'P01' is also a « Correspondance » card's id; ids differ across decks"),
}


SHIPPED = DataFiles(DATA, FILES, BROKEN, load_tables)


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_file_is_refused_naming_the_file_the_entry_and_the_reason(tmp_path: Path, name: str) -> None:
    SHIPPED.assert_load_refuses(tmp_path, name)


def _squares_33_and_66_bureaus(text: str) -> str:
    return (text.replace('number = 33\nkind = "bankruptcy"', 'number = 33\nkind = "bureau"')
            .replace('number = 66\nkind = "bonus"', 'number = 66\nkind = "bureau"'))


def test_every_problem_of_a_file_is_listed(tmp_path: Path) -> None:
    path = SHIPPED.changed(tmp_path, "board", _squares_33_and_66_bureaus)
    assert SHIPPED.load_problems("board", path) == ["squares[32].kind", "squares[65].kind"]


# --- ludo check-data -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "holds"), [
    ("board.toml", {"kind": "board", "edition": "reconstructed", "squares": 66, "shops": 56, "bouton_rouge": 4,
                    "bureau": 4, "shops_by_zone": {"orange": 20, "yellow": 18, "green": 18}}),
    ("correspondance.toml", {"kind": "correspondance", "edition": "reconstructed"}),
    ("bouton_rouge.toml", {"kind": "bouton_rouge", "edition": "reconstructed", "cards": 16}),
])
def test_check_data_says_what_a_good_file_holds(capsys: pytest.CaptureFixture[str], name: str,
                                                holds: dict[str, object]) -> None:
    said = support.check_data_json(capsys, DATA / name)
    assert said["game"] == "luxembourg-shopping"
    assert {k: said[k] for k in holds} == holds
    if name == "board.toml":
        assert said["zones"]["orange"] == {"price": 8000, "income": 3000, "colour": "#f28c28"}
        assert said["zones"]["yellow"]["price"] == 16000 and said["zones"]["green"]["income"] == 10000
    if name == "correspondance.toml":
        for pile in ("even", "odd"):
            assert said["piles"][pile]["cards"] == 34 and said["piles"][pile]["shop_cards"] == 28


def test_check_data_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    out = support.check_data_words(capsys, DATA / "board.toml")
    assert "board.toml" in out and "Luxembourg-Shopping" in out and "luxembourg-shopping/board" in out
    assert "shops 56" in out and "squares 66" in out and "reconstructed" in out


@pytest.mark.parametrize("name", ["square_33_not_bankruptcy", "unknown_effect_kind", "empty_odd_pile", "55_shops"])
def test_check_data_lists_a_bad_files_problems(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    SHIPPED.assert_check_data_refuses(tmp_path, capsys, name)


def test_check_data_lists_every_problem(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = SHIPPED.changed(tmp_path, "board", _squares_33_and_66_bureaus)
    assert main(["check-data", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}: squares[32].kind: " in err and f"{path}: squares[65].kind: " in err


# --- starting a game on a bad file, playing on one's own file -------------------------------------------------------


def test_a_game_on_a_bad_file_does_not_start(tmp_path: Path) -> None:
    SHIPPED.assert_game_refuses(tmp_path, GAME, "square_33_not_bankruptcy")


@pytest.mark.parametrize("command", support.starting_commands("luxembourg-shopping"))
def test_the_cli_refuses_a_bad_file_and_starts_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                      command: list[str]) -> None:
    SHIPPED.assert_command_refuses(tmp_path, capsys, command, "square_66_not_bonus")


def test_a_game_on_ones_own_file_is_recorded_with_its_hash_and_refused_once_changed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mine, match = SHIPPED.played_on_own_board(tmp_path, GAME, {})
    record = support.recorded_on(match, mine)
    assert record.data is not None
    assert record.data["correspondance"]["file"] == "luxembourg_shopping/data/correspondance.toml"
    support.check_replayed_then_refused_once_changed(tmp_path, capsys, match, record, mine)
