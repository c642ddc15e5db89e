"""Luxembourg-Shopping's screen: the board as a track of squares (each shop's number on its zone's colour, with its
owner, its sign, its gallery and the pawns on it; the Bouton Rouge, Bureau, - 1 and + 1 squares), every player's
cash, shops, signs and galleries, one's own shops and galleries by name, the last card drawn, the dice, and what is
being decided.

Drawn from a seat's observation only (``view.observe``: everything in this game is public). Seats are marked by a
letter (A for seat 0), never by a number, so that a mark is never read as a shop number. Two layouts, like the other
games: on a big terminal (or output that is not a terminal) two lines a square, the square's number and the pawns under
the shop's number, in cells that fit 80 columns unless the terminal has 100, and a table of the players; on a small one
(80 × 24) one line a square, the players in a line or two, and the viewer's decision with its amounts in the status
line. Each turn since one's last move is one entry of "what happened", said shorter when room is short.

Action texts are shown in the player's language (``action_words``: ``acheter``, ``galerie 12 40``, ``vendre 12``),
words the parser accepts back; the records keep the English texts. A banner says when the board and the cards are
the project's reconstruction rather than the printed edition.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...cli.board import SeatMarks, cropped, track
from ...cli.layout import fitted, pack
from ...cli.render import View, filled, flow, wrapped
from ...cli.words import money, parsed, reconstructed_banner, short_name, table_name, verb_words
from ...engine.errors import Reason
from ...engine.state import Event
from ...engine.words import join_words
from .actions import Buy, Gallery, Merge, Pass, PayDebt, Sell, Sign, Unsign, parse_action
from .log_lines import LogLines
from .screen_position import (
    GALLERY_MARKS,
    SPECIAL_MARKS,
    Position,
    effect_text,
    name_of,
    place,
    shop_label,
    zone_name,
    zone_style,
)

SEAT_MARKS = "ABCDEF"
"""A seat's mark on the board and in the tables: a letter, so that it is never taken for a shop's number."""
SEAT_COLOURS = ("cyan", "magenta", "dodger_blue1", "bright_red", "bright_white", "medium_purple1")
"""Each seat's colour: its mark as an owner is written in it, its pawn on it."""
SEATS = SeatMarks(SEAT_MARKS, SEAT_COLOURS)
SPECIAL_STYLES = {"bouton_rouge": "bold white on red3", "bureau": "bold white on blue3",
                  "bankruptcy": "bold white on grey30", "bonus": "bold black on bright_cyan"}
SIGN_MARK = "★"
FREE_MARK = "·"
OUT_STYLE = "dim strike"
TO_MOVE_MARK = "◂"

COMPACT_LINES = 14
"""On a small terminal, the lines the game's part takes when it can (what happened since one's last move keeps a few
lines on 80 × 24)."""
NARROW_CELL = 7
"""A square in two lines on a big screen under 100 columns: the shop's number (3), owner, sign, gallery; the square's
number and two pawns."""
COMPACT_CELL = 7
"""A square on a small terminal: the shop's number (2), owner, sign, gallery, two pawns."""
ROOMY_CELL = 9
"""A square on a big terminal, in two lines: the shop's number (4), owner, sign, gallery; the square's number and the
pawns."""

VERBS = {
    "en": {"buy": "buy", "pass": "pass", "gallery": "gallery", "merge": "merge", "sign": "sign", "unsign": "unsign",
           "sell": "sell", "pay": "pay", "deal": "deal", "die": "die", "roll": "roll", "card": "card",
           "shop": "shop"},
    "fr": {"buy": "acheter", "pass": "passer", "gallery": "galerie", "merge": "fusion", "sign": "enseigne",
           "unsign": "retirer", "sell": "vendre", "pay": "payer", "deal": "donne", "die": "dé", "roll": "dés",
           "card": "carte", "shop": "commerce"},
}
"""The action words in each language, those ``actions.parse_action`` reads back (accents or not). French verbs are
infinitives (``acheter``, ``passer``, ``vendre 12``), as in the other games; the parser still takes the forms shown
before (``achète``, ``passe``, ``vend 12``, ``paie``, ``retire 12``)."""


# --- words --------------------------------------------------------------------------------------------------
def action_words(text: str, lang: str) -> str:
    """An action's text in ``lang``'s words (``buy`` -> ``acheter``, ``gallery 12 40`` -> ``galerie 12 40``)."""
    return verb_words(text, lang, parse_action, VERBS)


class LuxembourgRenderer(LogLines):
    """The Luxembourg-Shopping screen and the words for its actions and events."""

    milestones: frozenset[str] = frozenset()

    def screen(self, view: View) -> list[RenderableType]:
        """The layout for the view's size; on a small screen tighter ones when it needs the room: one's shops without
        their names, then no legend, then no last card (the events say it too)."""
        return fitted(view, self._roomy, 3, self._compact, 4, COMPACT_LINES)

    def _roomy(self, view: View, tight: int) -> list[RenderableType]:
        pos = Position.of(view.obs)
        parts = [self.status(view), reconstructed_banner(view), self.board(view, pos, roomy=True)]
        if tight < 2:
            parts.append(self.legend(view, pos, roomy=True))
        parts += [self.players_table(view, pos), self.yours(view, pos, roomy=tight < 1), self.last_card(view, pos),
                  self.decision(view, pos)]
        return parts

    def _compact(self, view: View, tight: int) -> list[RenderableType]:
        pos = Position.of(view.obs)
        parts = [self.status(view, compact=True), reconstructed_banner(view), self.board(view, pos, roomy=False)]
        if tight < 2:
            parts.append(self.legend(view, pos, roomy=False))
        parts.append(self.players_line(view, pos))
        parts.append(self.yours(view, pos, roomy=False, named=tight < 1))
        if tight < 3:
            parts.append(self.last_card(view, pos))
        return parts

    # --- the round, the turn, the dice --------------------------------------------------------------------
    def status(self, view: View, compact: bool = False) -> RenderableType:
        """The round, whose turn it is, the dice, who decides what, and what wins (shorter on a small screen)."""
        obs = view.obs
        if obs["to_move"] is None:
            how = obs["termination"] or ""
            key = f"end.{how}"
            said = view.t(key, player=name_of(view, obs["winner"])) if view.game.catalog.has(key) else how
            return wrapped(view.t("ui.over", how=said), view.width, "bold", indent="  ")
        parts: list[Text] = []
        if obs["round"]:
            key = "ui.round_of" if obs["rounds"] and not compact else "ui.round"
            parts.append(Text(view.t(key, round=obs["round"], rounds=obs["rounds"]), style="bold"))
        to_move = obs["to_move"]
        step = obs["step"]
        if obs["player"] is not None and obs["player"] != to_move:
            player = view.names[obs["player"]]
            said = short_name(player, view.names) if compact else player
            parts.append(Text(view.t("ui.turn", player=said), style="bold"))
        dice = obs["dice"]
        if dice:
            key = "ui.dice_double" if dice[0] == dice[1] else "ui.dice"
            parts.append(Text(view.t(key, a=dice[0], b=dice[1], total=dice[0] + dice[1])))
        win = obs["to_win"]
        parts.append(Text(view.t("ui.to_win_short" if compact else "ui.to_win", signs=win["signs"],
                                 gallery=win["gallery"], sign=SIGN_MARK), style="dim"))
        decision = self._decision_text(view, Position.of(obs), "ui.decide_short") if compact else ""
        if decision:  # the viewer's decision, with its amounts (a big screen says it in a line of its own)
            parts.append(Text(decision, style="bold cyan"))
        elif isinstance(to_move, int) and step and view.game.catalog.has(f"step.{step}"):
            player = view.names[to_move]
            parts.append(Text(view.t("ui.deciding", player=short_name(player, view.names) if compact else player,
                                     step=view.t(f"step.{step}")), style="bold cyan"))
        elif step and view.game.catalog.has(f"step.{step}") and obs["round"] == 0:
            parts.append(Text(view.t(f"step.{step}"), style="dim"))
        return pack(parts, view.width)

    # --- the board ----------------------------------------------------------------------------------------
    def board(self, view: View, pos: Position, roomy: bool) -> RenderableType:
        """The track, row after row, left to right: every square a cell (on a big screen two lines a square, in
        narrower cells when the screen is under 100 columns or its width unknown: output that is not a terminal)."""
        wide = view.width is not None and view.width >= 11 * ROOMY_CELL + 1
        cell = (ROOMY_CELL if wide else NARROW_CELL) if roomy else COMPACT_CELL
        width = view.width if view.width is not None else 11 * cell + 1
        per_row = max(4, min(11, (width - 1) // cell))
        lines: list[Text] = []
        start = pos.pawns.get(0)
        if start:
            line = Text(" ")
            line.append(view.t("ui.start") + " ", style="dim")
            for seat in start:
                line.append_text(SEATS.pawn(seat))
            lines.append(cropped(line))
        cells = [self._roomy_cell(pos, s, cell) if roomy else (self._compact_cell(pos, s),) for s in pos.squares]
        return Group(*lines, *track(cells, per_row))

    def _marks(self, pos: Position, square: dict[str, Any]) -> Text:
        """Owner, sign and gallery: three characters (spaces on a square that is not a shop)."""
        out = Text()
        if square["kind"] != "shop":
            out.append("   ")
            return out
        shop = square["shop"]
        owner = pos.owners.get(shop)
        if owner is None:
            out.append(FREE_MARK, style="dim")
        else:
            out.append_text(SEATS.holder(owner))
        out.append(SIGN_MARK if shop in pos.signs else " ", style="bold yellow")
        mark = pos.gallery_mark(shop)
        out.append(mark or " ", style="bold underline" if mark else "")
        return out

    def _compact_cell(self, pos: Position, square: dict[str, Any]) -> Text:
        kind = square["kind"]
        if kind == "shop":
            out = Text()
            out.append(f"{square['shop']:>2}", style=zone_style(pos, square["zone"]))
        else:
            out = Text()
            out.append(SPECIAL_MARKS.get(kind, "??"), style=SPECIAL_STYLES.get(kind, "bold reverse"))
        out.append_text(self._marks(pos, square))
        out.append_text(SEATS.pawns(pos.pawns.get(square["number"], []), COMPACT_CELL - 5))
        return out

    def _roomy_cell(self, pos: Position, square: dict[str, Any], cell: int) -> tuple[Text, Text]:
        """A square in two lines, ``cell`` characters wide: the shop's number on its zone's colour (or the special
        square's mark), its owner, sign and gallery; under it the square's number and the pawns on it."""
        kind = square["kind"]
        label = 4 if cell >= ROOMY_CELL else 3
        top = Text()
        if kind == "shop":
            top.append(f"{square['shop']:>3}".ljust(label), style=zone_style(pos, square["zone"]))
        else:
            mark = SPECIAL_MARKS.get(kind, "??")
            top.append(f" {mark} " if label == 4 else f" {mark}", style=SPECIAL_STYLES.get(kind, "bold reverse"))
        top.append_text(self._marks(pos, square))
        top.append(" " * (cell - label - 3))
        bottom = Text()
        bottom.append(f"{square['number']:>3} ", style="dim")
        bottom.append_text(SEATS.pawns(pos.pawns.get(square["number"], []), cell - 5))
        bottom.append(" ")
        return top, bottom

    def legend(self, view: View, pos: Position, roomy: bool) -> RenderableType:
        """The zones with what a visit pays and a shop costs; what the marks mean."""
        zones: list[Text] = []
        for zone in ("orange", "yellow", "green"):
            if zone not in pos.zones:
                continue
            z = pos.zones[zone]
            part = Text()
            if roomy:
                part.append(f" {zone_name(view, zone)} ", style=zone_style(pos, zone))
                part.append(f" {money(view, z['income'])}/{money(view, z['price'])}")
            else:  # the amounts on the zone's colour; the legend's first words say which is which
                part.append(f" {money(view, z['income'])}/{money(view, z['price'])} ", style=zone_style(pos, zone))
            zones.append(part)
        marks = {"owner": SEAT_MARKS[0], "sign": SIGN_MARK, "gallery": GALLERY_MARKS[0], "pawn": SEAT_MARKS[1],
                 "red": SPECIAL_MARKS["bouton_rouge"], "office": SPECIAL_MARKS["bureau"],
                 "minus": SPECIAL_MARKS["bankruptcy"], "plus": SPECIAL_MARKS["bonus"]}
        if roomy:
            return Group(flow([*zones, Text(view.t("ui.zone_amounts"), style="dim")], view.width, "  "),
                         wrapped(view.t("ui.legend", **marks), view.width, "dim", indent="  "))
        return Group(flow([*zones, Text(view.t("ui.zone_amounts"), style="dim")], view.width, " "),
                     wrapped(view.t("ui.legend_short", **marks), view.width, "dim", indent="  "))

    # --- the players ----------------------------------------------------------------------------------------
    def players_line(self, view: View, pos: Position) -> RenderableType:
        """Each seat: mark, then name, cash and shops as ``ui.seat_line`` says them (``B Bot 1: 108,000 · 6 shops``,
        the name set apart from the amount, which would else read as one number with a name ending in one), signs
        and galleries (mark, value); who is out."""
        obs = view.obs
        parts: list[Text] = []
        for p in obs["players"]:
            seat = p["seat"]
            part = Text()
            part.append_text(SEATS.pawn(seat))
            name = short_name(view.names[seat], view.names) + (" " + view.t("ui.you") if seat == view.seat else "")
            if p["out"]:
                part.append(" " + name)
                part.stylize(OUT_STYLE, 2)
                part.append(" " + view.t("ui.out"), style="bold red")
                parts.append(part)
                continue
            part.append(" ")
            part.append_text(filled(view.t("ui.seat_line", name="{name}", cash="{cash}", shops="{shops}"), {
                "name": Text(name, style="bold" if seat == view.seat else ""),
                "cash": Text(money(view, p["cash"]), style="bold green"),
                "shops": Text(view.n("ui.shops", len(p["shops"]), count=len(p["shops"])))}))
            if p["signs"]:
                part.append(f" {p['signs']}{SIGN_MARK}", style="bold yellow")
            mine = [g for g in pos.galleries if g["owner"] == seat]
            for g in mine:  # its mark as in one's list of shops, and its value
                part.append(f" [{g['mark']}] {money(view, g['value'])}", style="bold")
            if seat == obs["to_move"]:
                part.append(" " + TO_MOVE_MARK, style="bold cyan")
            parts.append(part)
        return pack(parts, view.width, " │ ")

    def players_table(self, view: View, pos: Position) -> RenderableType:
        obs = view.obs
        table = Table(box=None, padding=(0, 1), header_style="bold")
        table.add_column("", no_wrap=True)
        table.add_column(view.t("ui.player"), overflow="fold")
        table.add_column(view.t("ui.cash"), justify="right", no_wrap=True)
        table.add_column(view.t("ui.shops_head"), justify="right", no_wrap=True)
        table.add_column(view.t("ui.signs_head", sign=SIGN_MARK), justify="right", no_wrap=True)
        table.add_column(view.t("ui.galleries_head"), overflow="fold")
        table.add_column(view.t("ui.square_head"), overflow="fold")
        for p in obs["players"]:
            seat = p["seat"]
            name = table_name(view, seat, seat == obs["to_move"])
            mark = SEATS.pawn(seat)
            if p["out"]:
                name.stylize(OUT_STYLE)
                table.add_row(mark, name, Text(view.t("ui.out"), style="bold red"), "", "", "", "")
                continue
            mine = [g for g in pos.galleries if g["owner"] == seat]
            galleries = Text("\n".join(view.t("ui.gallery_token", mark=g["mark"], size=len(g["shops"]),
                                               value=money(view, g["value"])) for g in mine), style="bold") \
                if mine else Text("—", style="dim")
            square = p["square"]
            where = Text(f"{square} · {place(view, pos, square, named=False)}" if square else place(view, pos, 0))
            table.add_row(mark, name, Text(money(view, p["cash"]), style="bold green"), str(len(p["shops"])),
                          Text(str(p["signs"]), style="bold yellow" if p["signs"] else "dim"), galleries, where)
        return table

    # --- one's own shops and galleries ------------------------------------------------------------------------
    def yours(self, view: View, pos: Position, roomy: bool, named: bool = True) -> RenderableType:
        """The viewer's shops (zone, number, name, sign, gallery) and galleries (shops, value); on a big screen a line
        per zone with what its shops bring."""
        if view.seat is None or view.obs["to_move"] is None:
            return Text("")
        me = view.obs["players"][view.seat]
        if me["out"]:
            return Text(view.t("ui.you_are_out"), style="bold red")
        shops: list[int] = me["shops"]
        if not shops:
            return Text(view.t("ui.no_shops"), style="dim")
        lines: list[RenderableType] = []
        if roomy:
            for zone in ("orange", "yellow", "green"):
                here = [s for s in shops if pos.zone_of(s) == zone]
                if not here:
                    continue
                z = pos.zones[zone]
                head = Text(view.t("ui.your_zone", zone=zone_name(view, zone), income=money(view, z["income"]))
                            + " ", style="bold")
                lines.append(pack([head, *(self._own_shop(view, pos, s, True) for s in here)], view.width, "  "))
        else:
            head = Text(view.t("ui.your_shops") + " ", style="bold")
            lines.append(pack([head, *(self._own_shop(view, pos, s, named) for s in shops)], view.width,
                              "  " if named else " "))
        mine = [g for g in pos.galleries if g["owner"] == view.seat] if roomy else []
        for g in mine:  # on a small screen, the marks in the list of shops and the values in the players' line
            text = Text(view.t("ui.your_gallery", mark=g["mark"], size=len(g["shops"]),
                               shops=join_words([str(s) for s in g["shops"]], view.lang),
                               value=money(view, g["value"])), style="bold")
            lines.append(wrapped(text, view.width, indent="  "))
        return Group(*lines)

    @staticmethod
    def _own_shop(view: View, pos: Position, shop: int, named: bool) -> Text:
        text = shop_label(view, pos, shop, named)
        if shop in pos.signs:
            text.append(SIGN_MARK, style="bold yellow")
        mark = pos.gallery_mark(shop)
        if mark:
            text.append(f"[{mark}]", style="bold underline")
        return text

    # --- the last card ----------------------------------------------------------------------------------------
    def last_card(self, view: View, pos: Position) -> RenderableType:
        card = view.obs["last_card"]
        if not card or view.obs["to_move"] is None:
            return Text("")
        if card["deck"] == "red":
            text = view.t("ui.card_red", card=card["id"], effect=effect_text(view, card["top"]))
        else:
            pile = view.t(f"pile.{card['deck']}") if view.game.catalog.has(f"pile.{card['deck']}") else card["deck"]
            text = view.t("ui.card", card=card["id"], pile=pile, top=effect_text(view, card["top"]),
                          bottom=effect_text(view, card["bottom"]) or "—")
        return wrapped(text, view.width, indent="  ")

    # --- what is being decided ----------------------------------------------------------------------------------
    def decision(self, view: View, pos: Position) -> RenderableType:
        """When the viewer decides, on a big screen: what, with the amounts (the choices' explanations say the rest)."""
        text = self._decision_text(view, pos, "ui.decide")
        return wrapped(Text(text, style="bold"), view.width, indent="  ") if text else Text("")

    @staticmethod
    def _decision_text(view: View, pos: Position, prefix: str) -> str:
        """The viewer's decision in words (``ui.decide.*``, or the short ``ui.decide_short.*`` the small screen's
        status line says); "" when the viewer does not decide."""
        obs = view.obs
        seat = view.seat
        if seat is None or obs["to_move"] != seat:
            return ""
        cash = money(view, obs["players"][seat]["cash"])
        step = obs["step"]
        here = pos.here(seat, obs)
        fields: dict[str, Any] = {"player": short_name(view.names[seat], view.names), "cash": cash}
        if step == "buy" and here:
            return view.t(f"{prefix}.buy", shop=here, name=pos.shop_name(here), zone=zone_name(view, pos.zone_of(here)),
                          price=money(view, pos.price(here)), **fields)
        if step == "gallery" and here:
            g = pos.gallery_of.get(here)
            if g is not None:
                gallery = pos.galleries[g]
                return view.t(f"{prefix}.merge", shop=here, mark=gallery["mark"],
                              value=money(view, gallery["value"]), **fields)
            free: set[int] = set()
            for action in view.legal:
                a = parsed(parse_action, action)
                if isinstance(a, Gallery):
                    free |= {a.a, a.b}
            return view.t(f"{prefix}.gallery", shop=here, name=pos.shop_name(here),
                          shops=join_words([str(s) for s in sorted(free)], view.lang), **fields)
        if step == "gain_sign":
            return view.t(f"{prefix}.gain_sign", signs=obs["players"][seat]["signs"], target=obs["to_win"]["signs"],
                          **fields)
        if step == "lose_sign":
            return view.t(f"{prefix}.lose_sign", **fields)
        if step == "sell" and obs["debt"]:
            debt = obs["debt"]
            key = f"{prefix}.sell_pay" if "pay" in view.legal else f"{prefix}.sell"
            return view.t(key, amount=money(view, debt["amount"]), creditor=name_of(view, debt["creditor"]), **fields)
        return ""

    # --- actions in words ------------------------------------------------------------------------------------
    action_words = staticmethod(action_words)

    def action_label(self, view: View, action: str) -> str:
        a = parsed(parse_action, action)
        obs = view.obs
        pos = Position.of(obs)
        seat = obs["to_move"] if isinstance(obs["to_move"], int) else None
        if a is None or seat is None:
            return ""
        cash = obs["players"][seat]["cash"]
        here = pos.here(seat, obs)
        step = obs["step"]
        match a:
            case Buy() if here:
                return view.t("ui.action.buy", shop=here, name=pos.shop_name(here), price=money(view, pos.price(here)),
                              left=money(view, cash - pos.price(here)))
            case Pass():
                return view.t("ui.action.pass_gallery" if step == "gallery" else "ui.action.pass")
            case Gallery(a=first, b=second) if here:
                shops = sorted((here, first, second))
                cost = sum(pos.income(s) for s in shops)
                return view.t("ui.action.gallery", shops=join_words([str(s) for s in shops], view.lang),
                              cost=money(view, cost), left=money(view, cash - cost))
            case Merge(shop=shop) if here and pos.gallery_of.get(shop) is not None:
                other = pos.galleries[pos.gallery_of[shop]]
                own = pos.galleries[pos.gallery_of[here]] if here in pos.gallery_of else None
                cost = other["value"] + (own["value"] if own else 0)
                size = len(other["shops"]) + (len(own["shops"]) if own else 0)
                return view.t("ui.action.merge", mark=other["mark"],
                              shops=join_words([str(s) for s in other["shops"]], view.lang),
                              cost=money(view, cost), size=size)
            case Sign(shop=shop):
                return view.t("ui.action.sign", shop=shop, name=pos.shop_name(shop),
                              zone=zone_name(view, pos.zone_of(shop)))
            case Unsign(shop=shop):
                return view.t("ui.action.unsign", shop=shop, name=pos.shop_name(shop))
            case Sell(shop=shop):
                price = pos.price(shop) // 2
                text = view.t("ui.action.sell", shop=shop, price=money(view, price),
                              name=pos.shop_name(shop) or view.t("ui.place.shop_number", shop=shop))
                extra = []
                if shop in pos.gallery_of:
                    extra.append(view.t("ui.action.sell_gallery", mark=pos.gallery_mark(shop)))
                if shop in pos.signs:
                    extra.append(view.t("ui.action.sell_sign"))
                return text + "".join(extra)
            case PayDebt() if obs["debt"]:
                debt = obs["debt"]
                return view.t("ui.action.pay", amount=money(view, debt["amount"]),
                              creditor=name_of(view, debt["creditor"]), left=money(view, cash - debt["amount"]))
        return ""

    def refine_reason(self, view: View, reason: Reason) -> Reason:
        return reason

    def milestone(self, view: View, log: Sequence[Event], since: int) -> list[RenderableType]:
        return []
