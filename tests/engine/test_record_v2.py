"""Record version 2: when and by whom each move was played, and the rules version; version 1 still loads."""

from __future__ import annotations

import json
import random

import pytest

from ludotheque.engine import GameRecord, Match, RecordError, SeatConfig, get_game
from ludotheque.engine.record import VERSION
from ludotheque.table import Table


def _played_table() -> Table:
    clock = iter(range(1_000, 100_000))
    match = Match(get_game("gracias"), 3, seed=3, seats=[SeatConfig("A"), SeatConfig("B", "random"),
                                                         SeatConfig("C", "heuristic")])
    table = Table(match, clock=lambda: float(next(clock)))
    rng = random.Random(3)
    while not table.is_over():
        table.advance()
        if not table.is_over():
            table.submit(0, rng.choice(match.legal_actions()), table.at)
    return table


def test_a_tables_record_says_when_and_by_whom_and_replays() -> None:
    table = _played_table()
    record = table.record()
    data = json.loads(record.dumps())
    assert data["version"] == VERSION == 3 and data["rules"] == get_game("gracias").info.rules_version
    assert len(data["played_at"]) == len(data["played_by"]) == len(data["actions"])
    assert set(data["played_by"]) == {"person", "bot", "chance"}
    assert data["played_at"] == sorted(data["played_at"])
    for entry, by in zip(data["actions"], data["played_by"], strict=True):
        who = entry.split(":")[0]
        assert (who == "chance") == (by == "chance") and (by != "person" or who == "0")
    again = GameRecord.loads(record.dumps())
    assert again.played_by == record.played_by and again.played_at == pytest.approx(record.played_at)
    assert Match.from_record(again).state == table.match.state


def test_version_1_records_still_load() -> None:
    record = _played_table().record().to_json()
    for key in ("played_at", "played_by", "rules"):
        del record[key]
    record["version"] = 1
    assert Match.from_record(GameRecord.from_json(record)).is_over()


@pytest.mark.parametrize(("change", "message"), [
    ({"played_by": ["person"]}, "one entry each"),
    ({"played_at": "soon"}, "expected list"),
    ({"version": 4}, "versions 1 to 3"),
    ({"rules": "0.9"}, "rules version '0.9'"),
])
def test_bad_version_2_fields_are_refused(change: dict[str, object], message: str) -> None:
    record = _played_table().record().to_json()
    record.update(change)
    with pytest.raises(RecordError, match=message):
        Match.from_record(GameRecord.from_json(record))


def test_who_played_must_be_known() -> None:
    record = _played_table().record().to_json()
    record["played_by"][0] = "ghost"
    with pytest.raises(RecordError, match="played_by\\[0\\]"):
        GameRecord.from_json(record)
