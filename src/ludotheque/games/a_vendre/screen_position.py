"""« A Vendre ! »'s position as its screen and its log read it (``Position``, from a seat's observation), and the
small words both use: amounts, a seat's name or the bank's, a card's effect, what a square is."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...cli.render import View
from ...cli.words import money, seat_or_bank
from .texts import effect_words


def effect_text(view: View, effect: dict[str, Any] | None) -> str:
    """A charge card's effect in words (as ``describe`` says it)."""
    return effect_words(view.lang, effect) if effect else ""


@dataclass(frozen=True)
class Position:
    """What the board shows, indexed from the observation: squares, titles, holders and pawns."""

    squares: list[dict[str, Any]]
    titles: dict[int, dict[str, Any]]
    """Each title (number, name, price, income) by its number, with the ``square`` it is on and its ``colour``."""
    owners: dict[int, int]
    pawns: dict[int, list[int]]
    """The seats in the game by the square their pawn is on (0: on square 60 and setting out on the second trip, the
    next step being square 1)."""

    @classmethod
    def of(cls, obs: dict[str, Any]) -> Position:
        squares: list[dict[str, Any]] = obs["board"]
        titles = {s["title"]["number"]: dict(s["title"], square=s["number"], colour=s["colour"])
                  for s in squares if s["title"]}
        pawns: dict[int, list[int]] = {}
        for p in obs["players"]:
            if not p["out"]:
                pawns.setdefault(p["square"], []).append(p["seat"])
        return cls(squares, titles, {int(k): v for k, v in obs["owners"].items()}, pawns)

    def square(self, number: int) -> dict[str, Any]:
        return self.squares[number - 1] if 1 <= number <= len(self.squares) else {}

    def title_at(self, number: int) -> int:
        """The title on square ``number`` (0: none)."""
        title = self.square(number).get("title")
        return int(title["number"]) if title else 0

    def name(self, title: int) -> str:
        return str(self.titles.get(title, {}).get("name") or "")

    def price(self, title: int) -> int:
        return int(self.titles.get(title, {}).get("price") or 0)

    def income(self, title: int) -> int:
        return int(self.titles.get(title, {}).get("income") or 0)

    def colour(self, title: int) -> str:
        return str(self.titles.get(title, {}).get("colour") or "")




def place(view: View, pos: Position, square: int) -> str:
    """What a square is, in words: ``title 12 Quincaillerie``, ``yellow``, ``green``, ``start``, ``finish``."""
    s = pos.square(square)
    if not s:
        return view.t("ui.place.before")
    title = pos.title_at(square)
    if title:
        return view.t("ui.place.title", title=title, name=pos.name(title))
    key = f"ui.place.{s['colour']}"
    return view.t(key) if view.game.catalog.has(key) else str(s["colour"])


name_of = seat_or_bank
"""A seat's name, or the bank's for -1."""
__all__ = ["Position", "effect_text", "money", "name_of", "place"]
