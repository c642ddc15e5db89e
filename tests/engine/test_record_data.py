"""Record version 3's ``data``: the data files a game was played on, with their content's SHA-256, written by
``Match.to_record``, read with limits, and checked on replay (a changed file is refused)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from ludotheque.engine import GameRecord, Match, RecordError, get_game
from ludotheque.engine.record import VERSION

BOARD = Path(__file__).parents[2] / "src" / "ludotheque" / "games" / "luxembourg_shopping" / "data" / "board.toml"


def played(options: dict[str, str] | None = None, actions: int = 40) -> Match:
    match = Match(get_game("luxembourg-shopping"), 3, options or {}, seed=5)
    match.play_randomly(__import__("random").Random(1), max_actions=actions)
    return match


def test_a_record_keeps_each_data_file_and_its_hash() -> None:
    record = played().to_record()
    data = json.loads(record.dumps())
    assert data["version"] == VERSION == 3
    assert set(data["data"]) == {"board", "correspondance", "bouton_rouge"}
    assert data["data"]["board"]["file"] == "luxembourg_shopping/data/board.toml"
    assert len(data["data"]["board"]["sha256"]) == 64
    again = Match.from_record(GameRecord.loads(record.dumps()))
    assert again.state == played().state


def test_games_without_data_files_write_no_data() -> None:
    match = Match(get_game("gracias"), 3, {}, seed=1)
    assert "data" not in match.to_record().to_json()


def test_replay_refuses_a_changed_file(tmp_path: Path) -> None:
    mine = tmp_path / "board.toml"
    shutil.copy(BOARD, mine)
    record = played({"board": str(mine)}).to_record()
    assert record.data is not None and record.data["board"]["file"] == str(mine)
    Match.from_record(GameRecord.loads(record.dumps()))  # the same file: replays
    mine.write_text(mine.read_text(encoding="utf-8").replace('name = "Boulangerie"', 'name = "Pâtisserie"'),
                    encoding="utf-8")
    with pytest.raises(RecordError, match=r"board file .*board\.toml.* has changed"):
        Match.from_record(GameRecord.loads(record.dumps()))


def test_a_hash_that_does_not_match_is_refused() -> None:
    data = json.loads(played().to_record().dumps())
    data["data"]["bouton_rouge"]["sha256"] = "0" * 64
    with pytest.raises(RecordError, match=r"bouton_rouge file .* has changed"):
        Match.from_record(GameRecord.from_json(data))


@pytest.mark.parametrize(("data", "message"), [
    ([], "'data' = a list"),
    ({"board": "x"}, r"data\['board'\] = 'x'"),
    ({"board": {"file": "b.toml"}}, "64 hex digits"),
    ({"board": {"file": "b.toml", "sha256": "abc"}}, "64 hex digits"),
    ({"board": {"file": "b.toml", "sha256": "A" * 64}}, "64 hex digits"),
    ({"board": {"file": "b" * 201, "sha256": "a" * 64}}, "at most 200 characters"),
    ({f"f{i}": {"file": "b", "sha256": "a" * 64} for i in range(33)}, "at most 32"),
])
def test_malformed_data_is_refused(data: object, message: str) -> None:
    record = json.loads(played(actions=0).to_record().dumps())
    record["data"] = data
    with pytest.raises(RecordError, match=message):
        GameRecord.from_json(record)


def test_a_data_file_the_game_does_not_have_is_refused() -> None:
    record = json.loads(played(actions=0).to_record().dumps())
    record["data"]["plateau"] = {"file": "x.toml", "sha256": "a" * 64}
    with pytest.raises(RecordError, match="no such file"):
        Match.from_record(GameRecord.from_json(record))
