"""Several ``ludo serve`` instances, one site: PostgreSQL shared, Redis pub/sub between them, a lease per table.

People at one table connected to different instances play together; when the instance that drives the table dies
(``kill -9``) another takes it over within the lease time, the connections that were on it come back through the
balancer (HAProxy) in their seats, and no acknowledged move is lost; a graceful stop (SIGTERM) hands its tables over
at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import signal
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from ludotheque.engine import GameRecord, Match
from tests.server.support import ServerProcess, balancer, needs_haproxy
from tests.services import fresh_postgres_database, need_redis, redis_url


@pytest.fixture
def database() -> Iterator[str]:
    need_redis()
    with fresh_postgres_database() as url:
        yield url


@contextlib.contextmanager
def instances(database: str, names: tuple[str, ...], lease_seconds: float = 2) -> Iterator[list[ServerProcess]]:
    servers = [ServerProcess(database, extra=("--redis", redis_url(), "--instance", name,
                                              "--lease-seconds", str(lease_seconds))) for name in names]
    try:
        for server in servers:
            server.start()
        yield servers
    finally:
        for server in servers:
            server.stop()


@dataclass
class Person:
    """A person's seat, played with random legal moves; it reconnects (through ``urls``, in turn) when its
    connection drops, and keeps what it was told."""

    seat: int
    urls: list[str]
    rng: random.Random
    acknowledged: list[tuple[int, str]] = field(default_factory=list)
    """(action index, text) of its moves the table confirmed: a frame came with ``at`` past them, and no refusal."""
    last: dict[str, Any] = field(default_factory=dict)
    connections: int = 0
    refusals: int = 0

    async def play(self, stop_at: int | None = None) -> None:
        sent: tuple[int, str] | None = None
        while True:
            url = self.urls[min(self.connections, len(self.urls) - 1)]
            self.connections += 1
            try:
                async with websockets.connect(url, max_size=2**22, open_timeout=5) as ws:
                    sent = None  # a move sent on a lost connection may not have arrived: it is not counted
                    async for raw in ws:
                        message = json.loads(raw)
                        if message["type"] == "error":
                            sent = None
                            if "slow down" in message["message"]:  # the rate limit: wait, then look again
                                await asyncio.sleep(0.5)
                                await ws.send(json.dumps({"type": "sync"}))
                            else:
                                self.refusals += 1
                            continue
                        self.last = message
                        if sent is not None and message["at"] > sent[0]:
                            self.acknowledged.append(sent)
                            sent = None
                        if message["outcome"] is not None or (stop_at is not None and message["at"] >= stop_at):
                            return
                        if message["to_move"] == self.seat and message["legal"] and sent is None:
                            text = self.rng.choice(message["legal"])["text"]
                            sent = (message["at"], text)
                            await ws.send(json.dumps({"type": "act", "action": text, "at": message["at"]}))
            except (websockets.ConnectionClosed, OSError, TimeoutError):
                await asyncio.sleep(0.3)


def create(url: str, **body: Any) -> tuple[str, dict[int, str]]:
    answer = httpx.post(url + "/api/tables", json=body, timeout=10)
    assert answer.status_code == 201, answer.text
    data = answer.json()
    return data["id"], {int(k): v for k, v in data["tokens"].items()}


def ws(server: ServerProcess, table: str, token: str | None = None) -> str:
    return server.running.ws(table, token)


def record_of(url: str, table: str) -> GameRecord:
    answer = httpx.get(f"{url}/api/tables/{table}/record", timeout=10)
    assert answer.status_code == 200, answer.text
    return GameRecord.from_json(answer.json())


def assert_acknowledged_kept(people: list[Person], record: GameRecord) -> int:
    """Every move a person saw acknowledged is in the record, at its index, as sent. How many."""
    count = 0
    for p in people:
        for index, text in p.acknowledged:
            assert record.actions[index] == f"{p.seat}: {text}", (p.seat, index, text, record.actions[index])
            count += 1
    return count


def test_people_on_two_instances_share_a_table(database: str) -> None:
    with instances(database, ("a", "b")) as (a, b):
        table, tokens = create(a.running.url, game="acquire", players=3, bot_delay_ms=0,
                               seats=[{"name": "Ada"}, {"name": "Bob"}, {"bot": "heuristic"}])
        ada = Person(0, [ws(a, table, tokens[0])], random.Random(1))
        bob = Person(1, [ws(b, table, tokens[1])], random.Random(2))
        watcher = Person(-1, [ws(b, table)], random.Random(3))  # a spectator at the other instance

        async def game() -> None:
            await asyncio.wait_for(asyncio.gather(ada.play(), bob.play(), watcher.play()), 120)

        asyncio.run(game())
        for server in (a, b):  # the finished game is the same record on both
            record = record_of(server.running.url, table)
            match = Match.from_record(record)
            assert match.is_over()
        assert ada.last["at"] == bob.last["at"] == watcher.last["at"] == len(record.actions)
        assert ada.last["outcome"] == bob.last["outcome"] == watcher.last["outcome"] is not None
        assert assert_acknowledged_kept([ada, bob], record) > 10
        assert "bot" in record.played_by and ada.refusals == bob.refusals == 0
        # each instance knows who is connected at the other: Ada (at a) is online in Bob's frames (from b)
        assert bob.last["seats"][0]["online"] or ada.connections == 1
        metrics = httpx.get(b.running.url + "/metrics", timeout=5).text
        assert 'ludo_bus_messages_total{direction="in"}' in metrics and "ludo_move_latency_seconds_bucket" in metrics


@dataclass
class Takeover:
    """When the bots and chance of a table moved again after its instance stopped."""

    first_driven: float | None
    record: GameRecord


def play_through_a_stop(database: str, folder: Path, stop: signal.Signals, lease_seconds: float) -> tuple[
        Takeover, float, list[Person]]:
    """Ada at instance a (which drives the table), Bob at b; at action 40, ``stop`` is sent to a; Ada comes back
    through the balancer. The game is played to its end."""
    with instances(database, ("a", "b"), lease_seconds) as (a, b), balancer([a.port, b.port], folder) as site:
        table, tokens = create(a.running.url, game="acquire", players=3, bot_delay_ms=0,
                               seats=[{"name": "Ada"}, {"name": "Bob"}, {"bot": "heuristic"}])
        ada = Person(0, [ws(a, table, tokens[0]), site.ws(table, tokens[0])], random.Random(1))
        bob = Person(1, [ws(b, table, tokens[1])], random.Random(2))
        stopped = 0.0

        async def game() -> None:
            nonlocal stopped
            await asyncio.wait_for(asyncio.gather(ada.play(stop_at=40), bob.play(stop_at=40)), 60)
            assert a.proc is not None
            stopped = time.time()
            a.proc.send_signal(stop)
            await asyncio.wait_for(asyncio.gather(ada.play(), bob.play()), 120)

        asyncio.run(game())
        record = record_of(site.url, table)
    driven = [t for t, by in zip(record.played_at or [], record.played_by or [], strict=True)
              if t > stopped and by in ("bot", "chance")]
    first = min(driven) - stopped if driven else None
    return Takeover(first, record), stopped, [ada, bob]


@needs_haproxy
def test_kill_9_of_the_driving_instance_loses_nothing(database: str, tmp_path: Path) -> None:
    takeover, _, people = play_through_a_stop(database, tmp_path, signal.SIGKILL, lease_seconds=2)
    ada = people[0]
    assert Match.from_record(takeover.record).is_over()
    assert assert_acknowledged_kept(people, takeover.record) > 10
    assert ada.connections >= 2 and ada.last["seat"] == 0  # back in her seat, through the balancer
    # b took the table over: its bots and chance moved again within the lease time (and a few sweeps)
    assert takeover.first_driven is not None and takeover.first_driven < 2 + 3


@needs_haproxy
def test_sigterm_hands_the_tables_over_at_once(database: str, tmp_path: Path) -> None:
    takeover, _, people = play_through_a_stop(database, tmp_path, signal.SIGTERM, lease_seconds=30)
    assert Match.from_record(takeover.record).is_over()
    assert assert_acknowledged_kept(people, takeover.record) > 10
    assert people[0].connections >= 2
    # the lease was given up, not left to expire: b drove the table long before 30 s
    assert takeover.first_driven is not None and takeover.first_driven < 5


def test_two_moves_at_once_at_two_instances_one_wins_and_the_other_is_told(database: str) -> None:
    """One seat, connected at both instances, sends two different moves for the same state at once: the database
    keeps exactly one; the other connection is told its move was refused and sees the table as it is."""
    with instances(database, ("a", "b")) as (a, b):
        table, tokens = create(a.running.url, game="acquire", players=2, seats=[{"name": "Ada"}, {"name": "Bob"}])

        async def frame(conn: Any, at_least: int = 0) -> dict[str, Any]:
            while True:
                message = json.loads(await asyncio.wait_for(conn.recv(), 10))
                if message["type"] == "state" and message["at"] >= at_least and message["to_move"] is not None \
                        and message["to_move"] != "chance":
                    return message

        async def race() -> tuple[dict[str, Any], list[tuple[str, dict[str, Any]]]]:
            async with websockets.connect(ws(a, table)) as spectator:
                seat = (await frame(spectator))["to_move"]
            async with websockets.connect(ws(a, table, tokens[seat]), max_size=2**22) as at_a, \
                    websockets.connect(ws(b, table, tokens[seat]), max_size=2**22) as at_b:
                first_a = await frame(at_a)
                first_b = await frame(at_b, first_a["at"])
                assert first_a["at"] == first_b["at"] and first_a["legal"] == first_b["legal"]
                one, other = first_a["legal"][0]["text"], first_a["legal"][1]["text"]
                await asyncio.gather(at_a.send(json.dumps({"type": "act", "action": one, "at": first_a["at"]})),
                                     at_b.send(json.dumps({"type": "act", "action": other, "at": first_a["at"]})))
                heard: list[tuple[str, dict[str, Any]]] = []
                for name, conn in (("a", at_a), ("b", at_b)):
                    with contextlib.suppress(TimeoutError):
                        while True:
                            heard.append((name, json.loads(await asyncio.wait_for(conn.recv(), 1.5))))
                return first_a, heard

        first, heard = asyncio.run(race())
        errors = [(name, m) for name, m in heard if m["type"] == "error"]
        assert len(errors) == 1, errors  # exactly one of the two moves was refused…
        loser = errors[0][0]
        said = errors[0][1]["message"]
        assert said.startswith("Another move was played at this table first") or "the table is at action" in said
        winner_text = first["legal"][0 if loser == "b" else 1]["text"]
        # …both connections end on the same table, and the database holds the winner's move at that index
        last = {name: max(m["at"] for n, m in heard if n == name and m["type"] == "state") for name in ("a", "b")}
        assert last["a"] == last["b"] > first["at"]
        with httpx.Client(timeout=5) as client:
            seen = client.get(f"{b.running.url}/api/tables/{table}").json()
        assert seen["status"] == "playing"
    import psycopg

    with psycopg.connect(database) as connection:
        stored = connection.execute("SELECT text FROM actions WHERE table_id = %s AND idx = %s",
                                    (table, first["at"])).fetchone()
    assert stored is not None and stored[0] == f"{first['seat']}: {winner_text}"
