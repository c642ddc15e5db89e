"""The tables a server holds live: each one a table service (``ludotheque.table.Table``) rebuilt from its stored
moves, with its connections, a lock, and a driver task that plays chance, bots and the clock.

Every move is stored before anybody hears of it: the table applies it in memory under its lock, the new moves
are written in one transaction, and only then are the connections told. If writing fails, the table is rebuilt
from what is stored, so memory never runs ahead of the database.

A ``Hub`` is put together from parts, one module each, that it inherits: ``leases`` (which instance drives which
table, and the driving), ``cluster`` (what the instances tell each other), ``tables`` (creating, opening and
forgetting tables), ``seats`` (seats and connections), ``moves`` (moves and chat, and how they are stored),
``ratings`` and ``extras`` (a game's extras, and hints). ``base`` holds what the parts share, ``live`` the data they
work on (re-exported here), ``tokens`` the secret ids.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from .base import Clock
from .bus import Bus, LocalBus
from .cluster import ClusterMixin
from .extras import ExtrasMixin
from .leases import LEASE_SECONDS, LeasesMixin
from .live import OVER, PLAYING, PRESENCE_SECONDS, WAITING, Client, Listener, LiveTable, SeatSpec, TableSpec
from .metrics import Metrics
from .moves import MovesMixin
from .ratings import RATING_SWEEP_SECONDS, RatingsMixin
from .seats import PRESENCE_DELAY, SeatsMixin
from .storage import Store
from .tables import TablesMixin, seat_settings
from .tokens import command_line_safe_id, hash_token, new_token

BOT_SECONDS = 10.0
"""The longest a table's bot thinks over one move on a server, whatever its spec asks: a table made with
``mcts:seconds=3600`` (or a huge iteration budget) must not hold one of the instance's threads for an hour. Ten times
the strongest level's second."""

log = logging.getLogger("ludotheque.server")


def default_instance() -> str:
    """This instance's name when none is given: the machine and the process."""
    return f"{socket.gethostname()}:{os.getpid()}"


class Hub(LeasesMixin, ClusterMixin, TablesMixin, SeatsMixin, MovesMixin, RatingsMixin, ExtrasMixin):
    """Every live table of one server instance, and its part in the site: the leases it holds (the tables whose
    chance, bots and clock it drives) and the bus that tells the other instances what happened here."""

    def __init__(self, store: Store, clock: Clock = time.time, *, bus: Bus | None = None,
                 instance: str | None = None, lease_seconds: float = LEASE_SECONDS,
                 metrics: Metrics | None = None, bot_seconds: float = BOT_SECONDS) -> None:
        self.store = store
        self.bot_seconds = bot_seconds
        """The longest a table's bot thinks over a move here (``BOT_SECONDS``), whatever its spec asks."""
        self.clock = clock
        self.bus: Bus = bus or LocalBus()
        self.instance = instance or default_instance()
        self.lease_seconds = lease_seconds
        self.metrics = metrics or Metrics(self.instance)
        self.live: dict[str, LiveTable] = {}
        self._db = ThreadPoolExecutor(max_workers=8 if store.shared else 1, thread_name_prefix="ludo-db")
        self._lease_db = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ludo-leases")
        """Leases and the readiness check have a thread of their own: moves queued in ``_db`` never delay a
        renewal (a late renewal would hand the table to another instance)."""
        self._loading: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._leases: asyncio.Task[None] | None = None
        self._sweep = asyncio.Event()
        self.draining = False
        """Stopping: readiness says no (the balancer sends nobody new here), then the leases are given up and the
        connections move to other instances."""
        self._released = False
        self._taking: set[str] = set()
        """Tables being taken over (read from the store) now."""
        self._take_at_once = asyncio.Semaphore(8)
        self.on_update: Listener | None = None
        """Called after a table changed and its moves are stored (the server sends the new frames)."""

    # --- the instance's life ---------------------------------------------------------------------
    async def start(self) -> None:
        """Join the site: listen to the other instances, take the tables nobody drives (after a restart: every
        table still in play, at once on SQLite, where this instance is the only one), and keep the leases."""
        await self.bus.start(self._heard, self._resync)
        await self._lease_round(first=True)
        self._spawn(self.sweep_ratings())
        self._leases = asyncio.create_task(self._keep_leases(), name="leases")
        log.info("instance started", extra={"instance": self.instance, "driving": self.driven()})

    async def close(self) -> None:
        if self._leases is not None:
            self._leases.cancel()
        for live in self.live.values():
            live.driving = False
            if live.driver is not None:
                live.driver.cancel()
        await asyncio.gather(*(lv.driver for lv in self.live.values() if lv.driver), *self._tasks,
                             return_exceptions=True)
        await self.bus.close()
        self._db.shutdown(wait=True)
        self._lease_db.shutdown(wait=True)


__all__ = ["BOT_SECONDS", "LEASE_SECONDS", "OVER", "PLAYING", "PRESENCE_DELAY", "PRESENCE_SECONDS",
           "RATING_SWEEP_SECONDS", "WAITING", "Client", "Hub", "Listener", "LiveTable", "SeatSpec",
           "TableSpec", "command_line_safe_id", "default_instance", "hash_token", "new_token", "seat_settings"]
