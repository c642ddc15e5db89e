"""What an operator relies on: liveness and readiness, Prometheus metrics, log lines as JSON, and ``ludo serve``'s
refusals of a site set up wrong."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import logging.config
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import websockets
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families

from ludotheque.cli.main import main
from ludotheque.server.app import create_app
from ludotheque.server.logs import log_config
from tests.server.support import Running, play_table
from tests.services import fresh_postgres_database, need_redis


def metric(text: str, name: str, **labels: str) -> float:
    """A sample's value in Prometheus's text format (0 when absent)."""
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == name and all(sample.labels.get(k) == v for k, v in labels.items()):
                return float(sample.value)
    return 0.0


def test_health_readiness_and_metrics_follow_the_games(running: Running) -> None:
    assert running.api("GET", "/healthz").json()["status"] == "ok"
    ready = running.api("GET", "/readyz")
    assert ready.status_code == 200 and ready.json()["status"] == "ready"
    before = running.api("GET", "/metrics")
    assert before.headers["content-type"].startswith("text/plain")
    bot_moves = metric(before.text, "ludo_moves_total", by="bot")
    data = running.create(game="acquire", players=3, seats=[{"name": "Ada"}, {"bot": "random"}, {"bot": "random"}],
                          bot_delay_ms=0)

    async def watch_and_count() -> float:
        async with websockets.connect(running.ws(data["id"])):
            await asyncio.sleep(0.3)
            return metric(running.api("GET", "/metrics").text, "ludo_connections", role="spectator")

    assert asyncio.run(watch_and_count()) >= 1
    asyncio.run(play_table(running, data["id"], {0: data["tokens"]["0"]}, spectators=0))
    after = running.api("GET", "/metrics").text
    assert metric(after, "ludo_moves_total", by="bot") > bot_moves
    assert metric(after, "ludo_moves_total", by="person") > 0 and metric(after, "ludo_moves_total", by="chance") > 0
    assert metric(after, "ludo_move_latency_seconds_count") > 0
    assert metric(after, "ludo_instance", instance=running.api("GET", "/healthz").json()["instance"]) == 1


def test_an_instance_that_is_stopping_is_not_ready(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'ludo.db'}")) as client:
        assert client.get("/readyz").status_code == 200
        client.app.state.hub.draining = True  # type: ignore[attr-defined]
        answer = client.get("/readyz")
        assert answer.status_code == 503 and answer.json()["status"] == "stopping"
        assert client.get("/healthz").status_code == 200  # alive all the same: not to be restarted


@pytest.fixture
def postgres() -> Iterator[str]:
    with fresh_postgres_database() as url:
        yield url


def test_readiness_says_when_redis_is_away(postgres: str) -> None:
    need_redis()
    with TestClient(create_app(postgres, redis_url="redis://127.0.0.1:1/0", instance="lonely")) as client:
        answer = client.get("/readyz")
        assert answer.status_code == 503 and answer.json()["status"].startswith("redis unreachable")
        assert answer.json()["instance"] == "lonely"
    with TestClient(create_app(postgres, redis_url="redis://127.0.0.1:6379/0")) as client:
        assert client.get("/readyz").status_code == 200


def test_log_lines_are_json_objects() -> None:
    config = log_config("json")
    stream = io.StringIO()
    config["handlers"]["stderr"]["stream"] = stream
    logging.config.dictConfig(config)
    try:
        logging.getLogger("ludotheque.server").info("table taken over", extra={"instance": "a", "table": "T1"})
        logging.getLogger("uvicorn.error").info("Started", extra={"color_message": "\x1b[36mStarted\x1b[0m"})
        logging.getLogger("uvicorn.error").info('%s - "WebSocket %s" [accepted]', "127.0.0.1:5",
                                                "/ws/tables/T1?lang=fr&token=s3cr3t-T0ken_x")
    finally:
        logging.config.dictConfig({"version": 1, "disable_existing_loggers": False})
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
    assert lines[0]["message"] == "table taken over" and lines[0]["instance"] == "a" and lines[0]["table"] == "T1"
    assert lines[0]["level"] == "INFO" and lines[0]["logger"] == "ludotheque.server" and "T" in lines[0]["time"]
    assert "color_message" not in lines[1]
    assert "s3cr3t" not in stream.getvalue() and "token=***" in lines[2]["message"]  # a seat's token is secret


@pytest.mark.parametrize(("args", "says"), [
    (["--redis", "redis://127.0.0.1:6379/0"], "not a SQLite file"),
    (["--db", "postgresql://x@127.0.0.1:1/x", "--redis", "http://127.0.0.1:6379"], "redis://"),
    (["--lease-seconds", "0.5"], "1 to 600 seconds"),
    (["--instance", ""], "1 to 64 characters"),
    (["--instance", "x" * 65], "1 to 64 characters"),
    (["--drain-seconds", "-1"], "0 to 300 seconds"),
])
def test_serve_refuses_a_site_set_up_wrong(args: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", *args]) == 2
    assert says in capsys.readouterr().err


def test_a_servers_bots_think_no_longer_than_its_limit(tmp_path: Path) -> None:
    """A visitor may seat ``mcts:seconds=3600``: the server's tables cut every bot's thinking at ``BOT_SECONDS``."""
    from ludotheque.engine import get_game
    from ludotheque.server.hub import BOT_SECONDS, Hub
    from ludotheque.server.storage.store import SeatRecord, Store, StoredTable

    store = Store(f"sqlite:///{tmp_path / 'limit.db'}")
    try:
        seats = [SeatRecord(i, None, "mcts:seconds=3600") for i in range(3)]
        stored = StoredTable("limit", "acquire", 3, {}, 7, get_game("acquire").info.rules_version, 0, None,
                             "playing", 0.0, seats)
        for hub, limit in ((Hub(store), BOT_SECONDS), (Hub(store, bot_seconds=0.5), 0.5)):
            table = hub._table(stored, [])
            assert table.bot_seconds == limit
            _, view = table.thinker(0)
            assert view.deadline is not None and view.deadline <= time.monotonic() + limit
    finally:
        store.close()
