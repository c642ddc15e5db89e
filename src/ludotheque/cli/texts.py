"""The terminal's own texts (commands, prompts, errors, ``--help``), in ``cli/locale``; each game's are in its
catalogue. Loaded once, light enough for ``ludo --help``."""

from __future__ import annotations

from ..engine.i18n import Catalog

UI = Catalog.load("ludotheque.cli")

__all__ = ["UI"]
