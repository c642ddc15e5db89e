"""What the instances of one site tell each other (``bus``), and how a table's copy here keeps in step with the moves
the others store: news applied as it comes, or, when some was missed, the moves read from the database.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from ..engine.errors import LudoError
from ..table import Played
from .base import HubBase
from .live import OVER, LiveTable, _with
from .storage import ChatLine, StoredTable


class ClusterMixin(HubBase):
    """This instance's part in the talk between instances: publishing its news, and following the others'."""

    async def _catch_up(self, live: LiveTable) -> None:
        """Read the moves other instances stored since this copy's last (and the seats and status), under the
        table's lock."""
        stored = await self.db(self.store.table, live.id)
        rows = await self.db(self.store.actions, live.id, live.stored_actions)
        self._follow(live, [(r.idx, r.text, Played(r.played, r.by)) for r in rows])
        self._merge_seats(live, stored)

    def _follow(self, live: LiveTable, moves: list[tuple[int, str, Played]]) -> None:
        """Apply moves stored elsewhere (those this copy has not got); a copy that cannot is rebuilt later."""
        for idx, text, played in moves:
            if idx != live.table.at:
                continue
            live.table.follow(text, played)
        live.stored_actions = live.table.at

    def _merge_seats(self, live: LiveTable, stored: StoredTable) -> None:
        live.stored = _with(stored, status=stored.status if live.stored.status != OVER else OVER)
        for s in stored.seats:
            seat = live.table.match.seats[s.seat]
            if s.bot is None and (seat.bot is not None or (s.name and seat.name != s.name)):
                live.table.match.seats[s.seat] = replace(seat, name=s.name or seat.name, bot=None)

    # --- what the other instances say ------------------------------------------------------------------
    async def _heard(self, table_id: str, message: dict[str, Any]) -> None:
        """A message from another instance (Redis pub/sub), handled in order per table."""
        self.metrics.bus_messages.labels("in").inc()
        if message.get("kind") == "released":  # an instance is stopping: take its tables now
            self._sweep.set()
            return
        live = self.live.get(table_id)
        if live is not None:
            self._spawn(self._apply_heard(live, message))

    async def _apply_heard(self, live: LiveTable, message: dict[str, Any]) -> None:
        kind = message.get("kind")
        async with live.lock:
            if kind == "moves":
                start, moves = int(message["start"]), message["actions"]
                try:
                    if start > live.stored_actions:  # some news was missed: the database has it
                        await self._catch_up(live)
                    else:
                        self._follow(live, [(start + i, text, Played(float(played), str(by)))
                                            for i, (text, played, by) in enumerate(moves)])
                        if message.get("status") == OVER:
                            live.stored = _with(live.stored, status=OVER, result=message.get("result"),
                                                finished=message.get("finished"))
                except LudoError:  # this copy went wrong somewhere: read the table again
                    fresh = await self._load(live.id)
                    live.table, live.stored_actions, live.stored = fresh.table, fresh.stored_actions, fresh.stored
            elif kind == "seats":
                self._merge_seats(live, await self.db(self.store.table, live.id))
            elif kind == "chat":
                line = message.get("line") or {}
                live.chat.append(ChatLine(str(line.get("name", "?")), line.get("seat"), str(line.get("text", "")),
                                          float(line.get("said", 0.0))))
            elif kind == "online":
                instance = str(message.get("from"))
                seats = frozenset(int(s) for s in message.get("seats", []))
                known = live.remote_online.get(instance)
                live.remote_online[instance] = (seats, self.clock())
                if known is None or known[0] != seats:
                    self._presence_changed(live, here=False)
                return  # said again, nothing changed: nobody needs a new frame
        live.wake.set()
        await self._told(live)
        if kind == "moves" and "sent" in message:
            self.metrics.follow_latency.observe(max(0.0, time.time() - float(message["sent"])))

    async def _resync(self) -> None:
        """The bus came back after a loss: read every live table's moves from the database."""
        for live in list(self.live.values()):
            async with live.lock:
                await self._catch_up(live)
            await self._told(live)

    async def _publish(self, table_id: str | None, message: dict[str, Any]) -> None:
        if self.bus.shared:
            await self.bus.publish(table_id, message)
            self.metrics.bus_messages.labels("out").inc()
