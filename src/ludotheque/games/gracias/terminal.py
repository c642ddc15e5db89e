"""Gracias's screen: the round and turn, the trios on the table, everyone's cards by colour, the scores.

Drawn from a seat's observation only (``ludotheque.games.gracias.view.observe``): a seat sees its own
face-down cards and only how many the others hold.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...cli.render import View
from ...engine.errors import InvalidActionError
from .actions import TRIO_LETTERS, Keep, Take, parse_action
from .cards import COLOURS

COLOUR_STYLES: dict[str, str] = {
    "red": "bold white on red3",
    "yellow": "bold black on yellow1",
    "green": "bold black on green3",
    "blue": "bold white on blue3",
    "purple": "bold white on purple",
    "orange": "bold black on dark_orange",
}
"""A card of each colour: its name on its colour (so the screen reads without colour too)."""
COUNT_STYLES: dict[str, str] = {
    "red": "bold red3",
    "yellow": "bold yellow1",
    "green": "bold green3",
    "blue": "bold blue3",
    "purple": "bold purple",
    "orange": "bold dark_orange",
}
"""A count of cards of a colour, in that colour."""
FACE_DOWN_STYLE = "bold white on grey39"
LEADER_MARK = "▲"


def colour_name(view: View, colour: str) -> str:
    """A colour's name in the view's language (the game's catalogue)."""
    return view.t(f"colour.{colour}") if colour in COLOURS else colour


def card(view: View, colour: str | None) -> Text:
    """One open card: its colour's name on its colour ("…" while not dealt)."""
    if colour is None:
        return Text(" … ", style="dim")
    return Text(f" {colour_name(view, colour)} ", style=COLOUR_STYLES.get(colour, "bold"))


class GraciasRenderer:
    """The Gracias screen and the words for its actions."""

    milestones: frozenset[str] = frozenset({"reveal", "round_score"})
    """A round's scoring: the face-down cards turned up and each player's points."""

    def screen(self, view: View) -> list[RenderableType]:
        return [self.status(view), self.trios(view), self.players(view), self.own_hidden(view)]

    # --- round, turn, openers -------------------------------------------------------------------
    def status(self, view: View) -> RenderableType:
        obs = view.obs
        names = view.names
        grand = names[obs["grand_opener"]]
        opener = names[obs["opener"]]
        if obs["phase"] == "over":
            head = Text(view.t("ui.over"), style="bold")
        else:
            head = Text(view.t("ui.round", round=obs["round"], tour=obs["tour"]), style="bold")
            head.append("   ")
            head.append(view.t("ui.openers", grand=grand, opener=opener))
        lines = [head]
        if obs["phase"] != "over":
            lines.append(Text(view.t("ui.pile", count=obs["pile"]), style="dim"))
        return Group(*lines)

    # --- the trios on the table -----------------------------------------------------------------
    def trios(self, view: View) -> RenderableType:
        trios: list[dict[str, Any] | None] = view.obs["trios"]
        if not trios:
            return Text("")
        table = Table(box=None, padding=(0, 2), show_header=True, header_style="bold")
        for t in range(len(trios)):
            table.add_column(TRIO_LETTERS[t], justify="center")
        rows: list[list[Text]] = [[], [], []]
        for trio in trios:
            if trio is None:
                rows[0].append(Text(view.t("ui.taken"), style="dim"))
                rows[1].append(Text(""))
                rows[2].append(Text(""))
                continue
            rows[0].append(card(view, trio["open"][0]))
            rows[1].append(card(view, trio["open"][1]))
            rows[2].append(Text(" ? ", style=FACE_DOWN_STYLE) if trio["hidden_card"] else Text(" … ", style="dim"))
        for row in rows:
            table.add_row(*row)
        return Group(Text(view.t("ui.trios"), style="bold"), table)

    # --- everyone's cards and scores -------------------------------------------------------------
    def players(self, view: View) -> RenderableType:
        obs = view.obs
        players: list[dict[str, Any]] = obs["players"]
        over = obs["phase"] == "over"
        table = Table(box=None, padding=(0, 1), header_style="bold")
        table.add_column("#", justify="right", style="bold cyan")
        table.add_column(view.t("ui.player"), no_wrap=True)
        if over:  # the cards are back in the pile: only the scores are left
            table.add_column(view.t("ui.rounds"), justify="right")
            table.add_column(view.t("ui.total"), justify="right", style="bold")
            for p in players:
                table.add_row(str(p["seat"]), Text(view.names[p["seat"]]),
                              " · ".join(str(s) for s in p["scores"]), str(p["total"]))
            return table
        for colour in COLOURS:
            table.add_column(Text(colour_name(view, colour), style=COUNT_STYLES[colour]), justify="center")
        table.add_column(view.t("ui.face_down"), justify="center")
        table.add_column(view.t("ui.rounds"), justify="right")
        table.add_column(view.t("ui.total"), justify="right", style="bold")
        most = {c: max((p["open"].get(c, 0) for p in players), default=0) for c in COLOURS}
        to_move = obs["to_move"]
        for p in players:
            seat = p["seat"]
            name = Text(view.names[seat], style="bold" if seat == view.seat else "")
            if seat == view.seat:
                name.append(" " + view.t("ui.you"))
            if seat == to_move:
                name = Text.assemble(("» ", "bold cyan"), name)
            hidden = p.get("hidden")
            cells: list[Text] = []
            for colour in COLOURS:
                k = p["open"].get(colour, 0)
                cell = Text()
                if k:
                    leads = k == most[colour]
                    cell.append(f" {k}{LEADER_MARK if leads else ''} ",
                                style=COLOUR_STYLES[colour] if leads else COUNT_STYLES[colour])
                else:
                    cell.append("·", style="dim")
                if hidden and hidden.get(colour):
                    cell.append(f" +{hidden[colour]}", style="italic")
                cells.append(cell)
            scores = " · ".join(str(s) for s in p["scores"]) or "—"
            table.add_row(str(seat), name, *cells, str(p["hidden_count"]), scores, str(p["total"]))
        legend = Text(" " + view.t("ui.legend", mark=LEADER_MARK), style="dim")
        return Group(table, legend)

    def own_hidden(self, view: View) -> RenderableType:
        if view.seat is None or view.obs["phase"] == "over":
            return Text("")
        hidden: dict[str, int] = view.obs["players"][view.seat].get("hidden") or {}
        text = Text(view.t("ui.your_hidden") + " ", style="bold")
        if not hidden:
            text.append(view.t("ui.none"), style="dim")
            return text
        for i, (colour, k) in enumerate(hidden.items()):
            if i:
                text.append(" ")
            text.append(f" {k} × {colour_name(view, colour)} ", style=COLOUR_STYLES.get(colour, "bold"))
        return text

    # --- actions in words ----------------------------------------------------------------------
    def action_label(self, view: View, action: str) -> str:
        try:
            a = parse_action(action)
        except InvalidActionError:
            return ""
        trios: list[dict[str, Any] | None] = view.obs["trios"]
        if isinstance(a, Take):
            trio = trios[a.trio] if a.trio < len(trios) else None
            if trio is None or None in trio["open"]:
                return ""
            first, second = trio["open"]
            return view.t("ui.action.take", trio=TRIO_LETTERS[a.trio], first=colour_name(view, first),
                          second=colour_name(view, second))
        if isinstance(a, Keep) and view.obs.get("chosen") and a.give_to < len(view.names):
            trio = trios[TRIO_LETTERS.index(view.obs["chosen"])]
            assert trio is not None
            keep = COLOURS[a.keep]
            first, second = trio["open"]
            given = second if first == keep else first
            return view.t("ui.action.keep", keep=colour_name(view, keep), given=colour_name(view, given),
                          receiver=view.names[a.give_to])
        return ""
