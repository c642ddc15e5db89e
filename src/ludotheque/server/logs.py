"""The server's log lines: one JSON object a line (python-json-logger), for a log collector, or plain text.

Every line has its time, level, logger and message, and the fields the server adds (``instance``, ``table``, …).
Uvicorn's own lines (start, stop, each HTTP request) go through the same formatter.
"""

from __future__ import annotations

import logging
import re
from typing import Any

SECRET = re.compile(r"(token=)[^&\s\"']+")


class HideTokens(logging.Filter):
    """Seat tokens never reach a log: ``?token=…`` in a line (uvicorn logs each WebSocket's path) becomes
    ``?token=***``. The database keeps only their hashes; the logs keep nothing."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.args:
            record.msg = record.getMessage()
            record.args = None
        if isinstance(record.msg, str) and "token=" in record.msg:
            record.msg = SECRET.sub(r"\1***", record.msg)
        return True


JSON_FORMAT = "%(asctime)s %(levelname)s %(name)s %(message)s"


def log_config(kind: str = "json", level: str = "INFO") -> dict[str, Any]:
    """A ``logging.config.dictConfig`` for the server and uvicorn (``kind``: ``json`` or ``text``)."""
    from pythonjsonlogger.core import RESERVED_ATTRS

    formatter: dict[str, Any] = (
        {"()": "pythonjsonlogger.json.JsonFormatter", "fmt": JSON_FORMAT, "datefmt": "%Y-%m-%dT%H:%M:%S%z",
         "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
         "reserved_attrs": [*RESERVED_ATTRS, "color_message"]}  # uvicorn's coloured copy of the message
        if kind == "json" else {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"})
    handler = {"class": "logging.StreamHandler", "formatter": "line", "stream": "ext://sys.stderr",
               "filters": ["hide_tokens"]}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"line": formatter},
        "filters": {"hide_tokens": {"()": HideTokens}},
        "handlers": {"stderr": handler},
        "loggers": {
            "ludotheque": {"handlers": ["stderr"], "level": level, "propagate": False},
            "uvicorn": {"handlers": ["stderr"], "level": level, "propagate": False},
            "uvicorn.error": {"level": level},
            "uvicorn.access": {"handlers": ["stderr"], "level": "WARNING", "propagate": False},
        },
    }
