"""How the instances of one site tell each other what happened at a table: Redis pub/sub.

Every instance holds the connections that reached it. When it stores a move (or a seat is taken, a chat line said,
a connection comes or goes), it publishes a message on the table's channel (``ludo:table:ID``) after the database
has it; every other instance that holds connections to that table has subscribed to the channel, applies the news
to its own copy of the table and sends its connections their frames. The database stays the truth: a message that
was missed (Redis restarted, a connection lost) is made good by reading the moves from the database, which an
instance does for all its tables whenever its subscription comes back.

One instance alone needs none of this: ``LocalBus`` is a bus with nobody else on it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

Handler = Callable[[str, dict[str, Any]], Awaitable[None]]
"""Called with (table id, message) for every message another instance published."""
Resync = Callable[[], Awaitable[None]]
"""Called when the subscription came back after a loss (messages may have been missed)."""

TABLE_CHANNEL = "ludo:table:"
SITE_CHANNEL = "ludo:site"
"""Messages about no table in particular (an instance gave up its leases: take them now)."""

OUTBOX_LIMIT = 100_000
"""Messages kept while Redis is away; past that, news is dropped (the others re-read the database)."""

log = logging.getLogger("ludotheque.server.bus")


class Bus(Protocol):
    shared: bool
    """Whether other instances may be listening (False: this instance is the whole site)."""

    async def start(self, handler: Handler, resync: Resync) -> None: ...

    async def follow(self, table_id: str) -> None: ...

    async def unfollow(self, table_id: str) -> None: ...

    async def publish(self, table_id: str | None, message: dict[str, Any]) -> None: ...

    async def ping(self) -> None: ...

    async def close(self) -> None: ...


class LocalBus:
    """The bus of a site that is one instance: nobody to tell."""

    shared = False

    async def start(self, handler: Handler, resync: Resync) -> None:
        return None

    async def follow(self, table_id: str) -> None:
        return None

    async def unfollow(self, table_id: str) -> None:
        return None

    async def publish(self, table_id: str | None, message: dict[str, Any]) -> None:
        return None

    async def ping(self) -> None:
        return None

    async def close(self) -> None:
        return None


class RedisBus:
    """Redis pub/sub between the instances of a site: one connection publishes, one subscription listens."""

    shared = True

    def __init__(self, url: str, instance: str) -> None:
        from redis.asyncio import Redis

        self.url = url
        self.instance = instance
        self.redis: Redis = Redis.from_url(url, socket_connect_timeout=3, socket_timeout=5,
                                           health_check_interval=15)
        self.channels: set[str] = {SITE_CHANNEL}
        self._outbox: asyncio.Queue[tuple[str, str]] = asyncio.Queue(OUTBOX_LIMIT)
        """Messages to publish, in order: one task sends them (pipelined), and again after Redis was away."""
        self._sender: asyncio.Task[None] | None = None
        self._closing = False
        self._listener: asyncio.Task[None] | None = None
        self._pubsub: Any = None
        self._handler: Handler | None = None
        self._resync: Resync | None = None

    async def start(self, handler: Handler, resync: Resync) -> None:
        """Subscribe and listen; Redis away at start is not fatal: the listener keeps trying (readiness says so)."""
        self._handler, self._resync = handler, resync
        lost = False
        try:
            await self._subscribe()
        except Exception as error:
            log.warning("redis unreachable at start", extra={"instance": self.instance, "error": str(error)})
            lost = True
        self._listener = asyncio.create_task(self._listen(lost), name="redis-bus")
        self._sender = asyncio.create_task(self._send(), name="redis-bus-sender")

    async def _subscribe(self) -> None:
        self._pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.subscribe(*self.channels)

    async def follow(self, table_id: str) -> None:
        channel = TABLE_CHANNEL + table_id
        if channel not in self.channels:
            self.channels.add(channel)
            with contextlib.suppress(Exception):  # a lost subscription re-subscribes every channel
                await self._pubsub.subscribe(channel)

    async def unfollow(self, table_id: str) -> None:
        channel = TABLE_CHANNEL + table_id
        if channel in self.channels:
            self.channels.discard(channel)
            with contextlib.suppress(Exception):
                await self._pubsub.unsubscribe(channel)

    async def publish(self, table_id: str | None, message: dict[str, Any]) -> None:
        """Tell the other instances: queued at once (the caller never waits for Redis), sent in order."""
        channel = SITE_CHANNEL if table_id is None else TABLE_CHANNEL + table_id
        try:
            self._outbox.put_nowait((channel, json.dumps({**message, "from": self.instance}, separators=(",", ":"))))
        except asyncio.QueueFull:  # Redis away for long: the others read the database when their bus is back
            log.warning("bus outbox full: message dropped", extra={"instance": self.instance, "channel": channel})

    async def _send(self) -> None:
        """Publish what is queued, many messages a round trip; while Redis is away, keep them and try again."""
        failing = False
        while True:
            batch = [await self._outbox.get()]
            while not self._outbox.empty() and len(batch) < 500:
                batch.append(self._outbox.get_nowait())
            while True:
                try:
                    async with self.redis.pipeline(transaction=False) as pipe:
                        for channel, data in batch:
                            pipe.publish(channel, data)
                        await pipe.execute()
                    if failing:
                        log.info("publishing again", extra={"instance": self.instance})
                    failing = False
                    break
                except asyncio.CancelledError:
                    raise
                except Exception as error:
                    if self._closing:
                        return
                    if not failing:
                        log.warning("publish failed: retrying", extra={"instance": self.instance, "error": str(error)})
                    failing = True
                    await asyncio.sleep(0.5)

    async def ping(self) -> None:
        await self.redis.ping()

    async def _drained(self) -> None:
        while not self._outbox.empty():
            await asyncio.sleep(0.02)

    async def _listen(self, lost: bool) -> None:
        assert self._handler is not None and self._resync is not None
        while True:
            try:
                if lost:
                    await self._subscribe()
                    log.info("subscription back: reading every table's moves again", extra={"instance": self.instance})
                    lost = False
                    await self._resync()
                message = await self._pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
                if message is None or message.get("type") != "message":
                    continue
                channel = message["channel"].decode() if isinstance(message["channel"], bytes) else message["channel"]
                data = json.loads(message["data"])
                if data.get("from") == self.instance:
                    continue
                table_id = channel[len(TABLE_CHANNEL):] if channel.startswith(TABLE_CHANNEL) else ""
                await self._handler(table_id, data)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                if isinstance(error, ConnectionError | OSError | TimeoutError) or \
                        type(error).__module__.startswith("redis"):  # Redis away: subscribe again when it is back
                    if not lost:
                        log.warning("subscription lost", extra={"instance": self.instance, "error": str(error)})
                    lost = True
                    with contextlib.suppress(Exception):
                        await self._pubsub.aclose()
                    await asyncio.sleep(0.5)
                else:  # a malformed message or a failing handler: the next one goes on
                    log.exception("bus message failed", extra={"instance": self.instance})

    async def close(self) -> None:
        if self._sender is not None:  # what is queued goes out first (a stopping instance's last news)
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(self._drained(), 2)
        self._closing = True
        tasks = {t for t in (self._sender, self._listener) if t is not None}
        for task in tasks:
            task.cancel()
        if tasks:  # redis-py may take a while to give up a connection it is making: do not wait for it long
            await asyncio.wait(tasks, timeout=1)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._pubsub.aclose(), 1)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.redis.aclose(), 1)


def make_bus(url: str | None, instance: str) -> Bus:
    """Redis pub/sub for ``url`` (``redis://…``), or the one-instance bus without one."""
    return RedisBus(url, instance) if url else LocalBus()
