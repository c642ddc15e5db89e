"""A simulation as a picture: win rates with their 95 % intervals, and the spread of final scores; a tournament's:
each bot's rating with its uncertainty, and its win rate in each seat.

The words on the picture are given by the caller (the command line takes them from its catalogue).
"""

from __future__ import annotations

import errno
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .simulator import Summary

if TYPE_CHECKING:
    from matplotlib.figure import Figure
    from matplotlib.ticker import FuncFormatter

    from .tournament import Standings

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
    from matplotlib.ticker import MaxNLocator

    plt = _pyplot()
    bots = summary.by_bot()
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    names = [b.bot for b in bots]
    rates = [b.win_rate for b in bots]
    lows = [max(0.0, b.win_rate - b.interval[0]) for b in bots]  # never below 0 (rounding at 0 % and 100 %)
    highs = [max(0.0, b.interval[1] - b.win_rate) for b in bots]
    left.bar(names, rates, yerr=[lows, highs], capsize=6, color="#4c78a8")
    left.axhline(1 / summary.config.players, color="#e45756", linestyle="--", label=labels["fair"])
    left.set_ylabel(labels["wins"])
    left.set_ylim(0, 1)
    left.yaxis.set_major_formatter(_numbers(lang, 1))
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
        axis.set_major_formatter(_numbers(lang, 0))
    right.legend()
    return _save(fig, labels["title"], path)


def plot_tournament(standings: Standings, path: str | Path, labels: Mapping[str, str], lang: str = "en") -> Path:
    """Write a tournament's picture (PNG, SVG or PDF by the file's ending) and return its path: on the left each
    bot's rating ``mu`` with one ``sigma`` either side (and a new bot's rating as a line), best first; on the right
    each bot's win rate in each seat, with its 95 % interval, and the fair share.

    ``labels``: ``rating`` (the left axis), ``start`` (a new bot's rating), ``seat`` (the right's groups, formatted
    with ``{seat}``), ``wins`` (the right axis), ``fair`` and ``title``."""
    from matplotlib.ticker import MaxNLocator

    from ..ratings import MU

    plt = _pyplot()
    entrants = standings.ranked()
    players = standings.config.players
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    names = [e.name for e in entrants]
    left.errorbar(names, [e.rating.mu for e in entrants], yerr=[e.rating.sigma for e in entrants], fmt="o",
                  capsize=6, color="#4c78a8")
    left.axhline(MU, color="#bab0ac", linestyle=":", label=labels["start"])
    left.set_ylabel(labels["rating"])
    left.yaxis.set_major_locator(MaxNLocator(integer=True))
    left.yaxis.set_major_formatter(_numbers(lang, 0))
    left.legend()
    width = 0.8 / len(entrants)
    for k, e in enumerate(entrants):
        xs = [s - 0.4 + width * (k + 0.5) for s in range(players)]
        rates = [e.seat_rate(s) for s in range(players)]
        lows = [max(0.0, r - e.seat_interval(s)[0]) for s, r in enumerate(rates)]
        highs = [max(0.0, e.seat_interval(s)[1] - r) for s, r in enumerate(rates)]
        right.bar(xs, rates, width=width, yerr=[lows, highs], capsize=3, label=e.name, alpha=0.85)
    right.axhline(1 / players, color="#333333", linestyle="--", label=labels["fair"])  # not a bar colour
    right.set_xticks(range(players), [labels["seat"].format(seat=s) for s in range(players)])
    right.set_ylabel(labels["wins"])
    right.set_ylim(0, 1)
    right.yaxis.set_major_formatter(_numbers(lang, 1))
    right.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.02, 1), borderaxespad=0)  # beside the bars
    return _save(fig, labels["title"], path)


def _pyplot() -> Any:
    """matplotlib's pyplot, drawing to files only (no window)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _numbers(lang: str, digits: int) -> FuncFormatter:
    """An axis's numbers as ``lang`` writes them (``0,2`` and ``12 000`` in French), with ``digits`` decimals, or
    more where a tick needs them (a tick at 32.5 is never labelled 32)."""
    from matplotlib.ticker import FuncFormatter

    from ..engine.words import format_number

    def label(x: float, _: object) -> str:
        shown = digits
        while shown < digits + 3 and abs(x - round(x, shown)) > 1e-9 * max(1.0, abs(x)):
            shown += 1
        return format_number(x, lang, shown)

    return FuncFormatter(label)


def _save(fig: Figure, title: str, path: str | Path) -> Path:
    import matplotlib.pyplot as plt

    fig.suptitle(title)
    fig.tight_layout()
    out = Path(path).expanduser()
    fig.savefig(out, dpi=110, bbox_inches="tight")  # a legend beside the axes is kept whole
    plt.close(fig)
    return out
