"""Reading a game's event log in tests: turn by turn, for the checks of rules that span a turn."""

from __future__ import annotations

from typing import Any


def turns(log: list[dict[str, Any]]) -> list[tuple[int, list[dict[str, Any]]]]:
    """The log's turns, each its seat and the events after its ``turn`` event up to the next one (those before the
    first turn left out)."""
    found: list[tuple[int, list[dict[str, Any]]]] = []
    for e in log:
        if e["kind"] == "turn":
            found.append((e["seat"], []))
        elif found:
            found[-1][1].append(e)
    return found
