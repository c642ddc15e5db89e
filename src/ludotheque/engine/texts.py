"""The engine's own texts in French and English (``locale/*.toml``): what every game's position reader says of a
malformed position, where the game's catalogue has nothing of its own (``engine/positions.py``)."""

from .i18n import Catalog

ENGINE_TEXTS = Catalog.load(__package__)
