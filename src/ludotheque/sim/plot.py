"""A simulation as a picture: win rates with their 95 % intervals, and the spread of final scores.

The words on the picture are given by the caller (the command line takes them from its catalogue).
"""

from __future__ import annotations

import errno
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .simulator import Summary

FORMATS = ("png", "svg", "pdf")
"""The image formats ``plot_summary`` writes (by the file's ending)."""


def plot_problem(path: str | Path) -> tuple[str, dict[str, Any]] | None:
    """Why a picture could not be written to ``path``, checked before any game is played, or None when it can.

    The kinds: ``empty`` (no name at all), ``directory`` (the path is a folder), ``format`` (fields:
    ``formats``), ``folder`` (no such folder; ``folder``), ``not_file`` (the path is a device, a pipe, …),
    ``denied`` (no permission), ``read_only`` (a read-only file system), ``unwritable`` (another reason: ``error``,
    the ``OSError``, ``ValueError`` or ``RuntimeError`` raised, e.g. a name too long), ``matplotlib``. Whether the
    file can be written is tried for real: an existing file is opened to append (and left as it is), a new one is
    created and removed. Nothing here raises."""
    if not str(path).strip():
        return "empty", {"formats": [f".{f}" for f in FORMATS]}
    try:
        out = Path(path).expanduser()
        if out.is_dir():
            return "directory", {}
        if out.suffix.lower().lstrip(".") not in FORMATS:
            return "format", {"formats": [f".{f}" for f in FORMATS]}
        if not out.parent.is_dir():
            return "folder", {"folder": str(out.parent)}
        if out.exists() and not out.is_file():
            return "not_file", {}
        if out.exists():
            with out.open("ab"):
                pass
        else:
            with out.open("xb"):
                pass
            out.unlink()
    except OSError as e:
        if e.errno in (errno.EACCES, errno.EPERM):
            return "denied", {}
        if e.errno == errno.EROFS:
            return "read_only", {}
        return "unwritable", {"error": e}
    except (ValueError, RuntimeError) as e:  # a NUL character in the name; ~someone unknown
        return "unwritable", {"error": e}
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return "matplotlib", {}
    return None


def plot_summary(summary: Summary, path: str | Path, labels: Mapping[str, str], lang: str = "en") -> Path:
    """Write the picture (PNG, SVG or PDF by the file's ending) and return its path.

    ``labels``: ``wins`` (win-rate axis), ``fair`` (the fair-share line), ``score`` and ``games`` (the
    histogram's axes: the scores, and how many seats' results had each, a game counting once per seat) and
    ``title``. The axes' numbers are written as ``lang`` writes them (``0,2`` and ``12 000`` in French)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    from ..engine.words import format_number

    def numbers(digits: int) -> FuncFormatter:
        return FuncFormatter(lambda x, _: format_number(x, lang, digits))

    bots = summary.by_bot()
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    names = [b.bot for b in bots]
    rates = [b.win_rate for b in bots]
    lows = [b.win_rate - b.interval[0] for b in bots]
    highs = [b.interval[1] - b.win_rate for b in bots]
    left.bar(names, rates, yerr=[lows, highs], capsize=6, color="#4c78a8")
    left.axhline(1 / summary.config.players, color="#e45756", linestyle="--", label=labels["fair"])
    left.set_ylabel(labels["wins"])
    left.set_ylim(0, 1)
    left.yaxis.set_major_formatter(numbers(1))
    left.legend()
    low = min(b.scores.low or 0 for b in bots)
    high = max(b.scores.high or 0 for b in bots)
    # One bar per point when scores are small whole numbers (Gracias), else 30 shared bins (Acquire's cash).
    bins = [x - 0.5 for x in range(low, high + 2)] if high - low <= 60 else [
        low + (high - low) * i / 30 for i in range(31)]
    for b in bots:
        scores, games = b.scores.points()
        right.hist(scores, bins=bins, weights=games, alpha=0.55, label=b.bot)
    right.set_xlabel(labels["score"])
    right.set_ylabel(labels["games"])
    for axis in (right.xaxis, right.yaxis):
        axis.set_major_locator(MaxNLocator(integer=True))
        axis.set_major_formatter(numbers(0))
    right.legend()
    fig.suptitle(labels["title"])
    fig.tight_layout()
    out = Path(path).expanduser()
    fig.savefig(out, dpi=110)
    plt.close(fig)
    return out
