"""The outside services some tests need (PostgreSQL, Redis), on this machine: are they there, and a fresh
database to test in.

How a test asks for a service:

- inside a fixture (or at the top of a test), call ``need_postgres()`` / ``need_redis()``;
- or decorate a test function with ``@requires_postgres`` / ``@requires_redis`` (they call the same functions
  before the test runs; for test functions only, not classes).

A missing service skips the test, unless the environment has ``LUDO_REQUIRE_SERVICES=1`` (CI sets it in
``.ci/run``): then the test FAILS, saying which service did not answer, so that a CI run cannot pass by skipping
them. ``fresh_postgres_database()`` calls ``need_postgres()`` itself, so a fixture wrapping it needs nothing else::

    @pytest.fixture
    def database_url() -> Iterator[str]:
        with fresh_postgres_database() as url:
            yield url

The services: PostgreSQL on 127.0.0.1:5432 (user ``postgres``, trust authentication, admin database
``postgres``) and Redis on 127.0.0.1:6379.
"""

from __future__ import annotations

import functools
import os
import secrets
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import psycopg
import pytest
import redis
from psycopg import sql

POSTGRES_HOST = "127.0.0.1"
POSTGRES_PORT = 5432
POSTGRES_USER = "postgres"
POSTGRES_ADMIN_URL = f"postgresql://{POSTGRES_USER}@{POSTGRES_HOST}:{POSTGRES_PORT}/postgres"
"""The admin database, where test databases are created and dropped."""

REDIS_URL = "redis://127.0.0.1:6379/0"

REQUIRE_ENV = "LUDO_REQUIRE_SERVICES"

F = TypeVar("F", bound=Callable[..., Any])


def services_required() -> bool:
    """Whether a missing service fails the tests that need it (``LUDO_REQUIRE_SERVICES=1``) instead of skipping
    them."""
    return os.environ.get(REQUIRE_ENV, "").strip() == "1"


def _one_line(error: Exception) -> str:
    return " ".join(str(error).split())


@functools.cache
def _postgres_problem() -> str | None:
    """Why PostgreSQL cannot be used (None: it answers). Asked once per test run."""
    try:
        with psycopg.connect(POSTGRES_ADMIN_URL, connect_timeout=2) as connection:
            connection.execute("SELECT 1")
    except Exception as e:  # any failure means: not usable here
        return f"PostgreSQL ({POSTGRES_ADMIN_URL}) did not answer ({type(e).__name__}: {_one_line(e)})"
    return None


@functools.cache
def _redis_problem() -> str | None:
    """Why Redis cannot be used (None: it answers). Asked once per test run."""
    client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1.5, socket_timeout=1.5)
    try:
        client.ping()
    except Exception as e:
        return f"Redis ({REDIS_URL}) did not answer ({type(e).__name__}: {_one_line(e)})"
    finally:
        client.close()
    return None


def postgres_available() -> bool:
    return _postgres_problem() is None


def redis_available() -> bool:
    return _redis_problem() is None


def _need(problem: str | None) -> None:
    if problem is None:
        return
    if services_required():
        pytest.fail(f"{problem}, and {REQUIRE_ENV}=1 says the tests needing it must run", pytrace=False)
    pytest.skip(problem)


def need_postgres() -> None:
    """Skip the current test when PostgreSQL is missing (fail it, under ``LUDO_REQUIRE_SERVICES=1``)."""
    _need(_postgres_problem())


def need_redis() -> None:
    """Skip the current test when Redis is missing (fail it, under ``LUDO_REQUIRE_SERVICES=1``)."""
    _need(_redis_problem())


def _requiring(need: Callable[[], None]) -> Callable[[F], F]:
    def decorate(test: F) -> F:
        if isinstance(test, type):
            raise TypeError("decorate the test functions, or call need_postgres()/need_redis() in a fixture")

        @functools.wraps(test)  # keeps the signature pytest reads the fixtures from
        def run(*args: Any, **kwargs: Any) -> Any:
            need()
            return test(*args, **kwargs)

        return run  # type: ignore[return-value]

    return decorate


requires_postgres = _requiring(need_postgres)
"""Decorates a test function that needs PostgreSQL (skipped without it; failed under ``LUDO_REQUIRE_SERVICES=1``)."""

requires_redis = _requiring(need_redis)
"""Decorates a test function that needs Redis (skipped without it; failed under ``LUDO_REQUIRE_SERVICES=1``)."""


def postgres_url(database: str) -> str:
    return f"postgresql://{POSTGRES_USER}@{POSTGRES_HOST}:{POSTGRES_PORT}/{database}"


@contextmanager
def fresh_postgres_database() -> Iterator[str]:
    """A new, empty PostgreSQL database of its own (``ludo_test_<pid>_<random>``): its URL, for the time of the
    ``with``; dropped afterwards, even if connections to it are still open. Skips (or fails) when PostgreSQL is
    missing, as ``need_postgres()``."""
    need_postgres()
    name = f"ludo_test_{os.getpid()}_{secrets.token_hex(4)}"
    with psycopg.connect(POSTGRES_ADMIN_URL, autocommit=True, connect_timeout=2) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield postgres_url(name)
    finally:
        with psycopg.connect(POSTGRES_ADMIN_URL, autocommit=True, connect_timeout=2) as admin:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


def redis_url() -> str:
    """The Redis the tests use (database 0 of the local server)."""
    return REDIS_URL
