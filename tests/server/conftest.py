"""A server for a test module (in this process, on a fresh SQLite file)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.server.support import Running, server_thread


@pytest.fixture(scope="module")
def running(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    db = tmp_path_factory.mktemp("db") / "ludo.db"
    with server_thread(f"sqlite:///{db}") as r:
        yield r
