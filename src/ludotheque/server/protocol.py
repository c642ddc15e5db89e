"""What goes over a table's WebSocket (documented in docs/protocol.md).

Every frame a connection receives is built here from its own seat's observation and log (``seen_by``), so no
message can carry another seat's secret: one function, applied to every message (boardgame.io's playerView).
"""

from __future__ import annotations

import time
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..bots.levels import bot_title
from ..cli.render import Renderer, View, get_renderer
from ..engine.errors import LudoError
from ..engine.game import Game, get_game
from ..engine.i18n import Catalog
from ..engine.match import Match
from ..engine.state import TERMINAL, Outcome, State
from .live import OVER, WAITING, Client, LiveTable

if TYPE_CHECKING:
    from ..bots.hints import Hint

SERVER_TEXTS = Catalog.load("ludotheque.server")
"""The shared page's texts, and the server's own refusals."""
MAX_MESSAGE_BYTES = 4096
"""The largest message a client may send."""
MAX_CHAT_CHARS = 300
MAX_NAME_CHARS = 40
RATE_PER_SECOND = 8.0
"""Messages a connection may send per second, on average…"""
RATE_BURST = 20
"""…and at most this many at once."""


def frame(live: LiveTable, client: Client, online: set[int]) -> dict[str, Any]:
    """The table as ``client`` may see it, with the events and chat it has not been sent yet."""
    table = live.table
    match = table.match
    game = match.game
    seat, lang = client.seat, client.lang
    names = [s.name for s in match.seats]
    obs = match.state.observation(seat)
    to_move = table.to_move
    mine = seat is not None and to_move == seat and not live.waiting and table.is_person(seat)
    legal = [a.text() for a in match.legal_actions()] if mine else []
    renderer = get_renderer(game)
    view = View(game, obs, seat, lang, names, legal)
    start = client.events
    events = table.log(seat, start)
    client.events = len(match.events)
    chat = live.chat[client.chat:]
    client.chat = len(live.chat)
    outcome = match.state.outcome() if table.is_over() else None
    out = set(match.state.seats_out())
    return {
        "type": "state",
        "table": live.id,
        "game": game.info.name,
        "title": game.info.title(lang),
        "status": live.stored.status,
        "rated": live.stored.rated,
        "at": table.at,
        "seat": seat,
        "to_move": None if to_move == TERMINAL else ("chance" if to_move < 0 else to_move),
        "seats": [{"seat": s.seat, "name": s.name, "bot": s.bot, "kind": bot_title(s.bot, lang) if s.bot else None,
                   "taken": s.taken or s.bot is not None,
                   "reserved": s.reserved, "online": s.seat in online, "out": s.seat in out,
                   "account": s.account is not None}
                  for s in live.stored.seats],
        "view": obs,
        "legal": [{"text": t, **shown(renderer, view, t)} for t in legal],
        "events_from": start,
        "events": [{"kind": e.kind, "args": e.args, "text": game.describe(e, lang, names)} for e in events],
        "clock": {"deadline": table.deadline, "now": time.time(), "move_seconds": table.move_seconds},
        "chat": [{"name": c.name, "seat": c.seat, "text": c.text, "said": c.said} for c in chat],
        "outcome": None if outcome is None else outcome_json(game, outcome, names, lang),
    }


def shown(renderer: Renderer, view: View, action: str) -> dict[str, str]:
    """A move as the page shows it to ``view``'s seat: the words a person reads (and may type back) and its
    button's short explanation."""
    return {"words": renderer.action_words(action, view.lang), "label": renderer.action_label(view, action)}


def hint_message(live: LiveTable, client: Client, at: int, state: State, found: Sequence[Hint]) -> dict[str, Any]:
    """The best moves a hint found for ``client``'s seat in ``state`` (after ``at`` moves), each with its chance,
    its reasons in both languages, and shown as the page shows a move, so that one off the listed choices (Stack
    Market's exact aims) reads as well as any and can be played."""
    match = live.table.match
    game, seat = match.game, client.seat
    view = View(game, state.observation(seat), seat, client.lang, [s.name for s in match.seats],
                [a.text() for a in state.legal_actions()])
    renderer = get_renderer(game)
    names = [s.name or str(s.seat + 1) for s in live.stored.seats]
    return {"type": "hint", "at": at,
            "moves": [{**h.to_json(game, names), **shown(renderer, view, h.action)} for h in found]}


def spectator_frame(match: Match, table_id: str, lang: str, count: int) -> dict[str, Any]:
    """A replay's frame: the public view after the match's actions, and every public event so far."""
    game = match.game
    names = [s.name for s in match.seats]
    to_move = match.state.current_player
    outcome = match.state.outcome() if match.is_over() else None
    return {
        "type": "replay", "table": table_id, "game": game.info.name, "title": game.info.title(lang),
        "status": "over" if outcome else "playing", "at": len(match.history), "count": count, "seat": None,
        "to_move": None if to_move == TERMINAL else ("chance" if to_move < 0 else to_move),
        "seats": [{"seat": i, "name": s.name, "bot": s.bot, "kind": bot_title(s.bot, lang) if s.bot else None,
                   "taken": True, "reserved": False, "online": False,
                   "out": i in match.state.seats_out()} for i, s in enumerate(match.seats)],
        "view": match.state.observation(None), "legal": [], "events_from": 0,
        "events": [{"kind": e.kind, "args": e.args, "text": game.describe(e, lang, names)}
                   for e in match.log_for(None)],
        "clock": {"deadline": None, "now": time.time(), "move_seconds": None}, "chat": [],
        "outcome": None if outcome is None else outcome_json(game, outcome, names, lang),
    }


def refusal(game: Game, lang: str, error: LudoError, at: int) -> dict[str, Any]:
    """A refused message, said in the client's language where the game's catalogue (or, for the table's own
    refusals, the server's) can."""
    said = game.catalog.reason(lang, error.reason) or SERVER_TEXTS.reason(lang, error.reason) or str(error)
    return {"type": "error", "message": said, "at": at}


def server_refusal(lang: str, key: str, at: int) -> dict[str, Any]:
    """A refusal of the server's own (``[error]`` in its catalogue), in the client's language."""
    return {"type": "error", "message": SERVER_TEXTS.t(lang, f"error.{key}"), "at": at}


def clean_text(text: Any, limit: int) -> str:
    """A person's text (a name, a chat line): no control characters, spaces folded, at most ``limit`` characters.
    Browsers show it as text, never as markup."""
    if not isinstance(text, str):
        return ""
    kept = "".join(" " if unicodedata.category(c).startswith("Z") or c in "\t\n\r" else c
                   for c in text if not unicodedata.category(c).startswith("C") or c in "\t\n\r")
    return " ".join(kept.split())[:limit]


@dataclass
class RateLimit:
    """A token bucket: ``allow()`` is False when a connection sends faster than ``RATE_PER_SECOND`` on average
    (``RATE_BURST`` at once). Other rates serve other limits (failed logins: ``accounts.Throttle``)."""

    per_second: float = RATE_PER_SECOND
    burst: float = RATE_BURST
    tokens: float | None = None
    """Tokens left (a new bucket is full)."""
    last: float = field(default_factory=time.monotonic)

    def refill(self) -> float:
        """The tokens now (refilled since the last look)."""
        now = time.monotonic()
        self.tokens = min(self.burst, (self.burst if self.tokens is None else self.tokens)
                          + (now - self.last) * self.per_second)
        self.last = now
        return self.tokens

    def allow(self) -> bool:
        tokens = self.refill()
        if tokens < 1:
            return False
        self.tokens = tokens - 1
        return True

    def wait(self) -> float:
        """Seconds until one more is allowed (0: now)."""
        return max(0.0, (1 - self.refill()) / self.per_second)

    def spend(self) -> None:
        self.tokens = self.refill() - 1


def outcome_json(game: Game, outcome: Outcome, names: list[str], lang: str) -> dict[str, Any]:
    """A finished game's outcome as a page shows it: the seats' names, and what decided the ranking when the score
    alone does not (``Outcome.columns``), each column's heading in ``lang`` with its catalogue key."""
    columns = [{"key": key, "title": game.catalog.t(lang, key), "values": list(values)}
               for key, values in outcome.columns]
    return {**outcome.to_json(), "names": names, **({"columns": columns} if columns else {})}


def lobby_entry(stored: Any, lang: str) -> dict[str, Any]:
    """A table as the lobby lists it (public: no token, no seed)."""
    game = get_game(stored.game)
    return {"id": stored.id, "game": stored.game, "title": game.info.title(lang), "players": stored.players,
            "options": stored.options, "status": stored.status, "rated": stored.rated, "created": stored.created,
            "move_seconds": stored.move_seconds, "bot_delay_ms": stored.bot_delay_ms,
            "seats": [{"seat": s.seat, "name": s.name, "bot": s.bot, "reserved": s.reserved,
                       "kind": bot_title(s.bot, lang) if s.bot else None, "taken": s.taken or s.bot is not None,
                       "settings": s.settings, "account": s.account is not None}
                      for s in stored.seats],
            "result": stored.result if stored.status == OVER else None,
            "open_seats": [s.seat for s in stored.seats if s.bot is None and not s.taken]
            if stored.status == WAITING else []}
