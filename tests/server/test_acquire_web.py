"""Grand Hôtel's browser view (``games/acquire/web/view.js``): every text it asks for is in both catalogues; and,
in Debian's chromium, the board shows the seat's tiles where they go, a click on a highlighted square places the
tile (the frame's ``at`` advances), the turn's other choices (found, dispose, buy) are played with the view's own
controls, a tile of the hand is placed from the keyboard; a spectator sees the board and no choices."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from ludotheque.engine.game import get_game
from tests.server.support import Running, launch_chromium, needs_chromium

VIEW = Path(__file__).parents[2] / "src/ludotheque/games/acquire/web/view.js"
CARDS = ("buying_spree", "foresight", "inheritance", "exchange", "rapid_growth")
PHASES = ("setup", "deal", "place", "found", "survivor", "absorb_order", "bank_draw", "dispose", "buy", "draw",
          "foresight_draw", "final_bank_draw", "over")


def test_every_text_the_view_asks_for_is_in_both_catalogues() -> None:
    source = VIEW.read_text(encoding="utf-8")
    plurals = set(re.findall(r'plural\(t, "([a-z_.]+)"', source))  # key_one and key_other, chosen by count
    keys = set(re.findall(r'"((?:web|ui|phase|event|card)\.[a-z_.]+)"', source)) - plurals
    keys |= {f"web.{k}" for k in ("sell", "trade", "keep")}  # t(ctx, `web.${name}`) in the steppers
    keys |= {f"web.card_help.{c}" for c in CARDS} | {f"card.{c}" for c in CARDS} | {f"phase.{p}" for p in PHASES}
    keys |= {"reason.announced", "reason.stalled"}
    assert len(keys) > 80 and plurals == {"ui.bag", "ui.bank_tiles"}
    catalog = get_game("acquire").catalog
    for lang in ("en", "fr"):
        messages = catalog.messages[lang]
        for key in sorted(keys):
            assert key in messages, (lang, key)
        for key in plurals:
            assert f"{key}_one" in messages and f"{key}_other" in messages, (lang, key)
    assert set(catalog.messages["en"]) == set(catalog.messages["fr"])


@pytest.mark.browser
@needs_chromium
@pytest.mark.parametrize(("lang", "width", "height"), [("en", 1280, 800), ("fr", 390, 844)])
def test_place_tiles_and_play_turns_in_the_browser(running: Running, lang: str, width: int, height: int) -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    data = running.create(game="acquire", players=4,
                          seats=[{"name": "Ada"}, {"bot": "heuristic"}, {"bot": "heuristic"}, {"bot": "heuristic"}],
                          bot_delay_ms=0)
    table, token = data["id"], data["tokens"]["0"]
    frames: list[dict[str, Any]] = []
    errors: list[str] = []

    def on_socket(ws: Any) -> None:
        ws.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    with sync_api.sync_playwright() as p:
        browser = launch_chromium(p)
        try:
            page = browser.new_page(viewport={"width": width, "height": height})
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("websocket", on_socket)
            page.goto(running.url + "/")
            page.evaluate("([id, token, lang]) => {"
                          " localStorage.setItem('ludo.seat.' + id, JSON.stringify({seat: 0, token}));"
                          " localStorage.setItem('ludo.lang', lang); }", [table, token, lang])
            page.goto(f"{running.url}/#/table/{table}")

            def last() -> dict[str, Any]:
                return [f for f in frames if f.get("type") == "state"][-1]

            def advanced(before: int) -> bool:
                for _ in range(200):  # the frame that redrew the page has been seen here too
                    if last()["at"] > before:
                        return True
                    page.wait_for_timeout(50)
                return False

            def my_place_turn() -> dict[str, Any]:
                """Play the turn's other steps with the view's controls until this seat places a tile again."""
                for _ in range(40):
                    page.wait_for_selector(".acq-choices", timeout=20000)
                    page.wait_for_timeout(100)
                    frame = last()
                    phase = frame["view"]["phase"]
                    if phase == "place" and frame["to_move"] == 0 and frame["legal"]:
                        return frame
                    before = frame["at"]
                    if phase == "buy":
                        page.locator(".acq-choices .acq-done").click()
                    elif phase in ("found", "survivor", "absorb_order"):
                        page.locator(".acq-choices .acq-chain-button:not([disabled])").first.click()
                    elif phase == "dispose":
                        page.locator(".acq-choices .acq-confirm").click()
                    else:
                        page.locator(".acq-choices button").first.click()
                    assert advanced(before), phase
                raise AssertionError("no placing turn came")

            frame = my_place_turn()
            assert "web." not in page.inner_text("#board") + page.inner_text("#choices"), "a text is missing"
            hand = frame["view"]["hand"]
            assert len(hand) == 6
            for tile in hand:  # the hand's tiles on the board, and in the row under it
                assert page.locator(f'svg.acq-board g.acq-held[data-tile="{tile}"]').count() == 1, tile
                assert page.locator(f'.acq-hand [data-tile="{tile}"]').count() == 1, tile
            playable = [a["text"] for a in frame["legal"] if a["text"] in hand]
            assert playable, "no playable tile (the game would pass)"
            assert page.locator("svg.acq-board g.acq-playable").count() == len(playable)
            assert page.locator(".acq-hand button.acq-tile-playable").count() == len(playable)
            before = frame["at"]
            page.locator(f'svg.acq-board g.acq-playable[data-tile="{playable[0]}"]').click()
            assert advanced(before)
            placed = [e for f in frames if f.get("type") == "state" for e in f["events"]
                      if e["kind"] in ("place", "grow", "merger") and e["args"].get("seat") == 0]
            assert placed and placed[-1]["args"]["tile"] == playable[0]
            page.wait_for_selector(f'svg.acq-board g[data-tile="{playable[0]}"]:not(.acq-held)')

            # the next turn: a tile of the hand, from the keyboard
            frame = my_place_turn()
            playable = [a["text"] for a in frame["legal"] if a["text"] in frame["view"]["hand"]]
            button = page.locator(f'.acq-hand button[data-tile="{playable[-1]}"]')
            button.focus()
            before = frame["at"]
            page.keyboard.press("Enter")
            assert advanced(before)
            assert playable[-1] not in last()["view"]["hand"]

            # a spectator: the board and the tables, no choices
            watcher = browser.new_page(viewport={"width": width, "height": height})
            watcher.on("pageerror", lambda e: errors.append(str(e)))
            watcher.goto(f"{running.url}/#/table/{table}")
            watcher.wait_for_selector(".acq svg.acq-board", timeout=10000)
            assert watcher.locator(".acq-players tbody tr").count() == 4
            assert watcher.locator(".acq-choices").count() == 0
            assert watcher.locator(".acq-hand").count() == 0
        finally:
            browser.close()
    assert not errors, errors
