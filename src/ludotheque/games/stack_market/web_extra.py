"""What Stack Market's browser view asks the server for besides the frame (``Game.table_extra``): ``fall``, the
last building that fell replayed by MuJoCo (``mujoco_replay.trajectory``) for the view to animate.

The fall is public (every die on the table, as it stood), so the answer is the same for every seat and is kept
per building as it fell: many viewers, one simulation. Without MuJoCo (the optional ``physics`` extra) there is
nothing to give, and the view tips the dice itself.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from .physics import Pose

if TYPE_CHECKING:
    from .state import StackMarketState

FALL_SECONDS = 2.0
"""How long a fall is shown: long enough to see the dice land."""
FALL_FPS = 30
KEPT = 8
"""Falls kept in memory (a few tables falling at once)."""

_falls: OrderedDict[tuple[tuple[int, int, int], ...], list[Any]] = OrderedDict()
_lock = threading.Lock()
"""One simulation at a time: a second viewer asking for the same fall waits for the first one's answer."""


def fall(state: StackMarketState) -> dict[str, Any] | None:
    """The last fall as ``{"company", "failed_at", "frames", "fps"}`` (``frames``: per frame, per die from the
    bottom up, ``[x_mm, y_mm, z_mm, qw, qx, qy, qz]``), or None when no building has fallen or MuJoCo is missing."""
    last = state.last_fall
    if last is None:
        return None
    from . import mujoco_replay

    if not mujoco_replay.available():
        return None
    key = tuple((int(x), int(y), int(turn)) for x, y, turn in last["poses"])
    with _lock:
        frames = _falls.get(key)
        if frames is None:
            frames = mujoco_replay.trajectory([Pose(*p) for p in key], seconds=FALL_SECONDS, fps=FALL_FPS)
            _falls[key] = frames
            while len(_falls) > KEPT:
                _falls.popitem(last=False)
        else:
            _falls.move_to_end(key)
    return {"company": last["company"], "failed_at": last["failed_at"], "frames": frames, "fps": FALL_FPS}


EXTRAS = {"fall": fall}
"""The names the view may ask for."""


def table_extra(name: str, state: StackMarketState, seat: int | None) -> Any:
    """``Game.table_extra`` for Stack Market: everything here is public, so ``seat`` changes nothing."""
    return EXTRAS[name](state)
