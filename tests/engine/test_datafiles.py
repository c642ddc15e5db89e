"""The data-file loader: a good file loads with its hash; every kind of wrong file is refused naming the file, the
entry and the reason, all its problems at once; the format has a JSON schema."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Literal

import pytest
from pydantic import model_validator

from ludotheque.engine.datafiles import (
    MAX_DATA_BYTES,
    DataFileError,
    DataModel,
    entry_path,
    load_data,
    load_packaged,
    read_data,
    schema,
)

HERE = Path(__file__).parent.parent / "plugins" / "data" / "board.toml"


class Square(DataModel):
    kind: Literal["start", "shop", "bankruptcy"]
    name: str
    number: int | None = None
    zone: Literal["orange", "yellow", "green"] | None = None

    @model_validator(mode="after")
    def _shops_have_a_number_and_a_zone(self) -> Square:
        if self.kind == "shop" and (self.number is None or self.zone is None):
            raise ValueError("a shop has a number and a zone")
        return self


class Board(DataModel):
    title: str
    reconstructed: bool
    squares: list[Square]

    @model_validator(mode="after")
    def _numbers_once(self) -> Board:
        numbers = [s.number for s in self.squares if s.number is not None]
        if len(set(numbers)) != len(numbers):
            raise ValueError(f"shop numbers must differ, got {sorted(numbers)}")
        return self


def test_a_good_file_loads_with_the_hash_of_its_bytes() -> None:
    loaded = load_data(HERE, Board)
    assert [s.name for s in loaded.value.squares] == ["Start", "Baker", "Florist"]
    assert loaded.sha256 == hashlib.sha256(HERE.read_bytes()).hexdigest()
    assert loaded.source == str(HERE)
    packaged = load_packaged("tests.plugins", "board.toml", Board)
    assert packaged.value == loaded.value and packaged.sha256 == loaded.sha256
    assert packaged.source == "plugins/data/board.toml"


@pytest.mark.parametrize(("change", "said"), [
    (('kind = "shop"\nname = "Baker"', 'kind = "shopp"\nname = "Baker"'),
     "squares[1].kind: Input should be 'start', 'shop' or 'bankruptcy' (got 'shopp')"),
    (('name = "Florist"\n', ''), "squares[2].name: missing field"),
    (('zone = "green"', 'zone = "green"\ncolour = "red"'), "squares[2].colour: unknown field"),
    (('number = 2\n', ''), "squares[2]: a shop has a number and a zone"),
    (('number = 2', 'number = 1'), "shop numbers must differ, got [1, 1]"),
    (('number = 2', 'number = "2"'), "squares[2].number: Input should be a valid integer (got '2')"),
    (('title = "A small board"', 'title = "A small board'), "not valid TOML"),
])
def test_a_wrong_file_is_refused_with_the_file_the_entry_and_the_reason(tmp_path: Path, change: tuple[str, str],
                                                                        said: str) -> None:
    text = HERE.read_text(encoding="utf-8")
    assert change[0] in text
    path = tmp_path / "board.toml"
    path.write_text(text.replace(change[0], change[1], 1), encoding="utf-8")
    with pytest.raises(DataFileError) as refused:
        load_data(path, Board)
    assert f"{path}: " in str(refused.value) and said in str(refused.value), str(refused.value)


def test_every_problem_is_listed_at_once() -> None:
    text = HERE.read_text(encoding="utf-8").replace('"shop"', '"shoppe"').replace("reconstructed = true", "")
    with pytest.raises(DataFileError) as refused:
        read_data(text.encode(), "mine.toml", Board)
    entries = [entry for entry, _ in refused.value.problems]
    assert entries == ["reconstructed", "squares[1].kind", "squares[2].kind"]
    assert str(refused.value).count("mine.toml: ") == 3


def test_files_that_are_not_data_are_refused(tmp_path: Path) -> None:
    with pytest.raises(DataFileError, match="cannot be read"):
        load_data(tmp_path / "missing.toml", Board)
    with pytest.raises(DataFileError, match="not UTF-8"):
        read_data(b"title = '\xff'", "x.toml", Board)
    with pytest.raises(DataFileError, match="at most"):
        read_data(b"#" * (MAX_DATA_BYTES + 1), "big.toml", Board)


def test_entries_are_written_as_people_read_them() -> None:
    assert entry_path(("squares", 33, "kind")) == "squares[33].kind"
    assert entry_path(("cards", 2, "function-after[_check(), Card]", "effect")) == "cards[2].effect"


def test_the_format_has_a_json_schema() -> None:
    board = schema(Board)
    assert board["additionalProperties"] is False
    assert set(board["required"]) == {"title", "reconstructed", "squares"}
    assert board["$defs"]["Square"]["properties"]["kind"]["enum"] == ["start", "shop", "bankruptcy"]
