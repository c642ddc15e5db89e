"""Luxembourg-Shopping's position as the screen and its log read it: the squares, shops, owners, signs, galleries
and pawns indexed from the observation (``Position``), and the words for a square, a shop, a zone and a card."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.errors import StyleSyntaxError
from rich.style import Style
from rich.text import Text

from ...cli.render import View
from ...cli.words import money, seat_or_bank

ZONE_STYLES = {"orange": "bold black on dark_orange", "yellow": "bold black on yellow1",
               "green": "bold black on green3"}
"""A zone's colour when the board file's own colour cannot be used."""
SPECIAL_MARKS = {"bouton_rouge": "BR", "bureau": "Bu", "bankruptcy": "-1", "bonus": "+1"}
"""The squares that are not shops, as the board shows them (the legend says what they are)."""
GALLERY_MARKS = "abcdefghijklmnopqrstuvwxyz"
"""A gallery's mark on the board, by its place in the view's list (galleries in order of their lowest shop)."""


name_of = seat_or_bank
"""A seat's name, or Mr Jean Poche's (the bank) for -1."""


# --- the position as the screen reads it --------------------------------------------------------------------
@dataclass(frozen=True)
class Position:
    """What the board shows, indexed from the observation: squares, shops, owners, signs, galleries and pawns."""

    squares: list[dict[str, Any]]
    by_shop: dict[int, dict[str, Any]]
    owners: dict[int, int]
    signs: frozenset[int]
    galleries: list[dict[str, Any]]
    """Each gallery of the view, with its ``mark`` added."""
    gallery_of: dict[int, int]
    pawns: dict[int, list[int]]
    """The seats in the game, by the square their pawn is on (0: not yet on the board)."""
    zones: dict[str, dict[str, Any]]

    @classmethod
    def of(cls, obs: dict[str, Any]) -> Position:
        squares: list[dict[str, Any]] = obs["board"]["squares"]
        galleries = [dict(g, mark=GALLERY_MARKS[k % len(GALLERY_MARKS)]) for k, g in enumerate(obs["galleries"])]
        pawns: dict[int, list[int]] = {}
        for p in obs["players"]:
            if not p["out"]:
                pawns.setdefault(p["square"], []).append(p["seat"])
        return cls(squares, {s["shop"]: s for s in squares if s["kind"] == "shop"},
                   {int(k): v for k, v in obs["owners"].items()}, frozenset(obs["signs"]), galleries,
                   {s: k for k, g in enumerate(galleries) for s in g["shops"]}, pawns, obs["board"]["zones"])

    def income(self, shop: int) -> int:
        zone = self.by_shop.get(shop, {}).get("zone")
        return int(self.zones[zone]["income"]) if zone in self.zones else 0

    def price(self, shop: int) -> int:
        zone = self.by_shop.get(shop, {}).get("zone")
        return int(self.zones[zone]["price"]) if zone in self.zones else 0

    def shop_name(self, shop: int) -> str:
        return str(self.by_shop.get(shop, {}).get("name") or "")

    def zone_of(self, shop: int) -> str:
        return str(self.by_shop.get(shop, {}).get("zone") or "")

    def here(self, seat: int, obs: dict[str, Any]) -> int:
        """The shop under ``seat``'s pawn (0: none)."""
        square = obs["players"][seat]["square"]
        if 1 <= square <= len(self.squares) and self.squares[square - 1]["kind"] == "shop":
            return int(self.squares[square - 1]["shop"])
        return 0

    def gallery_mark(self, shop: int) -> str:
        g = self.gallery_of.get(shop)
        return "" if g is None else str(self.galleries[g]["mark"])


def zone_style(pos: Position, zone: str) -> str:
    """A zone's colour as the board file gives it (``#f28c28``), else the usual one."""
    colour = pos.zones.get(zone, {}).get("colour")
    if isinstance(colour, str):
        style = f"bold black on {colour}"
        try:
            Style.parse(style)
        except StyleSyntaxError:
            pass
        else:
            return style
    return ZONE_STYLES.get(zone, "bold reverse")


def zone_name(view: View, zone: str) -> str:
    return view.t(f"ui.zone.{zone}") if zone in ("orange", "yellow", "green") else zone


def shop_label(view: View, pos: Position, shop: int, named: bool = True) -> Text:
    """A shop's number on its zone's colour, then its name."""
    text = Text()
    text.append(f" {shop} ", style=zone_style(pos, pos.zone_of(shop)))
    if named and pos.shop_name(shop):
        text.append(" " + pos.shop_name(shop))
    return text


def place(view: View, pos: Position, square: int, named: bool = True) -> str:
    """What a square is, in words: ``shop 22 Parfumerie`` (``shop 22`` unless ``named``), ``Bouton Rouge``…"""
    if not 1 <= square <= len(pos.squares):
        return view.t("ui.place.start")
    s = pos.squares[square - 1]
    if s["kind"] == "shop":
        if not named or not s["name"]:
            return view.t("ui.place.shop_number", shop=s["shop"])
        return view.t("ui.place.shop", shop=s["shop"], name=s["name"])
    return view.t(f"ui.place.{s['kind']}") if s["kind"] in SPECIAL_MARKS else str(s["kind"])


def effect_text(view: View, effect: dict[str, Any] | None) -> str:
    """A card's half in words (the game's ``effect.*`` texts)."""
    if not effect:
        return ""
    fields = {k: (money(view, v) if k == "amount" and isinstance(v, int) else v) for k, v in effect.items()
              if k != "kind"}
    key = f"effect.{effect.get('kind')}"
    return view.t(key, **fields) if view.game.catalog.has(key) else str(effect.get("kind"))
