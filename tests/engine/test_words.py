"""Numbers and lists as each language writes them (``engine/words.py``)."""

from __future__ import annotations

import pytest

from ludotheque.engine.words import NBSP, format_int, format_number, format_percent, join_words


@pytest.mark.parametrize(("n", "en", "fr"), [
    (0, "0", "0"), (-6000, "-6,000", f"-6{NBSP}000"), (1200, "1,200", f"1{NBSP}200"),
    (2**53 + 1, "9,007,199,254,740,993", f"9{NBSP}007{NBSP}199{NBSP}254{NBSP}740{NBSP}993"),
    (2**63 - 1, "9,223,372,036,854,775,807", "9 223 372 036 854 775 807".replace(" ", NBSP)),
])
def test_whole_numbers_are_grouped_exactly_however_large(n: int, en: str, fr: str) -> None:
    """Through a float, 2**53 + 1 would come out ending in 992 and 2**63 − 1 in 808 (a record's largest number)."""
    assert (format_int(n, "en"), format_int(n, "fr")) == (en, fr)


def test_decimals_percentages_and_lists() -> None:
    assert (format_number(12345.5, "en", 1), format_number(12345.5, "fr", 1)) == ("12,345.5", f"12{NBSP}345,5")
    assert (format_percent(0.75, "en"), format_percent(0.75, "fr")) == ("75.0%", f"75,0{NBSP}%")
    assert (join_words(["A", "B", "C"], "en"), join_words(["A", "B"], "fr"), join_words(["A"], "fr")) == \
        ("A, B and C", "A et B", "A")
