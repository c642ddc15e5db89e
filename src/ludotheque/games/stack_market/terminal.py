"""Stack Market's screen: every building drawn from the front and from the side (``building_art.py``), a column of
dice each shifted by its offset, with its height, top face, margin of safety and lean under it; the reserve, the
record, each seat's steadiness, one's own cash, the dice rolled and those still to place; and, when it is one's turn
to place a die, the short list of named aims and how to type an aim as offsets.

Drawn from a seat's observation only (``view.observe``): another seat's cash never reaches the screen before the end.
Two layouts, like the other games: on a big terminal (or output that is not a terminal) each die of a building on its
own line, wide views and a table of the players; on a small one (80 × 24) narrower views, a building taller than the
room drawn one line per few dice (the ruler on the left says which), and the players in a line.

Action texts are shown in the player's language (``action_words``: ``investir B``, ``viser soigné``,
``viser -1,5mm 3mm``), words the parser accepts back; an aim off the named list is written in millimetres and degrees.
French commands are infinitives (or nouns: ``empileur 2``); the parser still reads the older ``vise``, ``investit``,
``reste``, ``empile`` and the English words, and a record keeps the English text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ...cli.render import KEY, MAJOR, NORMAL, ROUTINE, EventLine, View, describe_lines, flow, measure, wrapped
from ...cli.words import short_name, table_name
from ...engine.errors import InvalidActionError, Reason
from ...engine.state import Event
from ...engine.words import NBSP, format_int, format_number, join_words
from .actions import (
    AIM_LIMIT_UM,
    COMPANY_LETTERS,
    FRENCH_AIM_WORDS,
    NAMED_AIMS,
    TURN_LIMIT,
    Aim,
    Invest,
    Stack,
    Stacker,
    Stay,
    parse_action,
)
from .building_art import GAP, Frame, building_lines, frame_for, offsets, pad
from .texts import mm, money

MIN_ROWS = 3
"""The fewest lines a building may be drawn in (a taller one is drawn one line per few dice)."""
COMPACT_ROWS = 8
"""On a small terminal, at most this many lines of dice."""
COMPACT_LINES = 15
"""On a small terminal, the lines the game's part takes when it can (what happened since one's last move keeps a few
lines on 80 × 24)."""
TIGHT_MM = 1.0
"""A margin below this (mm) is shown in red; below ``WARN_MM`` in yellow."""
WARN_MM = 3.0
TO_MOVE_MARK = "◂"
"""After the seat to move in the hands line, as in the other games (not « », which reads as a quotation mark)."""
VERBS = {
    "en": {"invest": "invest", "stay": "stay", "stack": "stack", "aim": "aim", "stacker": "stacker"},
    "fr": {"invest": "investir", "stay": "rester", "stack": "empiler", "aim": "viser", "stacker": "empileur"},
}
"""The action words in each language, those ``actions.parse_action`` reads back: French says infinitives (like the
other games' ``acheter``, ``passer``) and a noun for the takeover's stacker."""


# --- words and numbers ------------------------------------------------------------------------------------
def signed_mm(um: float, lang: str) -> str:
    text = mm(abs(um), lang)
    return ("-" if round(um / 100) < 0 else "+") + text


def _typed(value: float, digits: int, lang: str) -> str:
    """A number as a person types it in an aim: no trailing zeros, the language's decimal mark, nothing grouped."""
    text = f"{value:.{digits}f}".rstrip("0").rstrip(".") if digits else f"{value:.0f}"
    text = "0" if text in ("-0", "") else text
    return text.replace(".", ",") if lang == "fr" else text


def aim_text(aim: Aim, lang: str) -> str:
    """An aim as a person types it: a named aim by its name, else ``aim 1.5mm -3mm 15deg`` (no turn: left out)."""
    verb = VERBS.get(lang, VERBS["en"])["aim"]
    for name, values in NAMED_AIMS.items():
        if values == (aim.x, aim.y, aim.turn):
            return f"{verb} {FRENCH_AIM_WORDS[name] if lang == 'fr' else name}"
    words = [f"{_typed(aim.x / 1000, 3, lang)}mm" if aim.x else "0", f"{_typed(aim.y / 1000, 3, lang)}mm" if aim.y
             else "0"]
    if aim.turn:
        words.append(f"{_typed(aim.turn / 100, 2, lang)}deg")
    return " ".join([verb, *words])


def action_words(text: str, lang: str) -> str:
    """An action's text in ``lang``'s words (``invest B`` -> ``investir B``, ``aim 0 0 0`` -> ``viser soigné``)."""
    try:
        a = parse_action(text)
    except InvalidActionError:
        return text
    v = VERBS.get(lang, VERBS["en"])
    match a:
        case Invest(company=c):
            return f"{v['invest']} {COMPANY_LETTERS[c]}"
        case Stay():
            return v["stay"]
        case Stack(order=order):
            return " ".join([v["stack"], *map(str, order)])
        case Aim():
            return aim_text(a, lang)
        case Stacker(seat=seat):
            return f"{v['stacker']} {seat}"
    return text


def margin_text(company: dict[str, Any], lang: str) -> Text:
    margin = company["margin"]
    if margin is None:
        return Text("—", style="dim")
    style = "bold red" if margin < TIGHT_MM * 1000 else "yellow" if margin < WARN_MM * 1000 else "green"
    return Text(f"{mm(margin, lang)}{NBSP}mm", style=style)


def lean_text(company: dict[str, Any], lang: str) -> Text:
    shifts = offsets(company)
    if len(shifts) < 2:
        return Text("—", style="dim")
    x, y = shifts[-1]
    return Text(f"x{signed_mm(x, lang)} y{signed_mm(y, lang)}")


class StackMarketRenderer:
    """The Stack Market screen and the words for its actions and events."""

    milestones: frozenset[str] = frozenset({"round_start"})
    """A round's end: the takeover, its result and everyone's income, before the buildings go back to three dice."""

    def screen(self, view: View) -> list[RenderableType]:
        """The layout for the view's size: on a small screen, as many lines of dice as fit (at most
        ``COMPACT_ROWS``), the legend and then the players' names left out before the buildings go below five lines."""
        tallest = max((c["height"] for c in view.obs["companies"]), default=1)
        parts: list[RenderableType]
        if view.roomy:
            rows = tallest if view.height is None else max(MIN_ROWS, min(tallest, view.height - 8))
            parts = self._parts(view, rows, True)
            while view.height is not None and rows > MIN_ROWS and measure(parts, view.width) > view.height:
                rows -= 1
                parts = self._parts(view, rows, True)
            return parts
        most = max(MIN_ROWS, min(COMPACT_ROWS, tallest))
        parts = []
        # Placing a die, the choices listed under the screen are a grid of aims the menu here replaces: the whole
        # height is used. Otherwise a few lines are left for what happened since one's last move.
        soft = view.height if view.height is None or self._aiming(view) else min(view.height, COMPACT_LINES)
        for limit in (soft, view.height):
            for tight in (0, 1, 2):
                least = MIN_ROWS if tight == 2 else min(most, 5)
                for rows in range(most, least - 1, -1):
                    parts = self._parts(view, rows, False, tight)
                    if limit is None or measure(parts, view.width) <= limit:
                        return parts
        return parts

    def _parts(self, view: View, rows: int, roomy: bool, tight: int = 0) -> list[RenderableType]:
        parts: list[RenderableType] = [self.status(view, roomy), self.buildings(view, rows, roomy, tight)]
        if roomy:
            parts.append(self.players_table(view))
        else:
            parts.append(self.players_line(view, tight))
        parts.append(self.dice(view, roomy))
        if roomy:
            parts.append(self.aims(view))
        return [p for p in parts if not (isinstance(p, Text) and not p.plain)]

    # --- the round, the reserve, the record, one's cash ---------------------------------------------------
    def status(self, view: View, roomy: bool = False) -> RenderableType:
        obs = view.obs
        lang = view.lang
        over = obs["phase"] == "over"
        head = Text(view.t("ui.over") if over else view.t("ui.round", round=obs["round"], rounds=obs["rounds"]),
                    style="bold")
        parts = [head, Text(view.t("ui.reserve", reserve=obs["reserve"], dice=obs["dice"]))]
        if obs["removed"]:
            parts.append(Text(view.t("ui.removed", removed=obs["removed"])))
        holder = obs["record_holder"]
        if holder is None:
            parts.append(Text(view.t("ui.record_none", record=obs["record"])))
        else:
            name = view.names[holder] if roomy else short_name(view.names[holder], view.names)
            parts.append(Text(view.t("ui.record", record=obs["record"], holder=name)))
        if obs.get("my_cash") is not None and not over:
            parts.append(Text(view.t("ui.your_cash", cash=money(obs["my_cash"], lang)), style="bold green"))
        line = flow(parts, view.width, " · ")
        if over and view.seat is not None:
            # The player's own last screen (``ludo play``'s end) opens with the game's title rule, as every screen
            # before it; a spectator's (``ludo replay``, which rules its own title) does not, to say it once.
            return Group(Rule(Text(view.game.info.title(lang))), line)
        return line

    def buildings(self, view: View, rows: int, roomy: bool, tight: int = 0) -> RenderableType:
        obs = view.obs
        companies: list[dict[str, Any]] = obs["companies"]
        labels = [view.t("ui.height"), view.t("ui.margin"), view.t("ui.lean")]
        label = max(4, *(len(w) for w in labels)) + 1
        width = view.width if view.width is not None else 120
        frame = frame_for(companies, width, rows, label, 17 if roomy else 11)
        active = obs["building"] if obs["phase"] in ("order", "aim", "slip", "choose_stacker") else None
        lines: list[Text] = [self._header(view, companies, frame, roomy, active)]
        lines += building_lines(companies, frame, active)
        stats: list[tuple[str, list[Text]]] = [
            (labels[0], [Text(view.t("ui.height_value", height=c["height"], top=c["top"]) if c["height"]
                              else "—") for c in companies]),
            (labels[1], [margin_text(c, view.lang) for c in companies]),
            (labels[2], [lean_text(c, view.lang) for c in companies]),
        ]
        for name, values in stats:
            line = Text(f"{name:<{frame.label}}", style="dim")
            for k, value in enumerate(values):
                if k:
                    line.append(" " * GAP)
                line.append_text(pad(value, frame.block))
            lines.append(line)
        legend_key = "ui.legend" if roomy else "ui.legend_short"
        legend = view.t(legend_key, scale=format_number(frame.scale / 1000, view.lang))
        if frame.step > 1:
            legend += view.t("ui.legend_step", step=frame.step)
        if tight < 1:
            lines.append(wrapped(legend, view.width, "dim", indent="  "))
        return Group(*lines)

    def _header(self, view: View, companies: Sequence[dict[str, Any]], frame: Frame, roomy: bool,
                active: str | None) -> Text:
        """Each company's letter and its investors (names on a big screen, seat numbers on a small one)."""
        line = Text(" " * frame.label)
        for k, company in enumerate(companies):
            if k:
                line.append(" " * GAP)
            letter = company["company"]
            head = Text(f" {letter} ", style="bold reverse" if letter == active else "bold")
            investors: list[int] = company["investors"]
            room = frame.block - len(head) - 1
            who = "—"
            for names in ([view.names[p] for p in investors] if roomy else [],
                          [short_name(view.names[p], view.names) for p in investors] if roomy else [],
                          [str(p) for p in investors]):
                if names and len(", ".join(names)) <= room:
                    who = ", ".join(names)
                    break
            head.append(" " + who, style="cyan" if view.seat in investors else "dim")
            line.append_text(pad(head, frame.block))
        return line

    # --- the players --------------------------------------------------------------------------------------
    def players_line(self, view: View, tight: int = 0) -> RenderableType:
        """Each seat: number, name, company and hand (the spread of its placing error, mm); the viewer's marked.
        ``tight`` 1: a bot's name without its kind ("Bot 1"); 2: no names. At the game's end, when everyone's cash
        is known, the cash line under it (``cash_line``), alone at ``tight`` 2."""
        obs = view.obs
        cash = self.cash_line(view, short=tight > 0)
        if cash is not None and tight >= 2:
            return cash
        parts: list[Text] = []
        for p in obs["players"]:
            seat = p["seat"]
            part = Text(view.t("ui.hands") + " ", style="bold") if not parts else Text()
            part.append(str(seat), style="bold reverse" if seat == view.seat else "bold")
            name = short_name(view.names[seat], view.names) if tight else view.names[seat]
            if tight < 2:
                part.append(" " + name, style="bold" if seat == view.seat else "")
            part.append(f" {p['company'] or '—'}", style="cyan")
            part.append(f" ±{_typed(p['steadiness'] / 1000, 3, view.lang)}")
            if seat == obs["to_move"]:
                part.append(" " + TO_MOVE_MARK, style="bold cyan")
            parts.append(part)
        hands = flow(parts, view.width, " · ")
        return hands if cash is None else Group(hands, cash)

    def cash_line(self, view: View, short: bool = False) -> Text | None:
        """Every seat's cash once all of it is known (the game's end), the seat's number, its name and its amount
        kept apart: ``Cash: 0 Ada: $50,000 · 1 Bot 1: $108,000``, « Argent : 1 Bot 1 : 108 000 $ » (never
        "1 Bot 1 108 000 $", where the name's number and the amount read as one number). ``short``: a bot's name
        without its kind. None while some cash is secret."""
        players: list[dict[str, Any]] = view.obs["players"]
        if not players or any(p.get("cash") is None for p in players):
            return None
        parts: list[Text] = []
        for p in players:
            seat = p["seat"]
            part = Text(view.t("ui.cash_all") + " ", style="bold") if not parts else Text()
            part.append(str(seat), style="bold reverse" if seat == view.seat else "bold")
            name = short_name(view.names[seat], view.names) if short else view.names[seat]
            amount = money(p["cash"], view.lang)
            said = Text(" " + view.t("cash.seat", player=name, amount=amount))
            said.highlight_words([amount], "bold green")
            part.append_text(said)
            parts.append(part)
        return flow(parts, view.width, " · ")

    def players_table(self, view: View) -> RenderableType:
        obs = view.obs
        table = Table(box=None, padding=(0, 1), header_style="bold")
        table.add_column("#", justify="right", style="bold cyan")
        table.add_column(view.t("ui.player"), overflow="fold")
        table.add_column(view.t("ui.company"), justify="center", no_wrap=True)
        table.add_column(view.t("ui.hand"), justify="right", no_wrap=True)
        table.add_column(view.t("ui.cash"), justify="right", no_wrap=True)
        for p in obs["players"]:
            seat = p["seat"]
            holder = Text(" ★", style="bold yellow") if seat == obs["record_holder"] else None
            name = table_name(view, seat, seat == obs["to_move"], holder)
            if p.get("cash") is not None:
                cash = Text(money(p["cash"], view.lang), style="bold green")
            elif seat == view.seat and obs.get("my_cash") is not None:
                cash = Text(money(obs["my_cash"], view.lang), style="bold green")
            else:
                cash = Text(view.t("ui.secret"), style="dim")
            hand = f"±{_typed(p['steadiness'] / 1000, 3, view.lang)}{NBSP}mm"
            table.add_row(str(seat), name, p["company"] or "—", hand, cash)
        note = view.t("ui.hand_note") + (" · " + view.t("ui.record_mark") if obs["record_holder"] is not None else "")
        return Group(table, wrapped(" " + note, view.width, "dim", indent=" "))

    # --- the dice in hand and to place ----------------------------------------------------------------------
    def dice(self, view: View, roomy: bool = True) -> RenderableType:
        obs = view.obs
        hand: list[int] = obs["hand"]
        pending: list[int] = obs["pending"]
        building = obs["building"]
        if obs["phase"] == "over" or not (hand or pending or obs["takeover"]):
            return Text("")
        out = Text()
        takeover = obs["takeover"]
        if takeover and takeover.get("stacker") is not None and pending:
            out.append(view.t("ui.takeover_dice", tall=takeover["tall"], small=takeover["small"],
                              stacker=view.names[takeover["stacker"]]) + " ", style="bold")
        elif takeover and obs["phase"] == "choose_stacker":
            out.append(view.t("ui.takeover_choice", tall=takeover["tall"], small=takeover["small"]), style="bold")
            return wrapped(out, view.width, indent="  ")
        elif pending:
            out.append(view.t("ui.to_place", company=building) + " ", style="bold")
        if pending:
            out.append(f"[{pending[0]}]", style="bold reverse")
            if len(pending) > 1:
                out.append(" " + " ".join(map(str, pending[1:])))
        if hand and (roomy or not self._aiming(view)):
            if out.plain:
                out.append("   ")
            key = "ui.rolled" if obs["phase"] == "order" else "ui.left_over"
            top = next((c["top"] for c in obs["companies"] if c["company"] == building), None)
            out.append(view.t(key, dice=" ".join(map(str, hand)), top="—" if top is None else top),
                       style="bold" if obs["phase"] == "order" else "dim")
        if not roomy and self._aiming(view):
            out.append(" · ", style="dim")
            out.append(view.t("ui.aims_short"))
        return wrapped(out, view.width, indent="  ")

    # --- the aims menu --------------------------------------------------------------------------------------
    @staticmethod
    def _aiming(view: View) -> bool:
        """Whether the viewer places a die now."""
        return view.obs["phase"] == "aim" and view.seat is not None and view.obs["to_move"] == view.seat

    def aims(self, view: View) -> RenderableType:
        """On a big screen, when the viewer places a die: the named aims explained, and how to type offsets (a small
        screen has them in a line after the dice to place)."""
        if not self._aiming(view):
            return Text("")
        table = Table.grid(padding=(0, 2))
        for name, values in NAMED_AIMS.items():
            table.add_row(Text("  " + aim_text(Aim(*values), view.lang), style="bold"),
                          Text(view.t(f"ui.aim.{name.replace(' ', '_')}"), style="dim"))
        return Group(Text(view.t("ui.aims_title"), style="bold"), table,
                     wrapped(view.t("ui.aims_typed"), view.width, "dim", indent="  "))

    def menu(self, view: View, legal: list[str]) -> list[str]:
        """When the viewer places a die, the named aims rather than the grid of aims ``legal`` lists (any aim within
        the limits may be typed); else the legal actions."""
        if self._aiming(view):
            return [Aim(*values).text() for values in NAMED_AIMS.values()]
        return legal

    def check_typed(self, view: View, text: str) -> Reason | None:
        """An aim typed with bare numbers, not all zero, most likely meant millimetres: ask for the units (records and
        bots write whole micrometres, which ``aim 1500um`` still types)."""
        words = text.split()
        if len(words) < 3 or words[0].lower() not in ("aim", "vise", "viser"):
            return None
        numbers = words[1:]
        bare = [w for w in numbers if w.lstrip("+-").isdigit()]
        if bare and any(int(w) for w in bare):
            return Reason("aim_units", {"text": text})
        return None

    # --- actions in words ----------------------------------------------------------------------------------
    def action_words(self, action: str, lang: str) -> str:
        return action_words(action, lang)

    def action_label(self, view: View, action: str) -> str:
        try:
            a = parse_action(action)
        except InvalidActionError:
            return ""
        obs = view.obs
        companies: list[dict[str, Any]] = obs["companies"]
        match a:
            case Invest(company=c) if c < len(companies):
                company = companies[c]
                others = [view.names[p] for p in company["investors"] if p != view.seat]
                key = "ui.action.invest" if others else "ui.action.invest_alone"
                return view.n(key, company["height"], company=company["company"], height=company["height"],
                              top="—" if company["top"] is None else company["top"],
                              investors=join_words(others, view.lang))
            case Stay():
                mine = next((p["company"] for p in obs["players"] if p["seat"] == view.seat), None)
                return view.t("ui.action.stay", company=mine or "—")
            case Stack(order=order):
                return view.n("ui.action.stack", len(order), count=len(order), top=order[-1])
            case Aim():
                return self._aim_label(view, a)
            case Stacker(seat=seat) if seat < len(view.names):
                if seat == view.seat:
                    return view.t("ui.action.stacker_self")
                return view.t("ui.action.stacker", name=view.names[seat])
        return ""

    @staticmethod
    def _aim_label(view: View, aim: Aim) -> str:
        for name, values in NAMED_AIMS.items():
            if values == (aim.x, aim.y, aim.turn):
                return view.t(f"ui.aim.{name.replace(' ', '_')}")
        lang = view.lang
        parts = []
        if aim.x:
            parts.append(view.t("ui.aim.right" if aim.x > 0 else "ui.aim.left", mm=_typed(abs(aim.x) / 1000, 3, lang)))
        if aim.y:
            parts.append(view.t("ui.aim.back" if aim.y > 0 else "ui.aim.front", mm=_typed(abs(aim.y) / 1000, 3, lang)))
        if aim.turn:
            parts.append(view.t("ui.aim.anticlockwise" if aim.turn > 0 else "ui.aim.clockwise",
                                deg=_typed(abs(aim.turn) / 100, 2, lang)))
        return ", ".join(parts) or view.t("ui.aim.careful")

    def refine_reason(self, view: View, reason: Reason) -> Reason:
        """An aim out of bounds said in millimetres and degrees, a number an aim cannot take (``1,5`` without its
        unit) with how to write it, and a company letter past the last company named."""
        if reason.key == "aim_limits":
            return Reason("aim_limits_mm", {**reason.fields, "limit_mm": mm(AIM_LIMIT_UM, view.lang, 0),
                                            "turn_deg": format_int(TURN_LIMIT // 100, view.lang)})
        if reason.key == "not_number" and view.obs.get("phase") == "aim":
            return Reason("aim_number", dict(reason.fields))
        companies = view.obs.get("companies") or []
        if reason.key == "not_company" and companies:
            return Reason("not_company_here", {**reason.fields, "last": COMPANY_LETTERS[len(companies) - 1]})
        return reason

    # --- events in words ----------------------------------------------------------------------------------
    def event_lines(self, view: View, events: Sequence[Event]) -> list[EventLine]:
        """A player's turn in one line (what was rolled and stacked, how the building stands or that it fell, the
        investor moved), its payments and a record apart; outside a whole turn, a roll and the order chosen in one
        line, the dice one player places in a row in one line (with the height and margin after the last, or the
        collapse); the buildings stacked at a round's start in one line."""
        out: list[EventLine] = []
        i = 0
        while i < len(events):
            e = events[i]
            j = i + 1
            kind = e.kind
            if kind == "turn":
                while j < len(events) and events[j].kind not in ("turn", "round_end"):
                    j += 1
                out += self._turn(view, events[i:j])
            elif kind == "built":
                while j < len(events) and events[j].kind == "built":
                    j += 1
                built = " · ".join(f"{b.args['company']} {b.args['faces']}" for b in events[i:j])
                out.append(EventLine(view.t("summary.built", buildings=built), ROUTINE))
            elif kind == "rolled" and j < len(events) and events[j].kind in ("order", "nothing_to_stack"):
                then = events[j]
                j += 1
                key = "summary.rolled_none" if then.kind == "nothing_to_stack" else "summary.rolled"
                out.append(EventLine(view.t(key, player=self._name(view, e.args["seat"]), dice=e.args["dice"],
                                            order=then.args.get("dice", "")), NORMAL))
            elif kind == "placed":
                while (j < len(events) and events[j - 1].args.get("margin") is not None
                       and events[j].kind == "placed" and events[j].args["seat"] == e.args["seat"]
                       and events[j].args["company"] == e.args["company"]):
                    j += 1
                out.append(self._placed(view, events[i:j], events[j] if j < len(events) else None))
                if j < len(events) and events[j].kind == "fell":
                    j += 1
            elif kind in ("stay", "first_player"):
                out += describe_lines(view, [e], ROUTINE)
            elif kind in ("takeover_result", "game_end"):
                out += describe_lines(view, [e], KEY)
            elif kind in ("pay", "fell", "record", "takeover", "round_end", "round_start", "card_bonus"):
                out += describe_lines(view, [e], MAJOR)
            else:
                out += describe_lines(view, [e], NORMAL)
            i = j
        return out

    def _turn(self, view: View, turn: Sequence[Event]) -> list[EventLine]:
        """One turn: "Bob, company C: rolls 1 2 3, stacks 2 3: 9 dice, margin 4.3 mm; moves to A." (its short form
        without the roll), then the payments and the record it brought, each in its line."""
        head = turn[0].args
        pieces: list[str] = []
        short: list[str] = []
        extra: list[EventLine] = []
        weight = NORMAL
        k = 1
        while k < len(turn):
            e = turn[k]
            a = e.args
            k += 1
            if e.kind == "rolled":
                pieces.append(view.t("summary.t_rolled", dice=a["dice"]))
            elif e.kind == "order":
                pieces.append(view.t("summary.t_stacks", dice=a["dice"]))
            elif e.kind == "nothing_to_stack":
                pieces.append(view.t("summary.t_none"))
            elif e.kind == "placed":
                while k < len(turn) and turn[k].kind == "placed" and turn[k - 1].args.get("margin") is not None:
                    k += 1
                last = turn[k - 1].args
                if last.get("margin") is None:
                    at = turn[k].args.get("at", last["height"]) if k < len(turn) and turn[k].kind == "fell" else "?"
                    k += k < len(turn) and turn[k].kind == "fell"
                    text = view.n("summary.t_fell", last["height"], height=last["height"], at=at)
                    weight = MAJOR
                else:
                    text = view.n("summary.t_stands", last["height"], height=last["height"],
                                  margin=mm(last["margin"], view.lang))
                pieces.append(text)
                short.append(text)
            elif e.kind == "built":
                pieces.append(view.t("summary.t_rebuilt", faces=a["faces"]))
            elif e.kind == "removed":
                pieces.append(view.n("summary.t_removed", a["count"], count=a["count"]))
            elif e.kind == "stack_bonus":
                text = view.t("summary.t_bonus", amount=money(a["amount"], view.lang))
                pieces.append(text)
                short.append(text)
            elif e.kind == "stay":
                pieces.append(view.t("summary.t_stay"))
            elif e.kind == "change":
                text = view.t("summary.t_change", company=a["company"])
                pieces.append(text)
                short.append(text)
            else:
                extra += self.event_lines(view, [e])
        fields = {"player": self._name(view, head["seat"]), "company": head["company"]}
        sep = view.t("summary.t_sep")
        if not pieces:
            line = EventLine(view.t("summary.turn_only", **fields), ROUTINE)
        else:
            line = EventLine(view.t("summary.turn", what=sep.join(pieces), **fields), weight,
                             view.t("summary.turn", what=sep.join(short), **fields) if short else "")
        return [line, *extra]

    @staticmethod
    def _name(view: View, seat: int) -> str:
        return view.names[seat] if 0 <= seat < len(view.names) else "?"

    def _placed(self, view: View, run: Sequence[Event], after: Event | None) -> EventLine:
        last = run[-1].args
        fields = {"player": self._name(view, last["seat"]), "company": last["company"],
                  "faces": ", ".join(str(e.args["face"]) for e in run),
                  "height_dice": view.n("summary.height_dice", last["height"], count=last["height"])}
        if last.get("margin") is None:
            at = after.args.get("at", last["height"]) if after is not None and after.kind == "fell" else last["height"]
            return EventLine(view.n("summary.placed_fell", len(run), count=len(run), at=at, **fields), MAJOR)
        return EventLine(view.n("summary.placed", len(run), count=len(run),
                                margin=mm(last["margin"], view.lang), **fields), NORMAL)

    # --- the stop at a round's end ---------------------------------------------------------------------------
    def milestone(self, view: View, log: Sequence[Event], since: int) -> list[RenderableType]:
        """The round just ended, from the public log, in the order it happened: first what came before the round's
        end since the viewer last looked (the last turns: a die placed, the tallest-building card taken), which
        the screen after this stop would otherwise be the first to show, after the bonus it won; then the takeover
        and its result, every payment and income, the record; then the viewer's cash."""
        start = next((i for i in range(len(log) - 1, since - 1, -1) if log[i].kind == "round_start"), None)
        if start is None:
            return []
        end = max((i for i in range(start) if log[i].kind == "round_end"), default=since)
        round_number = log[end].args.get("round", "?") if log[end].kind == "round_end" else "?"
        parts: list[RenderableType] = []
        if log[end].kind == "round_end":
            first = max((i + 1 for i in range(since, end) if log[i].kind == "round_start"), default=since)
            if first < end and log[first].kind != "turn":  # a turn under way: said whole, from its start
                first = next((i for i in range(first - 1, -1, -1) if log[i].kind in ("turn", "round_start")), first)
                first = first if log[first].kind == "turn" else since
            for line in self.event_lines(view, log[first:end]):
                parts.append(wrapped("• " + line.text, view.width, indent="  "))
        parts.append(wrapped(view.t("ui.round_over", round=round_number), view.width, "bold"))
        for line in self.event_lines(view, log[end + 1:start]):
            parts.append(wrapped("• " + line.text, view.width, indent="  "))
        obs = view.obs
        if obs["record_holder"] is not None:
            parts.append(wrapped(view.t("ui.record", record=obs["record"], holder=view.names[obs["record_holder"]]),
                                 view.width, "dim"))
        if obs.get("my_cash") is not None:
            parts.append(Text(view.t("ui.your_cash", cash=money(obs["my_cash"], view.lang)), style="bold green"))
        return parts
