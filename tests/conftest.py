"""Shared test settings: soak sizes scale with LUDO_SOAK_GAMES (CI runs the bounded default); the games that
live only in the tests (``tests/plugins``) are registered through the entry point, like installed games."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, settings

SOAK_GAMES = int(os.environ.get("LUDO_SOAK_GAMES", "0"))
"""Extra random games per configuration for the soak tests (0 in ordinary runs)."""

settings.register_profile("default", deadline=None, max_examples=60,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("soak", deadline=None, max_examples=1000,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def _register_test_games() -> None:
    """A distribution's metadata (``*.dist-info/entry_points.txt``) naming each test game's ``GAME``, put on
    ``sys.path``: ``importlib.metadata`` then finds them as it finds the installed games."""
    plugins = Path(__file__).parent / "plugins"
    modules = sorted(p.stem for p in plugins.glob("*.py") if p.stem != "__init__" and "GAME =" in p.read_text())
    root = Path(tempfile.mkdtemp(prefix="ludo-test-games-"))
    info = root / "ludotheque_test_games-0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: ludotheque-test-games\nVersion: 0\n")
    lines = [f"{m.replace('_', '-')} = tests.plugins.{m}:GAME" for m in modules]
    bots = sorted(p.stem for p in plugins.glob("*.py") if "BOT =" in p.read_text())
    bot_lines = [f"{m.removesuffix('_bot').replace('_', '-')} = tests.plugins.{m}:BOT" for m in bots]
    (info / "entry_points.txt").write_text("[ludotheque.games]\n" + "\n".join(lines) + "\n\n[ludotheque.bots]\n"
                                           + "\n".join(bot_lines) + "\n")
    sys.path.append(str(root))


_register_test_games()
