"""Uvicorn's server, stopped in two steps, as an instance behind a load balancer should be."""

from __future__ import annotations

import threading
from types import FrameType

import uvicorn

from .hub import Hub


class DrainingServer(uvicorn.Server):
    """On SIGTERM (or Ctrl-C), readiness first says no, so that the balancer sends nobody new here; ``drain`` seconds
    later the server stops: it closes its WebSockets (code 1012: the pages reconnect through the balancer, to
    another instance) and the hub gives up its tables. A second signal stops at once."""

    def __init__(self, config: uvicorn.Config, hub: Hub, drain: float) -> None:
        super().__init__(config)
        self.hub = hub
        self.drain = drain
        self._timer: threading.Timer | None = None

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        if self.drain <= 0 or self.hub.draining:
            if self._timer is not None:  # a second signal: stop now, and the drain's end does not count as a third
                self._timer.cancel()
                self._timer = None
            super().handle_exit(sig, frame)
            return
        self.hub.draining = True
        self._timer = threading.Timer(self.drain, self._drained, (sig, frame))
        self._timer.daemon = True
        self._timer.start()

    def _drained(self, sig: int, frame: FrameType | None) -> None:
        if self._timer is not None:
            self._timer = None
            super().handle_exit(sig, frame)
