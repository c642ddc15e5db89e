"""« A Vendre ! »'s texts in French and English (``locale/*.toml``), loaded once."""

from ...engine.i18n import Catalog

CATALOG = Catalog.load(__package__)
