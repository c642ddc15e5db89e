"""Shared test settings: soak sizes scale with LUDO_SOAK_GAMES (CI runs the bounded default)."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

SOAK_GAMES = int(os.environ.get("LUDO_SOAK_GAMES", "0"))
"""Extra random games per configuration for the soak tests (0 in ordinary runs)."""

settings.register_profile("default", deadline=None, max_examples=60,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("soak", deadline=None, max_examples=1000,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
