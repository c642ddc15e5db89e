"""A table held by a server (``ludo serve``), seen through its WebSocket: what ``ludo play --server`` drives.

It answers the same questions as a local ``Table`` for the seat it holds (whose move, the seat's view, its
legal actions, its log) from the frames the server sends, which hold nothing the seat may not see; a move is
sent as typed (the server parses it in the position, French words included) with the ``at`` it was made on.
"""

from __future__ import annotations

import contextlib
import json
import queue
import threading
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from ..engine.errors import IllegalActionError, LudoError
from ..engine.game import Game, get_game
from ..engine.state import CHANCE, TERMINAL, Event, Outcome

TIMEOUT = 30.0
"""Seconds to wait for the server before giving up on a request."""


class ServerError(LudoError):
    """The server could not be reached, or refused a request (``key``: the server's name for the refusal, e.g.
    ``rated_guest``, where it gave one)."""

    def __init__(self, message: str, key: str | None = None) -> None:
        super().__init__(message)
        self.key = key


def request(server: str, method: str, path: str, body: dict[str, Any] | None = None,
            session: str | None = None) -> Any:
    """A JSON request to the server's HTTP API (``session``: an account's session token, from ``/api/login``); its
    refusal becomes a ``ServerError`` with the server's words."""
    data = json.dumps(body).encode() if body is not None else None
    headers = {"content-type": "application/json", **({"authorization": f"Bearer {session}"} if session else {})}
    req = urllib.request.Request(server.rstrip("/") + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=TIMEOUT) as answer:
            return json.loads(answer.read().decode())
    except urllib.error.HTTPError as e:
        key = None
        try:
            said = json.loads(e.read().decode())
            detail, key = said.get("detail", e.reason), said.get("error")
        except (ValueError, AttributeError):
            detail = e.reason
        raise ServerError(f"{server}: {detail}", key if isinstance(key, str) else None) from None
    except (urllib.error.URLError, OSError) as e:
        reason = getattr(e, "reason", e)
        raise ServerError(f"cannot reach {server}: {reason}") from None


def websocket_url(server: str, table: str, token: str | None, lang: str) -> str:
    parts = urllib.parse.urlsplit(server)
    scheme = "wss" if parts.scheme == "https" else "ws"
    query = urllib.parse.urlencode({"lang": lang, **({"token": token} if token else {})})
    return f"{scheme}://{parts.netloc}/ws/tables/{urllib.parse.quote(table)}?{query}"


class RemoteTable:
    """One seat's (or a spectator's) connection to a server's table."""

    def __init__(self, server: str, table: str, token: str | None, lang: str = "en") -> None:
        info = request(server, "GET", f"/api/tables/{urllib.parse.quote(table)}")
        self.server, self.table_id = server, table
        self.game: Game = get_game(info["game"])
        self.lang = lang
        self._open = contextlib.ExitStack()
        try:
            self.ws: ClientConnection = self._open.enter_context(
                connect(websocket_url(server, table, token, lang), open_timeout=TIMEOUT, max_size=2**22))
        except (OSError, ConnectionClosed) as e:
            raise ServerError(f"cannot join table {table} at {server}: {e}") from None
        self._inbox: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self.events: list[Event] = []
        self.frame: dict[str, Any] = {}
        self.refusal: str | None = None
        self._wait(lambda f: True)
        if token and self.frame.get("seat") is None:
            raise ServerError(f"this token holds no seat at table {table}")

    def _read(self) -> None:
        try:
            while True:
                self._inbox.put(json.loads(self.ws.recv()))
        except (ConnectionClosed, OSError, ValueError):
            pass
        self._inbox.put(None)

    def _take(self, message: dict[str, Any]) -> None:
        if message.get("type") == "error":
            self.refusal = str(message.get("message"))
            return
        if message.get("type") != "state":
            return
        if message["events_from"] == 0:
            self.events = []
        self.events += [Event(e["kind"], e["args"]) for e in message["events"]]
        self.frame = message

    def _wait(self, done: Any, timeout: float | None = None) -> None:
        """Take messages until ``done(frame)`` holds after one (or the connection ends)."""
        while True:
            try:
                message = self._inbox.get(timeout=timeout)
            except queue.Empty:
                return
            if message is None:
                code, reason = self.ws.close_code, self.ws.close_reason
                why = {4403: f"this token holds no seat at table {self.table_id}",
                       4404: f"there is no table {self.table_id}"}.get(code or 0, reason or "")
                raise ServerError(f"the server closed the connection to table {self.table_id}"
                                  + (f": {why}" if why else ""))
            self._take(message)
            if message.get("type") == "error" or (message.get("type") == "state" and done(self.frame)):
                return

    # --- the questions a table answers --------------------------------------------------------
    @property
    def seat(self) -> int | None:
        seat: int | None = self.frame.get("seat")
        return seat

    @property
    def at(self) -> int:
        return int(self.frame["at"])

    @property
    def to_move(self) -> int:
        who = self.frame["to_move"]
        return CHANCE if who == "chance" else TERMINAL if who is None else int(who)

    @property
    def names(self) -> list[str]:
        return [s["name"] or f"Seat {s['seat']}" for s in self.frame["seats"]]

    def is_person(self, seat: int) -> bool:
        return self.frame["seats"][seat]["bot"] is None

    def is_over(self) -> bool:
        return self.frame.get("outcome") is not None

    def observation(self) -> dict[str, Any]:
        view: dict[str, Any] = self.frame["view"]
        return view

    def legal(self) -> list[str]:
        return [a["text"] for a in self.frame["legal"]]

    def outcome(self) -> Outcome:
        o = self.frame["outcome"]
        columns = tuple((c["key"], tuple(c["values"])) for c in o.get("columns", []))
        return Outcome(tuple(o["scores"]), tuple(o["ranks"]), tuple(o["winners"]), o["termination"], columns)

    # --- acting and waiting -------------------------------------------------------------------
    def submit(self, text: str) -> None:
        """Send this seat's move as typed; wait until the table has it, or raise the server's refusal."""
        at = self.at
        self.refusal = None
        self.ws.send(json.dumps({"type": "act", "action": text, "at": at}))
        self._wait(lambda f: f["at"] > at, TIMEOUT)
        if self.refusal is not None:
            raise IllegalActionError(self.refusal)

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the table to change (someone else's move, a seat taken…)."""
        at, count = self.at, len(self.events)
        self._wait(lambda f: f["at"] != at or len(self.events) != count or f.get("outcome") is not None, timeout)

    def record(self) -> dict[str, Any]:
        """The game record (the server gives it once the game is over)."""
        data: dict[str, Any] = request(self.server, "GET", f"/api/tables/{urllib.parse.quote(self.table_id)}/record")
        return data

    def close(self) -> None:
        self._open.close()
