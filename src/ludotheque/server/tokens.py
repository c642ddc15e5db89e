"""The secret ids a server hands out: table ids and seat tokens, drawn so that a command line can take them, and
the hash a seat token is stored under."""

from __future__ import annotations

import hashlib
import secrets


def hash_token(token: str) -> str:
    """Seat tokens are stored hashed: a leaked database does not let anybody act for a seat."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return command_line_safe_id(24)


def command_line_safe_id(nbytes: int) -> str:
    """A random id of ``nbytes`` random bytes in URL-safe base64 that never begins with "-": table ids and seat
    tokens are typed after ``--table`` and ``--token``, where a leading dash reads as an option. A draw that
    begins with one is drawn again, so the id stays uniform over the ids allowed."""
    while True:
        drawn = secrets.token_urlsafe(nbytes)
        if not drawn.startswith("-"):
            return drawn
