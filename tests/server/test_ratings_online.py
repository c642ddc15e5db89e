"""Rated games online: a rated game between two accounts (and a bot) changes every seat's rating exactly once, a
restart (a new app on the same database) does not apply it again, a result left unapplied is applied by the sweep
at start, two stores applying at once (two instances, or an instance and a sweep) apply it once, two tables ending
together with a player in common lose no update; the migration from 0003 on SQLite and PostgreSQL; the leaderboard's
order and the profile."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from alembic import command
from sqlalchemy import insert, inspect, select

from ludotheque.ratings import MU, SIGMA, Rating, rate
from ludotheque.server.storage import SeatRecord, Store, StoredAction, StoredTable
from ludotheque.server.storage.models import AccountRow, RatingRow, SeatRow, TableRow
from tests.server.support import Running, play_table, server_thread
from tests.server.test_storage import HEAD, engine_for, migrate, revision_of, together
from tests.services import fresh_postgres_database

PASSWORD = "correct horse battery"


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database: a new SQLite file, or a new PostgreSQL database (dropped afterwards)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'ludo.db'}"
    else:
        with fresh_postgres_database() as postgres:
            yield postgres


def logged_in(running: Running, name: str) -> httpx.Client:
    client = httpx.Client(base_url=running.url, timeout=10)
    answer = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
    if answer.status_code == 409:  # made by an earlier server on this database
        answer = client.post("/api/login", json={"name": name, "password": PASSWORD})
    assert answer.status_code in (200, 201), answer.text
    return client


def leaderboard(running: Running, game: str) -> dict[str, dict[str, Any]]:
    return {r["name"]: r for r in httpx.get(f"{running.url}/api/leaderboard/{game}").json()["ratings"]}


def test_a_rated_game_changes_every_seats_rating_once_even_after_a_restart(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'ludo.db'}"
    with server_thread(db) as running:
        ada, bob = logged_in(running, "Ada"), logged_in(running, "Bob")
        created = ada.post("/api/tables", json={"game": "gracias", "players": 3, "rated": True, "bot_delay_ms": 0,
                                                "seats": [{"name": "Ada"}, {}, {"bot": "heuristic"}]}).json()
        table = created["id"]
        tokens = {0: created["tokens"]["0"], 1: bob.post(f"/api/tables/{table}/seats/1", json={}).json()["token"]}
        players = asyncio.run(play_table(running, table, tokens, spectators=0))
        outcome = players[0].last["outcome"]
        assert outcome is not None and players[0].last["rated"] is True

        summary = httpx.get(f"{running.url}/api/tables/{table}").json()
        changes = summary["rating_changes"]  # applied before the last frame was sent
        assert [c["name"] for c in changes] == ["Ada", "Bob", "Bot 2"]
        assert [c["rank"] for c in changes] == outcome["ranks"]
        new = rate([Rating()] * 3, outcome["ranks"])
        for change, expected in zip(changes, new, strict=True):
            assert change["before"] == Rating().to_json() and change["after"] == expected.to_json()
        board = leaderboard(running, "gracias")
        assert set(board) == {"Ada", "Bob", "bot:heuristic"} and board["bot:heuristic"]["bot"] is True
        assert all(r["games"] == 1 for r in board.values())
        assert board["Ada"]["mu"] == pytest.approx(new[0].mu, abs=1e-4)
        mine = ada.get("/api/me").json()["ratings"]
        assert [(r["game"], r["games"]) for r in mine] == [("gracias", 1)]
        assert mine[0]["ordinal"] == board["Ada"]["ordinal"] and mine[0]["rank"] == board["Ada"]["rank"]

    with server_thread(db) as running:  # a new app on the same database: its sweep finds nothing to do
        time.sleep(0.3)
        assert leaderboard(running, "gracias") == board
        assert httpx.get(f"{running.url}/api/tables/{table}").json()["rating_changes"] == changes
    store = Store(db)
    try:
        assert store.apply_rated_result(table, time.time()) is None
        assert store.unrated_finished() == []
    finally:
        store.close()


# --- the store: exactly once --------------------------------------------------------------------------------------
def accounts(store: Store, *names: str) -> list[int]:
    return [store.create_account(n, n.lower(), "$argon2id$not-a-real-hash", 1.0).id for n in names]


def finished_rated_table(store: Store, table_id: str, seats: list[tuple[int | None, str | None]],
                         ranks: list[int], game: str = "gracias") -> None:
    """A rated table over, as the last move leaves it, its result not applied yet (``seats``: account or bot)."""
    records = [SeatRecord(i, f"P{i}" if bot is None else f"Bot {i} ({bot})", bot, taken=bot is None, account=account)
               for i, (account, bot) in enumerate(seats)]
    store.create_table(StoredTable(table_id, game, len(seats), {}, 7, "1", 0, None, "playing", 1.0, records,
                                   rated=True), {})
    result = {"scores": [0] * len(seats), "ranks": ranks, "winners": [ranks.index(1)], "termination": "test"}
    store.append_actions(table_id, [StoredAction(0, "0: move", 1.5, "person")], "over", result, 2.0)


def ratings(store: Store, game: str = "gracias") -> dict[str, tuple[float, float, int]]:
    return {r.name: (r.mu, r.sigma, r.games) for r in store.leaderboard(game)}


def test_two_stores_applying_one_result_at_once_apply_it_once(url: str) -> None:
    one, two = Store(url), Store(url)  # two instances (or an instance's end of game and another's sweep)
    try:
        ada, bob = accounts(one, "Ada", "Bob")
        finished_rated_table(one, "t1", [(ada, None), (bob, None), (None, "random")], [2, 1, 3])
        results = together(4, lambda i: (one, two)[i % 2].apply_rated_result("t1", 3.0))
        assert sum(1 for r in results if r) == 1, results
        assert all(r is None for r in results if not r), results
        expected = rate([Rating()] * 3, [2, 1, 3])
        got = ratings(one)
        assert got == {"Ada": (pytest.approx(expected[0].mu), pytest.approx(expected[0].sigma), 1),
                       "Bob": (pytest.approx(expected[1].mu), pytest.approx(expected[1].sigma), 1),
                       "bot:random": (pytest.approx(expected[2].mu), pytest.approx(expected[2].sigma), 1)}
        assert one.apply_rated_result("t1", 4.0) is None and two.unrated_finished() == []
    finally:
        one.close()
        two.close()


def test_two_tables_ending_together_with_a_player_in_common_lose_no_update(url: str) -> None:
    one, two = Store(url), Store(url)
    try:
        ada, bob, cy = accounts(one, "Ada", "Bob", "Cy")
        finished_rated_table(one, "t1", [(ada, None), (bob, None), (None, "random")], [1, 2, 3])
        finished_rated_table(one, "t2", [(cy, None), (ada, None), (None, "random")], [2, 1, 3])
        results = together(2, lambda i: (one, two)[i].apply_rated_result(("t1", "t2")[i], 3.0))
        assert all(isinstance(r, list) and len(r) == 3 for r in results), results
        got = ratings(one)
        assert got["Ada"][2] == 2 and got["bot:random"][2] == 2 and got["Bob"][2] == got["Cy"][2] == 1
        # whichever came first, the second read what the first wrote
        t1 = rate([Rating()] * 3, [1, 2, 3])  # t1 first: Ada, Bob, the bot
        ada_a = rate([Rating(), t1[0], t1[2]], [2, 1, 3])[1]  # then t2: Cy, Ada, the bot
        t2 = rate([Rating()] * 3, [2, 1, 3])  # t2 first
        ada_b = rate([t2[1], Rating(), t2[2]], [1, 2, 3])[0]  # then t1
        mu = got["Ada"][0]
        assert mu == pytest.approx(ada_a.mu) or mu == pytest.approx(ada_b.mu), (mu, ada_a, ada_b)
    finally:
        one.close()
        two.close()


def test_a_bot_at_several_seats_and_a_seat_without_account(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'ludo.db'}")
    try:
        (ada,) = accounts(store, "Ada")
        finished_rated_table(store, "t1", [(ada, None), (None, "random"), (None, "random")], [3, 1, 2])
        changes = store.apply_rated_result("t1", 3.0)
        assert changes is not None and [c["rank"] for c in changes] == [3, 1, 2]
        new = rate([Rating()] * 3, [3, 1, 2])
        mu, sigma, games = ratings(store)["bot:random"]
        assert games == 1 and mu == pytest.approx((new[1].mu + new[2].mu) / 2)
        assert sigma == pytest.approx(min(new[1].sigma, new[2].sigma))
        # a person's seat that no account holds (it cannot happen through the server): the game stays unrated
        finished_rated_table(store, "t2", [(ada, None), (None, None), (None, "random")], [1, 2, 3])
        assert store.apply_rated_result("t2", 3.0) == [] and store.rated_result("t2") == []
        assert ratings(store)["Ada"][2] == 1
        # a table not rated, or not over, is left alone (and the claim is not kept)
        store.create_table(StoredTable("t3", "gracias", 2, {}, 7, "1", 0, None, "playing", 1.0,
                                       [SeatRecord(0, "A", None), SeatRecord(1, "B", None)], rated=True), {})
        assert store.apply_rated_result("t3", 3.0) is None and store.rated_result("t3") is None
        assert store.apply_rated_result("nope", 3.0) is None
    finally:
        store.close()


def test_a_result_left_unapplied_is_applied_by_the_sweep_at_start(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'ludo.db'}"
    store = Store(db)
    ada, bob = accounts(store, "Ada", "Bob")
    # as if the instance had stopped between the last move and the ratings
    finished_rated_table(store, "left1", [(ada, None), (bob, None), (None, "random")], [1, 2, 3])
    assert store.unrated_finished() == ["left1"]
    store.close()
    with server_thread(db) as running:
        deadline = time.monotonic() + 10
        while httpx.get(f"{running.url}/api/tables/left1").json()["rating_changes"] is None:
            assert time.monotonic() < deadline, "the sweep did not apply the result"
            time.sleep(0.05)
        assert {n: r["games"] for n, r in leaderboard(running, "gracias").items()} == {
            "Ada": 1, "Bob": 1, "bot:random": 1}
        metrics = httpx.get(f"{running.url}/metrics").text
        assert "ludo_rated_results_total 1.0" in metrics


# --- the migration ------------------------------------------------------------------------------------------------
def test_the_migration_from_0003_keeps_every_table_and_makes_them_unrated(url: str) -> None:
    with engine_for(url) as engine:
        migrate(engine, command.upgrade, "0003")
        with engine.begin() as c:  # as the previous version wrote them
            c.execute(insert(TableRow.__table__).values(id="old", game="gracias", players=2, options={}, seed=1,
                                                        rules="1", bot_delay_ms=0, move_seconds=None,
                                                        status="playing", created=1.0))
            c.execute(insert(SeatRow.__table__).values(table_id="old", seat=0, name="Ada", bot=None, reserved=False,
                                                       token_hash="h0"))
            c.exec_driver_sql("INSERT INTO actions (table_id, idx, text, played, by) "
                              "VALUES ('old', 0, '0: x', 1.0, 'person')")
            c.exec_driver_sql("INSERT INTO leases (table_id, holder, expires) VALUES ('old', 'a', 5.0)")
        migrate(engine, command.upgrade, "head")
        assert revision_of(engine) == HEAD == "0004"
        store = Store(url)
        try:
            old = store.table("old")
            assert old.rated is False and old.seats[0].account is None and old.seats[0].taken
            assert len(store.actions("old")) == 1 and store.leases() == {"old": ("a", 5.0)}
            # an instance of the previous version still creates tables (it knows no "rated": unrated)
            with engine.begin() as c:
                c.execute(insert(TableRow.__table__).values(id="older", game="gracias", players=2, options={},
                                                            seed=1, rules="1", bot_delay_ms=0, move_seconds=None,
                                                            status="waiting", created=2.0))
            assert store.table("older").rated is False
        finally:
            store.close()
        migrate(engine, command.downgrade, "0003")
        names = set(inspect(engine).get_table_names())
        assert not names & {"accounts", "sessions", "ratings", "rated_results"} and "tables" in names
        with engine.connect() as c:
            assert c.execute(select(TableRow.__table__.c.id).order_by("id")).scalars().all() == ["old", "older"]
            assert c.exec_driver_sql("SELECT count(*) FROM actions").scalar() == 1
        migrate(engine, command.upgrade, "head")


# --- the leaderboard ----------------------------------------------------------------------------------------------
def test_the_leaderboard_sorts_by_the_cautious_estimate(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'ludo.db'}"
    Store(db).close()
    with server_thread(db) as running:
        logged_in(running, "Sure")
        logged_in(running, "Lucky")
    with engine_for(db) as engine, engine.begin() as c:
        ids = {name: id_ for name, id_ in c.execute(select(AccountRow.name, AccountRow.id))}
        c.execute(insert(AccountRow), [{"name": "bot:random", "name_key": "bot:random", "password_hash": None,
                                        "created": 1.0}])
        bot = c.execute(select(AccountRow.id).where(AccountRow.name == "bot:random")).scalar_one()
        c.execute(insert(RatingRow), [
            # a high mean still uncertain ranks below a lower mean that is sure
            {"account_id": ids["Lucky"], "game": "acquire", "mu": 32.0, "sigma": 6.0, "games": 2, "updated": 1.0},
            {"account_id": ids["Sure"], "game": "acquire", "mu": 26.0, "sigma": 2.0, "games": 40, "updated": 1.0},
            {"account_id": bot, "game": "acquire", "mu": MU, "sigma": SIGMA, "games": 3, "updated": 1.0},
            {"account_id": ids["Lucky"], "game": "gracias", "mu": 30.0, "sigma": 1.0, "games": 9, "updated": 1.0},
        ])
    with server_thread(db) as running:
        board = httpx.get(f"{running.url}/api/leaderboard/acquire?lang=en").json()
        assert board["game"] == "acquire" and board["title"]
        assert [(r["rank"], r["name"], r["bot"]) for r in board["ratings"]] == [
            (1, "Sure", False), (2, "Lucky", False), (3, "bot:random", True)]
        assert board["ratings"][0] | {"title": None} == {"rank": 1, "name": "Sure", "bot": False, "kind": None,
                                                         "game": "acquire", "title": None, "mu": 26.0, "sigma": 2.0,
                                                         "ordinal": 20.0, "games": 40}
        assert board["ratings"][2]["kind"] == "random"  # a bot's kind, in the page's language
        french = httpx.get(f"{running.url}/api/leaderboard/acquire", params={"lang": "fr"}).json()["ratings"]
        assert french[2]["kind"] == "au hasard"
        top = httpx.get(f"{running.url}/api/leaderboard/acquire", params={"limit": 2}).json()["ratings"]
        assert [r["name"] for r in top] == ["Sure", "Lucky"]
        for limit, said in ((0, "greater than or equal to 1"), (501, "less than or equal to 500"), ("x", "integer")):
            refused = httpx.get(f"{running.url}/api/leaderboard/acquire", params={"limit": limit})
            assert refused.status_code == 422 and said in refused.text, refused.text
        lucky = httpx.Client(base_url=running.url)
        lucky.post("/api/login", json={"name": "Lucky", "password": PASSWORD})
        mine = {r["game"]: (r["rank"], r["games"]) for r in lucky.get("/api/me").json()["ratings"]}
        assert mine == {"acquire": (2, 2), "gracias": (1, 9)}
        assert httpx.get(f"{running.url}/api/leaderboard/chess").status_code == 404
        assert httpx.get(f"{running.url}/api/leaderboard/stack-market").json()["ratings"] == []


def test_one_bot_written_two_ways_has_one_rating(tmp_path: Path) -> None:
    """``medium`` and ``medium:iterations=400`` are the same bot (a level with its own budget), and so are two specs
    giving the same parameters in another order or with other digits: one entry in the ratings, one leaderboard row."""
    store = Store(f"sqlite:///{tmp_path / 'ludo.db'}")
    try:
        (ada,) = accounts(store, "Ada")
        finished_rated_table(store, "t1", [(ada, None), (None, "medium:iterations=400"), (None, "MEDIUM")], [3, 1, 2])
        finished_rated_table(store, "t2", [(ada, None), (None, "mcts:seconds=1:iterations=020"),
                                           (None, "mcts:iterations=20:seconds=1.0")], [1, 2, 3])
        assert store.apply_rated_result("t1", 3.0) and store.apply_rated_result("t2", 4.0)
        entries = ratings(store)
        assert set(entries) == {"Ada", "bot:medium", "bot:mcts:iterations=20:seconds=1"}, entries
        assert entries["bot:medium"][2] == entries["bot:mcts:iterations=20:seconds=1"][2] == 1
        # a bot the game no longer knows (another package's, uninstalled) keeps its spec as written, in lower case
        finished_rated_table(store, "t3", [(ada, None), (None, "Gone:Depth=3"), (None, "random")], [1, 2, 3])
        assert store.apply_rated_result("t3", 5.0)
        assert "bot:gone:depth=3" in ratings(store)
    finally:
        store.close()
