"""The moves played at a table by its people, and the chat said there. Every move is stored before anybody hears of
it: the table applies it in memory under its lock, the new moves are written in one transaction, and only then are
the connections told (here, and at the other instances). If writing fails, the table is rebuilt from what is stored.
"""

from __future__ import annotations

import contextlib
import time
from dataclasses import asdict

from ..engine.errors import LudoError, OptionError, Reason
from ..engine.state import CHANCE
from ..table import StaleActionError
from .base import HubBase
from .live import OVER, Client, LiveTable, _with
from .storage import ActionConflict, ChatLine, StoredAction


class MovesMixin(HubBase):
    """A person's moves and chat, and the storing of every move (the driver's too)."""

    # --- moves ------------------------------------------------------------------------------------
    async def submit(self, live: LiveTable, seat: int, action: str, at: int) -> None:
        """A person's move: refused with a ``LudoError`` (nothing changes), or stored with the chance events it
        calls for, then everybody told (here, and at the other instances through the bus)."""
        received = time.perf_counter()
        try:
            async with live.lock:
                if live.waiting:
                    raise OptionError("the game starts when every seat is taken")
                if at > live.table.at:  # the seat saw moves this copy has not heard of yet
                    await self._catch_up(live)
                live.table.submit(seat, action, at)
                while live.table.due() == "chance":
                    live.table.draw_chance()
                await self._store_moves(live)
        except LudoError as error:
            reason = "conflict" if isinstance(error, ActionConflict) else \
                "stale" if isinstance(error, StaleActionError) else "illegal"
            self.metrics.refused.labels(reason).inc()
            if isinstance(error, ActionConflict):
                await self._told(live)  # the winner's move, which this seat has not seen
                raise StaleActionError("another move was played at this table first: look at the table again and "
                                       "choose anew", Reason("raced")) from None
            raise
        live.wake.set()
        await self._told(live)
        self.metrics.move_latency.observe(time.perf_counter() - received)

    async def say(self, live: LiveTable, client: Client, text: str) -> None:
        name = live.stored.seats[client.seat].name or "?" if client.seat is not None else "spectator"
        line = ChatLine(name, client.seat, text, self.clock())
        await self.db(self.store.add_chat, live.id, line)
        live.chat.append(line)
        await self._publish(live.id, {"kind": "chat", "line": asdict(line)})
        await self._told(live)

    async def _store_moves(self, live: LiveTable, lease: bool = False) -> None:
        """Write the moves not stored yet (called under the table's lock), then tell the other instances. On
        failure, the table in memory goes back to what is stored (and reads the moves that won, after a conflict).
        ``lease``: moves only the table's driver may make, written only while this instance holds the lease."""
        table = live.table
        if table.at == live.stored_actions:
            return
        start = live.stored_actions
        history = table.match.history
        new = [StoredAction(i, f"{'chance' if actor == CHANCE else actor}: {action.text()}", table.played[i].time,
                            table.played[i].by)
               for i, (actor, action) in enumerate(history[start:], start=start)]
        status = result = finished = None
        if table.is_over():
            status, result, finished = OVER, table.match.state.outcome().to_json(), self.clock()
        held = (self.instance, self.clock() + self.lease_seconds) if lease else None
        try:
            await self.db(self.store.append_actions, live.id, new, status, result, finished, held)
        except BaseException as error:
            self._roll_back(live)
            if isinstance(error, ActionConflict):
                with contextlib.suppress(Exception):
                    await self._catch_up(live)
            raise
        live.stored_actions = table.at
        for a in new:
            self.metrics.moves.labels(a.by).inc()
        if status is not None:
            live.stored = _with(live.stored, status=status, result=result, finished=finished)
            if status == OVER and live.stored.rated:  # before anybody hears of the end, here or elsewhere
                await self.apply_rating(live.id)
        await self._publish(live.id, {"kind": "moves", "start": start, "sent": time.time(),
                                      "actions": [[a.text, a.played, a.by] for a in new],
                                      "status": status, "result": result, "finished": finished})

    def _roll_back(self, live: LiveTable) -> None:
        """The table in memory as the database has it: its first ``stored_actions`` moves (nobody was told of the
        others)."""
        old = live.table
        stored = [StoredAction(i, text, played.time, played.by)
                  for i, (text, played) in enumerate(zip(old.record().actions, old.played, strict=True))]
        live.table = self._table(live.stored, stored[:live.stored_actions])
