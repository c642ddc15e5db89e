"""The terminal every command prints to, and the few words every command shares (a log folded, a file refused)."""

from __future__ import annotations

import errno
from collections.abc import Iterable
from typing import Any

from rich.console import Console

from .texts import UI


class Screen(Console):
    """A rich console that lets a closed pipe (``ludo ... | head``) reach ``main``, which stops quietly.

    (Rich's own handling exits with code 1.)"""

    def on_broken_pipe(self) -> None:
        raise BrokenPipeError


OS_REASONS = {errno.ENOENT: "os.not_found", errno.EACCES: "os.denied", errno.EPERM: "os.denied",
              errno.EISDIR: "os.is_folder", errno.ENAMETOOLONG: "os.too_long", errno.ENOTDIR: "os.not_folder",
              errno.EROFS: "os.read_only", errno.ENOSPC: "os.no_space"}
"""The catalogue's words for the file-system errors people meet most."""


def os_reason(error: BaseException, lang: str) -> str:
    """Why the system refused a file, in ``lang``: the common cases in the catalogue's words (not found,
    permission denied, a folder, a name too long…), else the system's own message."""
    key = OS_REASONS.get(getattr(error, "errno", None) or -1)
    if key is not None:
        return UI.t(lang, key)
    if isinstance(error, ValueError):  # a NUL character in a name
        return UI.t(lang, "os.bad_name")
    if isinstance(error, RuntimeError):  # ~someone unknown
        return UI.t(lang, "os.no_home")
    if isinstance(error, OSError):
        return error.strerror or str(error)
    return str(error)


def fold_lines(lines: Iterable[str]) -> list[str]:
    """Lines repeated in a row (e.g. the six tiles of a deal) once, with "×N"."""
    folded: list[list[Any]] = []
    for line in lines:
        if folded and folded[-1][0] == line:
            folded[-1][1] += 1
        else:
            folded.append([line, 1])
    return [line + (f" ×{times}" if times > 1 else "") for line, times in folded]
