"""Luxembourg-Shopping's browser view (``games/luxembourg_shopping/web/view.js``): every text it asks for is in both
catalogues; and, in Debian's chromium, in English and in French, a table with bots shows the board as a board (66
squares in an SVG loop, owners' strips from the deal on, the start corner, the dice, card and price table in its
centre), the note that the board and cards are reconstructed, the players with a hostile name shown as text; the
person's seat clicks a decision button and the move is played (the frame's ``at`` goes on and the log says it).
Screenshots are kept in ``test-artifacts/``."""

from __future__ import annotations

import re
import time
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from ludotheque.engine.game import get_game
from tests.server import support
from tests.server.support import ARTIFACTS, HOSTILE, Running, needs_chromium

WEB = Path(__file__).parents[2] / "src/ludotheque/games/luxembourg_shopping/web"
KINDS = ("shop", "bouton_rouge", "bureau", "bankruptcy", "bonus")
ZONES = ("orange", "yellow", "green")
EVENT_OF = {"buy": "buy", "pass": "declined", "gallery": "gallery", "merge": "merge", "sign": "sign",
            "unsign": "unsign", "sell": "sell", "pay": "pay"}
"""The event a decision's action writes in the log, by the action's first word."""


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
    support.assert_in_both_catalogues("luxembourg-shopping", keys, plurals)
    for lang in ("en", "fr"):
        messages = get_game("luxembourg-shopping").catalog.messages[lang]
        for kind in KINDS[1:]:  # a special square's label: its name, then a smaller line
            assert len(messages[f"web.sq.{kind}"].split("\n")) == 2, (lang, kind)


def played(log: list[dict[str, Any]], action: str) -> int:
    """How many events in the log say that seat 0 made this decision (``buy``, ``gallery 12 40``…)."""
    return sum(1 for e in log if e["args"].get("seat") == 0 and e["kind"] == EVENT_OF[action.split()[0]])


@pytest.mark.browser
@needs_chromium
def test_the_board_and_a_decision_in_the_browser(running: Running) -> None:
    catalog = get_game("luxembourg-shopping").catalog
    ARTIFACTS.mkdir(exist_ok=True)
    errors: list[str] = []
    with support.chromium() as browser:
        for lang, width, height in (("en", 1280, 800), ("fr", 1280, 900)):
            seats = [{"name": HOSTILE}, {"bot": "random"}, {"bot": "random"}, {"bot": "random"}]
            table, page, frames, log = support.seat_page(browser, running, "luxembourg-shopping", seats, lang,
                                                         (width, height), errors)

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
            action, mine = support.click_first_choice(page, ".lux-choices .lux-choice", frames, partial(played, log))
            assert played(log, action) > mine, (action, log[-6:])  # (a forced payment may come in the same frames)
            page.wait_for_timeout(200)
            page.screenshot(path=str(ARTIFACTS / f"luxembourg_{lang}_{width}_table.png"), full_page=True)

            # a spectator: the same board, no choices
            watcher = support.spectator_page(browser, running, table, lang, errors)
            watcher.wait_for_selector("svg.lux-board g.lux-sq", timeout=10000)
            assert watcher.locator("svg.lux-board g.lux-sq").count() == 66
            assert watcher.locator(".lux-choices").count() == 0
            # on the phone the board scrolls in its own box, and a line says so; not on a wide screen
            assert watcher.locator(".lux-scroll-hint").inner_text() == catalog.t(lang, "web.board_scroll")
            assert not page.locator(".lux-scroll-hint").is_visible()
            watcher.screenshot(path=str(ARTIFACTS / f"luxembourg_{lang}_390_spectator.png"), full_page=True)
            watcher.close()
            page.close()
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
