"""Records from strangers: every oversized field is refused at once, in bounded time and memory, with a
one-line ``LudoError`` that says what is wrong and what is allowed; records within the limits are read."""

from __future__ import annotations

import json
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludotheque.engine import GameRecord, LudoError, Match
from ludotheque.engine.record import (
    MAX_ACTION_CHARS,
    MAX_ACTIONS,
    MAX_CONTAINERS,
    MAX_INT,
    MAX_NAME_CHARS,
    MAX_OPTIONS,
    MAX_PLAYERS,
    MAX_RECORD_BYTES,
    MAX_START_DEPTH,
    MAX_START_VALUES,
)

MEMORY = 50_000_000
"""Bytes a refusal may allocate at its peak (tracemalloc)."""
SECONDS = 1.0
"""A generous safety bound on the time to read or refuse one record (not a benchmark)."""


def base() -> dict[str, Any]:
    return {"format": "ludotheque-record", "version": 1, "game": "acquire", "players": 3, "options": {},
            "seats": [{"name": f"P{i}", "bot": None} for i in range(3)], "seed": 1, "start": None,
            "actions": ["chance: draw 1A"]}


def bounded(call: Callable[[], object]) -> LudoError | None:
    """Run ``call``, checking its time and its peak memory; the LudoError it raised, or None."""
    error: LudoError | None = None
    started = time.perf_counter()
    try:
        call()
    except LudoError as e:
        error = e
    elapsed = time.perf_counter() - started
    tracemalloc.start()
    try:
        call()
    except LudoError:
        pass
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert elapsed < SECONDS, f"{elapsed:.2f} s"
    assert peak < MEMORY, f"{peak / 1e6:.1f} MB"
    return error


def refused(call: Callable[[], object], *words: str) -> str:
    """The one-line message of the LudoError ``call`` must raise, holding ``words``."""
    error = bounded(call)
    assert error is not None, "accepted"
    message = str(error)
    assert message and "\n" not in message and len(message) < 400, message
    for word in words:
        assert word in message, message
    return message


def nested(depth: int, leaf: Any = 0) -> Any:
    value = leaf
    for _ in range(depth):
        value = [value]
    return value


BIG = st.one_of(st.integers(MAX_INT + 1, 10**40), st.integers(-(10**40), -MAX_INT - 1),
                st.integers(64, 40_000).map(lambda bits: 2**bits))
"""Whole numbers beyond what a record allows (up to thousands of digits)."""
LONG = st.integers(MAX_NAME_CHARS + 1, 3_000_000)
"""Lengths of texts longer than a name may be."""


def oversized(kind: str, size: int, big: int) -> tuple[dict[str, Any], str]:
    """A record with one field oversized, and a word its refusal must hold."""
    data = base()
    if kind == "players":
        data["players"] = MAX_PLAYERS + size
    elif kind == "players_huge":
        data["players"] = big
    elif kind == "seats":
        data["seats"] = [{"name": "x", "bot": None}] * (3 + size)
    elif kind == "seat_name":
        data["seats"][1]["name"] = "n" * (MAX_NAME_CHARS + size)
    elif kind == "bot_name":
        data["seats"][2]["bot"] = "b" * (MAX_NAME_CHARS + size)
    elif kind == "game":
        data["game"] = "g" * (MAX_NAME_CHARS + size)
    elif kind == "actions":
        data["actions"] = ["0: 5C"] * (MAX_ACTIONS + size)
    elif kind == "action":
        data["actions"] = ["0: " + "5" * (MAX_ACTION_CHARS + size)]
    elif kind == "options":
        data["options"] = {f"o{i}": True for i in range(MAX_OPTIONS + 1 + size % 10_000)}
    elif kind == "option_name":
        data["options"] = {"o" * (MAX_NAME_CHARS + size): True}
    elif kind == "option_value":
        data["options"] = {"cards": "v" * (MAX_NAME_CHARS + size)}
    elif kind == "option_nested":
        data["options"] = {"cards": nested(1 + size % 100_000)}
    elif kind == "option_int":
        data["options"] = {"cards": big}
    elif kind == "seed":
        data["seed"] = big
    elif kind == "start_depth":
        data["start"] = {"board": nested(MAX_START_DEPTH + size % 200_000)}
    elif kind == "start_wide":
        data["start"] = {"bag": [0] * (MAX_START_VALUES + size)}
    elif kind == "start_text":
        data["start"] = {"phase": "p" * (MAX_ACTION_CHARS + size)}
    elif kind == "start_int":
        data["start"] = {"cash": [1, 2, big]}
    elif kind == "result":
        data["result"] = {"scores": [0] * (MAX_START_VALUES + size)}
    return data, {"players_huge": "players", "seat_name": "seats[1].name", "bot_name": "seats[2].bot",
                  "action": "actions[0]", "option_name": "option", "option_value": "options['cards']",
                  "option_nested": "options['cards']", "option_int": "options['cards']",
                  "start_depth": "'start'", "start_wide": "'start'", "start_text": "'start'",
                  "start_int": "'start'", "result": "'result'"}.get(kind, kind)


KINDS = ["players", "players_huge", "seats", "seat_name", "bot_name", "game", "actions", "action", "options",
         "option_name", "option_value", "option_nested", "option_int", "seed", "start_depth", "start_wide",
         "start_text", "start_int", "result"]


@given(kind=st.sampled_from(KINDS), size=st.integers(1, 3_000_000), big=BIG)
def test_each_oversized_field_is_refused_at_once(kind: str, size: int, big: int) -> None:
    data, where = oversized(kind, size, big)
    refused(lambda: GameRecord.from_json(data), where)


@given(kind=st.sampled_from(KINDS), size=st.integers(1, 5_000), big=st.integers(MAX_INT + 1, 10**300))
def test_oversized_fields_in_json_text_are_refused_at_once(kind: str, size: int, big: int) -> None:
    if kind in ("option_nested", "start_depth"):
        size %= 800  # json.dumps itself cannot write deeper lists (deeper texts: the next test)
    data, where = oversized(kind, size, big)
    text = json.dumps(data)
    if len(text) > MAX_RECORD_BYTES:
        where = "characters long"
    refused(lambda: GameRecord.loads(text), where)


@given(text=st.one_of(
    st.integers(MAX_RECORD_BYTES + 1, 4 * MAX_RECORD_BYTES).map(lambda n: " " * n),
    st.integers(MAX_CONTAINERS + 1, MAX_RECORD_BYTES // 3).map(lambda n: "[" + "{}," * n + "{}]"),
    st.integers(MAX_CONTAINERS + 1, MAX_RECORD_BYTES // 2).map(lambda n: "[" * n + "]" * n),
    st.integers(1_000, MAX_CONTAINERS).map(lambda n: "[" * n + "]" * n),
    st.integers(4_400, MAX_RECORD_BYTES - 20).map(lambda n: '{"players": ' + "7" * n + "}"),
    st.integers(1, MAX_RECORD_BYTES // 5 - 20).map(lambda n: "[" + '"ab",' * n + '"a"]'),
    st.integers(1, MAX_RECORD_BYTES // 2 - 20).map(lambda n: '"' + "\\\\" * n + '"'),
    st.integers(1, MAX_RECORD_BYTES - 20).map(lambda n: '"' + "\\" * n),
))
def test_any_text_is_read_or_refused_in_bounded_time_and_memory(text: str) -> None:
    refused(lambda: GameRecord.loads(text))


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                    max_leaves=30)
FIELDS = st.sampled_from(["format", "version", "game", "players", "options", "seats", "seed", "start", "actions",
                          "result", "colour"])


@given(changes=st.dictionaries(FIELDS, JSON, max_size=4))
def test_any_json_record_is_read_or_refused_with_a_ludo_error(changes: dict[str, Any]) -> None:
    data = {**base(), **changes}
    for call in (lambda: GameRecord.from_json(data), lambda: GameRecord.loads(json.dumps(data))):
        error = bounded(call)
        assert error is None or (str(error) and "\n" not in str(error))


def test_huge_numbers_are_described_not_printed() -> None:
    message = refused(lambda: GameRecord.from_json({**base(), "players": 10**100_000}), "players", "-bit number")
    assert "0000" not in message
    message = refused(lambda: GameRecord.from_json({**base(), "seed": -(2**64)}), "'seed'", str(MAX_INT))
    refused(lambda: GameRecord.loads('{"version": 1, "players": ' + "9" * 5000 + "}"), "too large", str(MAX_INT))


def test_the_players_count_is_checked_before_seats_are_built() -> None:
    data = base()
    del data["seats"]
    data["players"] = 1_000_000_000
    refused(lambda: GameRecord.from_json(data), "'players' = 1000000000", f"1 to {MAX_PLAYERS} players")
    refused(lambda: GameRecord.loads(json.dumps(data)), "1000000000", str(MAX_PLAYERS))
    data["players"] = 0
    refused(lambda: GameRecord.from_json(data), "'players' = 0")


def test_long_texts_are_quoted_short() -> None:
    data = base()
    data["seats"][0]["name"] = "Ada" * 1_000_000
    message = refused(lambda: GameRecord.from_json(data), "seats[0].name", "3,000,000 characters",
                      f"at most {MAX_NAME_CHARS} characters")
    assert message.count("Ada") < 20


def test_records_at_the_limits_are_read() -> None:
    data = base()
    data["players"] = MAX_PLAYERS
    data["seats"] = [{"name": "n" * MAX_NAME_CHARS, "bot": "b" * MAX_NAME_CHARS}] * MAX_PLAYERS
    data["actions"] = ["a" * MAX_ACTION_CHARS] * MAX_ACTIONS
    data["options"] = {f"{i:0{MAX_NAME_CHARS}d}": "v" * MAX_NAME_CHARS for i in range(MAX_OPTIONS)}
    data["seed"] = -MAX_INT
    data["start"] = {"deep": nested(MAX_START_DEPTH - 2, MAX_INT), "wide": [0] * (MAX_START_VALUES - 20)}
    assert bounded(lambda: GameRecord.from_json(data)) is None
    record = GameRecord.from_json(data)
    assert len(record.seats) == MAX_PLAYERS and len(record.actions) == MAX_ACTIONS
    assert record.seed == -MAX_INT


def test_a_long_record_of_junk_is_refused_at_its_first_action_quickly() -> None:
    data = {**base(), "actions": ["0: nowhere"] * MAX_ACTIONS}
    record = GameRecord.loads(json.dumps(data))
    refused(lambda: Match.from_record(record), "action #0")


def test_load_reads_no_more_than_the_limit(tmp_path: Path) -> None:
    huge = tmp_path / "huge.json"
    with huge.open("wb") as f:
        f.truncate(3 * 1024**3)  # a sparse 3 GB file: reading it whole would take gigabytes
    refused(lambda: GameRecord.load(huge), "huge.json", f"larger than {MAX_RECORD_BYTES:,} bytes")
    refused(lambda: GameRecord.load(tmp_path), "cannot read")
    if Path("/dev/zero").exists():
        refused(lambda: GameRecord.load("/dev/zero"), "larger than")
    just = tmp_path / "just.json"
    just.write_text(json.dumps({**base(), "actions": ["x" * 100] * 10_000}), encoding="utf-8")
    assert bounded(lambda: GameRecord.load(just)) is None


@pytest.mark.parametrize(("seat", "words"), [
    ({"name": "Ada", "colour": "red"}, ("seats[0]", "unknown field 'colour'")),
    ({"name": 5}, ("seats[0].name = 5",)),
    ({"name": "Ada", "bot": ["random"]}, ("seats[0].bot", "a list of 1 items")),
    ("Ada", ("seats[0] = 'Ada'",)),
])
def test_malformed_seats_are_refused_clearly(seat: Any, words: tuple[str, ...]) -> None:
    data = base()
    data["seats"][0] = seat
    refused(lambda: GameRecord.from_json(data), *words)
