"""Acquire's screen: the 12 × 9 board in colour, the chains with everyone's holdings, and the turn's status.

Drawn from a seat's observation only (``ludotheque.games.acquire.view.observe``). Two layouts: on a big
terminal (or when the output is not a terminal) the board, then a table of the chains with a column per player;
on a small one (80 × 24) the board with the chains beside it (holdings by seat number) and the players' cash in
a line under them, so that the events and the choices still fit.

Action texts are shown in the player's language (``action_words``: ``acheter Luxor``, ``vendre 2 garder 1``),
words the parser accepts back; the records keep the English texts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...cli.render import (
    KEY,
    MAJOR,
    NORMAL,
    ROUTINE,
    EventLine,
    View,
    bullets,
    describe_lines,
    filled,
    flow,
    measure,
    wrapped,
)
from ...cli.words import short_name
from ...engine.errors import InvalidActionError, Reason
from ...engine.state import Event
from ...engine.words import format_int, join_words
from . import disposal_parts, shown
from .actions import (
    CARD_IDS,
    Announce,
    Buy,
    ChooseAbsorbed,
    ChooseSurvivor,
    Dispose,
    Done,
    Draw,
    Exchange,
    Found,
    Pass,
    PlaceTile,
    PlayCard,
    StopPlacing,
    parse_action,
)
from .board import COLUMNS, ROW_LETTERS, TILE_NAMES
from .chains import CHAINS, CODES, PRICE

CHAIN_STYLES: dict[str, str] = {
    "Airport": "bold black on gold1",
    "Festival": "bold black on green3",
    "Imperial": "bold white on magenta",
    "Luxor": "bold white on red3",
    "Oriental": "bold white on blue",
    "Prestige": "bold black on dark_orange",
    "Continental": "bold black on cyan",
}
"""One distinct background per chain (with its letter, so the board reads without colour too)."""
LONE_STYLE = "bold white on grey39"
PLAYABLE_STYLE = "bold black on bright_white"
HELD_STYLE = "bold bright_white underline"
EMPTY_STYLE = "grey42"
SAFE_MARK = "■"

display_name = shown
"""A chain's name as printed in the box (Impérial with its accent)."""

# --- action words ------------------------------------------------------------------------------------
VERBS = {
    "en": {"pass": "pass", "stop": "stop", "found": "found", "survivor": "survivor", "absorb": "absorb",
           "buy": "buy", "done": "done", "announce": "announce", "card": "card", "exchange": "exchange",
           "for": "for", "sell": "sell", "trade": "trade", "keep": "keep", "draw": "draw"},
    "fr": {"pass": "passer", "stop": "arrêter", "found": "fonder", "survivor": "choisir", "absorb": "absorber",
           "buy": "acheter", "done": "terminer", "announce": "annoncer", "card": "carte", "exchange": "ope",
           "for": "contre", "sell": "vendre", "trade": "échanger", "keep": "garder", "draw": "tirer"},
}
"""The action words in each language; the French ones are those ``actions.FRENCH_VERBS`` reads back. French verbs
are infinitives, as in the other games (``choisir Luxor`` for the surviving chain, ``terminer`` for the end of the
purchases); the parser still takes the words shown before (``survivante Luxor``, ``terminé``)."""
CARD_WORDS = {
    "en": CARD_IDS,
    "fr": ("fièvre-acheteuse", "vision-d'avenir", "héritage", "o.p.e.", "croissance-rapide"),
}


def action_words(text: str, lang: str) -> str:
    """An action's text in ``lang``'s words, as a person reads and types it (``buy Luxor`` -> ``acheter Luxor``;
    a disposal leaves out its zeros: ``sell 2 trade 0 keep 1`` -> ``vendre 2 garder 1``, which the position's
    parser completes). Chains keep their printed names (Impérial)."""
    try:
        a = parse_action(text)
    except InvalidActionError:
        return text
    v = VERBS.get(lang, VERBS["en"])
    match a:
        case PlaceTile():
            return text
        case Pass():
            return v["pass"]
        case StopPlacing():
            return v["stop"]
        case Done():
            return v["done"]
        case Announce():
            return v["announce"]
        case Found(chain=c):
            return f"{v['found']} {display_name(CHAINS[c])}"
        case ChooseSurvivor(chain=c):
            return f"{v['survivor']} {display_name(CHAINS[c])}"
        case ChooseAbsorbed(chain=c):
            return f"{v['absorb']} {display_name(CHAINS[c])}"
        case Buy(chain=c):
            return f"{v['buy']} {display_name(CHAINS[c])}"
        case PlayCard(card=card):
            return f"{v['card']} {CARD_WORDS.get(lang, CARD_IDS)[card]}"
        case Exchange(give=(g0, g1), take=take):
            names = (display_name(CHAINS[g0]), display_name(CHAINS[g1]), display_name(CHAINS[take]))
            return f"{v['exchange']} {names[0]} {names[1]} {v['for']} {names[2]}"
        case Dispose(sell=sell, trade=trade, keep=keep):
            parts = [f"{v[w]} {n}" for w, n in (("sell", sell), ("trade", trade), ("keep", keep)) if n]
            return " ".join(parts) or f"{v['keep']} 0"
        case Draw(tile=tile):
            return f"{v['draw']} {TILE_NAMES[tile]}"
    return text


def chain_text(chain: str, pad: str = " ") -> Text:
    return Text(f"{pad}{display_name(chain)}{pad}", style=CHAIN_STYLES.get(chain, ""))


ROUTINE_EVENTS = frozenset({"draw", "turn", "setup_tile", "first_player", "cannot_place", "bank_tile"})
MAJOR_EVENTS = frozenset({"found", "announce", "card"})
MERGER_PARTS = frozenset({"survivor", "bank_holding", "bonus", "dispose", "merged"})
"""The events that settle a merger, after its ``merger`` event: one entry with it (or, when the person's last move
was in the middle of a merger, one entry of their own)."""


class AcquireRenderer:
    """The Acquire screen and the words for its actions and events."""

    milestones: frozenset[str] = frozenset()

    def screen(self, view: View) -> list[RenderableType]:
        if view.roomy:
            return [self.status(view), self.board(view), self._legend(view), self.table(view), self.hand(view)]
        cell = 4 if view.width is None or view.width >= 93 else 3
        side = Table.grid(padding=(0, 1))
        side.add_column(no_wrap=True)
        side.add_column()
        side.add_row(self.board(view, cell), self.panel(view))
        parts = [self.status(view, compact=True), side, self.players_line(view)]
        # Shorter when the screen needs the room (what happened must show a merger's every bonus and choice):
        # the players' cash without their cards, then by seat number only (the panel's columns are numbered),
        # then without the merger's line above the disposal's, then without the turn's line (the person whose move
        # it is reads their name under what happened, and the step from the choices).
        for tight in (1, 2, 3, 4):
            if view.height is None or measure(parts, view.width) <= view.height:
                break
            parts = [self.status(view, compact=True, tight=tight - 2), side, self.players_line(view, min(tight, 2))]
        return parts

    # --- the board ---------------------------------------------------------------------------
    def board(self, view: View, cell: int = 4) -> RenderableType:
        """The board, ``cell`` columns a square: 4 shows every tile's name apart ("12F" is the longest), 3 fits
        beside the chains on a small terminal."""
        obs = view.obs
        owner: dict[str, str] = {}
        for chain, tiles in obs["board"].items():
            for tile in tiles:
                owner[tile] = chain
        hand = set(obs.get("hand") or ())
        playable = set(view.legal) & hand
        merging = (obs.get("merger") or {}).get("tile")  # placed, its merger being settled
        pad = " " * (cell - 3)
        lines = [Text("  " + "".join(f"{c:^3}{pad}" for c in range(1, COLUMNS + 1)).rstrip(), style="bold")]
        for row in ROW_LETTERS:
            line = Text(row + " ", style="bold")
            for col in range(1, COLUMNS + 1):
                name = f"{col}{row}"
                chain = owner.get(name)
                if col > 1:
                    line.append(pad)
                if name == merging:
                    line.append(" ✱ ", style="bold reverse")
                elif chain == "unincorporated":
                    line.append(" • ", style=LONE_STYLE)
                elif chain is not None:
                    line.append(f" {CODES[CHAINS.index(chain)]} ", style=CHAIN_STYLES.get(chain, ""))
                elif name in hand:  # in 3 columns, by its number (its row says the rest): "11G12G" would not read
                    label = f"{name:^3}" if cell > 3 else f"{col:>2} "
                    line.append(label, style=PLAYABLE_STYLE if name in playable else HELD_STYLE)
                else:
                    line.append(" · ", style=EMPTY_STYLE)
            lines.append(line)
        return Group(*lines)

    def _legend(self, view: View) -> Text:
        words = view.t("ui.legend")
        if view.obs.get("hand") is None:  # a spectator holds no tiles: drop the legend's last part (your tiles)
            return Text.assemble((" • ", LONE_STYLE), " ", (words.rsplit(" · ", 1)[0], "dim"))
        return Text.assemble((" • ", LONE_STYLE), " ", (words, "dim"), " ",
                             (f" {view.t('ui.legend_playable')} ", PLAYABLE_STYLE), " ",
                             (f" {view.t('ui.legend_held')} ", HELD_STYLE))

    # --- chains and holdings: the full table ------------------------------------------------------
    def table(self, view: View) -> RenderableType:
        obs = view.obs
        lang = view.lang
        players: list[dict[str, Any]] = obs["players"]
        table = Table(box=None, padding=(0, 1), header_style="bold")
        for header, justify in ((view.t("ui.chain"), "left"), (view.t("ui.hotels"), "right"),
                                (view.t("ui.price"), "right"), (view.t("ui.safe"), "center"),
                                (view.t("ui.bank"), "right")):
            table.add_column(header, justify=justify,  # type: ignore[arg-type]
                             min_width=13 if justify == "left" else None, no_wrap=True)
        for p in players:
            seat = p["seat"]
            header = view.names[seat] + (" " + view.t("ui.you") if seat == view.seat else "")
            table.add_column(Text(header), justify="right", style="bold" if seat == view.seat else "",
                             overflow="fold")
        hidden = view.t("ui.hidden")
        absent = []
        for chain, info in obs["chains"].items():
            on_board = info["size"] > 0
            if not on_board and not self._held(players, chain):
                absent.append(display_name(chain))
                continue
            holdings = [self._number(p["shares"], chain, hidden) for p in players]
            table.add_row(chain_text(chain) if on_board else Text(f" {display_name(chain)} ", style="dim"),
                          str(info["size"]) if on_board else "—",
                          format_int(info["price"], lang) if on_board else "—",
                          view.t("ui.yes") if info["safe"] else "", str(info["bank_stock"]), *holdings,
                          style=None if on_board else "dim")
        table.add_section()
        table.add_row(view.t("ui.cash"), "", "", "", "", *[hidden if p["cash"] is None else format_int(p["cash"], lang)
                                                            for p in players])
        table.add_row(view.t("ui.tiles"), "", "", "", "", *[str(p["tiles"]) for p in players])
        if obs["options"].get("cards"):
            table.add_row(view.t("ui.cards"), "", "", "", "", *[str(len(p["cards"])) for p in players])
        if not absent:
            return table
        return Group(table, wrapped(" " + view.t("ui.absent", chains=join_words(absent, lang)), view.width, "dim",
                                    indent=" "))

    @staticmethod
    def _held(players: list[dict[str, Any]], chain: str) -> bool:
        """Whether a chain off the board still matters: someone holds its shares (or may, unseen)."""
        return any(p["shares"] is None or p["shares"].get(chain) for p in players)

    @staticmethod
    def _number(shares: dict[str, int] | None, chain: str, hidden: str) -> str:
        if shares is None:
            return hidden
        return str(shares.get(chain, 0) or "")

    # --- chains and holdings: beside the board ----------------------------------------------------
    def panel(self, view: View) -> RenderableType:
        """The chains (hotels, price, each seat's shares by seat number; ■ when safe), your tiles, a legend."""
        obs = view.obs
        players: list[dict[str, Any]] = obs["players"]
        table = Table(box=None, padding=(0, 0, 0, 1), pad_edge=False, header_style="bold")
        table.add_column(view.t("ui.chain_hotels"), no_wrap=True)
        table.add_column(view.t("ui.price"), justify="right", no_wrap=True)
        for p in players:
            seat = p["seat"]
            table.add_column(Text(str(seat), style="bold reverse" if seat == view.seat else "bold"),
                             justify="right", no_wrap=True)
        hidden = view.t("ui.hidden")
        absent = []
        for chain, info in obs["chains"].items():
            on_board = info["size"] > 0
            if not on_board and not self._held(players, chain):
                absent.append(display_name(chain))
                continue
            size = f"{info['size']}{SAFE_MARK if info['safe'] else ' '}" if on_board else "— "
            name = chain_text(chain, "") if on_board else Text(display_name(chain), style="dim")
            name.append(" " * (12 - len(name)) + f"{size:>3}")
            table.add_row(name, format_int(info["price"], view.lang) if on_board else "—",
                          *[self._number(p["shares"], chain, hidden) for p in players],
                          style=None if on_board else "dim")
        parts: list[RenderableType] = [table]
        if absent:
            parts.append(Text(view.t("ui.absent", chains=join_words(absent, view.lang)), style="dim"))
        parts.append(self.hand(view, compact=True))
        parts.append(Text.assemble((" • ", LONE_STYLE), " ",
                                   (view.t("ui.legend_short", safe=SAFE_MARK), "dim")))
        return Group(*parts)

    def players_line(self, view: View, tight: int = 0) -> RenderableType:
        """Each seat's number, name and cash (and cards in the variant), in as few lines as they take; a
        seat's entry is never split across lines. The amount is set apart from the name as ``ui.seat_cash`` says
        (``0 Ada: 6,000``, « 0 Ada : 6 000 »): a name ending in a number would else run into it ("Player 0 100").
        ``tight`` 1: without the cards; 2: without the names either (``0: 6,000``)."""
        obs = view.obs
        parts: list[Text] = []
        for p in obs["players"]:
            seat = p["seat"]
            part = Text(view.t("ui.cash_label") + " ", style="bold") if not parts else Text()
            cash = view.t("ui.hidden") if p["cash"] is None else format_int(p["cash"], view.lang)
            fields = {"seat": Text(f"{seat}", style="bold reverse" if seat == view.seat else "bold"),
                      "name": Text(view.names[seat], style="bold" if seat == view.seat else ""), "cash": Text(cash)}
            part.append_text(filled(view.t("ui.seat_cash_short" if tight >= 2 else "ui.seat_cash",
                                            seat="{seat}", name="{name}", cash="{cash}"), fields))
            if obs["options"].get("cards") and not tight:
                part.append(f" ({view.t('ui.cards').lower()} {len(p['cards'])})", style="dim")
            parts.append(part)
        return flow(parts, view.width, " · ")

    # --- status and hand -----------------------------------------------------------------------
    def status(self, view: View, compact: bool = False, tight: int = 0) -> RenderableType:
        """Whose turn and which step; a merger being settled; what the viewer may buy or must dispose of.
        ``compact``: as few lines as that takes (for a small terminal); ``tight`` 1: without the merger's line when
        the viewer's disposal line names its chains (what happened says the rest); 2: without the turn's line
        either. Sentences are wrapped at ordinary spaces only."""
        obs = view.obs
        lang = view.lang
        lines = []
        turn_player = obs["turn_player"]
        player = view.names[turn_player] if 0 <= turn_player < len(view.names) else "—"
        phase = view.t(f"phase.{obs['phase']}")
        ts = obs["turn_state"]
        over = obs["phase"] == "over"  # nobody is to move: no player is named (the turn's player has moved on)
        if compact:
            head = Text(view.t("ui.over_short", turn=obs["turn"]) if over else
                        view.t("ui.turn_short", turn=obs["turn"], player=player, phase=phase), style="bold")
            if obs["phase"] == "buy":
                head.append(" · " + view.t("ui.bought_short", bought=ts["bought"], limit=ts["buy_limit"]))
            head.append(" · " + view.t("ui.bag_short", count=obs["bag"]), style="dim")
            if tight < 2:
                lines.append(head)
        else:
            turn = (view.t("ui.over", turn=obs["turn"]) if over else
                    view.t("ui.turn", turn=obs["turn"], player=player, phase=phase))
            lines.append(Text.assemble((turn, "bold"), "   ", (view.n("ui.bag", obs["bag"], count=obs["bag"]), "dim")))
        merger = obs["merger"]
        if merger is not None:
            chains = join_words((f"{display_name(c)} ({merger['sizes'][c]})" for c in merger["chains"]), lang)
            if compact and merger["survivor"]:
                absorbed = join_words((display_name(c) for c in merger["chains"] if c != merger["survivor"]), lang)
                if not (tight and self._disposal_help(view, merger, compact)):
                    lines.append(Text(view.t("ui.merger_short", tile=merger["tile"], absorbed=absorbed,
                                             survivor=display_name(merger["survivor"]),
                                             current=display_name(merger["current"] or "—")), style="yellow"))
            elif merger["survivor"]:
                lines.append(Text(view.t("ui.merger", tile=merger["tile"], chains=chains,
                                         survivor=display_name(merger["survivor"]),
                                         current=display_name(merger["current"] or "—")), style="yellow"))
            else:
                text = view.t("ui.merger_open", tile=merger["tile"], chains=chains)
                lines.append(Text(text, style="yellow"))
            lines += self._disposal_help(view, merger, compact)
        if obs["phase"] == "buy" and not compact:
            lines.append(Text(view.t("ui.bought", bought=ts["bought"], limit=ts["buy_limit"])))
        if obs["phase"] == "buy" and ts["free_left"]:
            lines.append(Text(view.t("ui.free", count=ts["free_left"])))
        if obs["announced"]:
            lines.append(Text(view.t("ui.announced"), style="bold yellow"))
        elif obs["end_possible"] and not over:  # once over, nothing is left to announce
            lines.append(Text(view.t("ui.end_possible"), style="bold yellow"))
        if obs["bank_tiles"]:
            tiles = obs["bank_tiles"]
            lines.append(Text(view.n("ui.bank_tiles", len(tiles), tiles=join_words(tiles, lang)), style="dim"))
        return Group(*(wrapped(line, view.width) for line in lines))

    @staticmethod
    def _disposal_help(view: View, merger: dict[str, Any], compact: bool = False) -> list[Text]:
        """When the viewer must dispose of shares: what they hold, what a sale brings, what a trade gives."""
        obs = view.obs
        current, survivor = merger["current"], merger["survivor"]
        if obs["phase"] != "dispose" or obs["to_move"] != view.seat or view.seat is None or not current:
            return []
        shares = obs["players"][view.seat]["shares"] or {}
        price = PRICE[CHAINS.index(current)][merger["sizes"].get(current, 0)]
        held = shares.get(current, 0)
        return [Text(view.n("ui.dispose_short" if compact else "ui.dispose", held, held=format_int(held, view.lang),
                            chain=display_name(current), price=format_int(price, view.lang),
                            survivor=display_name(survivor or ""),
                            stock=obs["chains"][survivor]["bank_stock"] if survivor else 0), style="bold yellow")]

    def hand(self, view: View, compact: bool = False) -> RenderableType:
        hand = view.obs.get("hand")
        if hand is None:
            return Text("")
        if not hand:
            return Text(view.t("ui.hand_empty"))
        text = Text()
        for i, tile in enumerate(hand):
            if i and not compact:
                text.append(" ")
            text.append(f" {tile} ", style=PLAYABLE_STYLE if tile in view.legal else HELD_STYLE)
        return Text.assemble(Text(view.t("ui.hand", tiles=""), style="bold"), text)

    # --- actions in words ----------------------------------------------------------------------
    def action_words(self, action: str, lang: str) -> str:
        return action_words(action, lang)

    def refine_reason(self, view: View, reason: Reason) -> Reason:
        """A disposal typed when no merger is being settled (``vendre 3`` at the place step) is not malformed: it
        is not possible now (``not_now_dispose``, with the step and what is possible)."""
        phase = view.obs.get("phase")
        if reason.key == "disposal_syntax" and phase != "dispose" and view.t(f"phase.{phase}") != f"phase.{phase}":
            return Reason("not_now_dispose", {**reason.fields, "step_key": f"phase.{phase}", "allowed": ""})
        return reason

    def action_label(self, view: View, action: str) -> str:
        try:
            a = parse_action(action)
        except InvalidActionError:
            return ""
        obs = view.obs
        t = view.t
        if isinstance(a, PlaceTile):  # its words are the tile (« 3H — poser ce pion »): not named twice
            return t("ui.action.place")
        if isinstance(a, Pass):
            return t("ui.action.pass")
        if isinstance(a, StopPlacing):
            return t("ui.action.stop")
        if isinstance(a, Found):
            return t("ui.action.found", chain=display_name(CHAINS[a.chain]))
        if isinstance(a, ChooseSurvivor):
            return t("ui.action.survivor", chain=display_name(CHAINS[a.chain]))
        if isinstance(a, ChooseAbsorbed):
            return t("ui.action.absorb", chain=display_name(CHAINS[a.chain]))
        if isinstance(a, Dispose):
            return self._dispose_label(view, a)
        if isinstance(a, Buy):
            chain = CHAINS[a.chain]
            if obs["turn_state"]["free_left"]:
                return t("ui.action.buy_free", chain=display_name(chain))
            info = obs["chains"][chain]
            return t("ui.action.buy", price=format_int(info["price"], view.lang),
                     stock=info["bank_stock"])
        if isinstance(a, Done):
            return t("ui.action.done")
        if isinstance(a, Announce):
            return t("ui.action.announce")
        if isinstance(a, PlayCard):
            return t("ui.action.card", card=t(f"card.{CARD_IDS[a.card].replace('-', '_')}"))
        if isinstance(a, Exchange):
            return t("ui.action.exchange", give0=display_name(CHAINS[a.give[0]]),
                     give1=display_name(CHAINS[a.give[1]]), take=display_name(CHAINS[a.take]))
        return ""

    @staticmethod
    def _dispose_label(view: View, a: Dispose) -> str:
        """What a disposal leaves the person with (never the action's own words again): the cash and the new
        shares it brings, and how many shares of the absorbed chain are still theirs."""
        merger = view.obs["merger"]
        if merger is None or not merger["current"]:
            return ""
        current = merger["current"]
        chain = display_name(current)
        price = PRICE[CHAINS.index(current)][merger["sizes"].get(current, 0)]
        gains = [format_int(a.sell * price, view.lang)] if a.sell else []
        if a.trade:
            gains.append(view.n("ui.action.shares", a.trade // 2, n=a.trade // 2,
                                chain=display_name(merger["survivor"] or "")))
        kept = (view.t("ui.action.left", shares=view.n("ui.action.shares", a.keep, n=a.keep, chain=chain)) if a.keep
                else view.t("ui.action.none_left", chain=chain))
        if not gains:
            return kept
        sep = "\u00a0; " if view.lang == "fr" else "; "
        return view.t("ui.action.receive", gains=join_words(gains, view.lang)) + sep + kept

    # --- events in words ---------------------------------------------------------------------------
    def event_lines(self, view: View, events: Sequence[Event]) -> list[EventLine]:
        """Each event in a line, but a merger (its bonuses and every holder's choice) in one entry of a line per
        chain, several purchases of a turn in one, and the end's bonuses and sales in one each."""
        out: list[EventLine] = []
        i = 0
        while i < len(events):
            e = events[i]
            if e.kind == "merger" or e.kind in MERGER_PARTS:
                j = i + 1
                while j < len(events) and events[j].kind in MERGER_PARTS and events[j - 1].kind != "merged":
                    j += 1
                out.append(self._merger_entry(view, events[i:j]))
                i = j
                continue
            if e.kind == "game_end":
                out += self._end_lines(view, events[i:])
                break
            if e.kind == "buy":
                j = i
                while j < len(events) and events[j].kind == "buy" and events[j].args["seat"] == e.args["seat"]:
                    j += 1
                if j - i > 1:
                    out.append(EventLine(self._buys(view, events[i:j]), NORMAL))
                    i = j
                    continue
            weight = ROUTINE if e.kind in ROUTINE_EVENTS else MAJOR if e.kind in MAJOR_EVENTS else NORMAL
            out += describe_lines(view, [e], weight)
            i += 1
        return out

    def milestone(self, view: View, log: Sequence[Event], since: int) -> list[RenderableType]:
        return [bullets(line.text, view.width) for line in self.event_lines(view, log[since:]) if line.weight == KEY]

    @staticmethod
    def _sep(view: View) -> str:
        return "\u00a0; " if view.lang == "fr" else "; "

    @staticmethod
    def _holder(view: View, seat: int) -> str:
        return view.t("summary.bank") if seat < 0 else view.names[seat]

    def _buys(self, view: View, buys: Sequence[Event]) -> str:
        counts: dict[str, int] = {}
        for b in buys:
            counts[b.args["chain"]] = counts.get(b.args["chain"], 0) + 1
        shares = join_words((f"{k} {display_name(c)}" for c, k in counts.items()), view.lang)
        total = sum(b.args["price"] for b in buys)
        return view.t("summary.buys", player=view.names[buys[0].args["seat"]], shares=shares,
                      price=format_int(total, view.lang))

    def _merger_entry(self, view: View, block: Sequence[Event]) -> EventLine:
        """A merger, or what is left of one since the person's last move, as one key entry. In full: who merged
        what into what, then per absorbed chain its bonuses and each holder's choice. Short: per absorbed chain
        one line with the same facts in fewer words, the first one saying who merged (nothing is left out)."""
        lang = view.lang
        sep = self._sep(view)
        head = block[0].args if block[0].kind == "merger" else None
        survivor = next((e.args["chain"] for e in block if e.kind == "survivor"), None)
        survivor = survivor or next((e.args["survivor"] for e in block if e.kind == "dispose"), None)
        merged = block[-1].args if block[-1].kind == "merged" else None
        survivor = survivor or (merged["chain"] if merged else None)
        sizes: dict[str, int] = {}
        if head is not None:
            sizes = dict(zip(head["chains"], head["sizes"], strict=True))
        elif view.obs.get("merger"):
            sizes = dict(view.obs["merger"]["sizes"])
        lines: list[str] = []
        if head is not None:
            player = view.names[head["seat"]]
            absorbed = join_words((display_name(c) for c in head["chains"] if c != survivor), lang)
            if merged is not None:
                lines.append(view.t("summary.merged", player=player, tile=head["tile"], absorbed=absorbed,
                                    chain=display_name(merged["chain"]), size=merged["size"]))
            elif survivor is not None:
                lines.append(view.t("summary.merging", player=player, tile=head["tile"], absorbed=absorbed,
                                    chain=display_name(survivor)))
            else:
                lines.append(view.game.describe(block[0], lang, view.names))
        bank: dict[str, int] = {}
        bonuses: dict[str, list[tuple[str, str]]] = {}
        holders: dict[str, list[tuple[str, dict[str, Any]]]] = {}
        for e in block:
            a = e.args
            if e.kind == "bank_holding":
                bank[a["chain"]] = a["shares"]
            elif e.kind == "bonus":
                bonuses.setdefault(a["chain"], []).append((self._holder(view, a["seat"]),
                                                           format_int(a["amount"], lang)))
            elif e.kind == "dispose":
                holders.setdefault(a["chain"], []).append((view.names[a["seat"]], a))
        short: list[str] = []
        for chain in dict.fromkeys([*bank, *bonuses, *holders]):
            full_parts = [view.t("summary.bank_holds", shares=bank[chain])] if chain in bank else []
            short_parts = list(full_parts)
            if chain in bonuses:
                full_parts.append(view.t("summary.bonuses", holders=join_words(
                    (f"{name} ({amount})" for name, amount in bonuses[chain]), lang)))
                short_parts.append(view.t("summary.bonuses_short", holders=", ".join(
                    f"{short_name(name, view.names)} {amount}" for name, amount in bonuses[chain])))
            for name, a in holders.get(chain, []):
                full_parts.append(view.t("summary.holder", player=name, parts=disposal_parts(
                    view.game.catalog, lang, a, named=False)))
                short_parts.append(view.t("summary.holder", player=short_name(name, view.names),
                                          parts=self._disposal_short(view, a)))
            size = sizes.get(chain)
            name = display_name(chain)
            if size is not None:
                lines.append(view.t("summary.settled", chain=name, size=size, parts=sep.join(full_parts)))
            else:
                lines.append(view.t("summary.settled_unsized", chain=name, parts=sep.join(full_parts)))
            fields = {"survivor": display_name(survivor or ""), "chain": name, "parts": sep.join(short_parts)}
            text = (view.t("summary.absorbs_short", size=size, **fields) if size is not None
                    else view.t("summary.absorbs_unsized", **fields))
            if head is not None and not short:
                text = view.t("summary.by_short", player=short_name(view.names[head["seat"]], view.names),
                              tile=head["tile"], text=text)
            short.append(text)
        if head is None and merged is not None:
            absorbed = join_words((display_name(c) for c in merged["absorbed"]), lang)
            lines.append(view.t("summary.absorbed", chain=display_name(merged["chain"]), absorbed=absorbed,
                                size=merged["size"]))
            now = view.t("summary.now_short", size=merged["size"])
            if short:
                short[-1] += sep + now
            else:
                short.append(lines[-1])
        if head is not None and not short:
            short = lines[:1]
        return EventLine("\n".join(lines), KEY, "\n".join(short))

    @staticmethod
    def _disposal_short(view: View, a: dict[str, Any]) -> str:
        """A holder's choice in the fewest words: ``sells 2 trades 2 keeps 1`` (the chains are said before)."""
        parts = [view.t(f"summary.{verb}", n=a[verb]) for verb in ("sell", "trade", "keep") if a[verb]]
        return " ".join(parts) or view.t("summary.keep", n=0)

    def _end_lines(self, view: View, events: Sequence[Event]) -> list[EventLine]:
        """The end: why, the bank's holdings (two players), every chain's bonuses, every sale, the fortunes."""
        lang = view.lang
        lines = describe_lines(view, [events[0]], NORMAL)  # the reason is in the ranking's title too
        bonuses: dict[str, list[tuple[str, str]]] = {}
        sales: dict[int, int] = {}
        rest = []
        for e in events[1:]:
            a = e.args
            if e.kind == "bonus":
                bonuses.setdefault(a["chain"], []).append((self._holder(view, a["seat"]),
                                                           format_int(a["amount"], lang)))
            elif e.kind == "final_sale":
                sales[a["seat"]] = sales.get(a["seat"], 0) + a["income"]
            else:
                rest.append(e)
        lines += describe_lines(view, [e for e in rest if e.kind != "final_cash"], NORMAL)
        if bonuses:
            chains = self._sep(view).join(view.t("summary.final_chain", chain=display_name(c),
                                                 holders=join_words((f"{n} ({a})" for n, a in h), lang))
                                          for c, h in bonuses.items())
            short = self._sep(view).join(f"{display_name(c)} " + ", ".join(f"{n} {a}" for n, a in h)
                                         for c, h in bonuses.items())
            lines.append(EventLine(view.t("summary.final_bonuses", chains=chains), KEY,
                                   view.t("summary.final_bonuses", chains=short)))
        if sales:
            lines.append(EventLine(view.t("summary.final_sales", sales=join_words(
                (f"{view.names[s]} ({format_int(v, lang)})" for s, v in sales.items()), lang)), NORMAL))
        lines += describe_lines(view, [e for e in rest if e.kind == "final_cash"], NORMAL)  # as in the ranking
        return lines
