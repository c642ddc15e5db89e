"""Gracias's browser view (``games/gracias/web/view.js``): every text it asks for is in both catalogues; and, in
Debian's chromium, a person takes a trio by clicking it on the table, then keeps one open card and gives the other
(two steps and a confirm), each move advancing the frame's ``at``; a spectator sees the table and no choices."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from ludotheque.engine.game import get_game
from tests.server.support import Running, launch_chromium, needs_chromium

VIEW = Path(__file__).parents[2] / "src/ludotheque/games/gracias/web/view.js"


def test_every_text_the_view_asks_for_is_in_both_catalogues() -> None:
    source = VIEW.read_text(encoding="utf-8")
    keys = set(re.findall(r'"((?:web|ui|phase)\.[a-z_.]+)"', source))
    keys |= {f"web.{k}" for k in re.findall(r'plural\(ctx, "web\.([a-z_]+)"', source)}
    assert len(keys) > 30
    catalog = get_game("gracias").catalog
    for lang in ("en", "fr"):
        messages = catalog.messages[lang]
        for key in keys:
            assert key in messages or (f"{key}_one" in messages and f"{key}_other" in messages), (lang, key)
        for colour in ("red", "yellow", "green", "blue", "purple", "orange"):
            for form in ("colour", "colour_name", "colours", "web.abbr"):
                assert f"{form}.{colour}" in messages, (lang, form, colour)
        for phase in ("choose", "keep"):
            assert f"phase.{phase}" in messages


@pytest.mark.browser
@needs_chromium
@pytest.mark.parametrize(("lang", "width", "height"), [("en", 1280, 800), ("fr", 390, 844)])
def test_take_then_keep_and_give_in_the_browser(running: Running, lang: str, width: int, height: int) -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    seats = [{"name": "Ada"}, {"bot": "heuristic"}, {"bot": "heuristic"}]
    data = running.create(game="gracias", players=3, seats=seats, bot_delay_ms=0)
    table, token = data["id"], data["tokens"]["0"]
    frames: list[dict[str, Any]] = []
    errors: list[str] = []

    log: list[dict[str, Any]] = []

    def on_frame(payload: str | bytes) -> None:
        frame = json.loads(payload)
        frames.append(frame)
        if frame.get("type") == "state":
            del log[frame["events_from"]:]  # a new connection gets the whole log again
            log.extend(frame["events"])

    def on_socket(ws: Any) -> None:
        ws.on("framereceived", on_frame)

    with sync_api.sync_playwright() as p:
        browser = launch_chromium(p)
        try:
            page = browser.new_page(viewport={"width": width, "height": height})
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("websocket", on_socket)
            page.goto(running.url + "/")
            page.evaluate("([id, token, lang]) => { localStorage.setItem('ludo.seat.' + id,"
                          " JSON.stringify({seat: 0, token})); localStorage.setItem('ludo.lang', lang); }",
                          [table, token, lang])
            page.goto(f"{running.url}/#/table/{table}")

            def last_at() -> int:
                return int(max(f["at"] for f in frames if f.get("type") == "state"))

            def advanced(before: int) -> bool:
                for _ in range(100):  # the frame that redrew the page has been seen here too
                    if last_at() > before:
                        return True
                    page.wait_for_timeout(50)
                return False

            for _ in range(2):  # two picks: the first of the round, then one later
                page.wait_for_selector(".g-choices .g-take", timeout=20000)
                assert page.locator(".gracias .g-player").count() == 3
                assert "web." not in page.inner_text("#board") + page.inner_text("#choices"), "a text is missing"
                before = last_at()
                page.locator("button.g-trio").first.click()  # the trio itself, on the table
                page.wait_for_selector(".g-keep-card", timeout=10000)
                assert advanced(before)
                took = page.inner_text(".g-took")
                assert took.strip(), "the face-down card just taken is shown"
                confirm = page.locator(".g-confirm")
                assert confirm.is_disabled()
                page.locator(".g-keep-card").last.click()
                assert confirm.is_disabled(), "a receiver is chosen too before confirming"
                page.locator(".g-give").first.click()
                assert confirm.is_enabled()
                before = last_at()
                confirm.click()
                page.wait_for_selector(".g-confirm", state="detached", timeout=10000)
                assert advanced(before)
            mine = [e for e in log if e["kind"] == "keep" and e["args"]["seat"] == 0]
            assert len(mine) == 2
            # a spectator: the table, nobody's face-down colours, no choices
            watcher = browser.new_page(viewport={"width": width, "height": height})
            watcher.on("pageerror", lambda e: errors.append(str(e)))
            watcher.goto(f"{running.url}/#/table/{table}")
            watcher.wait_for_selector(".gracias .g-player", timeout=10000)
            assert watcher.locator(".g-choices").count() == 0
            assert watcher.locator(".g-plus").count() == 0
        finally:
            browser.close()
    assert not errors, errors
