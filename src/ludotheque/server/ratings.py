"""The ratings of a finished rated table: its result applied once, by whichever instance gets there first, and the
sweep that applies the results nobody applied (an instance stopped in between, or the database failed then).
"""

from __future__ import annotations

import logging
from typing import Any

from .base import HubBase

RATING_SWEEP_SECONDS = 60.0
"""How often an instance looks for finished rated tables whose result is not applied yet (and at start)."""

log = logging.getLogger("ludotheque.server")


class RatingsMixin(HubBase):
    """Finished rated tables' results applied to the ratings."""

    # --- ratings ---------------------------------------------------------------------------------------
    async def apply_rating(self, table_id: str) -> list[dict[str, Any]] | None:
        """Apply a finished rated table's result to the ratings, if nobody did yet (``Store.apply_rated_result``:
        once, whoever tries, whenever). A failure is logged; the sweep tries again later."""
        try:
            changes = await self.db(self.store.apply_rated_result, table_id, self.clock())
        except Exception:
            log.exception("rating failed", extra={"instance": self.instance, "table": table_id})
            return None
        if changes is not None:
            self.metrics.rated_results.inc()
            log.info("rated result applied", extra={"instance": self.instance, "table": table_id,
                                                     "seats": len(changes)})
        return changes

    async def sweep_ratings(self) -> int:
        """Apply the results of finished rated tables nobody applied (an instance stopped between the last move
        and the ratings, or the database failed then); how many this call applied."""
        try:
            waiting = await self.db(self.store.unrated_finished, 50)
        except Exception:
            log.exception("rating sweep failed", extra={"instance": self.instance})
            return 0
        applied = 0
        for table_id in waiting:
            if await self.apply_rating(table_id) is not None:
                applied += 1
        return applied
