"""What the tests of the games played on data files share (Luxembourg-Shopping, « A Vendre ! »: RULINGS « one file
per board and per deck, in a documented, validated format; a wrong file is refused with the file, the entry and the
reason, and nothing starts »): a shipped file changed into a broken one; its refusal by the loader, by ``ludo
check-data`` and by the commands that would start a game; and a game played on a person's own board file, recorded
with the file's hash and refused once the file has changed."""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from ludotheque.cli.main import main
from ludotheque.engine import GameRecord, Match, RecordError
from ludotheque.engine.datafiles import DataFileError
from ludotheque.engine.game import Game

Change = Callable[[str], str]
"""A change made to a shipped file's text."""
Broken = tuple[str, Change, str, str]
"""A broken file: (option, change to the shipped file, entry, words of the reason)."""
OWN_NAME = '"Boulangerie Poche"'
"""The name of a shop or title in a person's own board file (« Boulangerie » on the shipped board)."""


def replace(old: str, new: str, count: int = 1) -> Change:
    """The change of ``old`` (which the file must hold) into ``new``, ``count`` times (-1: everywhere)."""

    def change(text: str) -> str:
        assert old in text, old
        return text.replace(old, new, count)

    return change


@dataclass(frozen=True)
class DataFiles:
    """A game's shipped data files, and the broken ones its tests make of them."""

    data: Path
    """The folder of the shipped files."""
    files: Mapping[str, str]
    """Each data-file option's shipped file name (``{"board": "board.toml", …}``)."""
    broken: Mapping[str, Broken]
    """The broken files the tests make, by name."""
    load: Callable[[dict[str, str]], Any]
    """The game's loader of its tables, from its options."""

    def text(self, name: str) -> str:
        return (self.data / name).read_text(encoding="utf-8")

    def changed(self, tmp_path: Path, option: str, change: Change) -> Path:
        """The shipped file of ``option``, changed, written under ``tmp_path`` with the shipped file's name."""
        path = tmp_path / self.files[option]
        path.write_text(change(self.text(self.files[option])), encoding="utf-8")
        return path

    def broken_file(self, tmp_path: Path, name: str) -> tuple[str, Path, str, str]:
        """The broken file ``name``, written: its option, its path, the entry and the words of the reason."""
        option, change, entry, reason = self.broken[name]
        return option, self.changed(tmp_path, option, change), entry, reason

    def assert_load_refuses(self, tmp_path: Path, name: str) -> None:
        """The loader refuses the broken file ``name``, naming the file, the entry and the reason."""
        option, path, entry, reason = self.broken_file(tmp_path, name)
        with pytest.raises(DataFileError) as refused:
            self.load({option: str(path)})
        assert refused.value.source == str(path)
        assert any(e == entry and reason in r for e, r in refused.value.problems), refused.value.problems
        assert f"{path}: {entry}: " in str(refused.value)

    def load_problems(self, option: str, path: Path) -> list[str]:
        """The entries of every problem the loader finds in ``path``, given for ``option``."""
        with pytest.raises(DataFileError) as refused:
            self.load({option: str(path)})
        return [e for e, _ in refused.value.problems]

    def assert_game_refuses(self, tmp_path: Path, game: Game, name: str) -> None:
        """A game of two on the broken file ``name`` does not start, the error naming the file, the entry and the
        reason."""
        option, path, entry, reason = self.broken_file(tmp_path, name)
        with pytest.raises(DataFileError, match=re.escape(f"{path}: {entry}: {reason}")):
            Match(game, 2, {option: str(path)})
        with pytest.raises(DataFileError):
            game.new_game(2, {option: str(path)})

    def assert_check_data_refuses(self, tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
        """``ludo check-data`` lists the broken file's problem, on stderr only, and fails."""
        _, path, entry, reason = self.broken_file(tmp_path, name)
        assert main(["check-data", str(path)]) == 2
        said = capsys.readouterr()
        assert said.out == ""
        assert f"{path}: {entry}: " in said.err and reason in said.err

    def assert_command_refuses(self, tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str],
                               name: str) -> None:
        """``command`` with the broken file ``name`` as its option fails saying the file, the entry and the reason,
        and starts nothing."""
        option, path, entry, reason = self.broken_file(tmp_path, name)
        assert main([*command, "--option", f"{option}={path}"]) == 2
        said = capsys.readouterr()
        assert said.out == ""
        assert f"{path}: {entry}: {reason}" in said.err

    def played_on_own_board(self, tmp_path: Path, game: Game, options: dict[str, Any]) -> tuple[Path, Match]:
        """A person's own board file (the shipped one, « Boulangerie » renamed ``OWN_NAME``) and a game of three
        with ``options`` played on it (seed 3, 300 random actions at most)."""
        mine = tmp_path / "mon-plateau.toml"
        mine.write_text(self.text("board.toml").replace('"Boulangerie"', OWN_NAME), encoding="utf-8")
        match = Match(game, 3, {"board": str(mine), **options}, seed=3)
        match.play_randomly(random.Random(3), max_actions=300)
        return mine, match


def starting_commands(game: str) -> list[list[str]]:
    """The commands that start games of ``game`` (two seats, bots only), which refuse a broken file."""
    return [["simulate", game, "--players", "2", "--games", "1", "--no-progress"],
            ["play", game, "--players", "2", "--bots", "random,random"]]


def check_data_json(capsys: pytest.CaptureFixture[str], path: Path) -> dict[str, Any]:
    """What ``ludo check-data --json`` says of a good file, whose hash it gives."""
    assert main(["check-data", str(path), "--json"]) == 0
    said: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert said["sha256"] == hashlib.sha256(path.read_bytes()).hexdigest()
    return said


def check_data_words(capsys: pytest.CaptureFixture[str], path: Path) -> str:
    """What ``ludo check-data`` says of a good file, in words (its runs of spaces and lines as single spaces)."""
    assert main(["check-data", str(path)]) == 0
    return " ".join(capsys.readouterr().out.split())


def recorded_on(match: Match, mine: Path) -> GameRecord:
    """The record of ``match``, played on the board file ``mine``: it names the file and its hash."""
    record = match.to_record()
    assert record.data is not None
    assert record.data["board"] == {"file": str(mine), "sha256": hashlib.sha256(mine.read_bytes()).hexdigest()}
    return record


def check_replayed_then_refused_once_changed(tmp_path: Path, capsys: pytest.CaptureFixture[str], match: Match,
                                            record: GameRecord, mine: Path) -> None:
    """The record, saved, replays to the same position (and ``ludo replay`` plays it); once ``mine`` has changed, its
    replay is refused, by the engine and by ``ludo replay``."""
    saved = tmp_path / "game.json"
    saved.write_text(record.dumps(), encoding="utf-8")
    again = Match.from_record(GameRecord.loads(saved.read_text(encoding="utf-8")))
    assert again.state.to_json() == match.state.to_json()
    assert main(["replay", str(saved), "--json"]) == 0
    capsys.readouterr()

    mine.write_text(mine.read_text(encoding="utf-8").replace(OWN_NAME, '"Pâtisserie"'), encoding="utf-8")
    with pytest.raises(RecordError, match=r"the record was played on board file .*mon-plateau\.toml.*the file has "
                                          r"changed, so the game cannot be replayed on it"):
        Match.from_record(GameRecord.loads(saved.read_text(encoding="utf-8")))
    assert main(["replay", str(saved)]) == 2
    assert "the file has changed" in capsys.readouterr().err
