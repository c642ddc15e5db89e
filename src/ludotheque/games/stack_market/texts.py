"""Stack Market's texts in French and English (``locale/*.toml``), loaded once, and the amounts and lengths they
hold, written as each language writes them."""

from collections.abc import Sequence

from ...engine.i18n import Catalog
from ...engine.words import NBSP, format_int, format_number

CATALOG = Catalog.load(__package__)


def money(amount: int, lang: str) -> str:
    """Dollars as the language writes them: ``$50,000`` (``-$20,000``) in English, ``50 000 $`` in French (no-break
    spaces)."""
    if lang == "fr":
        return f"{format_int(amount, lang)}{NBSP}$"
    return f"{'-' if amount < 0 else ''}${format_int(abs(amount), lang)}"


def mm(um: float, lang: str, digits: int = 1) -> str:
    """Micrometres as millimetres, written as the language does (``1.5`` / ``1,5``)."""
    return format_number(um / 1000, lang, digits)


def millimetres(um: float, lang: str, digits: int = 1) -> str:
    """Micrometres as millimetres with ``digits`` decimals and the unit: ``5.8 mm``, ``5,8 mm`` (no-break space)."""
    return f"{mm(um, lang, digits)}{NBSP}mm"


def cash_list(catalog: Catalog, lang: str, seats: Sequence[tuple[str, int]]) -> str:
    """Seats' cash in a list, each name and its amount apart so that neither runs into the other (« Bot 1 108 000 $ »
    would read as one number): ``Ada: $50,000; Bot 1: $0``, « Ada : 50 000 $ ; Bot 1 : 0 $ »."""
    return catalog.t(lang, "cash.sep").join(catalog.t(lang, "cash.seat", player=name, amount=money(amount, lang))
                                            for name, amount in seats)
