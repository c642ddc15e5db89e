"""Names and chat lines from strangers are shown as text in the browser, never run as markup."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import websockets.sync.client

from tests.server.support import Running, launch_chromium, needs_chromium, server_thread

ATTACK = '<img src=x onerror="window.pwned=1"><b>bold</b>'


@pytest.fixture
def running(tmp_path: Path) -> Any:
    with server_thread(f"sqlite:///{tmp_path / 'ludo.db'}") as r:
        yield r


@pytest.mark.browser
@needs_chromium
def test_a_hostile_name_and_chat_line_are_shown_as_text(running: Running) -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    data = running.create(game="gracias", players=3, seats=[{"name": ATTACK[:40]}, {}, {"bot": "random"}],
                          bot_delay_ms=10_000)
    table = data["id"]
    taken = running.api("POST", f"/api/tables/{table}/seats/1", json={"name": "Bob"}).json()
    with websockets.sync.client.connect(running.ws(table, taken["token"])) as ws:
        ws.send(json.dumps({"type": "chat", "text": ATTACK}))
        ws.recv()
    with sync_api.sync_playwright() as p:
        browser = launch_chromium(p)
        page = browser.new_page()
        page.goto(f"{running.url}/#/table/{table}")
        page.wait_for_selector(".chat-lines li", timeout=20_000)
        page.wait_for_timeout(300)
        assert ATTACK in page.locator(".chat-lines").inner_text()
        assert ATTACK[:40] in page.locator(".seats-bar").inner_text()
        assert page.locator(".chat-lines img, .seats-bar img, .chat-lines b").count() == 0
        assert page.evaluate("window.pwned") is None
        browser.close()
