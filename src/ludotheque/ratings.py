"""Skill ratings for free-for-all games of several players (OpenSkill's Plackett–Luce model, a TrueSkill-like
Bayesian rating): a rating is a mean ``mu`` and an uncertainty ``sigma``; what a leaderboard sorts by is the
conservative estimate ``mu - 3 sigma`` (``ordinal``). Used by tournaments between bots and by the server's rated
games alike, so that both read the same."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

MU = 25.0
"""A new player's mean."""
SIGMA = MU / 3
"""A new player's uncertainty."""


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's skill estimate: ``mu`` ± ``sigma`` (one standard deviation)."""

    mu: float = MU
    sigma: float = SIGMA

    @property
    def ordinal(self) -> float:
        """The conservative skill, ``mu - 3 sigma``: what leaderboards sort by (0 for a newcomer)."""
        return self.mu - 3 * self.sigma

    def to_json(self) -> dict[str, float]:
        return {"mu": round(self.mu, 4), "sigma": round(self.sigma, 4), "ordinal": round(self.ordinal, 4)}


@cache
def _model() -> Any:
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=MU, sigma=SIGMA)


def rate(ratings: Sequence[Rating], ranks: Sequence[int]) -> list[Rating]:
    """Every seat's new rating after one game: ``ratings[i]`` is seat ``i``'s before, ``ranks[i]`` its rank
    (1 for the best, tied seats share a rank, as ``Outcome.ranks``)."""
    if len(ratings) != len(ranks) or len(ratings) < 2:
        raise ValueError(f"a rated game needs two seats or more and one rank per seat, not {len(ratings)} ratings "
                         f"and {len(ranks)} ranks")
    model = _model()
    teams = [[model.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
    new = model.rate(teams, ranks=list(ranks))
    return [Rating(team[0].mu, team[0].sigma) for team in new]
