"""The terminal every command prints to."""

from __future__ import annotations

from rich.console import Console


class Screen(Console):
    """A rich console that lets a closed pipe (``ludo ... | head``) reach ``main``, which stops quietly.

    (Rich's own handling exits with code 1.)"""

    def on_broken_pipe(self) -> None:
        raise BrokenPipeError
