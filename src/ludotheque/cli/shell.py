"""Paths written into the commands the terminal tells people to type (continue a saved game, resume a tournament)."""

from __future__ import annotations

import shlex
from pathlib import Path


def shell_word(path: Path | str) -> str:
    """``path`` written so that a shell reads it back as that path: quoted when it holds spaces or quotes (pass it
    with "~" expanded: a quoted "~" is not), and a relative name that begins with "-" made ``./-…`` so that it is
    not taken for an option."""
    written = str(path)
    if written.startswith("-"):
        written = f"./{written}"
    return shlex.quote(written)
