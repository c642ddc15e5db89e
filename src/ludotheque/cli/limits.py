"""The bounds of the command line's numbers, checked before anything runs: a seed a game record can keep, and no
more worker processes than the machine can use."""

from __future__ import annotations

import argparse
import os

from ..engine.errors import OptionError
from ..engine.record import MAX_INT
from .texts import UI

MAX_SEED = MAX_INT
"""The largest seed: what a game record can hold (2**63 - 1), so that every game can be saved and read back."""


def max_jobs() -> int:
    """The most worker processes ``simulate`` starts: four per processor, and never more than 64."""
    return min(64, 4 * (os.cpu_count() or 1))


def check_numbers(args: argparse.Namespace, lang: str) -> None:
    """Refuse, in ``lang``, a ``--seed`` outside 0 to ``MAX_SEED`` and a ``--jobs`` above ``max_jobs()``."""
    seed = getattr(args, "seed", None)
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise OptionError(UI.t(lang, "error.seed", seed=seed, max=MAX_SEED))
    jobs = getattr(args, "jobs", None)
    if jobs is not None and jobs > max_jobs():
        raise OptionError(UI.t(lang, "simulate.jobs_max", jobs=jobs, max=max_jobs()))


__all__ = ["MAX_SEED", "check_numbers", "max_jobs"]
