"""What an instance tells Prometheus (``GET /metrics``, its text format), through the official client library.

Each application has its own registry, so that several servers in one process (the tests) do not mix figures.
Summed over a site's instances: ``ludo_tables_in_progress`` is the site's tables in play (each is driven by one
instance), ``ludo_connections`` its connections, ``rate(ludo_moves_total[1m])`` its moves per second.
"""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)


class Metrics:
    def __init__(self, instance: str) -> None:
        self.registry = CollectorRegistry()
        self.info = Gauge("ludo_instance", "This instance (always 1), by name.", ["instance"], registry=self.registry)
        self.info.labels(instance).set(1)
        self.tables_in_progress = Gauge(
            "ludo_tables_in_progress",
            "Tables in play whose bots and clock this instance drives (it holds their lease).",
            registry=self.registry)
        self.tables_live = Gauge("ludo_tables_live", "Tables this instance holds in memory (driven or followed).",
                                 registry=self.registry)
        self.connections = Gauge("ludo_connections", "WebSocket connections held, by role.", ["role"],
                                 registry=self.registry)
        self.moves = Counter("ludo_moves", "Moves stored by this instance, by who played them.", ["by"],
                             registry=self.registry)
        self.move_latency = Histogram(
            "ludo_move_latency_seconds",
            "From a person's move reaching this instance to its frames sent to every connection this instance holds at "
            "that table (stored in the database first).", buckets=LATENCY_BUCKETS, registry=self.registry)
        self.follow_latency = Histogram(
            "ludo_follow_latency_seconds",
            "From a move stored by another instance to its frames sent to this instance's connections at that table.",
            buckets=LATENCY_BUCKETS, registry=self.registry)
        self.refused = Counter("ludo_moves_refused", "Moves refused (illegal, stale, or lost to a concurrent move).",
                               ["reason"], registry=self.registry)
        self.takeovers = Counter("ludo_lease_takeovers", "Tables this instance took over from another instance.",
                                 registry=self.registry)
        self.leases_lost = Counter("ludo_leases_lost", "Tables another instance took over from this one.",
                                   registry=self.registry)
        self.rated_results = Counter("ludo_rated_results", "Rated games whose result this instance applied to the "
                                     "ratings.", registry=self.registry)
        self.logins = Counter("ludo_logins", "Logins, by outcome (ok, wrong name or password, throttled).",
                              ["outcome"], registry=self.registry)
        self.bus_messages = Counter("ludo_bus_messages", "Messages exchanged with the other instances, by direction.",
                                    ["direction"], registry=self.registry)

    def exposition(self) -> tuple[bytes, str]:
        """The text format, and its content type."""
        return generate_latest(self.registry), CONTENT_TYPE_LATEST
