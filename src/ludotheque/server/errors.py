"""The server's own refusals over HTTP, said in the asker's language (``[error]`` in the server's catalogue)."""

from __future__ import annotations

from typing import Any

from ..engine.errors import LudoError, Reason


class Refusal(LudoError):
    """A refusal whose ``reason`` is the server catalogue's ``error.<key>`` (its fields filled in), answered with
    HTTP ``status`` (and a ``Retry-After`` header when ``retry_after`` is set)."""

    def __init__(self, message: str, key: str, status: int = 400, retry_after: int | None = None,
                 **fields: Any) -> None:
        super().__init__(message, Reason(key, fields))
        self.status = status
        self.retry_after = retry_after
