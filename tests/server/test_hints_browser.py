"""Levels and hints in Debian's chromium, in English on a desktop page and in French on a phone-sized one: the
lobby's seat choices name the four levels (weakest first, with what each is) before the game's other bots; a
table of Acquire made there, one person against two ``easy`` bots; at the person's turn the Hint button asks the
server, the page says it is thinking, then lists the moves the server sent (each a legal move, with its chance
and its reasons), and clicking a tile (or, in French, the hint's own « Le jouer » button) plays it. At a rated
table there is no button, and a line says why. Screenshots in ``test-artifacts/hint-*.png``."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.server.support import ARTIFACTS, LOBBY_READY, Running, chromium, needs_chromium, refuse_dialog, sniff

pytestmark = [pytest.mark.browser, needs_chromium]
PASSWORD = "correct horse battery"
NBSP = "\u00a0"
SIZES = {"en": (1280, 900), "fr": (390, 844)}
TEXTS = {"en": {"hint": "Hint", "thinking": "Thinking…", "chance": "% chance to win",
                "off": "No hints in a rated game.", "play": "Play it"},
         "fr": {"hint": "Conseil", "thinking": "Réflexion…", "chance": f"{NBSP}% de chances de gagner",
                "off": "Pas de conseil dans une partie classée.", "play": "Le jouer"}}


def page_in(browser: Any, running: Running, lang: str, errors: list[str]) -> Any:
    """A page in a context of its own (its own cookies and storage), in ``lang`` at that language's size."""
    width, height = SIZES[lang]
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("dialog", refuse_dialog(errors))
    page.goto(running.url + "/")
    page.evaluate("lang => localStorage.setItem('ludo.lang', lang)", lang)
    return page


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"hint-{name}.png"), full_page=True)


def fits(page: Any, selector: str) -> None:
    """Nothing sticks out sideways: the page is no wider than its window, and ``selector`` (each one) holds its
    content within its own box, inside the window. Measured once the game's stylesheet applies (until then its
    view is drawn hidden, unstyled, and may be wider)."""
    page.wait_for_function("() => !document.querySelector('.acq-unstyled')", timeout=10_000)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "the page scrolls sideways"
    width = page.viewport_size["width"]
    for box in page.locator(selector).evaluate_all(
            "els => els.map((e) => { const r = e.getBoundingClientRect();"
            " return {left: r.left, right: r.right, inner: e.scrollWidth - e.clientWidth}; })"):
        assert box["left"] >= 0 and box["right"] <= width + 0.5 and box["inner"] <= 1, (selector, box)


def keep_hint(hints: list[dict[str, Any]], raw: str | bytes) -> None:
    message = json.loads(raw)
    if message.get("type") == "hint":
        hints.append(message)


def seat_texts(levels: list[dict[str, Any]], lang: str) -> list[str]:
    """The seat choices the levels make, as ``lobby.seat_level`` words them in ``lang``."""
    colon = f"{NBSP}:" if lang == "fr" else ":"
    return [f"bot, {lv[f'title_{lang}']}{colon} {lv[f'help_{lang}']}" for lv in levels]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_levels_in_the_lobby_and_a_hint_at_the_table(running: Running, lang: str) -> None:
    words = TEXTS[lang]
    acquire = next(g for g in running.api("GET", "/api/games").json() if g["name"] == "acquire")
    levels = acquire["levels"]
    assert [lv["name"] for lv in levels] == ["easy", "medium", "hard", "expert"]
    errors: list[str] = []
    hints: list[dict[str, Any]] = []
    frames: list[dict[str, Any]] = []
    log: list[dict[str, Any]] = []
    with chromium() as browser:
        page = page_in(browser, running, lang, errors)
        page.on("websocket", sniff(frames, log))
        page.on("websocket", lambda ws: ws.on("framereceived", lambda raw: keep_hint(hints, raw)))
        page.goto(running.url + "/#/")
        page.wait_for_selector(LOBBY_READY)
        page.select_option("#new-game", "acquire")
        page.select_option("#new-players", "3")

        # (a) the levels, weakest first and in the page's language, come before the other bots
        options = page.locator("[name=seat-1] option")
        values = options.evaluate_all("os => os.map((o) => o.value)")
        texts = [x.replace("\u202f", NBSP) for x in options.all_inner_texts()]
        first = values.index("bot:easy")
        assert values[first:first + 4] == [f"bot:{lv['name']}" for lv in levels]
        assert texts[first:first + 4] == seat_texts(levels, lang)
        others = [i for i, v in enumerate(values) if v.startswith("bot:") and v[4:] not in {"easy", "medium", "hard",
                                                                                            "expert"}]
        assert others and min(others) > first + 3, "the levels come before the game's other bots"
        titles = options.evaluate_all("os => os.map((o) => o.title)")
        assert titles[first:first + 4] == [lv[f"help_{lang}"] for lv in levels]
        if lang == "fr":
            assert f"bot, difficile{NBSP}: réfléchit un tiers de seconde par coup" in texts
        else:
            assert "bot, hard: thinks a third of a second per move" in texts

        page.fill("[name=name-0]", "Ada")
        page.select_option("[name=seat-1]", "bot:easy")
        page.select_option("[name=seat-2]", "bot:easy")
        page.select_option("#new-pace", "150")
        fits(page, ".new-table")
        for select in page.locator(".seat-setup select").all():  # long choices are cut inside the card
            card = page.locator(".new-table").bounding_box()
            box = select.bounding_box()
            assert card["x"] <= box["x"] and box["x"] + box["width"] <= card["x"] + card["width"], (card, box)
        shot(page, f"lobby-{lang}")
        page.click("#create-table")

        # (b) the person's turn: the button, "thinking", then the moves the server sent
        button = page.wait_for_selector("#hint-button", timeout=20_000)
        table = page.evaluate("location.hash").split("/")[2]
        seats = running.api("GET", f"/api/tables/{table}").json()["seats"]
        assert [s.get("bot") for s in seats][1:] == ["easy", "easy"], seats
        assert button.inner_text() == words["hint"]
        frame = frames[-1]
        assert frame["to_move"] == frame["seat"] == 0 and frame["legal"]
        fits(page, "#choices")
        # "thinking" lasts as long as the server's search: read it in the same step as the click, which draws it
        shown = page.evaluate("() => { document.querySelector('#hint-button').click();"
                              " return document.querySelector('#hint p')?.textContent; }")
        assert shown == words["thinking"], shown
        assert page.locator("#hint-button").is_disabled(), "one hint per state"
        page.wait_for_selector("#hint .hint-moves, #hint p:not(:has-text('…'))", timeout=10_000)
        assert len(hints) == 1 and hints[0]["at"] == frame["at"], hints
        sent = hints[0]["moves"]
        legal = {a["text"]: a for a in frame["legal"]}
        assert 1 <= len(sent) <= 3 and len(sent) == page.locator(".hint-moves > li").count()
        for i, move in enumerate(sent):
            assert move["action"] in legal  # a tile to place: it is a button in the hand (or a choice button)
            assert page.locator(f".acq-hand button[data-tile='{move['action']}'], "
                                f"#choices button[data-action='{move['action']}']").count() >= 1
            item = page.locator(".hint-moves > li").nth(i)
            assert item.get_attribute("data-hint") == move["action"]
            shown = legal[move["action"]]  # said as its button says it: its words, then its label
            assert item.locator("strong").inner_text() == shown["words"] == move["words"]
            assert item.locator(".hint-label").all_inner_texts() == ([shown["label"]] if shown["label"] else [])
            chance = item.locator(".hint-chance").inner_text()
            sign = f"{NBSP}%" if lang == "fr" else "%"  # 36 % in French, 36% in English
            assert abs(move["percent"] - 100 * move["win"]) <= 0.5 + 1e-6  # the server's rounding, as the terminal's
            assert chance.startswith(f"{move['percent']}{sign}") and words["chance"] in chance, chance
            reasons = move["reasons"][lang]
            assert item.locator(".hint-reasons li").all_inner_texts() == reasons
            assert item.locator(".hint-play").inner_text() == words["play"]  # a button that plays it
        page.mouse.move(0, 0)
        fits(page, "#choices, #hint, .hint-moves")
        shot(page, f"moves-{lang}")
        page.locator("#choices").screenshot(path=str(ARTIFACTS / f"hint-panel-{lang}.png"))

        # a move is still played as usual, here the best one suggested; the hint was for the state before it
        best = sent[0]["action"]
        before, seen = frame["at"], len(log)
        if lang == "fr":  # the hint's own button
            page.locator(f".hint-play[data-action='{best}']").click()
        else:  # the tile, as without a hint
            page.locator(f".acq-hand button[data-tile='{best}'], #choices button[data-action='{best}']").first.click()
        for _ in range(200):
            if frames[-1]["at"] > before:
                break
            page.wait_for_timeout(25)
        assert frames[-1]["at"] > before, f"{best} was not played"
        placed = [e for e in log[seen:] if e["kind"] in ("place", "grow", "merger") and e["args"].get("seat") == 0]
        assert placed and placed[0]["args"]["tile"] == best, log[seen:]
        page.wait_for_function("at => document.querySelector('.acq').dataset.at !== String(at)", arg=before)
        assert page.locator(".hint-moves").count() == 0
        if page.locator("#hint-button").count():  # still this seat's turn (buying): a new hint may be asked
            assert page.locator("#hint-button").is_enabled()
    assert not errors, errors


def test_no_hints_at_a_rated_table(running: Running) -> None:
    """A rated table (an account against two bots): at the person's turn no button, a line saying why, in English
    and in French."""
    errors: list[str] = []
    with chromium() as browser:
        page = page_in(browser, running, "en", errors)
        made = page.request.post(f"{running.url}/api/accounts", data={"name": "Hedy", "password": PASSWORD})
        assert made.ok, made.text()
        created = page.request.post(f"{running.url}/api/tables", data={
            "game": "acquire", "players": 3, "rated": True, "bot_delay_ms": 0,
            "seats": [{"name": "Hedy"}, {"bot": "random"}, {"bot": "random"}]})
        assert created.status == 201, created.text()
        data = created.json()
        table, token = data["id"], data["tokens"]["0"]
        page.evaluate("([id, token]) => localStorage.setItem('ludo.seat.' + id, JSON.stringify({seat: 0, token}))",
                      [table, token])
        for lang in ("en", "fr"):
            width, height = SIZES[lang]
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("lang => localStorage.setItem('ludo.lang', lang)", lang)
            page.goto(f"{running.url}/#/table/{table}")
            page.reload()  # the language is read when the page starts
            page.wait_for_selector("#rated-badge")
            off = page.wait_for_selector(".hint-off", timeout=20_000)  # shown at the person's turn only
            assert off.inner_text() == TEXTS[lang]["off"]
            assert page.locator("#hint-button").count() == 0 and page.locator("#hint").count() == 0
            assert page.locator(".acq-hand button.acq-tile-playable").count() >= 1, "it is the person's turn"
            fits(page, "#choices")
            shot(page, f"rated-{lang}")
    assert not errors, errors
