"""Loading a script of ``bench/`` (not a package: it is run as ``python bench/NAME.py``) as a module, for its tests."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).parents[1] / "bench"


def load_bench(name: str) -> ModuleType:
    """``bench/<name>.py`` as a fresh module."""
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
