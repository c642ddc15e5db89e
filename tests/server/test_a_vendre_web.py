"""« A Vendre ! »'s browser view (``games/a_vendre/web/view.js`` and the modules it imports): every text it asks for is
in both catalogues; and, in Debian's chromium, in English and in French, a nine-seat table (a person and eight random
bots) shows the board as a board (60 squares in an SVG serpentine, 43 titles with their holders' tokens, the start
and the finish), the nine pawns visible at once and none hiding another, the note that the board and cards are
reconstructed, the players with a hostile name shown as text, a title's price and income said in the page's language
(English "price", "income" and the labels P and I on the squares; French PA and R); the person clicks a decision
button and the move is played (the frame's ``at`` goes on and the log says it); a spectator sees the same board and
no choices. Screenshots are kept in ``test-artifacts/``."""

from __future__ import annotations

import re
import time
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from ludotheque.engine.game import get_game
from tests.server import support
from tests.server.support import ARTIFACTS, HOSTILE, Running, needs_chromium

WEB = Path(__file__).parents[2] / "src/ludotheque/games/a_vendre/web"
COLOURS = ("start", "finish", "yellow", "green", "blue", "red")
CARD_KINDS = ("honorary", "lottery", "tax", "move_to", "move")


def test_every_text_the_view_asks_for_is_in_both_catalogues() -> None:
    source = "\n".join(p.read_text(encoding="utf-8") for p in sorted(WEB.glob("*.js")))  # the view and its parts
    keys = set(re.findall(r'"((?:web|step|table)\.[a-z_.]+)"', source))
    plurals = set(re.findall(r'"(web\.[a-z_.]+)"', " ".join(re.findall(r"plural\(ctx, [^)]*\)", source))))
    keys -= plurals | {"table.keys"}  # the shared page's own
    keys |= {f"web.colour.{c}" for c in COLOURS} | {f"web.help.{c}" for c in COLOURS}
    keys |= {f"web.legend.{c}" for c in COLOURS[2:]} | {f"web.card_kind.{k}" for k in CARD_KINDS}
    keys |= {f"step.{s}" for s in ("first", "roll", "draw", "buy", "yellow", "choose_auction", "bid", "loan")}
    assert {"web.card.move_on", "web.card.move_back", "web.loans", "web.titles", "web.pile"} <= plurals
    assert len(keys) > 110
    support.assert_in_both_catalogues("a-vendre", keys, plurals)


def played(log: list[dict[str, Any]], action: str) -> int:
    """How many events in the log say that seat 0 made this decision (``buy``, ``tax``, ``card``, ``bid 350``…)."""
    verb = action.split()[0]

    def mine(e: dict[str, Any]) -> bool:
        a = e["args"]
        if verb == "tax":
            return bool(e["kind"] == "pay" and a.get("seat") == 0 and a.get("why") == "tax")
        if verb == "pass":  # no card on yellow, or out of an auction
            return bool(e["kind"] in ("no_card", "bid_pass") and a.get("seat") == 0)
        if verb == "auction":
            return bool(e["kind"] == "auction" and a.get("seat") == 0)
        kind = {"buy": "buy", "card": "card", "bid": "bid", "borrow": "loan", "leave": "leaves"}[verb]
        return bool(e["kind"] == kind and a.get("seat") == 0)

    return sum(1 for e in log if mine(e))


# Every pawn's disc on the page: none hidden by another (nine pawns readable at once).
PAWNS = """() => [...document.querySelectorAll('svg.av-board .av-pawn')].map((g) => {
  const r = g.querySelector('.av-pawn-body').getBoundingClientRect();
  return {seat: Number(g.dataset.seat), x: r.x, y: r.y, w: r.width, h: r.height,
          number: g.querySelector('.av-pawn-no').textContent};
})"""


# The short labels before each title's price and income on the board (SVG text: read as textContent).
FIGURE_LABELS = "() => [...document.querySelectorAll('svg.av-board .av-figure-label')].map((t) => t.textContent)"
# Every word the page says of the game (the board with its tooltips, the boxes, the choices, the log), but the charge
# card's own French words under the English effect (« Payez la taxe (R) de la case 44 … »).
PAGE_WORDS = """() => ['#board', '#choices', '#log'].map((sel) => {
  const el = document.querySelector(sel);
  if (!el) return '';
  const copy = el.cloneNode(true);
  copy.querySelectorAll('.av-card-words').forEach((words) => words.remove());
  return copy.textContent;
}).join(' ')"""


def seat_with_a_decision(browser: Any, running: Running, lang: str, size: tuple[int, int],
                         errors: list[str]) -> support.SeatPage:
    """A page at a new table of nine seats (a person and eight random bots) once the person has a decision to make.
    About one game in fifty ends before then, every square its pawn lands on asking nothing of it (39 of 2,000
    random games of nine seeded 0 to 1,999, counting only decisions with more than one move): such a table is
    left for another."""
    seats = [{"name": HOSTILE}] + [{"bot": "random"}] * 8
    for _ in range(5):
        seat = support.seat_page(browser, running, "a-vendre", seats, lang, size, errors)
        for _ in range(1200):  # up to 30 s
            if seat.page.locator(".av-choices .av-choice").count():
                return seat
            if seat.frames and seat.frames[-1].get("status") == "over":
                break
            seat.page.wait_for_timeout(25)
        else:
            last = seat.frames[-1] if seat.frames else {}
            raise AssertionError(f"no decision for seat 0 in 30 s, and the game goes on: {last.get('status')}, "
                                 f"{len(seat.frames)} frames, to move: {last.get('view', {}).get('to_move')}")
        seat.page.close()
    raise AssertionError("five games in a row ended before seat 0 had a decision")


@pytest.mark.browser
@needs_chromium
def test_the_board_and_a_decision_in_the_browser(running: Running) -> None:
    catalog = get_game("a-vendre").catalog
    ARTIFACTS.mkdir(exist_ok=True)
    errors: list[str] = []
    with support.chromium() as browser:
        for lang, width, height in (("en", 1280, 800), ("fr", 1280, 900)):
            table, page, frames, log = seat_with_a_decision(browser, running, lang, (width, height), errors)

            # the board, as a board
            page.wait_for_selector(".av svg.av-board", timeout=20000)
            assert page.locator("svg.av-board g.av-sq").count() == 60
            assert page.locator("svg.av-board g.av-sq[data-title]").count() == 43
            for number, colour in ((1, "start"), (60, "finish")):
                assert page.get_attribute(f'g.av-sq[data-square="{number}"]', "data-colour") == colour
            for colour in ("yellow", "green", "blue", "red"):
                assert page.locator(f"g.av-sq[data-colour={colour}]").count() > 0
            note = page.inner_text(".av-note")
            assert catalog.t(lang, "web.reconstructed") in note

            # the person's first decision
            view = frames[-1]["view"]
            # names are text, never markup
            assert page.locator(".av-p-name-text").first.inner_text() == HOSTILE
            assert page.locator(".av img, #log img, #choices img").count() == 0
            # every title held has its holder's token
            assert page.locator("svg.av-board .av-jeton").count() == len(view["owners"])
            # the pawns: one per player still in, each with its seat's number, none hiding another
            pawns = page.evaluate(PAWNS)
            playing = [pl["seat"] for pl in view["players"] if not pl["out"]]
            assert sorted(pw["seat"] for pw in pawns) == playing and len(playing) >= 8
            assert all(pw["number"] == str(pw["seat"]) and pw["w"] >= 14 for pw in pawns)
            for i, a in enumerate(pawns):
                for b in pawns[i + 1:]:
                    apart = (a["x"] + a["w"] <= b["x"] + 1 or b["x"] + b["w"] <= a["x"] + 1 or
                             a["y"] + a["h"] <= b["y"] + 1 or b["y"] + b["h"] <= a["y"] + 1)
                    assert apart, (a, b)
            assert page.locator(".av-player").count() == 9
            assert page.locator(".av-status .av-mode").inner_text() == catalog.t(lang, "web.simple_game")
            assert "web." not in page.inner_text("#board") + page.inner_text("#choices"), "a text is missing"
            # a price and an income: English words and short English labels (P, I), French the rulebook's PA and R
            labels = set(page.evaluate(FIGURE_LABELS))
            assert labels == ({"P", "I"} if lang == "en" else {"PA", "R"}), labels
            assert catalog.t(lang, "web.legend.blue") in page.inner_text(".av-legend")
            shown = page.evaluate(PAGE_WORDS)
            if lang == "en":
                assert not re.search(r"\b(PA|R)\b", shown), re.findall(r".{60}\b(?:PA|R)\b.{60}", shown)
                assert "(its income)" not in shown  # the log says whose: the business's, the establishment's
            else:
                assert re.search(r"\bPA\b", shown) and "reculez de 1 case" not in shown
            if view["step"] == "buy":
                assert ("for its price" if lang == "en" else "à son PA") in page.inner_text("#choices")
            page.screenshot(path=str(ARTIFACTS / f"a_vendre_{lang}_{width}_choice.png"), full_page=True)

            # a decision: the first choice, clicked
            action, mine = support.click_first_choice(page, ".av-choices .av-choice", frames, partial(played, log))
            # (a card may send the pawn to a blue or red square, whose card follows: one event or more)
            assert played(log, action) > mine, (action, log[-6:])
            page.wait_for_timeout(200)
            page.screenshot(path=str(ARTIFACTS / f"a_vendre_{lang}_{width}_table.png"), full_page=True)

            # a spectator: the same board, no choices
            watcher = support.spectator_page(browser, running, table, lang, errors)
            watcher.wait_for_selector("svg.av-board g.av-sq", timeout=10000)
            assert watcher.locator("svg.av-board g.av-sq").count() == 60
            assert watcher.locator("svg.av-board .av-pawn").count() >= 8
            assert watcher.locator(".av-choices").count() == 0
            # nothing wider than the phone but the board, which scrolls in its own box, and a line says so there
            assert watcher.evaluate("document.documentElement.scrollWidth") <= 390 + 1
            assert watcher.locator(".av-scroll-hint").inner_text() == catalog.t(lang, "web.board_scroll")
            assert not page.locator(".av-scroll-hint").is_visible()  # not on a wide screen
            watcher.screenshot(path=str(ARTIFACTS / f"a_vendre_{lang}_390_spectator.png"), full_page=True)
            watcher.close()
            page.close()
    assert not errors, errors


@pytest.mark.browser
@needs_chromium
def test_a_game_stopped_by_its_rounds_limit_says_the_last_round_played(running: Running) -> None:
    """``rounds=1``: three random bots play one round, and the page says « Tour 1 (limite de tours : 1) », not 2."""
    made = running.create(game="a-vendre", players=3, options={"rounds": 1}, bot_delay_ms=0,
                          seats=[{"bot": "random"}] * 3)
    for _ in range(400):
        if running.api("GET", f"/api/tables/{made['id']}").json()["status"] == "over":
            break
        time.sleep(0.05)
    errors: list[str] = []
    with support.chromium() as browser:
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(running.url + "/")
        page.evaluate("localStorage.setItem('ludo.lang', 'fr')")
        page.goto(f"{running.url}/#/table/{made['id']}")
        page.reload()
        shown = page.wait_for_selector(".av-round", timeout=10_000).inner_text()
    assert shown.replace("\u202f", "\u00a0") == "Tour 1 (limite de tours\u00a0: 1)", shown
    assert not errors, errors
