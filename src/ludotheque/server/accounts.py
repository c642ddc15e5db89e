"""Accounts (optional): a name and a password, hashed with argon2id, and sessions, a random token kept hashed in
the database and sent as an HttpOnly cookie (or an ``Authorization: Bearer`` header, for scripts). Guests need
none of it; an account lets a person sit at rated tables and keep a rating per game.

Failed logins are throttled per name and per address with the token buckets the WebSocket messages use
(``RateLimit``), in each instance's memory; creating accounts is throttled per address (each one costs a hash).
"""

from __future__ import annotations

import asyncio
import math
import secrets
import time
import unicodedata
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from .errors import Refusal
from .metrics import Metrics
from .protocol import RateLimit
from .storage import Account, NameTaken, Store, name_key
from .tokens import hash_token

T = TypeVar("T")

NAME_MIN, NAME_MAX = 3, 24
"""A name's length, in characters."""
NAME_MARKS = "_-."
"""Besides letters and digits, what a name may hold (not first)."""
PASSWORD_MIN, PASSWORD_MAX = 8, 256
SESSION_SECONDS = 30 * 24 * 3600
"""How long a login lasts (the cookie's Max-Age and the session's expiry)."""
COOKIE = "ludo_session"

NAME_FAILURES = (10, 30.0)
"""Failed logins for one name: 10 at once, then one every 30 s."""
ADDRESS_FAILURES = (30, 10.0)
"""Failed logins from one address (many people may share one): 30 at once, then one every 10 s."""
ADDRESS_REGISTRATIONS = (20, 30.0)
"""Accounts created from one address (a class behind one router registers at once): 20 at once, then one every
30 s."""


def check_name(raw: str) -> str:
    """A new account's name, in its canonical form (NFC, spaces around removed), or ``Refusal``: 3 to 24
    letters (any alphabet), digits and ``_ - .``, beginning with a letter or a digit, no spaces."""
    name = unicodedata.normalize("NFC", raw.strip())
    fine = NAME_MIN <= len(name) <= NAME_MAX and name[0].isalnum() and \
        all(c.isalnum() or c in NAME_MARKS for c in name) and \
        all(unicodedata.category(c)[0] in "LN" or c in NAME_MARKS for c in name)
    if not fine:
        raise Refusal(f"the name {raw[:40]!r} is not allowed: a name has {NAME_MIN} to {NAME_MAX} letters, "
                           f"digits and {' '.join(NAME_MARKS)} (no spaces), and begins with a letter or a digit",
                           "name_rule", name=raw[:40], low=NAME_MIN, high=NAME_MAX)
    return name


def check_password(password: str) -> None:
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise Refusal(f"a password has {PASSWORD_MIN} to {PASSWORD_MAX} characters",
                           "password_rule", low=PASSWORD_MIN, high=PASSWORD_MAX)


class Throttle:
    """Attempts per key (``name:…``, ``address:…``): ``burst`` at once, then one every ``every`` seconds, each key a
    token bucket (``RateLimit``). Only what is counted (``count``) spends; ``wait`` says how long until one more is
    allowed. Full buckets are dropped when many keys are held, so memory stays bounded."""

    def __init__(self, burst: int, every: float) -> None:
        self.burst, self.every = burst, every
        self.buckets: dict[str, RateLimit] = {}

    def _bucket(self, key: str) -> RateLimit:
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= 10_000:
                self.buckets = {k: b for k, b in self.buckets.items() if b.refill() < b.burst}
            bucket = self.buckets[key] = RateLimit(1 / self.every, self.burst)
        return bucket

    def wait(self, key: str) -> float:
        return self._bucket(key).wait()

    def count(self, key: str) -> None:
        self._bucket(key).spend()


class Accounts:
    """Registering, logging in and out, and who a request's session stands for. Hashing runs on two threads of its
    own (argon2 takes tens of milliseconds and 64 MiB a hash), never on the event loop nor the storage threads."""

    def __init__(self, store: Store, db: Callable[..., Awaitable[Any]], clock: Callable[[], float] = time.time,
                 hasher: PasswordHasher | None = None, metrics: Metrics | None = None) -> None:
        self.store = store
        self.metrics = metrics
        self.db = db
        """The hub's storage call (``Hub.db``): off the loop, in order with the others on SQLite."""
        self.clock = clock
        self.hasher = hasher or PasswordHasher()
        self._hashing = ThreadPoolExecutor(max_workers=2, thread_name_prefix="ludo-argon2")
        self._decoy: str | None = None
        self.failures_by_name = Throttle(*NAME_FAILURES)
        self.failures_by_address = Throttle(*ADDRESS_FAILURES)
        self.registrations = Throttle(*ADDRESS_REGISTRATIONS)

    def close(self) -> None:
        self._hashing.shutdown(wait=True)

    async def _hash(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._hashing, partial(fn, *args))

    async def register(self, raw_name: str, password: str, address: str) -> tuple[Account, str]:
        """A new account, logged in: the account and its session's token."""
        name = check_name(raw_name)
        check_password(password)
        key = name_key(name)
        if await self.db(self.store.credentials, key) is not None:
            raise _taken(name)
        wait = self.registrations.wait(address)
        if wait > 0:
            raise Refusal(f"too many accounts created from this address: try again in {math.ceil(wait)} s",
                               "register_throttled", 429, math.ceil(wait), seconds=math.ceil(wait))
        self.registrations.count(address)
        hashed = await self._hash(self.hasher.hash, password)
        try:
            account = await self.db(self.store.create_account, name, key, hashed, self.clock())
        except NameTaken:  # taken meanwhile
            raise _taken(name) from None
        return account, await self._session(account)

    async def login(self, raw_name: str, password: str, address: str) -> tuple[Account, str]:
        """The account whose name and password these are, and a new session's token; the same refusal whether
        the name or the password was wrong. Too many failures for the name or from the address: refused without
        looking at the password, until the throttle lets one more through."""
        key = name_key(raw_name.strip())
        wait = max(self.failures_by_name.wait(key), self.failures_by_address.wait(address))
        if wait > 0:
            self._count("throttled")
            raise Refusal(f"too many failed logins for this name or from this address: try again in "
                               f"{math.ceil(wait)} s", "login_throttled", 429, math.ceil(wait),
                               seconds=math.ceil(wait))
        found = await self.db(self.store.credentials, key) if len(password) <= PASSWORD_MAX else None
        stored = found.password_hash if found is not None else None
        ok, rehashed = await self._hash(self._verify, stored, password[:PASSWORD_MAX])
        if found is None or not ok:
            self.failures_by_name.count(key)
            self.failures_by_address.count(address)
            self._count("wrong")
            raise Refusal("wrong name or password", "login_wrong", 401)
        if rehashed is not None:  # the hasher's parameters changed since: the hash follows them
            await self.db(self.store.set_password_hash, found.account.id, rehashed)
        self._count("ok")
        return found.account, await self._session(found.account)

    def _count(self, outcome: str) -> None:
        if self.metrics is not None:
            self.metrics.logins.labels(outcome).inc()

    def _verify(self, stored: str | None, password: str) -> tuple[bool, str | None]:
        """Whether ``password`` matches ``stored``, and its new hash when the parameters changed. Without a hash
        (no such account, or a bot's entry) a decoy is checked, so that the answer takes as long either way."""
        if stored is None:
            if self._decoy is None:
                self._decoy = self.hasher.hash(secrets.token_urlsafe(16))
            stored_or_decoy, real = self._decoy, False
        else:
            stored_or_decoy, real = stored, True
        try:
            self.hasher.verify(stored_or_decoy, password)
        except (VerificationError, InvalidHashError):
            return False, None
        if not real:
            return False, None
        return True, self.hasher.hash(password) if self.hasher.check_needs_rehash(stored_or_decoy) else None

    async def _session(self, account: Account) -> str:
        token = secrets.token_urlsafe(32)
        now = self.clock()
        await self.db(self.store.create_session, hash_token(token), account.id, now, now + SESSION_SECONDS)
        return token

    async def logout(self, token: str) -> None:
        await self.db(self.store.delete_session, hash_token(token))

    async def account(self, token: str | None) -> Account | None:
        """Who a session token stands for (None: a guest, an unknown or expired token)."""
        if not token or len(token) > 200:
            return None
        account: Account | None = await self.db(self.store.session_account, hash_token(token), self.clock())
        return account


def _taken(name: str) -> Refusal:
    return Refusal(f"the name {name!r} is taken: choose another", "name_taken", 409, name=name)
