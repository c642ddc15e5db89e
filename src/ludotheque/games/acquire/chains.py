"""The seven hotel chains and the information table (rulebook §2), read from ``data/prices.toml``.

Chain order is the table's: Airport, Festival (cheapest tier); Impérial, Luxor, Oriental; Prestige,
Continental. Each chain has a one-letter code (A F I L O P C) that players may type.
"""

from __future__ import annotations

import tomllib
from importlib.resources import files

from ...engine.errors import InvalidActionError, Reason
from ...engine.text import fold

Chain = int

CHAINS: tuple[str, ...] = ("Airport", "Festival", "Imperial", "Luxor", "Oriental", "Prestige", "Continental")
"""Canonical (ASCII) names, as written in action texts."""
DISPLAY_NAMES: tuple[str, ...] = ("Airport", "Festival", "Impérial", "Luxor", "Oriental", "Prestige", "Continental")
CODES = "AFILOPC"
NUM_CHAINS = 7
SHARES_PER_CHAIN = 25
"""§1: "il y en a 25 par chaîne d'hôtels"."""
SAFE_SIZE = 11
"""§1 and §4.2: a chain of 11 hotels or more is closed ("fermée") and cannot be absorbed."""
END_SIZE = 41
"""§5: "une chaîne de 41 hôtels ou plus"."""
MAX_SIZE = 108


Table = tuple[tuple[int, ...], ...]
"""Per chain, per size (0–108)."""


def _per_chain(table: list[list[int]], tier_of: list[int]) -> Table:
    return tuple(tuple(table[tier_of[c]]) for c in range(NUM_CHAINS))


def _load_table() -> tuple[tuple[int, ...], Table, Table, Table]:
    """Per chain: tier; per tier and size: (price, primary, secondary). Validated as it is read."""
    data = tomllib.loads(files(__package__).joinpath("data/prices.toml").read_text(encoding="utf-8"))
    tiers = data["tiers"]
    tier_of = [-1] * NUM_CHAINS
    for t, names in enumerate(tiers):
        for name in names:
            if name not in CHAINS or tier_of[CHAINS.index(name)] != -1:
                raise ValueError(f"prices.toml: tier {t} names unknown or repeated chain {name!r}")
            tier_of[CHAINS.index(name)] = t
    if -1 in tier_of:
        raise ValueError("prices.toml: every chain must be in exactly one tier")
    price = [[0] * (MAX_SIZE + 1) for _ in tiers]
    primary = [[0] * (MAX_SIZE + 1) for _ in tiers]
    secondary = [[0] * (MAX_SIZE + 1) for _ in tiers]
    for t in range(len(tiers)):
        starts = sorted((row[3 + t], row[:3]) for row in data["rows"] if row[3 + t] > 0)
        if not starts or starts[0][0] != 2:
            raise ValueError(f"prices.toml: tier {t} must start at size 2")
        for i, (lo, (p, b1, b2)) in enumerate(starts):
            if b1 != 10 * p or b2 != 5 * p:
                raise ValueError(f"prices.toml: row with price {p} has bonuses {b1}/{b2}, expected {10 * p}/{5 * p}")
            hi = starts[i + 1][0] - 1 if i + 1 < len(starts) else MAX_SIZE
            for size in range(lo, hi + 1):
                price[t][size], primary[t][size], secondary[t][size] = p, b1, b2
    return (tuple(tier_of), _per_chain(price, tier_of), _per_chain(primary, tier_of),
            _per_chain(secondary, tier_of))


TIER, PRICE, PRIMARY, SECONDARY = _load_table()
"""``PRICE[chain][size]``: one share's price for a chain of that many hotels (0 below 2)."""


def bonuses(chain: Chain, size: int) -> tuple[int, int]:
    """(primary, secondary) majority bonuses for a chain of ``size`` hotels."""
    return PRIMARY[chain][size], SECONDARY[chain][size]


def chain_name(chain: Chain) -> str:
    return CHAINS[chain]


_BY_NAME = {fold(n): c for c, n in enumerate(CHAINS)} | {c.lower(): i for i, c in enumerate(CODES)}


def parse_chain(text: str) -> Chain:
    """A chain from its name (any case, with or without accents) or its letter."""
    chain = _BY_NAME.get(fold(text))
    if chain is None:
        raise InvalidActionError(
            f"{text!r} is not a hotel chain; the chains are {', '.join(CHAINS)} (or their letters {CODES})",
            Reason("not_chain", {"text": text, "chains": ", ".join(DISPLAY_NAMES), "codes": CODES}))
    return chain
