"""« A Vendre ! »'s texts in French and English (``locale/*.toml``), loaded once, and a charge card's effect in words
(the log, the terminal and the browser say it the same way)."""

from typing import Any

from ...engine.i18n import Catalog

CATALOG = Catalog.load(__package__)


def effect_words(lang: str, effect: dict[str, Any]) -> str:
    """``{"kind": "move", "steps": -1}`` -> "go back 1 square." (the catalogue's ``effect.*``, amounts written as the
    language does, a count agreeing with its noun)."""
    from ...engine.words import format_int  # words for people only: not loaded by the rules

    fields = {k: (format_int(v, lang) if k == "amount" and isinstance(v, int) else v) for k, v in effect.items()
              if k != "kind"}
    kind = str(effect.get("kind"))
    if kind == "move" and isinstance(effect.get("steps"), int):
        steps = abs(effect["steps"])
        return CATALOG.plural(lang, "effect.move_back" if effect["steps"] < 0 else "effect.move_on", steps, steps=steps)
    if kind == "move_to" and not effect.get("amount"):
        kind = "move_to_free"
    key = f"effect.{kind}"
    return CATALOG.t(lang, key, **fields) if CATALOG.has(key) else kind
