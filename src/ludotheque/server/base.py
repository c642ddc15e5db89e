"""What every part of a ``Hub`` shares: the state it holds (set by ``Hub.__init__``), the threads its storage calls
run on, its background tasks, and the call that tells the server a table changed.

The parts (the mixins of ``leases``, ``cluster``, ``tables``, ``seats``, ``moves``, ``ratings`` and ``extras``) call
one another through ``self``: the methods one part calls in another are declared here for the type checker, and
defined in their own part.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from .bus import Bus
from .live import Listener, LiveTable
from .metrics import Metrics
from .storage import Store

if TYPE_CHECKING:
    from ..table import Table
    from .storage import StoredAction, StoredTable

T = TypeVar("T")
Clock = Callable[[], float]

log = logging.getLogger("ludotheque.server")


class HubBase:
    """The state and the plumbing of a ``Hub`` that its parts share (``Hub.__init__`` says what each is)."""

    store: Store
    bot_seconds: float
    clock: Clock
    bus: Bus
    instance: str
    lease_seconds: float
    metrics: Metrics
    live: dict[str, LiveTable]
    _db: ThreadPoolExecutor
    _lease_db: ThreadPoolExecutor
    _loading: dict[str, asyncio.Lock]
    _tasks: set[asyncio.Task[Any]]
    _leases: asyncio.Task[None] | None
    _sweep: asyncio.Event
    draining: bool
    _released: bool
    _taking: set[str]
    _take_at_once: asyncio.Semaphore
    on_update: Listener | None

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a storage call off the event loop (on SQLite, in order with the others)."""
        return await asyncio.get_running_loop().run_in_executor(self._db, partial(fn, *args))

    async def lease_db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a lease (or readiness) storage call on its own thread."""
        return await asyncio.get_running_loop().run_in_executor(self._lease_db, partial(fn, *args))

    def _spawn(self, work: Awaitable[Any]) -> None:
        task: asyncio.Task[Any] = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("news from another instance failed", exc_info=task.exception(),
                      extra={"instance": self.instance})

    async def _told(self, live: LiveTable) -> None:
        if self.on_update is not None:
            await self.on_update(live)

    if TYPE_CHECKING:  # defined by one part, called by others
        async def open(self, table_id: str) -> LiveTable: ...
        async def _load(self, table_id: str) -> LiveTable: ...
        def _table(self, stored: StoredTable, actions: list[StoredAction]) -> Table: ...
        def forget(self, live: LiveTable) -> None: ...
        async def _take(self, table_id: str, taken_over: bool) -> None: ...
        async def _catch_up(self, live: LiveTable) -> None: ...
        async def _publish(self, table_id: str | None, message: dict[str, Any]) -> None: ...
        def _presence_changed(self, live: LiveTable, here: bool = True) -> None: ...
        async def _say_online(self, live: LiveTable) -> None: ...
        async def _store_moves(self, live: LiveTable, lease: bool = False) -> None: ...
        async def apply_rating(self, table_id: str) -> list[dict[str, Any]] | None: ...
        async def sweep_ratings(self) -> int: ...
