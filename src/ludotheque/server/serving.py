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

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        if self.drain <= 0 or self.hub.draining:
            super().handle_exit(sig, frame)
            return
        self.hub.draining = True
        timer = threading.Timer(self.drain, super().handle_exit, (sig, frame))
        timer.daemon = True
        timer.start()
