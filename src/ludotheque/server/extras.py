"""What a viewer asks of a table besides its frames, thought out in a thread on a copy of the state: the game's extras
(``Game.table_extra``) and hints for the seat to move.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from ..engine.match import Match
from ..engine.state import State
from .errors import Refusal
from .live import OVER, Client, LiveTable

if TYPE_CHECKING:
    from ..bots.hints import Hint


class ExtrasMixin:
    """A game's extras and hints."""

    # --- what a game gives besides its frames ---------------------------------------------------------
    async def extra(self, live: LiveTable, name: str, seat: int | None, at: int | None = None) -> Any:
        """The game's ``table_extra(name)`` for ``seat`` (None: a spectator) on the table as it is, or, for a
        finished game, after ``at`` actions (a replay). Run in a thread on a copy of the state; the answer is kept
        per (actions played, name, viewer) until the table moves on, and viewers asking at once share one call.
        ``KeyError`` for a name the game does not know."""
        replaying = at is not None and live.stored.status == OVER
        at = max(0, min(at or 0, live.table.at)) if replaying else live.table.at
        key = (at, name, seat)
        future = live.extras.get(key)
        if future is None:
            for old in [k for k in live.extras if k[0] != live.table.at and k[0] != at]:
                del live.extras[old]  # an older move's: nobody asks for it any more
            if at == live.table.at:
                state = live.table.match.state.clone()
            else:
                state = Match.from_record(live.table.record(), upto=at, log=False).state
            game = live.table.match.game
            future = asyncio.ensure_future(asyncio.to_thread(game.table_extra, name, state, seat))
            live.extras[key] = future
        try:
            return await asyncio.shield(future)
        except Exception:  # an unknown name, or a failure: not kept, the next asker tries again
            if live.extras.get(key) is future:
                del live.extras[key]
            raise

    # --- hints ------------------------------------------------------------------------------------
    async def hint(self, live: LiveTable, client: Client, at: Any) -> tuple[int, State, list[Hint]]:
        """The best few moves for the client's seat, with the state they were thought out on and its count of
        moves, from the seat's own view, off the event loop (``bots.hints``), for the client alone
        (``protocol.hint_message``); refused, in words, at a rated table, out of turn, on an old state, or while
        the connection's previous hint is still being thought out."""
        from ..bots.hints import hints

        table = live.table
        if client.seat is None:
            raise Refusal("spectators cannot ask for hints", "hint_spectator")
        if live.stored.rated:
            raise Refusal("hints are off at a rated table", "hint_rated")
        if not isinstance(at, int) or isinstance(at, bool) or at != table.at:
            raise Refusal("this hint was asked on an older state of the table", "hint_stale")
        if table.to_move != client.seat:
            raise Refusal("a hint is for the seat to move, when it is its turn", "hint_turn")
        if client.hinting:
            raise Refusal("a hint is already being thought out for you", "hint_busy")
        client.hinting = True
        try:
            game, state = table.match.game, table.match.state.clone()
            found = await asyncio.to_thread(hints, game, state, client.seat, seed=at)
        finally:
            client.hinting = False
        return at, state, found
