"""Who sits at a table and who is connected to it: a seat taken (and its secret token), a token checked, connections
coming and going, and who is online told to everybody at the table, here and at the other instances.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace

from ..engine.errors import OptionError
from .base import HubBase
from .errors import Refusal
from .live import PLAYING, WAITING, Client, LiveTable, _with
from .storage import Account, AlreadySeated
from .tokens import hash_token, new_token

PRESENCE_DELAY = 0.05
"""Comings and goings within this many seconds are told to a table's connections in one frame."""


class SeatsMixin(HubBase):
    """Seats and connections."""

    # --- seats and connections ----------------------------------------------------------------------
    async def take_seat(self, live: LiveTable, seat: int, name: str, account: Account | None = None) -> str:
        """Seat ``name`` at an open seat (or the one reserved for that name); its new secret token. At a rated
        table only an ``account`` sits, under its own name, once; the seat it already holds gets a new token (its
        holder plays from another browser; the old token opens no more connections)."""
        if not 0 <= seat < live.stored.players:
            raise OptionError(f"seat {seat}: the seats are 0 to {live.stored.players - 1}")
        token = new_token()
        rated = live.stored.rated
        if rated:
            if account is None:
                raise Refusal("this table is rated: log in to take one of its seats", "rated_guest", 401)
            name = account.name
            if await self.db(self.store.reclaim_seat, live.id, seat, account.id, hash_token(token)):
                return token
        try:
            taken = await self.db(self.store.take_seat, live.id, seat, name, hash_token(token),
                                  account.id if rated and account is not None else None)
        except AlreadySeated:
            raise Refusal(f"{name!r} already holds a seat at this table: one seat per account at a rated table",
                          "rated_seated", 409, name=name) from None
        if not taken:
            raise OptionError(f"seat {seat} is not free")
        async with live.lock:
            seats = list(live.stored.seats)
            seats[seat] = replace(seats[seat], name=name, bot=None, taken=True,
                                  account=account.id if rated and account is not None else None)
            live.stored = _with(live.stored, seats=seats)
            # the seat keeps its settings (a steadiness chosen at creation)
            live.table.match.seats[seat] = replace(live.table.match.seats[seat], name=name, bot=None)
            if not live.waiting and live.stored.status == WAITING:
                live.stored = _with(live.stored, status=PLAYING)
                await self.db(self.store.set_status, live.id, PLAYING)
        await self._publish(live.id, {"kind": "seats"})
        live.wake.set()
        await self._told(live)
        return token

    async def seat_of(self, live: LiveTable, token: str) -> int | None:
        return await self.db(self.store.seat_of, live.id, hash_token(token))

    async def connected(self, live: LiveTable, client: Client) -> None:
        live.clients.append(client)
        self.metrics.connections.labels("spectator" if client.seat is None else "seat").inc()
        self._presence_changed(live)

    async def disconnected(self, live: LiveTable, client: Client) -> None:
        if client not in live.clients:
            return
        live.clients.remove(client)
        self.metrics.connections.labels("spectator" if client.seat is None else "seat").dec()
        self._presence_changed(live)
        self.forget(live)

    def _presence_changed(self, live: LiveTable, here: bool = True) -> None:
        """Somebody came or went (``here``: at this instance, to be said to the others): everybody at the table is
        told once, a moment later, however many come or go meanwhile (after an instance dies, hundreds of pages
        come back at once)."""
        live.presence_here = live.presence_here or here
        if live.presence_pending:
            return
        live.presence_pending = True

        async def later() -> None:
            await asyncio.sleep(PRESENCE_DELAY)
            live.presence_pending = False
            if live.presence_here:
                live.presence_here = False
                await self._say_online(live)
            await self._told(live)

        self._spawn(later())

    async def _say_online(self, live: LiveTable) -> None:
        await self._publish(live.id, {"kind": "online", "seats": sorted(live.local_seats())})
