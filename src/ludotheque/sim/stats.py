"""Small statistics for win rates."""

from __future__ import annotations

import math
from statistics import NormalDist


def wilson_interval(wins: float, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for a proportion (shared wins count fractionally)."""
    if n == 0:
        return (0.0, 1.0)
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))
