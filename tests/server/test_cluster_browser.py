"""In Debian's chromium, through HAProxy in front of two instances on PostgreSQL and Redis: two people and a
spectator play Acquire with a bot; mid-game the instance holding the most of their connections is killed
(``kill -9``). The pages reconnect through the balancer to the other instance, in their seats, and the game
finishes; every frame each page received was its seat's view at that moment. Screenshots go to
``test-artifacts/``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from ludotheque.engine import GameRecord, Match
from tests.server.support import launch_chromium, needs_chromium, needs_haproxy
from tests.server.test_cluster import balancer, instances
from tests.server.test_e2e_browser import Seat, _act_acquire, _check_frames, _play
from tests.services import fresh_postgres_database, need_redis

pytestmark = [pytest.mark.browser, needs_chromium, needs_haproxy]


@pytest.fixture
def database() -> Any:
    need_redis()
    with fresh_postgres_database() as url:
        yield url


def test_pages_move_to_the_other_instance_when_theirs_dies(database: str, tmp_path: Path) -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    with instances(database, ("a", "b"), lease_seconds=2) as servers, \
            balancer([s.port for s in servers], tmp_path) as site:
        data = site.create(game="acquire", players=3, seats=[{"name": "Ada"}, {"name": "Bob"}, {"bot": "heuristic"}],
                           bot_delay_ms=0)
        table, tokens = data["id"], data["tokens"]
        killed: dict[str, int] = {}
        with sync_api.sync_playwright() as p:
            browser = launch_chromium(p)
            ada = Seat(browser, site, table, 0, tokens["0"], "en", (1280, 800))
            bob = Seat(browser, site, table, 1, tokens["1"], "fr", (1280, 800))
            watcher = Seat(browser, site, table, None, None, "en", (1280, 800))

            def at_step(step: int) -> None:
                if step == 12 and not killed:
                    held = [httpx.get(s.running.url + "/readyz", timeout=5).json()["connections"] for s in servers]
                    victim = max(range(2), key=lambda i: held[i])
                    killed["connections"] = held[victim]
                    killed["at"] = max(s.last["at"] for s in (ada, bob))
                    servers[victim].kill()

            _play([ada, bob, watcher], _act_acquire, lambda: ada.over() and bob.over() and watcher.over(), at_step)
            for s, name in ((ada, "ada"), (bob, "bob"), (watcher, "spectator")):
                s.shot(f"cluster-{name}-end")
            record = GameRecord.from_json(site.api("GET", f"/api/tables/{table}/record").json())
            assert Match.from_record(record).is_over() and len(record.actions) > killed["at"]
            assert killed["connections"] >= 2  # the pages it held came back through the balancer
            for s in (ada, bob, watcher):
                _check_frames(record, s)
                assert not [e for e in s.errors if "WebSocket" not in e and "ERR_" not in e], s.errors
            assert ada.page.locator(".end-card").is_visible()
            browser.close()
