"""A simulation as a picture: win rates with their 95 % intervals, and the spread of final scores."""

from __future__ import annotations

from pathlib import Path

from ..engine.errors import OptionError
from .simulator import Summary

_LABELS = {
    "en": ("win rate (95% interval)", "fair share", "final score", "games", "{games} games, {players} players"),
    "fr": ("taux de victoire (intervalle 95 %)", "part équitable", "score final", "parties",
           "{games} parties, {players} joueurs"),
}


def plot_summary(summary: Summary, path: str | Path, lang: str = "en", title: str = "") -> Path:
    """Write a PNG (or any format matplotlib knows from the file's ending) and return its path."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise OptionError("--plot needs matplotlib: pip install 'ludotheque[plot]'") from None
    win_label, fair_label, score_label, games_label, heading = _LABELS.get(lang, _LABELS["en"])
    bots = summary.by_bot()
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    names = [b.bot for b in bots]
    rates = [b.win_rate for b in bots]
    lows = [b.win_rate - b.interval[0] for b in bots]
    highs = [b.interval[1] - b.win_rate for b in bots]
    left.bar(names, rates, yerr=[lows, highs], capsize=6, color="#4c78a8")
    left.axhline(1 / summary.config.players, color="#e45756", linestyle="--", label=fair_label)
    left.set_ylabel(win_label)
    left.set_ylim(0, 1)
    left.legend()
    for b in bots:
        scores = [r.scores[seat] for r in summary.results for seat, name in enumerate(r.seating) if name == b.bot]
        right.hist(scores, bins=30, alpha=0.55, label=b.bot)
    right.set_xlabel(score_label)
    right.set_ylabel(games_label)
    right.legend()
    c = summary.config
    fig.suptitle(f"{title} — " + heading.format(games=len(summary.results), players=c.players))
    fig.tight_layout()
    out = Path(path)
    fig.savefig(out, dpi=110)
    plt.close(fig)
    return out
