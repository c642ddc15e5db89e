"""Luxembourg-Shopping's browser view (``games/luxembourg_shopping/web/view.js``): every text it asks for is in both
catalogues; and, in Debian's chromium, in English and in French, a table with bots shows the board as a board (66
squares in an SVG loop, owners' strips from the deal on, the start corner, the dice, card and price table in its
centre), the note that the board and cards are reconstructed, the players with a hostile name shown as text; the
person's seat clicks a decision button and the move is played (the frame's ``at`` goes on and the log says it).
Screenshots are kept in ``test-artifacts/``."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from ludotheque.engine.game import get_game
from tests.server.support import Running, launch_chromium, needs_chromium

WEB = Path(__file__).parents[2] / "src/ludotheque/games/luxembourg_shopping/web"
ARTIFACTS = Path(__file__).parents[2] / "test-artifacts"
KINDS = ("shop", "bouton_rouge", "bureau", "bankruptcy", "bonus")
ZONES = ("orange", "yellow", "green")
EVENT_OF = {"buy": "buy", "pass": "declined", "gallery": "gallery", "merge": "merge", "sign": "sign",
            "unsign": "unsign", "sell": "sell", "pay": "pay"}
"""The event a decision's action writes in the log, by the action's first word."""
HOSTILE = "<img src=x onerror=alert(1)>Ada"


def test_every_text_the_view_asks_for_is_in_both_catalogues() -> None:
    source = (WEB / "view.js").read_text(encoding="utf-8")
    keys = set(re.findall(r'"((?:web|step|effect|bank|table)\.[a-z_.]+)"', source))
    plurals = set(re.findall(r'plural\(ctx, "(web\.[a-z_]+)"', source))
    keys -= plurals | {"table.keys"}  # the shared page's own
    keys |= {f"web.sq.{k}" for k in KINDS[1:]} | {f"web.help.{k}" for k in KINDS[1:]}
    keys |= {f"web.zone.{z}" for z in ZONES} | {f"web.deck.{d}" for d in ("even", "odd", "red")}
    keys |= {"web.card_top", "web.card_bottom"}
    keys |= {f"effect.{k}" for k in ("receive", "pay", "receive_from_each", "pay_each", "move_to", "gain_sign",
                                     "lose_sign", "bankruptcy", "free_shop")}
    keys |= {f"step.{s}" for s in ("buy", "gallery", "gain_sign", "lose_sign", "sell", "roll", "mail")}
    assert len(keys) > 80
    catalog = get_game("luxembourg-shopping").catalog
    for lang in ("en", "fr"):
        messages = catalog.messages[lang]
        for key in keys:
            assert key in messages, (lang, key)
        for key in plurals:
            assert f"{key}_one" in messages and f"{key}_other" in messages, (lang, key)
        for kind in KINDS[1:]:  # a special square's label: its name, then a smaller line
            assert len(messages[f"web.sq.{kind}"].split("\n")) == 2, (lang, kind)


def sniff(frames: list[dict[str, Any]], log: list[dict[str, Any]]) -> Any:
    """Keep the state frames a page receives, and the log they make (a new connection gets it all again)."""

    def on_frame(payload: str | bytes) -> None:
        frame = json.loads(payload)
        if frame.get("type") != "state":
            return
        frames.append(frame)
        del log[frame["events_from"]:]
        log.extend(frame["events"])

    def on_socket(ws: Any) -> None:
        ws.on("framereceived", on_frame)

    return on_socket


@pytest.mark.browser
@needs_chromium
def test_the_board_and_a_decision_in_the_browser(running: Running) -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    catalog = get_game("luxembourg-shopping").catalog
    ARTIFACTS.mkdir(exist_ok=True)
    errors: list[str] = []
    with sync_api.sync_playwright() as p:
        browser = launch_chromium(p)
        try:
            for lang, width, height in (("en", 1280, 800), ("fr", 1280, 900)):
                seats = [{"name": HOSTILE}, {"bot": "random"}, {"bot": "random"}, {"bot": "random"}]
                data = running.create(game="luxembourg-shopping", players=4, seats=seats, bot_delay_ms=0)
                table, token = data["id"], data["tokens"]["0"]
                frames: list[dict[str, Any]] = []
                log: list[dict[str, Any]] = []
                page = browser.new_page(viewport={"width": width, "height": height})
                page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
                page.on("pageerror", lambda e: errors.append(str(e)))
                page.on("dialog", lambda d: (errors.append(f"a dialog: {d.message}"), d.dismiss()))
                page.on("websocket", sniff(frames, log))
                page.goto(running.url + "/")
                page.evaluate("([id, token, lang]) => { localStorage.setItem('ludo.seat.' + id,"
                              " JSON.stringify({seat: 0, token})); localStorage.setItem('ludo.lang', lang); }",
                              [table, token, lang])
                page.goto(f"{running.url}/#/table/{table}")

                # the board, as a board
                page.wait_for_selector(".lux svg.lux-board", timeout=20000)
                assert page.locator("svg.lux-board g.lux-sq").count() == 66
                assert page.locator("svg.lux-board g.lux-sq[data-kind=shop]").count() == 56
                for number, kind in ((33, "bankruptcy"), (66, "bonus")):
                    assert page.get_attribute(f'g.lux-sq[data-square="{number}"]', "data-kind") == kind
                assert page.locator("g.lux-sq-start").count() == 1
                assert page.locator(".lux-centre .lux-die").count() == 2
                assert page.locator(".lux-prices tbody tr").count() == 3
                note = page.inner_text(".lux-note")
                assert catalog.t(lang, "web.reconstructed") in note
                # names are text, never markup
                assert page.locator(".lux-p-name-text").first.inner_text() == HOSTILE
                assert page.locator(".lux img, #log img").count() == 0

                # a decision: the person's first choice, clicked
                page.wait_for_selector(".lux-choices .lux-choice", timeout=30000)
                # every owned shop has its owner's mark (six dealt each, less any lost before this first decision)
                owners = frames[-1]["view"]["owners"]
                assert len(owners) >= 18
                assert page.locator("svg.lux-board .lux-owner").count() == len(owners)
                assert "web." not in page.inner_text("#board") + page.inner_text("#choices"), "a text is missing"
                page.screenshot(path=str(ARTIFACTS / f"luxembourg_{lang}_{width}_choice.png"), full_page=True)
                button = page.locator(".lux-choices .lux-choice").first
                action = button.get_attribute("data-action") or ""
                assert action in [a["text"] for a in frames[-1]["legal"]]
                before = max(f["at"] for f in frames)
                mine = sum(1 for e in log if e["args"].get("seat") == 0 and e["kind"] == EVENT_OF[action.split()[0]])
                button.click()
                for _ in range(200):
                    if max(f["at"] for f in frames) > before:
                        break
                    page.wait_for_timeout(25)
                assert max(f["at"] for f in frames) > before, f"{action!r} was not played"
                after = sum(1 for e in log if e["args"].get("seat") == 0 and e["kind"] == EVENT_OF[action.split()[0]])
                assert after == mine + 1, (action, log[-6:])
                page.wait_for_timeout(200)
                page.screenshot(path=str(ARTIFACTS / f"luxembourg_{lang}_{width}_table.png"), full_page=True)

                # a spectator: the same board, no choices
                watcher = browser.new_page(viewport={"width": 390, "height": 844})
                watcher.on("pageerror", lambda e: errors.append(str(e)))
                watcher.goto(running.url + "/")
                watcher.evaluate("lang => localStorage.setItem('ludo.lang', lang)", lang)
                watcher.goto(f"{running.url}/#/table/{table}")
                watcher.wait_for_selector("svg.lux-board g.lux-sq", timeout=10000)
                assert watcher.locator("svg.lux-board g.lux-sq").count() == 66
                assert watcher.locator(".lux-choices").count() == 0
                watcher.screenshot(path=str(ARTIFACTS / f"luxembourg_{lang}_390_spectator.png"), full_page=True)
                watcher.close()
                page.close()
        finally:
            browser.close()
    assert not errors, errors


def test_a_server_opens_no_file_a_visitor_names(running: Running) -> None:
    """The data-file options keep their defaults at a server: no path is ever opened, and the lobby does not offer
    them; the table plays the shipped files, and its record says which."""
    for name in ("board", "correspondance", "bouton_rouge"):
        answer = running.api("POST", "/api/tables", json={"game": "luxembourg-shopping", "players": 2,
                                                          "options": {name: "/etc/passwd"}})
        assert answer.status_code == 400
        assert "a server plays only the files it ships" in answer.json()["detail"]
    games = {g["name"]: g for g in running.api("GET", "/api/games").json()}
    offered = {o["name"] for o in games["luxembourg-shopping"]["options"]}
    assert offered == {"rounds"}
    data = running.create(game="luxembourg-shopping", players=2, options={"board": "reconstructed", "rounds": 3},
                          seats=[{"bot": "random"}, {"bot": "random"}], bot_delay_ms=0)
    with connect(running.ws(data["id"])):  # a spectator opens the table, whose bots then play it out
        for _ in range(400):
            summary = running.api("GET", f"/api/tables/{data['id']}").json()
            if summary["status"] == "over":
                break
            time.sleep(0.05)
    assert summary["status"] == "over", summary
    record = running.api("GET", f"/api/tables/{data['id']}/record").json()
    assert record["data"]["board"]["file"] == "luxembourg_shopping/data/board.toml"
