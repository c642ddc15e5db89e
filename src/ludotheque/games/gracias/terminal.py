"""Gracias's screen: the round and turn, the trios on the table, everyone's cards by colour, the scores; and the
stop after a round's scoring, with everyone's cards, packets, discards and points.

Drawn from a seat's observation only (``ludotheque.games.gracias.view.observe``) and the public events: a seat
sees its own face-down cards and only how many the others hold. Action texts are shown in the player's language
(``action_words``: ``prendre B``, ``garder rouge donner 2``, French verbs in the infinitive as in the other games'
French commands), words the parser accepts back.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...cli.render import KEY, NORMAL, ROUTINE, EventLine, View, describe_lines, wrapped
from ...cli.words import table_name
from ...engine.errors import InvalidActionError, Reason
from ...engine.state import Event
from ...engine.words import join_words
from .actions import TRIO_LETTERS, Deal, Keep, Take, parse_action
from .cards import COLOURS, COLOURS_FR

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
GRAND_MARK = "◆"
OPENER_MARK = "◇"
PACKET_MARK = "■"
DISCARD_MARK = "✗"

WORDS = {"en": ("take", "keep", "give", "deal", COLOURS),
         "fr": ("prendre", "garder", "donner", "tirage", COLOURS_FR)}
"""The action words in each language, as shown (the parser reads them back, and the older French forms « prend »,
« garde », « donne » too). French verbs are infinitives, like every game's French commands (« acheter »,
« investir »). A chance event (``deal red``, the next card dealt) is never typed by a person: in French it reads
« tirage rouge », a noun, so that it cannot be taken for the person's « donner » (``garder rouge donner 2``)."""


def action_words(text: str, lang: str) -> str:
    """An action's text in ``lang``'s words (``keep red give 2`` -> ``garder rouge donner 2``)."""
    try:
        a = parse_action(text)
    except InvalidActionError:
        return text
    take, keep, give, deal, colours = WORDS.get(lang, WORDS["en"])
    if isinstance(a, Take):
        return f"{take} {TRIO_LETTERS[a.trio]}"
    if isinstance(a, Keep):
        return f"{keep} {colours[a.keep]} {give} {a.give_to}"
    if isinstance(a, Deal):
        return f"{deal} {colours[a.colour]}"
    return text


def colour_name(view: View, colour: str) -> str:
    """A colour's name in the view's language (« vert », as in tables and actions)."""
    return view.t(f"colour_name.{colour}") if colour in COLOURS else colour


def colour_adjective(view: View, colour: str) -> str:
    """A colour qualifying one card (« verte », as in « la carte verte »)."""
    return view.t(f"colour.{colour}") if colour in COLOURS else colour


def card(view: View, colour: str | None) -> Text:
    """One open card: its colour's name on its colour ("…" while not dealt)."""
    if colour is None:
        return Text(" … ", style="dim")
    return Text(f" {colour_name(view, colour)} ", style=COLOUR_STYLES.get(colour, "bold"))


class GraciasRenderer:
    """The Gracias screen and the words for its actions and events."""

    milestones: frozenset[str] = frozenset({"reveal", "round_score"})
    """A round's scoring: the face-down cards turned up and each player's points."""

    def screen(self, view: View) -> list[RenderableType]:
        if view.roomy:
            return [self.status(view), self.trios(view), self.players(view), self.own_hidden(view)]
        return [self.status(view, compact=True), self.trios(view, compact=True), self.players(view, compact=True),
                self.own_hidden(view)]

    # --- round, turn, openers -------------------------------------------------------------------
    def status(self, view: View, compact: bool = False) -> RenderableType:
        obs = view.obs
        names = view.names
        if obs["phase"] == "over":
            return Text(view.t("ui.over"), style="bold")
        head = Text(view.t("ui.round", round=obs["round"], tour=obs["tour"]), style="bold")
        pile = view.n("ui.pile", obs["pile"], count=obs["pile"])
        if compact:  # the openers are marked in the players' table
            head.append("   ")
            head.append(pile, style="dim")
            return head
        head.append("   ")
        head.append(view.t("ui.openers", grand=names[obs["grand_opener"]], opener=names[obs["opener"]]))
        return Group(head, Text(pile, style="dim"))

    # --- the trios on the table -----------------------------------------------------------------
    def trios(self, view: View, compact: bool = False) -> RenderableType:
        trios: list[dict[str, Any] | None] = view.obs["trios"]
        if not trios:
            return Text("")
        table = Table(box=None, padding=(0, 1), show_header=True, header_style="bold")
        if compact:
            table.add_column(view.t("ui.trios_short"), style="dim", no_wrap=True)
        for t in range(len(trios)):
            table.add_column(TRIO_LETTERS[t], justify="center", no_wrap=True)
        rows: list[list[Text]] = [[], [], []]
        if compact:
            rows = [[Text(view.t("ui.open_row"))], [Text("")], [Text(view.t("ui.hidden_row"))]]
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
        if compact:
            return table
        return Group(Text(view.t("ui.trios"), style="bold"), table)

    # --- everyone's cards and scores -------------------------------------------------------------
    def players(self, view: View, compact: bool = False) -> RenderableType:
        obs = view.obs
        players: list[dict[str, Any]] = obs["players"]
        over = obs["phase"] == "over"
        table = Table(box=None, padding=(0, 1, 0, 0) if compact else (0, 1), header_style="bold")
        table.add_column("#", justify="right", style="bold cyan")
        table.add_column(view.t("ui.player"), overflow="fold")
        if over:  # the cards are back in the pile: only the scores are left
            table.add_column(view.t("ui.rounds"), justify="right", no_wrap=True)
            table.add_column(view.t("ui.total"), justify="right", style="bold", no_wrap=True)
            for p in players:
                table.add_row(str(p["seat"]), Text(view.names[p["seat"]]),
                              " · ".join(str(s) for s in p["scores"]), str(p["total"]))
            return table
        for colour in COLOURS:
            table.add_column(Text(colour_name(view, colour), style=COUNT_STYLES[colour]), justify="center",
                             no_wrap=True)
        table.add_column(view.t("ui.face_down"), justify="center", no_wrap=True)
        if not compact:
            table.add_column(view.t("ui.rounds"), justify="right", no_wrap=True)
        table.add_column(view.t("ui.total"), justify="right", style="bold", no_wrap=True)
        most = {c: max((p["open"].get(c, 0) for p in players), default=0) for c in COLOURS}
        to_move = obs["to_move"]
        for p in players:
            seat = p["seat"]
            marks = (GRAND_MARK if seat == obs["grand_opener"] else "") + (OPENER_MARK if seat == obs["opener"] else "")
            name = table_name(view, seat, seat == to_move, Text(" " + marks, style="bold") if marks else None)
            hidden = p.get("hidden")
            cells: list[Text] = []
            for colour in COLOURS:
                k = p["open"].get(colour, 0)
                cell = Text()
                if k:
                    leads = k == most[colour]
                    text = f"{k}{LEADER_MARK if leads else ''}"
                    cell.append(text if compact else f" {text} ",
                                style=COLOUR_STYLES[colour] if leads else COUNT_STYLES[colour])
                else:
                    cell.append("·", style="dim")
                if hidden and hidden.get(colour):
                    cell.append(f"+{hidden[colour]}" if compact else f" +{hidden[colour]}", style="italic")
                cells.append(cell)
            scores = " · ".join(str(s) for s in p["scores"]) or "—"
            table.add_row(str(seat), name, *cells, str(p["hidden_count"]), *([] if compact else [scores]),
                          str(p["total"]))
        if compact:
            legend = view.t("ui.legend_short", mark=LEADER_MARK, grand=GRAND_MARK, opener=OPENER_MARK)
            return Group(table, wrapped(" " + legend, view.width, "dim", indent=" "))
        legends = [view.t("ui.legend", mark=LEADER_MARK), view.t("ui.openers_marks", grand=GRAND_MARK,
                                                                 opener=OPENER_MARK)]
        return Group(table, *(wrapped(" " + legend, view.width, "dim", indent=" ") for legend in legends))

    def own_hidden(self, view: View) -> RenderableType:
        if view.seat is None or view.obs["phase"] == "over":
            return Text("")
        hidden: dict[str, int] = view.obs["players"][view.seat].get("hidden") or {}
        text = Text(view.t("ui.your_hidden"), style="bold")
        text.append(" ")
        if not hidden:
            text.append(view.t("ui.none"), style="dim")
            return text
        # « 1 × rouge et 2 × bleu », as a round's reveal says them: each count in its colour, no padding around it
        # (a colour's background would need a space each side, read without colours as a double and a trailing
        # space)
        said = [(f"{k} × {colour_name(view, colour)}", COUNT_STYLES.get(colour, "bold"))
                for colour, k in hidden.items()]
        joined = join_words([words for words, _ in said], view.lang)
        at = 0
        for words, style in said:
            start = joined.index(words, at)
            text.append(joined[at:start])
            text.append(words, style=style)
            at = start + len(words)
        text.append(joined[at:])
        return text

    # --- actions in words ----------------------------------------------------------------------
    def action_words(self, action: str, lang: str) -> str:
        return action_words(action, lang)

    def refine_reason(self, view: View, reason: Reason) -> Reason:
        """A letter that is no trio at all, or a trio already taken: while a trio is to be chosen and some are
        taken, say which are left (« il reste le trio B », « les trios libres sont B et D »), else which letters the
        table has (A to D with four players). A number that is no seat: say which seats the card may go to
        (« siège 1 ou 2 »), or which seats the table has."""
        trios = view.obs.get("trios") or []
        if reason.key in ("not_trio", "not_trio_here", "no_trio") and trios:
            letter = str(reason.fields.get("trio" if reason.key == "no_trio" else "text", "")).upper()
            free = [TRIO_LETTERS[t] for t, trio in enumerate(trios) if trio is not None]
            if view.obs.get("phase") == "choose" and free and len(free) < len(trios):
                return Reason("not_trio_free", {"text": letter, "count": len(free),
                                                "free": join_words(free, view.lang)})
            if reason.key != "no_trio":
                return Reason("not_trio_here", {**reason.fields, "text": letter,
                                                "last": TRIO_LETTERS[len(trios) - 1]})
        keeping = view.obs.get("phase") == "keep" and view.seat is not None and view.obs.get("to_move") == view.seat
        others = join_words((str(p) for p in range(len(view.names)) if p != view.seat), view.lang, either=True)
        if reason.key == "not_seat" and view.names:
            if keeping:
                return Reason("not_seat_here", {**reason.fields, "seats": others})
            return Reason("not_seat_range", {**reason.fields, "last": len(view.names) - 1})
        if reason.key == "give_to" and view.names and keeping:  # the seats the card may go to, by number
            return Reason("give_to_here", {**reason.fields, "seats": others})
        return reason

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
            if first == second:
                return view.t("ui.action.take_pair", trio=TRIO_LETTERS[a.trio], colours=view.t(f"colours.{first}"))
            return view.t("ui.action.take", trio=TRIO_LETTERS[a.trio], first=colour_adjective(view, first),
                          second=colour_adjective(view, second))
        if isinstance(a, Keep) and view.obs.get("chosen") and a.give_to < len(view.names):
            trio = trios[TRIO_LETTERS.index(view.obs["chosen"])]
            assert trio is not None
            keep = COLOURS[a.keep]
            first, second = trio["open"]
            given = second if first == keep else first
            return view.t("ui.action.keep", keep=colour_adjective(view, keep), given=colour_adjective(view, given),
                          receiver=view.names[a.give_to])
        return ""

    # --- events in words ---------------------------------------------------------------------------
    def event_lines(self, view: View, events: Sequence[Event]) -> list[EventLine]:
        """A deal in one line, the laying out of the trios in one, each pick (the trio taken, the card kept and
        the card given) in one; the round's scoring and the end as they are."""
        out: list[EventLine] = []
        i = 0
        while i < len(events):
            e = events[i]
            j = i + 1
            if e.kind == "deal_open":
                while j < len(events) and events[j].kind == "deal_open":
                    j += 1
                out.append(EventLine(self._dealt(view, events[i:j]), ROUTINE))
            elif e.kind in ("deal_trio", "deal_hidden"):
                while j < len(events) and events[j].kind in ("deal_trio", "deal_hidden"):
                    j += 1
                last = max(ev.args["trio"] for ev in events[i:j])
                out.append(EventLine(view.t("summary.laid_out", last=TRIO_LETTERS[last]), ROUTINE))
            elif e.kind == "take" and j < len(events) and events[j].kind == "keep" \
                    and events[j].args["seat"] == e.args["seat"]:
                out.append(EventLine(self._pick(view, e, events[j]), NORMAL))
                j += 1
            elif e.kind == "turn":
                out += describe_lines(view, [e], ROUTINE)
            elif e.kind == "game_end":
                out += describe_lines(view, [e], KEY)
            else:
                out += describe_lines(view, [e], NORMAL)
            i = j
        return out

    def _dealt(self, view: View, deals: Sequence[Event]) -> str:
        hands: dict[int, list[str]] = {}
        for d in deals:
            hands.setdefault(d.args["seat"], []).append(colour_name(view, d.args["colour"]))
        text = ", ".join(f"{view.names[s]} ({join_words(c, view.lang)})" for s, c in hands.items())
        return view.t("summary.dealt", hands=text)

    def _pick(self, view: View, take: Event, keep: Event) -> str:
        a = keep.args
        fields = {"player": view.names[a["seat"]], "trio": TRIO_LETTERS[take.args["trio"]],
                  "keep": colour_adjective(view, a["keep"]), "given": colour_adjective(view, a["given"]),
                  "receiver": view.names[a["give_to"]]}
        if "hidden" in take.args:
            return view.t("summary.pick_own", hidden=colour_adjective(view, take.args["hidden"]), **fields)
        return view.t("summary.pick", **fields)

    # --- the stop after a round's scoring -----------------------------------------------------------
    def milestone(self, view: View, log: Sequence[Event], since: int) -> list[RenderableType]:
        """The round just scored, from the public log: the last picks of the round, then per player the cards of
        each colour (open + face down), the packets made, the colours discarded, the round's points and the
        total."""
        reveal = next((i for i in range(since, len(log)) if log[i].kind == "reveal"), None)
        if reveal is None:
            return []
        start = max((i + 1 for i in range(reveal) if log[i].kind == "round_score"), default=0)
        n = len(view.names)
        opened = [dict.fromkeys(COLOURS, 0) for _ in range(n)]
        last_turn = start
        for i in range(start, reveal):
            e = log[i]
            if e.kind == "deal_open":
                opened[e.args["seat"]][e.args["colour"]] += 1
            elif e.kind == "keep":
                opened[e.args["seat"]][e.args["keep"]] += 1
                opened[e.args["give_to"]][e.args["given"]] += 1
            elif e.kind == "turn":
                last_turn = i
        hidden = [dict.fromkeys(COLOURS, 0) for _ in range(n)]
        scores: dict[int, dict[str, Any]] = {}
        for e in log[reveal:]:
            if e.kind == "reveal":
                hidden[e.args["seat"]].update(e.args["hidden"])
            elif e.kind == "round_score":
                scores[e.args["seat"]] = e.args
        if not scores:
            return []
        round_number = next(iter(scores.values()))["round"]
        return [*self._last_picks(view, log[last_turn:reveal], round_number),
                self._scoring(view, opened, hidden, scores, round_number)]

    def _last_picks(self, view: View, events: Sequence[Event], round_number: int) -> list[RenderableType]:
        trios = {e.args["seat"]: e.args["trio"] for e in events if e.kind == "take"}
        picks = Table.grid(padding=(0, 2))
        rows = 0
        for e in events:
            if e.kind == "keep":
                a = e.args
                trio = TRIO_LETTERS[trios[a["seat"]]] if a["seat"] in trios else "?"
                picks.add_row(Text(" " + view.names[a["seat"]]),
                              Text(view.t("summary.pick_short", trio=trio, keep=colour_adjective(view, a["keep"]),
                                          given=colour_adjective(view, a["given"]), receiver=view.names[a["give_to"]])))
                rows += 1
        if not rows:
            return []
        return [Text(view.t("ui.last_picks", round=round_number), style="bold"), picks]

    def _scoring(self, view: View, opened: list[dict[str, int]], hidden: list[dict[str, int]],
                 scores: dict[int, dict[str, Any]], round_number: int) -> RenderableType:
        table = Table(box=None, padding=(0, 1, 0, 0), header_style="bold")
        table.add_column("#", justify="right", style="bold cyan")
        table.add_column(view.t("ui.player"), overflow="fold")
        for colour in COLOURS:
            table.add_column(Text(colour_name(view, colour), style=COUNT_STYLES[colour]), justify="center",
                             no_wrap=True)
        table.add_column(view.t("ui.points"), justify="right", no_wrap=True)
        table.add_column(view.t("ui.total"), justify="right", style="bold", no_wrap=True)
        totals = {p["seat"]: p["total"] for p in view.obs["players"]}
        for seat in range(len(view.names)):
            score = scores.get(seat, {})
            packets, discarded = score.get("packets", {}), score.get("discarded", {})
            cells = []
            for colour in COLOURS:
                o, h = opened[seat][colour], hidden[seat][colour]
                cell = Text(f"{o}+{h}" if h else str(o) if o else "·", style="" if o or h else "dim")
                if packets.get(colour):
                    cell.append(PACKET_MARK * packets[colour], style="bold")
                if discarded.get(colour):
                    cell.stylize("strike")
                    cell.append(DISCARD_MARK, style="bold red")
                cells.append(cell)
            table.add_row(str(seat), Text(view.names[seat]), *cells, str(score.get("points", "")),
                          str(totals.get(seat, "")))
        legend = view.t("ui.scoring_legend", packet=PACKET_MARK, discarded=DISCARD_MARK)
        return Group(wrapped(view.t("ui.scoring", round=round_number), view.width, "bold"), table,
                     wrapped(" " + legend, view.width, "dim", indent=" "))
