"""Which instance drives which table, and the driving: the chance, bots and clock of a table in play are played by
the one instance that holds its lease in the store. An instance renews its leases a few times per lease period,
takes the expired ones (their instance died), gives them all up when it stops, and runs a driver task for every
table it holds.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math

from ..table import StaleActionError
from .base import HubBase
from .live import OVER, PLAYING, PRESENCE_SECONDS, LiveTable
from .ratings import RATING_SWEEP_SECONDS
from .storage import ActionConflict, LeaseLost, TableNotFound

LEASE_SECONDS = 4.0
"""How long a lease lasts unless renewed (renewed four times as often): a dead instance's tables are taken over
this long after its last renewal, at most."""

log = logging.getLogger("ludotheque.server")


class LeasesMixin(HubBase):
    """The tables this instance drives: their leases, and the driver task of each."""

    def driven(self) -> int:
        """Tables in play (every seat taken, not over) whose chance, bots and clock this instance drives."""
        return sum(1 for live in self.live.values() if live.driving and live.stored.status == PLAYING)

    async def drain(self) -> None:
        """A graceful stop: say not ready, let every driver finish its step, give up the leases (another instance
        takes them at once) and tell the others. Connections are closed by the server afterwards."""
        if self._released:
            return
        self.draining = self._released = True
        if self._leases is not None:
            self._leases.cancel()
        drivers = [live.driver for live in self.live.values() if live.driver is not None]
        for live in self.live.values():
            live.driving = False
            live.wake.set()
        if drivers:
            await asyncio.wait(drivers, timeout=5)
        with contextlib.suppress(Exception):
            released = await self.lease_db(self.store.release_leases, self.instance, None)
            await self._publish(None, {"kind": "released"})
            log.info("leases given up", extra={"instance": self.instance, "tables": released})

    # --- leases: which instance drives which table -----------------------------------------------
    async def _keep_leases(self) -> None:
        """Renew this instance's leases and take the expired ones, a few times per lease period; say which seats
        are connected here now and then."""
        said = swept = self.clock()
        while not self._released:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._sweep.wait(), self.lease_seconds / 4)
            self._sweep.clear()
            try:
                await self._lease_round()
            except Exception:  # the database away for a moment: the next round tries again
                log.exception("lease round failed", extra={"instance": self.instance})
            if self.clock() - swept >= RATING_SWEEP_SECONDS:
                swept = self.clock()
                self._spawn(self.sweep_ratings())
            if self.clock() - said >= PRESENCE_SECONDS:
                said = self.clock()
                for live in list(self.live.values()):
                    if live.clients:
                        await self._say_online(live)

    async def _lease_round(self, first: bool = False) -> None:
        now = self.clock()
        until = now + self.lease_seconds
        held = await self.lease_db(self.store.renew_leases, self.instance, until)
        for live in list(self.live.values()):
            if live.driving and live.id not in held:
                live.driving = False
                live.wake.set()
                self.metrics.leases_lost.inc()
                log.warning("lease lost", extra={"instance": self.instance, "table": live.id})
        # on a SQLite file this instance is the whole site: every lease is its own at once; a stopping instance
        # takes no more
        expired_before = now if self.store.shared else math.inf
        claimed = [] if self.draining else \
            await self.lease_db(self.store.claim_leases, self.instance, expired_before, until, 500)
        mine = sorted(t for t in held if not (t in self.live and self.live[t].driving))
        waiting = [t for t in mine + claimed if t not in self._taking]
        self._taking.update(waiting)

        async def take(table_id: str) -> None:
            try:
                async with self._take_at_once:
                    await self._take(table_id, taken_over=table_id in claimed and not first)
            finally:
                self._taking.discard(table_id)

        # many tables at once after another instance died: read side by side, and not in the way of the next
        # renewal (the first round, at start, waits for them)
        work = asyncio.gather(*(take(t) for t in waiting))
        if first:
            await work
        else:
            self._spawn(work)
        self.metrics.tables_in_progress.set(self.driven())
        self.metrics.tables_live.set(len(self.live))

    async def _take(self, table_id: str, taken_over: bool) -> None:
        """Drive a table whose lease this instance now holds (reading what it missed first)."""
        try:
            live = await self.open(table_id)
        except TableNotFound:
            return
        async with live.lock:
            await self._catch_up(live)
        if live.stored.status == OVER or live.driving:
            return
        self._start_driving(live)
        if taken_over:
            self.metrics.takeovers.inc()
            log.info("table taken over", extra={"instance": self.instance, "table": table_id, "at": live.table.at})

    def _start_driving(self, live: LiveTable) -> None:
        live.driving = True
        if live.driver is None or live.driver.done():
            live.driver = asyncio.create_task(self._drive(live), name=f"table-{live.id}")
        live.wake.set()
    # --- the table's own moves: chance, bots, the clock -------------------------------------------------
    async def _drive(self, live: LiveTable) -> None:
        """Chance, bots and the clock, while this instance holds the lease and the game goes on. Bots think on a
        copy, off the loop."""
        while live.driving and not live.table.is_over():
            live.wake.clear()
            table = live.table
            kind = None if live.waiting else table.due()
            try:
                if kind == "chance":
                    async with live.lock:
                        while live.table.due() == "chance":
                            live.table.draw_chance()
                        await self._store_moves(live, lease=True)
                    await self._told(live)
                    continue
                if kind is not None:
                    seat, at = table.to_move, table.at
                    bot, view = table.thinker(seat)
                    action = await asyncio.to_thread(bot.choose, view)
                    if not live.driving:
                        break
                    async with live.lock:
                        try:
                            live.table.submit(seat, action, at, by=kind)
                        except StaleActionError:  # the table moved on while the bot thought: think again
                            continue
                        while live.table.due() == "chance":
                            live.table.draw_chance()
                        await self._store_moves(live, lease=True)
                    await self._told(live)
                    continue
            except LeaseLost:
                live.driving = False
                self.metrics.leases_lost.inc()
                log.warning("lease lost", extra={"instance": self.instance, "table": live.id})
                break
            except ActionConflict:  # a person's move elsewhere came first: the table has read it, go on
                await self._told(live)
                continue
            except Exception:  # the database away: what is stored is what counts; try again shortly
                log.exception("table step failed", extra={"instance": self.instance, "table": live.id})
                await asyncio.sleep(1.0)
                continue
            due = None if live.waiting else table.next_due()
            wait = None if due is None else max(0.0, due - self.clock())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(live.wake.wait(), wait)
        live.driving = live.driving and not live.table.is_over()
        self.metrics.tables_in_progress.set(self.driven())
        if not live.clients and not live.driving:
            self.forget(live)
