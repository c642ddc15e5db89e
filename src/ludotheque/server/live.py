"""The data the hub's parts work on: a table held live in memory (with its connections, lock and driver), one
connection at it, what creating a table asks for (``TableSpec``, ``SeatSpec``), and a table's statuses."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import Any

from ..table import Table
from .storage import Account, ChatLine, StoredTable

WAITING, PLAYING, OVER = "waiting", "playing", "over"
PRESENCE_SECONDS = 10.0
"""How often an instance says again which seats are connected to it (the others forget it after 2.5 times that)."""


@dataclass
class Client:
    """One connection at a table: a seat's (proven by its token) or a spectator's (``seat`` None)."""

    seat: int | None
    lang: str
    send: Callable[[dict[str, Any]], Awaitable[None]]
    events: int = 0
    """How many of the table's events this connection has been sent."""
    chat: int = 0
    """How many chat lines it has been sent."""
    hinting: bool = False
    """A hint is being thought out for this connection (one at a time)."""


@dataclass
class LiveTable:
    stored: StoredTable
    table: Table
    stored_actions: int
    """Moves written to the database (the table's history beyond this is not stored yet)."""
    chat: list[ChatLine] = field(default_factory=list)
    clients: list[Client] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    driver: asyncio.Task[None] | None = None
    driving: bool = False
    """This instance holds the table's lease: it plays its chance, bots and clock (one instance at a time)."""
    remote_online: dict[str, tuple[frozenset[int], float]] = field(default_factory=dict)
    """Per other instance: the seats connected there, and when it said so."""
    presence_pending: bool = False
    """Everybody is to be told who is connected, in a moment."""
    presence_here: bool = False
    """…and the other instances too, since it changed here."""
    extras: dict[tuple[int, str, int | None], asyncio.Future[Any]] = field(default_factory=dict)
    """The game's extras asked for (``Game.table_extra``), by (actions played, name, viewer): kept until the
    next move, shared by everybody asking at once."""

    @property
    def id(self) -> str:
        return self.stored.id

    @property
    def waiting(self) -> bool:
        """Some person's seat is still free: nothing moves until every seat is taken."""
        return any(s.bot is None and not s.taken for s in self.stored.seats)

    def local_seats(self) -> frozenset[int]:
        return frozenset(c.seat for c in self.clients if c.seat is not None)

    def online(self, now: float) -> set[int]:
        """The seats connected to the site: here, or at another instance that said so lately."""
        seats = set(self.local_seats())
        for held, said in self.remote_online.values():
            if now - said < PRESENCE_SECONDS * 2.5:
                seats |= held
        return seats


@dataclass(frozen=True)
class SeatSpec:
    """A seat as asked for when a table is created: a bot by name, or a person's (open, or for ``name``)."""

    name: str | None = None
    bot: str | None = None
    settings: dict[str, Any] = field(default_factory=dict)
    """The seat's own settings (the game's seat options; those left out take their defaults)."""


@dataclass(frozen=True)
class TableSpec:
    game: str
    players: int
    options: dict[str, Any]
    seats: list[SeatSpec]
    bot_delay_ms: int = 600
    move_seconds: float | None = None
    rated: bool = False
    """Only accounts sit at its person seats; the result changes their ratings (and its bots')."""
    creator: Account | None = None
    """Who asks for the table (None: a guest, who may not create a rated table)."""


Listener = Callable[[LiveTable], Awaitable[None]]


def _with(stored: StoredTable, **changes: Any) -> StoredTable:
    return replace(stored, **changes)
