"""The store on both databases the server runs on: a SQLite file (new per test) and PostgreSQL (see
``tests/services.py``: skipped without it, failed under ``LUDO_REQUIRE_SERVICES=1``): a new database for each
migration test, and one migrated database for the module's other tests, emptied before each.

The migrations (empty → head gives the models' schema; 0002 → head gives the tables in play a lease; down and up
again), the round trips, the append-only moves (one write per index, nothing of a losing batch), and the leases
(who drives a table; on PostgreSQL, instances racing for them never take the same one)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import psycopg
import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, MetaData, inspect

from ludotheque.server.storage.migrate import alembic_config
from ludotheque.server.storage.models import Base, TableRow
from ludotheque.server.storage.store import (
    ActionConflict,
    ChatLine,
    LeaseLost,
    SeatRecord,
    Store,
    StoredAction,
    StoredTable,
    TableNotFound,
    make_engine,
)
from tests.services import fresh_postgres_database

ALL_TABLES = {"tables", "seats", "actions", "chat", "leases", "accounts", "sessions", "ratings", "rated_results"}


# --- fixtures and helpers -----------------------------------------------------------------------------------------
BACKENDS = {"params": ["sqlite", "postgresql"], "ids": ["sqlite", "postgresql"]}


@pytest.fixture(**BACKENDS)
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database (no schema yet): a new SQLite file, or a new PostgreSQL database (dropped afterwards)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'ludo.db'}"
    else:
        with fresh_postgres_database() as url:
            yield url


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A new, empty PostgreSQL database."""
    with fresh_postgres_database() as url:
        yield url


@pytest.fixture(scope="module")
def migrated_postgres_url() -> Iterator[str]:
    """One PostgreSQL database at the newest schema for the module's tests that do not test the migrations (a new
    database and its migration cost a third of a second: once, not per test); ``emptied`` before each."""
    with fresh_postgres_database() as url:
        Store(url).close()
        yield url


def emptied(url: str) -> str:
    with psycopg.connect(url) as connection:
        connection.execute("TRUNCATE " + ", ".join(sorted(ALL_TABLES)) + " RESTART IDENTITY")
    return url


@pytest.fixture(**BACKENDS)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """A store on a database without rows: a new SQLite file, or the module's PostgreSQL database emptied."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'ludo.db'}"
    else:
        url = emptied(request.getfixturevalue("migrated_postgres_url"))
    s = Store(url)
    yield s
    s.close()


@pytest.fixture
def instances(migrated_postgres_url: str) -> Iterator[tuple[Store, Store]]:
    """Two stores on one PostgreSQL database (emptied), as two server instances have."""
    url = emptied(migrated_postgres_url)
    one, two = Store(url), Store(url)
    yield one, two
    one.close()
    two.close()


@contextmanager
def engine_for(url: str) -> Iterator[Engine]:
    engine = make_engine(url)
    try:
        yield engine
    finally:
        engine.dispose()


def migrate(engine: Engine, step: Callable[..., None], revision: str) -> None:
    """``command.upgrade``/``command.downgrade`` to ``revision``, in one transaction on ``engine``."""
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        step(config, revision)


def schema_differences(engine: Engine, metadata: MetaData = Base.metadata) -> list[Any]:
    """What Alembic's autogenerate would change to bring the database to ``metadata`` (types included)."""
    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True,
                                                               "compare_server_default": True})
        return list(compare_metadata(context, metadata))


def revision_of(engine: Engine) -> str | None:
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


HEAD = ScriptDirectory.from_config(alembic_config()).get_current_head()


def together(n: int, work: Callable[[int], Any]) -> list[Any]:
    """``work(0)`` … ``work(n - 1)`` in ``n`` threads let go at the same moment; each one's result, or the exception
    it raised."""
    barrier = threading.Barrier(n)
    results: list[Any] = [None] * n

    def run(i: int) -> None:
        barrier.wait()
        try:
            results[i] = work(i)
        except Exception as e:
            results[i] = e

    threads = [threading.Thread(target=run, args=(i,), daemon=True) for i in range(n)]
    for t in threads:
        t.start()
    deadline = time.monotonic() + 30
    for t in threads:
        t.join(timeout=max(0.0, deadline - time.monotonic()))
    assert not any(t.is_alive() for t in threads), f"threads still running after 30 s: {results}"
    return results


def a_table(table_id: str, status: str = "playing", created: float = 1_700_000_000.0, players: int = 2,
            seats: list[SeatRecord] | None = None) -> StoredTable:
    if seats is None:
        seats = [SeatRecord(0, "Ada", None), SeatRecord(1, None, "greedy")]
    return StoredTable(id=table_id, game="acquire", players=players, options={"variant": "classic"}, seed=7,
                       rules="acquire-1", bot_delay_ms=0, move_seconds=None, status=status, created=created,
                       seats=seats)


def move(idx: int, text: str = "", by: str = "seat") -> StoredAction:
    return StoredAction(idx, text or f"0: move {idx}", 1_700_000_000.25 + idx, by)


# --- migrations ---------------------------------------------------------------------------------------------------
def test_migrations_build_the_models_schema(store_url: str) -> None:
    with engine_for(store_url) as engine:
        assert revision_of(engine) is None
        Store(store_url).close()
        assert revision_of(engine) == HEAD
        assert set(inspect(engine).get_table_names()) == ALL_TABLES | {"alembic_version"}
        assert schema_differences(engine) == []
        # the comparison does look at the database: against no models, every table would go
        removed = {d[1].name for d in schema_differences(engine, MetaData()) if d[0] == "remove_table"}
        assert removed == ALL_TABLES


def test_upgrade_from_0002_gives_the_tables_in_play_a_lease_nobody_holds(store_url: str) -> None:
    with engine_for(store_url) as engine:
        migrate(engine, command.upgrade, "0002")
        assert revision_of(engine) == "0002"
        assert "leases" not in inspect(engine).get_table_names()
        with engine.begin() as connection:
            for table_id, status in [("waiting1", "waiting"), ("playing1", "playing"), ("over1", "over")]:
                connection.execute(TableRow.__table__.insert().values(
                    id=table_id, game="acquire", players=2, options={"variant": "classic"}, seed=1, rules="1",
                    bot_delay_ms=0, move_seconds=None, status=status, created=1.0))
    store = Store(store_url)
    try:
        # as create_table does: every table not over has a lease, here given up, so that the first instance takes it
        assert store.leases() == {"playing1": ("", 0.0), "waiting1": ("", 0.0)}
        assert {t.id: t.status for t in store.tables()} == {"waiting1": "waiting", "playing1": "playing",
                                                           "over1": "over"}
        assert store.claim_leases("a", now=2.0, until=3.0) == ["playing1", "waiting1"]
    finally:
        store.close()


def test_downgrade_to_base_and_upgrade_again(store_url: str) -> None:
    store = Store(store_url)
    store.create_table(a_table("t1", seats=[SeatRecord(0, "Ada", None, settings={"steadiness": 2})]), {0: "h0"},
                       holder="a", lease_until=10.0)
    store.append_actions("t1", [move(0)])
    store.close()
    with engine_for(store_url) as engine:
        # one step down keeps the games (only the leases go), and up again gives the table back a lease
        migrate(engine, command.downgrade, "0002")
        assert "leases" not in inspect(engine).get_table_names()
        migrate(engine, command.upgrade, "head")
        store = Store(store_url)
        assert store.table("t1").seats[0].settings == {"steadiness": 2}
        assert store.actions("t1") == [move(0)]
        assert store.leases() == {"t1": ("", 0.0)}
        store.close()
        migrate(engine, command.downgrade, "base")
        assert revision_of(engine) is None
        assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
        migrate(engine, command.upgrade, "head")
        assert revision_of(engine) == HEAD
        assert schema_differences(engine) == []


def test_instances_started_together_migrate_one_at_a_time(postgres_url: str) -> None:
    results = together(4, lambda _: Store(postgres_url, pool_size=1))
    try:
        assert [type(r) for r in results] == [Store] * 4, results
        with engine_for(postgres_url) as engine:
            assert revision_of(engine) == HEAD
            assert schema_differences(engine) == []
        results[0].create_table(a_table("t1"), {})
        assert results[3].table("t1").id == "t1"
    finally:
        for r in results:
            if isinstance(r, Store):
                r.close()


# --- round trips --------------------------------------------------------------------------------------------------
def test_tables_and_seats_round_trip(store: Store) -> None:
    now = time.time()
    table = StoredTable(
        id="t1", game="stack-market", players=4, options={"variant": "classic", "rounds": [1, 2], "fast": True},
        seed=2**40 + 3, rules="stack-market-2", bot_delay_ms=250, move_seconds=30.5, status="waiting", created=now,
        seats=[SeatRecord(0, "Ada", None), SeatRecord(1, None, "greedy", settings={"steadiness": 3}),
               SeatRecord(2, "Bea", None, reserved=True), SeatRecord(3, None, None)])
    store.create_table(table, {0: "hash-ada"})
    expected_seats = [replace(table.seats[0], taken=True), *table.seats[1:]]
    assert store.table("t1") == replace(table, seats=expected_seats)

    assert not store.take_seat("t1", 1, "Eve", "hash-eve")  # a bot's
    assert not store.take_seat("t1", 0, "Eve", "hash-eve")  # taken
    assert not store.take_seat("t1", 2, "Eve", "hash-eve")  # kept for Bea
    assert store.take_seat("t1", 2, "Bea", "hash-bea")
    assert store.take_seat("t1", 3, "Eve", "hash-eve")
    assert not store.take_seat("t1", 3, "Zed", "hash-zed")
    assert not store.take_seat("nope", 3, "Zed", "hash-zed")
    seats = store.table("t1").seats
    assert [(s.name, s.taken) for s in seats] == [("Ada", True), (None, False), ("Bea", True), ("Eve", True)]
    assert [store.seat_of("t1", h) for h in ("hash-ada", "hash-bea", "hash-eve", "hash-zed")] == [0, 2, 3, None]
    assert store.seat_of("nope", "hash-ada") is None

    store.create_table(a_table("t2", "playing", created=now + 1), {})
    store.create_table(a_table("t3", created=now + 2), {})
    store.append_actions("t3", [move(0)], status="over", result={"winner": 1}, finished=now + 3)
    assert [t.id for t in store.tables()] == ["t3", "t2", "t1"]
    assert [t.id for t in store.tables(limit=2)] == ["t3", "t2"]
    assert [t.id for t in store.tables("playing")] == ["t2"]
    assert store.tables("over")[0].result == {"winner": 1} and store.tables("over")[0].finished == now + 3
    assert [t.seats for t in store.tables("waiting")] == [store.table("t1").seats]
    assert [store.count_tables(s) for s in ("waiting", "playing", "over")] == [1, 1, 1]

    store.set_status("t1", "playing")
    assert store.table("t1").status == "playing"
    with pytest.raises(TableNotFound):
        store.table("nope")


def test_moves_and_chat_round_trip(store: Store) -> None:
    store.create_table(a_table("t1"), {})
    store.create_table(a_table("t2"), {})
    first = [move(0, "chance: draw 5C", "chance"), move(1, "0: buy Luxor"), move(2, "1: pass", "bot")]
    store.append_actions("t1", first)
    store.append_actions("t1", [move(3, "0: end")])
    assert store.actions("t1") == [*first, move(3, "0: end")]
    assert store.actions("t1", since=2) == [first[2], move(3, "0: end")]
    assert store.actions("t1", since=4) == []
    assert store.actions("t2") == []
    store.append_actions("t1", [move(4)], status="over", result={"winner": 0, "scores": [12, 7]}, finished=99.5)
    done = store.table("t1")
    assert (done.status, done.result, done.finished) == ("over", {"winner": 0, "scores": [12, 7]}, 99.5)

    lines = [ChatLine("Ada", 0, "hello", 1.5), ChatLine("Eve", None, "hi ☺ — ça va ?", 2.5),
             ChatLine("Ada", 0, "x" * 2000, 3.5)]
    for line in lines:
        store.add_chat("t1", line)
    assert store.chat("t1") == lines
    assert store.chat("t1", limit=2) == lines[1:]
    assert store.chat("t2") == []


def test_a_second_write_at_an_index_is_refused_and_writes_nothing(store: Store) -> None:
    store.create_table(a_table("t1"), {}, holder="a", lease_until=50.0)
    store.append_actions("t1", [move(0), move(1)])
    for batch in ([move(2, "0: late"), move(1, "1: other")], [move(1, "1: other"), move(2, "0: late")]):
        with pytest.raises(ActionConflict):
            store.append_actions("t1", batch, status="over", result={"winner": 1}, finished=60.0)
        table = store.table("t1")
        assert store.actions("t1") == [move(0), move(1)]
        assert (table.status, table.result, table.finished) == ("playing", None, None)
        assert store.leases() == {"t1": ("a", 50.0)}
    store.append_actions("t1", [move(2)])
    assert store.actions("t1") == [move(0), move(1), move(2)]


def test_racing_instances_store_exactly_one_write_per_index(instances: tuple[Store, Store]) -> None:
    one, two = instances
    one.create_table(a_table("t1"), {})
    stored: list[StoredAction] = []
    for round_ in range(3):
        idx = len(stored)

        def attempt(i: int, idx: int = idx) -> list[StoredAction]:
            batch = [move(idx, f"{i}: first"), move(idx + 1, f"{i}: second")]
            (one, two)[i % 2].append_actions("t1", batch)
            return batch

        results = together(8, attempt)
        winners = [r for r in results if isinstance(r, list)]
        assert len(winners) == 1, f"round {round_}: {results}"
        assert all(isinstance(r, ActionConflict) for r in results if r is not winners[0]), results
        stored += winners[0]
        assert one.actions("t1") == stored
        assert two.actions("t1") == stored


# --- leases -------------------------------------------------------------------------------------------------------
def test_a_lease_is_kept_until_it_expires(store: Store) -> None:
    store.create_table(a_table("t1"), {}, holder="a", lease_until=100.0)
    assert store.leases() == {"t1": ("a", 100.0)}
    assert store.claim_leases("b", now=99.0, until=200.0) == []
    assert store.claim_leases("b", now=100.0, until=200.0) == []
    assert store.claim_leases("b", now=100.5, until=200.0) == ["t1"]
    assert store.leases() == {"t1": ("b", 200.0)}
    assert store.claim_leases("a", now=150.0, until=250.0) == []
    assert store.claim_leases("c", now=150.0, until=250.0, table_id="t1") == []


def test_claims_take_at_most_limit_leases_the_oldest_first(store: Store) -> None:
    for i in range(5):
        store.create_table(a_table(f"t{i}"), {}, holder="gone", lease_until=float(10 - i))
    store.create_table(a_table("held"), {}, holder="a", lease_until=1000.0)
    store.create_table(a_table("done", "over"), {}, holder="a", lease_until=1000.0)
    assert "done" not in store.leases()
    assert store.claim_leases("b", now=20.0, until=100.0, limit=2) == ["t3", "t4"]
    assert store.claim_leases("c", now=20.0, until=100.0, table_id="t0") == ["t0"]
    assert store.claim_leases("c", now=20.0, until=100.0) == ["t1", "t2"]
    assert store.claim_leases("d", now=20.0, until=100.0) == []
    assert {t: h for t, (h, _) in store.leases().items()} == {
        "t0": "c", "t1": "c", "t2": "c", "t3": "b", "t4": "b", "held": "a"}


def test_a_holder_renews_only_the_leases_it_still_holds(store: Store) -> None:
    store.create_table(a_table("t1"), {}, holder="a", lease_until=10.0)
    store.create_table(a_table("t2"), {}, holder="a", lease_until=10.0)
    assert store.renew_leases("a", until=20.0) == {"t1", "t2"}
    assert store.claim_leases("b", now=21.0, until=40.0, table_id="t1") == ["t1"]
    assert store.renew_leases("a", until=30.0) == {"t2"}
    assert store.leases() == {"t1": ("b", 40.0), "t2": ("a", 30.0)}
    # expired, but nobody took it: still its holder's to renew
    assert store.renew_leases("a", until=60.0) == {"t2"}
    assert store.renew_leases("nobody", until=60.0) == set()


def test_released_leases_are_claimable_at_once(store: Store) -> None:
    for i in range(3):
        store.create_table(a_table(f"t{i}"), {}, holder="a", lease_until=100.0)
    assert store.release_leases("a", ["t1"]) == 1
    assert store.leases()["t1"] == ("", 0.0)
    assert store.claim_leases("b", now=1.0, until=50.0) == ["t1"]
    assert store.release_leases("a") == 2
    assert store.claim_leases("b", now=1.0, until=50.0) == ["t0", "t2"]
    assert store.release_leases("a") == 0


def test_moves_under_a_lost_lease_are_refused_and_write_nothing(store: Store) -> None:
    store.create_table(a_table("t1"), {}, holder="a", lease_until=10.0)
    store.append_actions("t1", [move(0)], lease=("a", 20.0))
    assert store.leases() == {"t1": ("a", 20.0)}
    assert store.claim_leases("b", now=21.0, until=40.0) == ["t1"]
    with pytest.raises(LeaseLost):
        store.append_actions("t1", [move(1, "bot: late")], status="over", result={"winner": 0}, finished=22.0,
                             lease=("a", 30.0))
    table = store.table("t1")
    assert store.actions("t1") == [move(0)]
    assert (table.status, table.result, table.finished) == ("playing", None, None)
    assert store.leases() == {"t1": ("b", 40.0)}
    store.append_actions("t1", [move(1, "bot: on time")], lease=("b", 45.0))
    assert store.actions("t1") == [move(0), move(1, "bot: on time")]
    assert store.leases() == {"t1": ("b", 45.0)}


def test_a_finished_table_lets_its_lease_go(store: Store) -> None:
    store.create_table(a_table("t1"), {}, holder="a", lease_until=10.0)
    store.create_table(a_table("t2"), {}, holder="a", lease_until=10.0)
    store.append_actions("t1", [move(0)], status="over", result={"winner": 1}, finished=5.0, lease=("a", 20.0))
    store.append_actions("t2", [move(0)], status="over", result={"winner": 0}, finished=6.0)
    assert store.leases() == {}
    assert store.table("t1").status == "over"
    assert store.claim_leases("b", now=100.0, until=200.0) == []
    assert store.renew_leases("a", until=200.0) == set()


def test_racing_instances_never_claim_the_same_lease(instances: tuple[Store, Store]) -> None:
    one, two = instances
    tables = [f"t{i:02}" for i in range(40)]
    for t in tables:
        one.create_table(a_table(t), {})
    for round_ in range(3):
        now = 1000.0 * (round_ + 1)  # every lease taken in the round before has expired again
        # 6 claimers of at most 10: more than the 40 leases, so that every one is taken
        results = together(6, lambda i, now=now, round_=round_: (one, two)[i % 2].claim_leases(
            f"r{round_}-i{i}", now=now, until=now + 500.0, limit=10))
        assert all(isinstance(r, list) for r in results), results
        claimed = [t for r in results for t in r]
        assert len(claimed) == len(set(claimed)), f"round {round_}: a lease taken twice: {results}"
        assert sorted(claimed) == tables
        holders = {t: h for t, (h, _) in two.leases().items()}
        assert holders == {t: f"r{round_}-i{i}" for i, r in enumerate(results) for t in r}
