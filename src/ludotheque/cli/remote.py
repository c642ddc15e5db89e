"""``ludo play --server URL --table ID``: a seat at a server's table, played from the terminal, so that terminal and
browser players share a table. The screen is the game's own terminal screen, drawn from the frames the server
sends for this seat (``RemoteTable``); moves are sent as typed, numbers standing for the listed choices.

A seat taken here keeps its secret token in ``$XDG_DATA_HOME/ludotheque/seats.json`` (``~/.local/share`` by
default), so the same command comes back to the same seat.
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable
from getpass import getpass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from ..engine.errors import IllegalActionError, OptionError
from ..table.remote import RemoteTable, ServerError, request
from .outcome import print_outcome
from .output import Screen, fold_lines
from .play import InputFn
from .render import View, get_renderer, screen, wrapped
from .texts import UI

PASSWORD_VARIABLE = "LUDO_PASSWORD"
"""Where ``--account`` reads its password from, if set (for scripts); else it is asked, not echoed."""
_QUIT = {"quit", "quitter", "exit"}
_LOG = {"log", "journal"}
_HELP = {"help", "aide", "?"}


def seats_file() -> Path:
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "ludotheque" / "seats.json"


def _saved_tokens() -> dict[str, str]:
    try:
        data = json.loads(seats_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)} if isinstance(data, dict) \
        else {}


def _keep_token(key: str, token: str) -> None:
    tokens = _saved_tokens()
    tokens[key] = token
    path = seats_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(tokens, indent=1), encoding="utf-8")
    path.chmod(0o600)


def seat_token(args: argparse.Namespace, lang: str, password: Callable[[str], str] = getpass) -> str | None:
    """The token of this person's seat: given, kept from an earlier visit, or a seat taken now with ``--names`` or
    ``--account`` (logged in first, with the password from ``LUDO_PASSWORD`` or asked: a rated table's seats are
    for accounts)."""
    key = f"{args.server.rstrip('/')}|{args.table}"
    if args.token:
        _keep_token(key, args.token)
        return str(args.token)
    kept = _saved_tokens().get(key)
    account = (getattr(args, "account", None) or "").strip()
    name = (args.names or "").split(",")[0].strip() or account
    if kept or not name:
        return kept
    session = None
    if account:
        secret = os.environ.get(PASSWORD_VARIABLE) or password(UI.t(lang, "remote.password", name=account,
                                                                     server=args.server))
        session = str(request(args.server, "POST", "/api/login", {"name": account, "password": secret})["token"])
    info = request(args.server, "GET", f"/api/tables/{args.table}")
    free = [s["seat"] for s in info["seats"] if not s["taken"] and (not s["reserved"] or s["name"] == name)]
    seat = args.seat if args.seat is not None else (free[0] if free else None)
    if seat is None:
        seats = ", ".join(f"{s['seat']} {s['name'] or '—'}" for s in info["seats"])
        raise OptionError(UI.t(lang, "remote.no_seat", table=args.table, seats=seats))
    try:
        token = str(request(args.server, "POST", f"/api/tables/{args.table}/seats/{seat}", {"name": name},
                            session)["token"])
    except ServerError as refused:
        if refused.key == "rated_guest":
            raise OptionError(UI.t(lang, "remote.rated", table=args.table)) from None
        raise
    _keep_token(key, token)
    return token


def run_remote(args: argparse.Namespace, input_fn: InputFn = input, console: Console | None = None) -> int:
    lang: str = getattr(args, "lang", "en") or "en"
    if not args.table:
        raise OptionError("--server needs --table ID")
    if getattr(args, "seat_option", None):
        raise OptionError(UI.t(lang, "error.remote_seat_option"))
    console = console or Screen()
    table = RemoteTable(args.server, args.table, seat_token(args, lang), lang)
    try:
        return RemoteSession(table, lang, input_fn, console, args.server).run()
    finally:
        table.close()


class RemoteSession:
    """The terminal at a server's table: the screen on this seat's move, the others' moves as they come."""

    def __init__(self, table: RemoteTable, lang: str, input_fn: InputFn, console: Console, server: str) -> None:
        self.table, self.lang, self.input_fn, self.console, self.server = table, lang, input_fn, console, server
        self.renderer = get_renderer(table.game)
        self.shown = 0
        """Events printed so far."""

    def say(self, key: str, style: str = "", **fields: Any) -> None:
        self.console.print(wrapped(UI.t(self.lang, key, **fields), self.console.width, style))

    def run(self) -> int:
        t = self.table
        if t.seat is None:
            self.say("remote.watching", "cyan", table=t.table_id, server=self.server)
        else:
            self.say("remote.joined", "cyan", seat=t.seat, name=t.names[t.seat], table=t.table_id, server=self.server)
        while not t.is_over():
            self.print_events()
            if t.seat is not None and t.to_move == t.seat and t.legal():
                if not self.decide():
                    self.say("remote.left", "cyan", path=str(seats_file()))
                    return 0
            else:
                waiting = t.frame.get("status") == "waiting"
                who = t.names[t.to_move] if t.to_move >= 0 else ""
                self.say("remote.waiting_seats" if waiting else "remote.waiting", "dim", name=who)
                t.wait()
        self.print_events()
        print_outcome(self.console, t.game, self.lang, t.names, t.outcome())
        return 0

    def print_events(self) -> None:
        events = self.table.events[self.shown:]
        self.shown = len(self.table.events)
        names = self.table.names
        for line in fold_lines(self.table.game.describe(e, self.lang, names) for e in events):
            self.console.print(wrapped(f"• {line}", self.console.width, indent="  "))

    def decide(self) -> bool:
        """Ask for this seat's move until the server takes one; False to leave."""
        t = self.table
        legal = t.legal()
        view = View(t.game, t.observation(), t.seat, self.lang, t.names, legal, self.console.width)
        menu = getattr(self.renderer, "menu", None)  # a game's short list where its moves are many (aims)
        legal = list(menu(view, legal)) if menu is not None else legal
        typed = getattr(self.renderer, "check_typed", None)
        for part in screen(self.renderer, view):
            self.console.print(part)
        for i, text in enumerate(legal, 1):
            label = self.renderer.action_label(view, text)
            words = self.renderer.action_words(text, self.lang)
            self.console.print(Text.assemble((f"{i:>3} ", "bold cyan"), (words, "bold"), (f"  {label}", "dim")))
        while True:
            try:
                raw = self.input_fn(UI.t(self.lang, "screen.prompt")).strip()
            except EOFError:
                return False
            word = raw.split(" ")[0].lower()
            if word in _QUIT:
                return False
            if word in _HELP or not raw:
                self.say("remote.help", "dim")
                continue
            if word in _LOG:
                self.shown = 0
                self.print_events()
                continue
            text = legal[int(raw) - 1] if raw.isdigit() and 1 <= int(raw) <= len(legal) else raw
            doubt = typed(view, text) if typed is not None and text == raw else None
            if doubt is not None:
                self.say("remote.refused", "bold red", reason=t.game.catalog.reason(self.lang, doubt) or doubt.key)
                continue
            try:
                t.submit(text)
                return True
            except IllegalActionError as e:
                self.say("remote.refused", "bold red", reason=str(e))
