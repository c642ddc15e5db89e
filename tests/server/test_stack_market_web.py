"""Stack Market on the server and in the browser.

- Seat settings: ``/api/games`` lists each game's seat options; a table is created with each seat's own settings,
  a bad one is refused with the seat, the setting and what it allows; they are stored, shown in the table's
  summary, played by the rules (a seat's steadiness in its view) and kept across a restart.
- ``GET /api/tables/ID/extra/NAME`` (``Game.table_extra``): 404 for an unknown table or name, or when there is
  nothing to give; 403 for a token of no seat; Stack Market's ``fall`` is MuJoCo's trajectory of the last building
  that fell (when MuJoCo is installed), the same for every viewer.
- In Debian's chromium (``games/stack_market/web/view.js``): the lobby's form has a number per seat for the seat
  option; a person with a perfect hand invests, chooses orders, aims by clicking the top face (the die lands where
  the click said) and stays or moves, each move advancing the frame; every seat's steadiness is shown and one's
  own cash only; a spectator sees no cash and no choices; a building that falls is animated. Screenshots are kept
  in ``test-artifacts/``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
from collections import OrderedDict
from pathlib import Path
from typing import Any

import pytest
import websockets

from ludotheque.engine.game import get_game
from tests.server.support import (
    LOBBY_READY,
    Running,
    assert_in_both_catalogues,
    chromium,
    launch_chromium,
    needs_chromium,
    seat_page,
    server_thread,
)

WEB = Path(__file__).parents[2] / "src/ludotheque/games/stack_market/web"
ARTIFACTS = Path(__file__).parents[2] / "test-artifacts"


def test_every_text_the_view_asks_for_is_in_both_catalogues() -> None:
    source = (WEB / "view.js").read_text(encoding="utf-8")
    keys = set(re.findall(r'"(web\.[a-z_.]+)"', source))
    plurals = set(re.findall(r'plural\(ctx, "(web\.[a-z_]+)"', source))
    keys -= plurals
    keys |= {f"web.now.{p}" for p in ("invest", "roll", "order", "aim", "slip", "change", "first_player", "tie",
                                      "choose_stacker", "over")}
    keys |= {f"web.mine.{p}" for p in ("invest", "order", "aim", "change", "choose_stacker")}
    keys |= {f"web.named.{n}" for n in ("careful", "crooked_left", "crooked_right", "crooked_front", "crooked_back",
                                        "twisted")}
    keys |= {"web.role_tall", "web.role_small"}
    assert len(keys) > 60
    assert_in_both_catalogues("stack-market", keys, plurals)


# --- seat settings ------------------------------------------------------------------------------------------------
SEATS = [{"name": "Ada", "settings": {"steadiness": 0}}, {"bot": "random", "settings": {"steadiness": 8000}},
         {"bot": "random"}]


def test_seat_options_are_listed_and_checked(running: Running) -> None:
    games = {g["name"]: g for g in running.api("GET", "/api/games?lang=fr").json()}
    (steadiness,) = games["stack-market"]["seat_options"]
    assert steadiness["name"] == "steadiness" and steadiness["default"] == 1800
    assert steadiness["bounds"] == [0, 8000] and "micromètres" in steadiness["help"]
    assert games["acquire"]["seat_options"] == []

    refused = running.api("POST", "/api/tables", json={"game": "stack-market", "players": 3, "seats": [
        {"name": "Ada"}, {"bot": "random", "settings": {"steadiness": 9000}}, {"bot": "random"}]})
    assert refused.status_code == 400
    assert refused.json()["detail"] == ("seat 1: setting steadiness = 9000 is not allowed; steadiness is a whole "
                                        "number from 0 to 8000")
    for bad, words in (({"steadiness": "steady"}, "seat 2: setting steadiness = 'steady'"),
                       ({"hand": 3}, "seat 2: stack-market has no seat setting 'hand'; its seat settings are: "
                                     "steadiness")):
        answer = running.api("POST", "/api/tables", json={"game": "stack-market", "players": 3, "seats": [
            {"name": "Ada"}, {"bot": "random"}, {"bot": "random", "settings": bad}]})
        assert answer.status_code == 400 and answer.json()["detail"].startswith(words), answer.text
    unknown = running.api("POST", "/api/tables", json={"game": "acquire", "players": 2, "seats": [
        {"name": "Ada", "settings": {"steadiness": 3}}, {"bot": "random"}]})
    assert unknown.status_code == 400 and "seat 0" in unknown.json()["detail"]


async def first_frame(url: str) -> dict[str, Any]:
    async with websockets.connect(url, max_size=2**22) as ws:
        while True:
            frame: dict[str, Any] = json.loads(await ws.recv())
            if frame["type"] == "state":
                return frame


def test_seat_settings_are_played_stored_and_kept_across_a_restart(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'ludo.db'}"
    seats = [{"name": "Ada", "settings": {"steadiness": 250}}, {}, {"bot": "random", "settings": {"steadiness": 7000}}]
    with server_thread(db) as running:
        data = running.create(game="stack-market", players=3, seats=seats, bot_delay_ms=0)
        table = data["id"]
        summary = running.api("GET", f"/api/tables/{table}").json()
        assert [s["settings"] for s in summary["seats"]] == [{"steadiness": 250}, {"steadiness": 1800},
                                                              {"steadiness": 7000}]
        joined = running.api("POST", f"/api/tables/{table}/seats/1", json={"name": "Bob"}).json()
        frame = asyncio.run(first_frame(running.ws(table, data["tokens"]["0"])))
        assert [p["steadiness"] for p in frame["view"]["players"]] == [250, 1800, 7000]
        assert frame["view"]["my_cash"] == 50_000
        assert all("cash" not in p for p in frame["view"]["players"])
    with server_thread(db) as running:  # the same database, a new process's memory
        summary = running.api("GET", f"/api/tables/{table}").json()
        assert [s["settings"] for s in summary["seats"]] == [{"steadiness": 250}, {"steadiness": 1800},
                                                              {"steadiness": 7000}]
        assert summary["seats"][1]["name"] == "Bob"
        frame = asyncio.run(first_frame(running.ws(table, joined["token"])))
        assert [p["steadiness"] for p in frame["view"]["players"]] == [250, 1800, 7000]
        assert frame["seat"] == 1 and frame["view"]["my_cash"] == 50_000


# --- the extra route ------------------------------------------------------------------------------------------------
def wait_for_fall(running: Running, table: str, timeout: float = 30) -> dict[str, Any]:
    deadline = time.time() + timeout
    while time.time() < deadline:
        answer = running.api("GET", f"/api/tables/{table}/extra/fall")
        if answer.status_code == 200:
            data: dict[str, Any] = answer.json()
            return data
        assert answer.status_code == 404, answer.text
        time.sleep(0.2)
    raise AssertionError("no building fell")


def test_the_extra_route(running: Running) -> None:
    assert running.api("GET", "/api/tables/nope/extra/fall").status_code == 404
    data = running.create(game="stack-market", players=3, seats=SEATS, bot_delay_ms=0)
    table = data["id"]
    unknown = running.api("GET", f"/api/tables/{table}/extra/everything")
    assert unknown.status_code == 404 and unknown.json()["detail"] == "stack-market gives nothing named 'everything'"
    assert running.api("GET", f"/api/tables/{table}/extra/fall?token=forged").status_code == 403
    nothing = running.api("GET", f"/api/tables/{table}/extra/fall?token={data['tokens']['0']}")
    assert nothing.status_code == 404 and "nothing to give now" in nothing.json()["detail"]
    acquire = running.create(game="acquire", players=2, seats=[{"bot": "random"}, {"bot": "random"}])
    assert running.api("GET", f"/api/tables/{acquire['id']}/extra/fall").status_code == 404


def test_a_fall_is_replayed_by_mujoco_for_every_viewer(running: Running) -> None:
    pytest.importorskip("mujoco")
    seats = [{"bot": "random", "settings": {"steadiness": 8000}} for _ in range(3)]
    data = running.create(game="stack-market", players=3, seats=seats, bot_delay_ms=0)
    fall = wait_for_fall(running, data["id"])
    assert fall["company"] in "ABC" and isinstance(fall["failed_at"], int) and fall["fps"] == 30
    frames = fall["frames"]
    assert len(frames) == 61  # two seconds at 30 frames a second, and the start
    dice = len(frames[0])
    assert dice >= 2 and all(len(f) == dice for f in frames)
    for i, die in enumerate(frames[0]):  # the start: each die as placed, resting on the one below
        assert len(die) == 7 and die[2] == pytest.approx(8 + 16 * i, abs=0.05)
    assert max(abs(a - b) for a, b in zip(frames[0][-1], frames[-1][-1], strict=True)) > 1, "the top die moved"


def test_the_fall_is_simulated_once_per_building(monkeypatch: pytest.MonkeyPatch) -> None:
    from ludotheque.engine.match import Match
    from ludotheque.games.stack_market import mujoco_replay, web_extra

    game = get_game("stack-market")
    match = Match(game, 3, seed=4, seats=None)
    assert game.table_extra("fall", match.state, None) is None
    with pytest.raises(KeyError):
        game.table_extra("nothing", match.state, None)
    with pytest.raises(KeyError):
        get_game("acquire").table_extra("fall", get_game("acquire").new_game(2), None)
    calls: list[int] = []
    monkeypatch.setattr(web_extra, "_falls", OrderedDict())  # this test's falls only
    monkeypatch.setattr(mujoco_replay, "available", lambda: True)
    monkeypatch.setattr(mujoco_replay, "trajectory",
                        lambda poses, seconds=2.0, fps=30: calls.append(len(poses)) or [[[0.0] * 7] * len(poses)])
    match.state.last_fall = {"company": "B", "faces": [0, 1, 2], "poses": [[0, 0, 0], [0, 0, 0], [9000, 0, 0]],
                             "failed_at": 1}
    first = game.table_extra("fall", match.state, 0)
    again = game.table_extra("fall", match.state.clone(), None)
    assert calls == [3] and first == again and first["company"] == "B" and first["failed_at"] == 1
    monkeypatch.setattr(mujoco_replay, "available", lambda: False)
    assert game.table_extra("fall", match.state, 0) is None  # the view tips the dice itself


# --- in the browser ---------------------------------------------------------------------------------------------------
WATCH_FALLS = """() => {
  window.smFalls = [];
  new MutationObserver(() => {
    const el = document.querySelector('.sm');
    if (el && el.dataset.fall && !window.smFalls.includes(el.dataset.fall)) window.smFalls.push(el.dataset.fall);
  }).observe(document.body, { subtree: true, childList: true, attributes: true });
}"""


@pytest.mark.browser
@needs_chromium
@pytest.mark.parametrize(("lang", "width", "height"), [("en", 1280, 800), ("fr", 390, 844)])
def test_aim_by_clicking_the_top_face_in_the_browser(running: Running, lang: str, width: int, height: int) -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    ARTIFACTS.mkdir(exist_ok=True)
    frames: list[dict[str, Any]] = []
    watched: list[dict[str, Any]] = []
    log: list[dict[str, Any]] = []
    sent: list[str] = []
    errors: list[str] = []

    def sniff(into: list[dict[str, Any]], keep_log: bool) -> Any:
        def on_frame(payload: str | bytes) -> None:
            frame = json.loads(payload)
            if frame.get("type") != "state":
                return
            into.append(frame)
            if keep_log:
                del log[frame["events_from"]:]
                log.extend(frame["events"])

        def on_sent(payload: str | bytes) -> None:
            message = json.loads(payload)
            if message.get("type") == "act":
                sent.append(message["action"])

        def on_socket(ws: Any) -> None:
            ws.on("framereceived", on_frame)
            if keep_log:
                ws.on("framesent", on_sent)

        return on_socket

    with sync_api.sync_playwright() as p:
        browser = launch_chromium(p)
        try:
            page = browser.new_page(viewport={"width": width, "height": height})
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(running.url + "/")
            page.evaluate("lang => localStorage.setItem('ludo.lang', lang)", lang)
            page.reload()
            # the lobby: a number per seat for the game's seat option; a table made with it keeps it
            page.wait_for_selector(LOBBY_READY)
            page.select_option("#new-game", "stack-market")
            page.select_option("#new-players", "3")
            assert page.locator('[name="seat-2-steadiness"]').input_value() == "1800"
            page.fill('[name="name-0"]', "Ada")
            page.fill('[name="seat-0-steadiness"]', "0")
            page.select_option('[name="seat-1"]', "bot:random")
            page.select_option('[name="seat-2"]', "bot:random")
            page.fill('[name="seat-1-steadiness"]', "8000")
            page.fill('[name="seat-2-steadiness"]', "8000")
            page.select_option("#new-pace", "150")
            page.screenshot(path=str(ARTIFACTS / f"stack_market_{lang}_{width}_lobby.png"), full_page=True)
            page.on("websocket", sniff(frames, True))
            page.click("#create-table")
            page.wait_for_selector(".sm", timeout=20000)
            table = page.evaluate("location.hash").split("/")[2]
            summary = running.api("GET", f"/api/tables/{table}").json()
            assert [s["settings"]["steadiness"] for s in summary["seats"]] == [0, 8000, 8000]
            page.evaluate(WATCH_FALLS)

            def last_at() -> int:
                return int(max(f["at"] for f in frames))

            def advanced(before: int) -> bool:
                for _ in range(200):
                    if last_at() > before:
                        return True
                    page.wait_for_timeout(50)
                return False

            done: dict[str, int] = {}
            aims: list[tuple[int, int]] = []
            shots: set[str] = set()
            while min(done.get("aim", 0), 3) + min(done.get("stay", 0), 1) < 4 and sum(done.values()) < 14:
                page.wait_for_selector(".sm-choices", timeout=30000)
                phase = page.get_attribute(".sm-choices", "class") or ""
                kind = "aim" if "sm-aim" in phase else "order" if "sm-order-choice" in phase else "other"
                assert "web." not in page.inner_text("#board") + page.inner_text("#choices"), "a text is missing"
                if kind not in shots:
                    shots.add(kind)
                    page.screenshot(path=str(ARTIFACTS / f"stack_market_{lang}_{width}_{kind}.png"), full_page=True)
                before = last_at()
                view = frames[-1]["view"]
                if kind == "aim":
                    # a click 3 mm right of and 1.5 mm behind the top die's centre (the view spans 30 mm)
                    top = page.locator(".sm-topview")
                    box = top.bounding_box()
                    assert box is not None
                    top.click(position={"x": box["width"] * 0.6, "y": box["height"] * 0.45})
                    assert float(page.input_value('[name="aim-x"]')) == pytest.approx(3.0, abs=0.1)
                    assert float(page.input_value('[name="aim-y"]')) == pytest.approx(1.5, abs=0.1)
                    # the die's preview, on both sides (a frame that comes meanwhile redraws the board, and the
                    # preview a moment later)
                    page.wait_for_function("() => document.querySelectorAll('.sm-elev .sm-ghost .sm-ghost-die')"
                                           ".length === 2", timeout=5000)
                    if not aims:  # the keys: an arrow moves the aim by 0.25 mm, ] turns it 1° clockwise
                        top.press("ArrowLeft")
                        top.press("]")
                        assert float(page.input_value('[name="aim-x"]')) == pytest.approx(2.75, abs=0.1)
                        assert float(page.input_value('[name="aim-turn"]')) == -1
                    page.locator(".sm-place").click()
                    building = next(c for c in view["companies"] if c["company"] == view["building"])
                    aims.append((building["poses"][-1][0], building["poses"][-1][1]))
                    done["aim"] = done.get("aim", 0) + 1
                elif kind == "order":
                    page.locator(".sm-choice").last.click()
                    done["order"] = done.get("order", 0) + 1
                else:
                    choice = page.locator(".sm-choice").first
                    action = choice.get_attribute("data-action") or ""
                    choice.click()
                    key = "stay" if action in ("stay",) or view["phase"] == "change" else "invest"
                    done[key] = done.get(key, 0) + 1
                assert advanced(before), f"the {kind} move was not played"
            assert done.get("aim", 0) >= 3 and done.get("stay", 0) >= 1, done
            # each die landed exactly where the click said (a perfect hand: no error)
            def placed_by_me() -> list[dict[str, Any]]:
                return [e["args"] for e in log if e["kind"] == "placed" and e["args"]["seat"] == 0]

            for _ in range(100):  # the last die's hand error (none) is drawn right after its aim
                if len(placed_by_me()) >= done["aim"]:
                    break
                page.wait_for_timeout(50)
            placed = placed_by_me()
            aimed = [[int(w) for w in a.split()[1:]] for a in sent if a.startswith("aim ")]
            assert len(placed) >= 3 and len(aimed) == len(aims) == done["aim"]
            for (x, y), (dx, dy, _), event in zip(aims, aimed, placed, strict=False):
                assert abs(dx - 3000) <= 300 and abs(dy - 1500) <= 100, (dx, dy)
                assert (event["x"] - x, event["y"] - y) == (dx, dy)
            # every seat's steadiness is shown, and one's own cash only
            hands = page.locator(".sm-p-hand").all_inner_texts()
            assert len(hands) == 3 and "0.0" in hands[0].replace(",", ".") and "8.0" in hands[1].replace(",", ".")
            assert page.locator(".sm-p-cash").count() == 1
            assert all(f["view"]["my_cash"] is not None and all("cash" not in pl for pl in f["view"]["players"])
                       for f in frames if f["status"] == "playing")
            page.screenshot(path=str(ARTIFACTS / f"stack_market_{lang}_{width}_table.png"), full_page=True)

            # a spectator: the buildings, nobody's cash, no choices
            watcher = browser.new_page(viewport={"width": width, "height": height})
            watcher.on("pageerror", lambda e: errors.append(str(e)))
            watcher.on("websocket", sniff(watched, False))
            watcher.goto(f"{running.url}/#/table/{table}")
            watcher.wait_for_selector(".sm .sm-co", timeout=10000)
            watcher.wait_for_timeout(300)
            assert watcher.locator(".sm-choices").count() == 0
            assert watcher.locator(".sm-p-cash, .sm-cash").count() == 0
            assert watched and all(f["view"]["my_cash"] is None for f in watched)
            watcher.screenshot(path=str(ARTIFACTS / f"stack_market_{lang}_{width}_spectator.png"), full_page=True)

            # the bots' unsteady hands made buildings fall: each new fall was animated
            fell = [e for e in log if e["kind"] == "fell"]
            if fell:
                from ludotheque.games.stack_market import mujoco_replay

                expected = "mujoco" if mujoco_replay.available() else "tipping"
                # A fall shows "waiting" until the server's replay comes (later on a busy machine): wait for its
                # source, then say what was seen if it never came.
                with contextlib.suppress(sync_api.Error):  # said below with what was seen
                    page.wait_for_function("e => window.smFalls.includes(e)", arg=expected, timeout=30000)
                animated = page.evaluate("window.smFalls")
                assert expected in animated, animated
        finally:
            browser.close()
    assert not errors, errors


def test_a_database_of_the_first_schema_gets_seat_settings(tmp_path: Path) -> None:
    from alembic import command
    from sqlalchemy import text

    from ludotheque.server.storage import Store
    from ludotheque.server.storage.migrate import alembic_config
    from ludotheque.server.storage.store import make_engine

    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = make_engine(url)
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
        connection.execute(text("INSERT INTO tables VALUES ('old', 'stack-market', 3, '{}', 7, '1', 0, NULL, "
                                "'waiting', 0, NULL, NULL)"))
        connection.execute(text("INSERT INTO seats VALUES ('old', 0, NULL, NULL, 0, NULL)"))
    engine.dispose()
    store = Store(url)  # migrated to the newest schema on opening
    try:
        assert store.table("old").seats[0].settings == {}
    finally:
        store.close()


# --- an aim outside its limits ----------------------------------------------------------------------------------------
def plain(text: str) -> str:
    """``text`` with its no-break spaces as spaces (the page's numbers and units keep theirs)."""
    return re.sub(r"[\u00a0\u202f ]+", " ", text).strip()


AIM_REFUSALS = {
    "en": {"x": "Left–right (mm): 25 is outside the limits; type a number from −8 mm to 8 mm.",
           "y": "Front–back (mm, + away from you): −8.5 is outside the limits; type a number from −8 mm to 8 mm.",
           "turn": "Turn (°, + anticlockwise): 50 is outside the limits; type a number from −45° to 45°.",
           "no number": "Left–right (mm): type a number from −8 mm to 8 mm.",
           "nothing": "No die is placed until the aim is within its limits.",
           "falls": "would fall", "margin": "(margin {mm} mm)"},
    "fr": {"x": "Gauche–droite (mm) : 25 dépasse les limites ; saisissez un nombre de −8 mm à 8 mm.",
           "y": "Devant–derrière (mm, + vers le fond) : −8,5 dépasse les limites ; saisissez un nombre de −8 mm à "
                "8 mm.",
           "turn": "Rotation (°, + sens antihoraire) : 50 dépasse les limites ; saisissez un nombre de −45° à 45°.",
           "no number": "Gauche–droite (mm) : saisissez un nombre de −8 mm à 8 mm.",
           "nothing": "Aucun dé ne sera posé tant que la visée sort de ses limites.",
           "falls": "tomberait", "margin": "(marge {mm} mm)"},
}
"""What the aiming panel says of a refused field (the rules' limits: actions.py AIM_LIMIT_UM, TURN_LIMIT), and
where its verdict says how the die placed exactly there does."""


def reach_my_aim(page: Any, frames: list[dict[str, Any]]) -> None:
    """Play seat 0's first choice (investing, an order, staying) until it has a die to aim."""
    for _ in range(60):
        page.wait_for_selector(".sm-choices", timeout=30000)
        if page.locator(".sm-aim").count():
            return
        before = max(f["at"] for f in frames)
        page.locator(".sm-choice").first.click()
        for _ in range(200):
            if max(f["at"] for f in frames) > before:
                break
            page.wait_for_timeout(25)
    raise AssertionError("seat 0 never had a die to aim")


@pytest.mark.browser
@needs_chromium
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_aim_outside_its_fields_limits_is_refused_in_the_page_and_nothing_is_sent(running: Running,
                                                                                      lang: str) -> None:
    """The review: « Posez un 0 sur la compagnie A », 25 typed in « Gauche–droite (mm) » (limits −8 to 8), Tab, « Poser
    le dé »: the field kept 25, the preview said the die stood (« marge 0,0 mm », the aim clamped to 8 mm without a
    word) and « aim 8000 0 0 » was played. Now a value outside a field's limits (x, y, the turn), or no number, is
    said in the page's language with the range allowed, the field keeps it and is marked, the preview shows no die,
    and neither the button nor Enter sends anything, even after the panel is drawn again (a chat line); once every
    field is within its limits the preview is the one of the aim that is sent, and the die lands as it said."""
    said = AIM_REFUSALS[lang]
    errors: list[str] = []
    sent: list[str] = []
    with chromium() as browser:
        seat = seat_page(browser, running, "stack-market", [{"name": "Ada", "settings": {"steadiness": 0}},
                                                            {"bot": "random"}, {"bot": "random"}],
                         lang, (1280, 900), errors)
        page = seat.page
        page.on("websocket", lambda ws: ws.on("framesent", lambda m: sent.append(json.loads(m).get("action") or "")))
        page.reload()
        reach_my_aim(page, seat.frames)

        def aims() -> list[str]:
            return [a for a in sent if a.startswith("aim")]

        def refused(name: str, value: str | None, key: str, shot: str = "") -> None:
            field = page.locator(f'[name="{name}"]')
            if value is None:  # a letter a number field takes (an exponent) and nothing after it: no number
                field.fill("")
                field.press_sequentially("e")
            else:
                field.fill(value)
            field.press("Tab")
            assert field.input_value() == (value or "")  # as typed: never corrected without a word
            assert field.get_attribute("aria-invalid") == "true"
            assert plain(page.inner_text(".sm-aim-error")) == said[key]
            assert plain(page.inner_text(".sm-verdict")) == said["nothing"]
            assert page.inner_text(".sm-chance") == ""
            assert page.locator(".sm-place").is_disabled()
            assert page.locator(".sm-elev .sm-ghost .sm-ghost-die, .sm-zoom .sm-ghost-die").count() == 0
            page.locator(".sm-place").click(force=True)
            field.press("Enter")
            page.locator(".sm-topview").press("Enter")
            page.wait_for_timeout(300)
            assert not aims(), aims()
            if shot:
                page.screenshot(path=str(ARTIFACTS / f"stack_market_{lang}_{shot}.png"), full_page=True)
            field.fill("0")
            field.press("Tab")
            assert field.get_attribute("aria-invalid") == "false" and not page.locator(".sm-aim-error").is_visible()
            assert not page.locator(".sm-place").is_disabled()

        refused("aim-x", "25", "x", shot="aim_refused")
        refused("aim-y", "-8.5", "y")
        refused("aim-turn", "50", "turn", shot="turn_refused")
        refused("aim-x", "", "no number")
        refused("aim-x", None, "no number")

        # drawn again (a chat line comes) while a field is refused: it stays refused, as typed
        page.fill('[name="aim-x"]', "25")
        page.evaluate("document.querySelector('.sm-aim').dataset.before = '1'")
        page.fill(".chat-form input", "hello")
        page.press(".chat-form input", "Enter")
        page.wait_for_selector(".chat-lines li", timeout=5000)
        page.wait_for_function("() => !document.querySelector('.sm-aim').dataset.before", timeout=5000)
        assert page.input_value('[name="aim-x"]') == "25"
        assert plain(page.inner_text(".sm-aim-error")) == said["x"] and page.locator(".sm-place").is_disabled()
        assert not aims()

        # within the limits: the preview is the aim's, and the die lands where it said
        view = seat.frames[-1]["view"]
        building = next(c for c in view["companies"] if c["company"] == view["building"])
        top = building["poses"][-1]
        for name, value in (("aim-x", "7.5"), ("aim-y", "-2"), ("aim-turn", "10")):
            page.fill(f'[name="{name}"]', value)
        page.press('[name="aim-turn"]', "Tab")
        assert not page.locator(".sm-aim-error").is_visible() and not page.locator(".sm-place").is_disabled()
        verdict = plain(page.inner_text(".sm-verdict"))
        page.locator(".sm-place").click()
        for _ in range(200):
            placed = [e["args"] for e in seat.log if e["kind"] == "placed" and e["args"]["seat"] == 0]
            if placed:
                break
            page.wait_for_timeout(25)
        assert aims() == ["aim 7500 -2000 1000"]
        assert placed and (placed[0]["x"] - top[0], placed[0]["y"] - top[1]) == (7500, -2000)
        margin = placed[0]["margin"]
        if margin is None:
            assert said["falls"] in verdict, verdict
        else:
            mm = f"{margin / 1000:.1f}".replace(".", "," if lang == "fr" else ".")
            assert said["margin"].format(mm=mm) in verdict, verdict
    assert not errors, errors


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_forged_aim_outside_the_limits_is_refused_and_changes_nothing(running: Running, lang: str) -> None:
    """The server refuses an aim the rules do not allow (offset beyond ±8000 µm, turn beyond ±45°: actions.py,
    state.py ``is_legal``), whatever the page does: a clear error in the seat's language, the table where it was."""
    data = running.create(game="stack-market", players=3, seats=[{"name": "Ada", "settings": {"steadiness": 0}},
                                                                 {"bot": "random"}, {"bot": "random"}], bot_delay_ms=0)
    table, token = data["id"], data["tokens"]["0"]
    seen: list[dict[str, Any]] = []

    async def until(ws: Any, predicate: Any) -> dict[str, Any]:
        while True:
            message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 20))
            seen.append(message)
            if predicate(message):
                return message

    async def go(lang: str) -> None:
        async with websockets.connect(running.ws(table, token, lang), max_size=2**22) as ws:
            frame = await until(ws, lambda m: m["type"] == "state" and m["to_move"] == 0 and m["legal"])
            while frame["view"]["phase"] != "aim":
                await ws.send(json.dumps({"type": "act", "action": frame["legal"][0]["text"], "at": frame["at"]}))
                frame = await until(ws, lambda m: m["type"] == "state" and m["to_move"] == 0 and m["legal"])
            at, view = frame["at"], frame["view"]
            building = next(c for c in view["companies"] if c["company"] == view["building"])
            top = building["poses"][-1]
            del seen[:]
            for forged in ("aim 25000 0 0", "aim 0 -8001 0", "aim 8000 8000 4501", "aim 25mm 0 0"):
                await ws.send(json.dumps({"type": "act", "action": forged, "at": at}))
                error = await until(ws, lambda m: m["type"] == "error")
                words = ("X and Y within ±8000 µm (over the top face) and TURN within ±4500 hundredths of a degree"
                         if lang == "en" else "X et Y entre ±8000 µm (au-dessus de la face du dessus) et ROTATION "
                         "entre ±4500 centièmes de degré")
                assert words in error["message"] and error["at"] == at, error
            assert all(m["type"] == "error" or m.get("at") == at for m in seen), seen  # the table did not move
            summary = running.api("GET", f"/api/tables/{table}").json()
            assert summary["status"] == "playing"
            await ws.send(json.dumps({"type": "act", "action": "aim 8000 -8000 4500", "at": at}))  # the limits
            moved = await until(ws, lambda m: m["type"] == "state" and m["at"] > at)
            placed = next(e["args"] for e in moved["events"] if e["kind"] == "placed" and e["args"]["seat"] == 0)
            assert (placed["x"] - top[0], placed["y"] - top[1]) == (8000, -8000)  # a perfect hand: the aim played

    asyncio.run(go(lang))
