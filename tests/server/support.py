"""A real server for the tests: uvicorn in a thread (or a process, to kill it), and WebSocket players."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import httpx
import pytest
import uvicorn
import websockets

from ludotheque.engine.game import get_game
from ludotheque.server.app import create_app


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Running:
    url: str
    port: int

    def api(self, method: str, path: str, **kw: Any) -> httpx.Response:
        return httpx.request(method, self.url + path, timeout=10, **kw)

    def create(self, **body: Any) -> dict[str, Any]:
        answer = self.api("POST", "/api/tables", json=body)
        assert answer.status_code == 201, answer.text
        data: dict[str, Any] = answer.json()
        return data

    def ws(self, table: str, token: str | None = None, lang: str = "en") -> str:
        query = f"?lang={lang}" + (f"&token={token}" if token else "")
        return f"ws://127.0.0.1:{self.port}/ws/tables/{table}{query}"


@contextlib.contextmanager
def server_thread(db_url: str) -> Iterator[Running]:
    """The app on a free port, in this process."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(db_url), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.time() + 20
    while not server.started:
        assert time.time() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield Running(f"http://127.0.0.1:{port}", port)
    finally:
        server.should_exit = True
        thread.join(timeout=20)


class ServerProcess:
    """``ludo serve`` as a separate process, so that a test can kill it (SIGKILL) and start it again on the
    same database and port."""

    def __init__(self, db_url: str, port: int | None = None, extra: tuple[str, ...] = ()) -> None:
        self.db_url = db_url
        self.extra = extra
        """More ``ludo serve`` arguments (``--redis URL --instance a``)."""
        self.port = port or free_port()
        self.log = tempfile.NamedTemporaryFile(prefix="ludo-serve-", suffix=".log", delete=False)  # noqa: SIM115
        """Where its log lines go (read when it fails)."""
        self.running = Running(f"http://127.0.0.1:{self.port}", self.port)
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> Running:
        ludo = Path(sys.executable).with_name("ludo")
        self.proc = subprocess.Popen([str(ludo), "serve", "--port", str(self.port), "--db", self.db_url, *self.extra],
                                     stdout=subprocess.DEVNULL, stderr=self.log, env={**os.environ})
        deadline = time.time() + 30
        while True:
            try:
                if httpx.get(self.running.url + "/api/games", timeout=1).status_code == 200:
                    return self.running
            except httpx.HTTPError:
                pass
            if self.proc.poll() is not None:
                raise AssertionError(f"the server died at start: {self.log_tail()}")
            assert time.time() < deadline, "the server did not start"
            time.sleep(0.1)

    def log_tail(self, lines: int = 20) -> str:
        return "\n".join(Path(self.log.name).read_text(errors="replace").splitlines()[-lines:])

    def kill(self) -> None:
        """``kill -9``: no chance to write anything more."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()


@contextlib.contextmanager
def server_process(db_url: str, port: int | None = None) -> Iterator[tuple[Running, subprocess.Popen[bytes]]]:
    """``ludo serve`` in a process for the length of a ``with``."""
    server = ServerProcess(db_url, port)
    running = server.start()
    assert server.proc is not None
    try:
        yield running, server.proc
    finally:
        server.stop()


@dataclass
class Player:
    """A WebSocket connection that keeps every frame it receives, and plays random legal moves when asked."""

    url: str
    seat: int | None
    rng: random.Random = field(default_factory=lambda: random.Random(0))
    frames: list[dict[str, Any]] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    moves: int = 0
    sent_at: int = -1
    """The ``at`` of the last move sent: one move per state, as the browser does."""

    @property
    def last(self) -> dict[str, Any]:
        return self.frames[-1]

    async def play(self, ws: Any, until_over: bool = True, max_moves: int | None = None,
                   until_at: int | None = None) -> None:
        """Receive frames; on its turn, send a random legal move with the frame's ``at``. Stop at the end (or
        after ``max_moves`` moves of its own, or once the table has played ``until_at`` actions)."""
        async for raw in ws:
            message = json.loads(raw)
            if message["type"] == "error":
                self.errors.append(message)
                if "slow down" in message["message"]:  # the rate limit: wait, then ask for the table again
                    self.sent_at = -1
                    await asyncio.sleep(0.5)
                    await ws.send(json.dumps({"type": "sync"}))
                continue
            self.frames.append(message)
            if message["outcome"] is not None and until_over:
                return
            if until_at is not None and message["at"] >= until_at:
                return
            if message["at"] != self.sent_at:
                self.sent_at = -1
            if self.seat is not None and message["to_move"] == self.seat and message["legal"] \
                    and self.sent_at != message["at"]:
                if max_moves is not None and self.moves >= max_moves:
                    return
                self.sent_at = message["at"]
                choice = self.rng.choice(message["legal"])["text"]
                await ws.send(json.dumps({"type": "act", "action": choice, "at": message["at"]}))
                self.moves += 1


async def play_table(running: Running, table: str, tokens: dict[int, str], spectators: int = 1,
                     timeout: float = 120) -> list[Player]:
    """Every person seat (and spectators) connected until the game is over; the players, seats first."""
    players = [Player(running.ws(table, token), seat, random.Random(seat)) for seat, token in tokens.items()]
    players += [Player(running.ws(table), None) for _ in range(spectators)]

    async def run(p: Player) -> None:
        async with websockets.connect(p.url, max_size=2**22) as ws:
            await p.play(ws)

    await asyncio.wait_for(asyncio.gather(*(run(p) for p in players)), timeout)
    return players


CHROMIUM = "/usr/bin/chromium"
"""Debian's chromium, which the browser tests drive (never a browser download)."""
LOBBY_READY = "#app:not([aria-busy]) #create-table"
"""The lobby's form, once the lobby is drawn: while a page is being drawn the one on screen is inert (``app.js``), so a
form found before then would be the page being left, about to be replaced."""

needs_chromium = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="no Debian chromium")


def launch_chromium(playwright: Any) -> Any:
    """Headless chromium as every browser test starts it."""
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                      args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])


def assert_in_both_catalogues(game: str, keys: set[str], plurals: set[str]) -> None:
    """Every text key a game's browser view asks for is in its English and its French catalogue, and every plural
    key in both its forms (``_one``, ``_other``)."""
    catalog = get_game(game).catalog
    for lang in ("en", "fr"):
        messages = catalog.messages[lang]
        for key in keys:
            assert key in messages, (lang, key)
        for key in plurals:
            assert f"{key}_one" in messages and f"{key}_other" in messages, (lang, key)


def page_in(browser: Any, running: Running, lang: str, errors: list[str], size: tuple[int, int] = (1280, 900)) -> Any:
    """A page in a context of its own (its own cookies), in ``lang``, its errors to ``errors``."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("dialog", refuse_dialog(errors))
    page.goto(running.url + "/")
    page.evaluate("lang => localStorage.setItem('ludo.lang', lang)", lang)
    page.goto(running.url + "/#/")
    return page


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


def refuse_dialog(errors: list[str]) -> Any:
    """A dialog (an ``alert`` run from a name) is an error, and is dismissed."""

    def on_dialog(dialog: Any) -> None:
        errors.append(f"a dialog: {dialog.message}")
        dialog.dismiss()

    return on_dialog


ARTIFACTS = Path(__file__).parents[2] / "test-artifacts"
"""Where the browser tests keep their screenshots."""
HOSTILE = "<img src=x onerror=alert(1)>Ada"
"""A person's name that would run a script if a page wrote it as markup."""


class SeatPage(NamedTuple):
    """A new table's page, as its seat 0 sees it."""

    table: str
    page: Any
    frames: list[dict[str, Any]]
    """The state frames the page has received."""
    log: list[dict[str, Any]]
    """The table's log as those frames make it."""


def seat_page(browser: Any, running: Running, game: str, seats: list[dict[str, Any]], lang: str,
              viewport: tuple[int, int], errors: list[str]) -> SeatPage:
    """A new table of ``game`` for ``seats`` (bots without delay), and a page of ``browser`` at it as seat 0 in
    ``lang``, ``viewport`` (width, height) wide: its console errors, page errors and dialogs go to ``errors``."""
    data = running.create(game=game, players=len(seats), seats=seats, bot_delay_ms=0)
    table, token = data["id"], data["tokens"]["0"]
    frames: list[dict[str, Any]] = []
    log: list[dict[str, Any]] = []
    width, height = viewport
    page = browser.new_page(viewport={"width": width, "height": height})
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("dialog", refuse_dialog(errors))
    page.on("websocket", sniff(frames, log))
    page.goto(running.url + "/")
    page.evaluate("([id, token, lang]) => { localStorage.setItem('ludo.seat.' + id,"
                  " JSON.stringify({seat: 0, token})); localStorage.setItem('ludo.lang', lang); }",
                  [table, token, lang])
    page.goto(f"{running.url}/#/table/{table}")
    return SeatPage(table, page, frames, log)


def spectator_page(browser: Any, running: Running, table: str, lang: str, errors: list[str]) -> Any:
    """A phone-sized page (390 × 844) of ``browser`` watching ``table`` in ``lang``, its page errors to ``errors``."""
    watcher = browser.new_page(viewport={"width": 390, "height": 844})
    watcher.on("pageerror", lambda e: errors.append(str(e)))
    watcher.goto(running.url + "/")
    watcher.evaluate("lang => localStorage.setItem('ludo.lang', lang)", lang)
    watcher.goto(f"{running.url}/#/table/{table}")
    return watcher


@contextlib.contextmanager
def chromium() -> Iterator[Any]:
    """Debian's chromium, headless, driven by playwright for the length of a ``with`` (the test is skipped when
    playwright is not installed)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = launch_chromium(p)
        try:
            yield browser
        finally:
            browser.close()


def click_first_choice(page: Any, selector: str, frames: list[dict[str, Any]],
                       count: Callable[[str], int]) -> tuple[str, int]:
    """Click the first of the page's decision buttons (``selector``), whose action is legal in the last state frame,
    and wait (5 seconds at most) until a newer frame has come and ``count(action)`` (the events saying the seat made
    that decision) has grown; the action, and the count before the click."""
    button = page.locator(selector).first
    action = button.get_attribute("data-action") or ""
    assert action in [a["text"] for a in frames[-1]["legal"]]
    before = max(f["at"] for f in frames)
    counted = count(action)
    button.click()
    for _ in range(200):
        if max(f["at"] for f in frames) > before and count(action) > counted:
            break
        page.wait_for_timeout(25)
    assert max(f["at"] for f in frames) > before, f"{action!r} was not played"
    return action, counted


HAPROXY = "/usr/sbin/haproxy"
"""Debian's HAProxy: the ordinary load balancer the cluster tests and the load tool put in front of instances."""


def haproxy_config(port: int, backends: list[int], check_ms: int = 500) -> str:
    """HAProxy in front of ``backends`` (loopback ports): HTTP and WebSockets, round robin, only to the instances
    whose ``/readyz`` says ready, and a refused connection tried again on another one. ``docs/deploy.md`` shows the
    same for a site."""
    servers = "\n".join(f"    server i{i} 127.0.0.1:{p} check inter {check_ms}ms fall 2 rise 2"
                        for i, p in enumerate(backends))
    return f"""global
    maxconn 5000
defaults
    mode http
    timeout connect 2s
    timeout client 1h
    timeout server 1h
    timeout tunnel 1h
    option redispatch
    retries 3
frontend site
    bind 127.0.0.1:{port}
    default_backend ludo
backend ludo
    balance roundrobin
    option httpchk GET /readyz
    http-check expect status 200
{servers}
"""


@contextlib.contextmanager
def balancer(backends: list[int], folder: Path) -> Iterator[Running]:
    """HAProxy on a free port in front of ``backends``, for the length of a ``with``."""
    port = free_port()
    config = folder / "haproxy.cfg"
    config.write_text(haproxy_config(port, backends))
    proc = subprocess.Popen([HAPROXY, "-db", "-f", str(config)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    running = Running(f"http://127.0.0.1:{port}", port)
    deadline = time.time() + 15
    try:
        while True:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(running.url + "/readyz", timeout=1).status_code == 200:
                    break
            assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else "haproxy died"
            assert time.time() < deadline, "haproxy did not start"
            time.sleep(0.1)
        yield running
    finally:
        proc.terminate()
        proc.wait(timeout=10)


needs_haproxy = pytest.mark.skipif(not Path(HAPROXY).exists() and os.environ.get("LUDO_REQUIRE_SERVICES") != "1",
                                   reason="no Debian haproxy")
