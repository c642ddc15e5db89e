"""End to end, in Debian's chromium: two people in two browser contexts and a bot play a whole game of Acquire,
a spectator follows, a player reloads the page mid-game and goes on, and the server is killed (``kill -9``) and
started again mid-game: the pages reconnect by themselves and the game finishes. Then a round of Gracias.
Screenshots of every table are kept in ``test-artifacts/`` (look at them)."""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ludotheque.engine import GameRecord, Match
from tests.server.support import Running, ServerProcess, launch_chromium, needs_chromium, server_process

ARTIFACTS = Path(__file__).parents[2] / "test-artifacts"
pytestmark = [pytest.mark.browser, needs_chromium]


class Seat:
    """One browser context at the table: a person's (with the seat's token) or a spectator's."""

    def __init__(self, browser: Any, running: Running, table: str, seat: int | None, token: str | None,
                 lang: str, size: tuple[int, int]) -> None:
        self.seat, self.table, self.running = seat, table, running
        self.context = browser.new_context(viewport={"width": size[0], "height": size[1]})
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.frames: list[dict[str, Any]] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("websocket", self._watch)
        self.page.goto(running.url + "/")
        setup = f"localStorage.setItem('ludo.lang', '{lang}');"
        if token is not None:
            setup += f"localStorage.setItem('ludo.seat.{table}', JSON.stringify({{seat: {seat}, token: '{token}'}}));"
        self.page.evaluate(setup)
        self.open()

    def _watch(self, ws: Any) -> None:
        def received(payload: Any) -> None:
            message = json.loads(payload)
            if message.get("type") == "state":
                self.frames.append(message)
        ws.on("framereceived", received)

    def open(self) -> None:
        self.page.goto(f"{self.running.url}/#/table/{self.table}")
        self.page.wait_for_selector(".seats-bar .seat", timeout=20_000)

    @property
    def last(self) -> dict[str, Any]:
        return self.frames[-1] if self.frames else {}

    def my_move(self) -> bool:
        f = self.last
        return bool(f) and f.get("to_move") == self.seat and bool(f.get("legal")) and f.get("outcome") is None

    def over(self) -> bool:
        return self.last.get("outcome") is not None

    def shot(self, name: str) -> None:
        ARTIFACTS.mkdir(exist_ok=True)
        self.page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def _act_acquire(page: Any, rng: random.Random) -> None:
    tiles = page.locator("#choices ~ * .acq-tile-playable, .board .acq-tile-playable")
    if tiles.count():
        tiles.nth(rng.randrange(tiles.count())).click()
        return
    confirm = page.locator("#choices [data-acq-key=confirm]")
    if confirm.count() and confirm.first.is_enabled():
        confirm.first.click()
        return
    buttons = page.locator("#choices button[data-action]:not([disabled]):not(.acq-announce)")
    if buttons.count():
        buttons.nth(rng.randrange(buttons.count())).click()


def _act_gracias(page: Any, rng: random.Random) -> None:
    keep = page.locator("#choices .g-keep-card:not([disabled])")
    if keep.count():
        keep.nth(rng.randrange(keep.count())).click()
        give = page.locator("#choices .g-give:not([disabled])")
        give.nth(rng.randrange(give.count())).click()
        page.locator("#choices .g-confirm").click()
        return
    take = page.locator("#choices button.g-take, #choices button[data-action^='take']")
    if take.count():
        take.nth(rng.randrange(take.count())).click()


LIMIT = float(os.environ.get("LUDO_E2E_LIMIT", "400"))
"""Seconds a browser game may take before the test gives up (and keeps screenshots of where it stalled)."""


def _play(seats: list[Seat], act: Callable[[Any, random.Random], None], done: Callable[[], bool],
          at_step: Callable[[int], None] = lambda n: None, limit: float = LIMIT) -> None:
    """Each person, when it is their move, plays a random choice with the page's own controls."""
    rng = random.Random(4)
    start = time.time()
    step = 0
    while not done():
        if time.time() - start > limit:
            for s in seats:
                s.shot(f"stalled-seat-{s.seat}")
            state = [(s.seat, s.last.get("at"), s.last.get("to_move"), [a["text"] for a in s.last.get("legal", [])][:6],
                      s.errors[-3:]) for s in seats]
            raise AssertionError(f"the game did not end in time: {state}")
        moved = False
        for s in seats:
            if s.seat is not None and s.my_move():
                at = s.last["at"]
                act(s.page, rng)
                deadline = time.time() + 10
                while s.last.get("at") == at and time.time() < deadline:
                    s.page.wait_for_timeout(30)
                moved = True
                step += 1
                at_step(step)
        if not moved:
            seats[0].page.wait_for_timeout(50)


def _check_frames(record: GameRecord, seat: Seat) -> None:
    """What the browser received was exactly that seat's view at that moment."""
    match = Match.from_record(record, upto=0)
    views = {0: match.state.observation(seat.seat)}
    for i, entry in enumerate(record.actions):
        match.apply(entry.split(": ", 1)[1])
        views[i + 1] = match.state.observation(seat.seat)
    for frame in seat.frames:
        assert frame["view"] == json.loads(json.dumps(views[frame["at"]])), (seat.seat, frame["at"])


def test_two_people_a_bot_and_a_spectator_play_acquire_through_a_reload_and_a_crash(tmp_path: Path) -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    server = ServerProcess(f"sqlite:///{tmp_path / 'ludo.db'}")
    running = server.start()
    try:
        data = running.create(game="acquire", players=3, seats=[{"name": "Ada"}, {"name": "Bob"}, {"bot": "heuristic"}],
                              bot_delay_ms=0)
        table, tokens = data["id"], data["tokens"]
        with sync_api.sync_playwright() as p:
            browser = launch_chromium(p)
            ada = Seat(browser, running, table, 0, tokens["0"], "en", (1280, 800))
            bob = Seat(browser, running, table, 1, tokens["1"], "fr", (390, 844))
            watcher = Seat(browser, running, table, None, None, "fr", (1280, 800))
            events: dict[str, int] = {}

            def at_step(step: int) -> None:
                if step == 15 and "reload" not in events:
                    events["reload"] = ada.last["at"]
                    ada.shot("acquire-ada-before-reload")
                    ada.open()  # the page comes back to the seat (its token is kept by the browser)
                if step == 40 and "crash" not in events:
                    events["crash"] = max(s.last["at"] for s in (ada, bob))
                    server.kill()
                    bob.page.wait_for_selector(".banner:not([hidden])", timeout=10_000)
                    bob.shot("acquire-bob-reconnecting")
                    server.start()  # the same database and port: the pages reconnect by themselves
                    events["restarted"] = 1
                if step == 60:
                    for s, name in ((ada, "ada"), (bob, "bob"), (watcher, "spectator")):
                        s.shot(f"acquire-{name}-mid-game")

            _play([ada, bob, watcher], _act_acquire, lambda: ada.over() and bob.over() and watcher.over(),
                  at_step)
            for s, name in ((ada, "ada"), (bob, "bob"), (watcher, "spectator")):
                s.shot(f"acquire-{name}-end")
            assert "reload" in events and "restarted" in events
            record = GameRecord.from_json(running.api("GET", f"/api/tables/{table}/record").json())
            assert Match.from_record(record).is_over()
            assert len(record.actions) > events["crash"]
            for s in (ada, bob, watcher):
                _check_frames(record, s)
                # While the server is down, the browser reports the refused reconnections, and nothing else.
                assert not [e for e in s.errors if "ERR_CONNECTION_REFUSED" not in e], s.errors
            assert watcher.page.locator("#choices button").count() == 0
            assert ada.page.locator(".end-card").is_visible() and bob.page.locator(".ranking").is_visible()
            browser.close()
    finally:
        server.stop()


def test_a_round_of_gracias_in_two_browsers_and_a_bot(tmp_path: Path) -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    db = f"sqlite:///{tmp_path / 'ludo.db'}"
    with server_process(db) as (running, _):
        data = running.create(game="gracias", players=3, seats=[{"name": "Ada"}, {"name": "Bob"}, {"bot": "heuristic"}],
                              bot_delay_ms=0)
        table, tokens = data["id"], data["tokens"]
        with sync_api.sync_playwright() as p:
            browser = launch_chromium(p)
            ada = Seat(browser, running, table, 0, tokens["0"], "fr", (1280, 800))
            bob = Seat(browser, running, table, 1, tokens["1"], "en", (390, 844))
            watcher = Seat(browser, running, table, None, None, "en", (1280, 800))

            def round_scored() -> bool:
                return any(e["kind"] == "round_score" for f in watcher.frames for e in f["events"])

            _play([ada, bob, watcher], _act_gracias, round_scored, limit=200)
            ada.page.wait_for_timeout(300)
            for s, name in ((ada, "ada"), (bob, "bob"), (watcher, "spectator")):
                s.shot(f"gracias-{name}-after-round")
                assert not [e for e in s.errors if "WebSocket" not in e], s.errors
            assert watcher.page.locator("#choices button").count() == 0
            browser.close()
