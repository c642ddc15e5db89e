"""Acquire's screen: the 12 × 9 board in colour, the chains with everyone's holdings, and the turn's status.

Drawn from a seat's observation only (``ludotheque.games.acquire.view.observe``).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...cli.render import View
from ...engine.errors import InvalidActionError
from .actions import (
    CARD_IDS,
    Announce,
    Buy,
    ChooseAbsorbed,
    ChooseSurvivor,
    Dispose,
    Done,
    Exchange,
    Found,
    Pass,
    PlaceTile,
    PlayCard,
    StopPlacing,
    parse_action,
)
from .board import COLUMNS, ROW_LETTERS, TILE_NAMES
from .chains import CHAINS, CODES, DISPLAY_NAMES, PRICE

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


def display_name(chain: str) -> str:
    """A chain's name as printed in the box (Impérial with its accent)."""
    return DISPLAY_NAMES[CHAINS.index(chain)] if chain in CHAINS else chain


def chain_text(chain: str) -> Text:
    return Text(f" {display_name(chain)} ", style=CHAIN_STYLES.get(chain, ""))


class AcquireRenderer:
    """The Acquire screen and the words for its actions."""

    milestones: frozenset[str] = frozenset()

    def screen(self, view: View) -> list[RenderableType]:
        return [self.status(view), self.board(view), self.table(view), self.hand(view)]

    # --- the board ---------------------------------------------------------------------------
    def board(self, view: View) -> RenderableType:
        obs = view.obs
        owner: dict[str, str] = {}
        for chain, tiles in obs["board"].items():
            for tile in tiles:
                owner[tile] = chain
        hand = set(obs.get("hand") or ())
        playable = set(view.legal) & hand
        merging = (obs.get("merger") or {}).get("tile")  # placed, its merger being settled
        # Four characters a cell (a space, then three): "12F" is the longest name, so names never touch.
        lines = [Text("  " + "".join(f" {c:^3}" for c in range(1, COLUMNS + 1)), style="bold")]
        for row in ROW_LETTERS:
            line = Text(f"{row} ", style="bold")
            for col in range(1, COLUMNS + 1):
                name = f"{col}{row}"
                chain = owner.get(name)
                if name == merging:
                    line.append("  ✱ ", style="bold reverse")
                elif chain == "unincorporated":
                    line.append("  • ", style=LONE_STYLE)
                elif chain is not None:
                    line.append(f"  {CODES[CHAINS.index(chain)]} ", style=CHAIN_STYLES.get(chain, ""))
                elif name in playable or name in hand:
                    line.append(" ")
                    line.append(f"{name:^3}", style=PLAYABLE_STYLE if name in playable else HELD_STYLE)
                else:
                    line.append("  · ", style=EMPTY_STYLE)
            lines.append(line)
        return Group(*lines, self._legend(view))

    def _legend(self, view: View) -> Text:
        words = view.t("ui.legend")
        if view.obs.get("hand") is None:  # a spectator holds no tiles: drop the legend's last part (your tiles)
            return Text.assemble((" • ", LONE_STYLE), " ", (words.rsplit(" · ", 1)[0], "dim"))
        return Text.assemble((" • ", LONE_STYLE), " ", (words, "dim"), " ",
                             (f" {view.t('ui.legend_playable')} ", PLAYABLE_STYLE), " ",
                             (f" {view.t('ui.legend_held')} ", HELD_STYLE))

    # --- chains and holdings -------------------------------------------------------------------
    def table(self, view: View) -> RenderableType:
        obs = view.obs
        players: list[dict[str, Any]] = obs["players"]
        table = Table(box=None, padding=(0, 1), header_style="bold")
        for header, justify in ((view.t("ui.chain"), "left"), (view.t("ui.hotels"), "right"),
                                (view.t("ui.price"), "right"), (view.t("ui.safe"), "center"),
                                (view.t("ui.bank"), "right")):
            table.add_column(header, justify=justify,  # type: ignore[arg-type]
                             min_width=13 if justify == "left" else None, no_wrap=justify == "left")
        for p in players:
            seat = p["seat"]
            header = view.names[seat] + (" " + view.t("ui.you") if seat == view.seat else "")
            table.add_column(Text(header), justify="right", style="bold" if seat == view.seat else "")
        hidden = view.t("ui.hidden")
        absent = []
        for chain, info in obs["chains"].items():
            on_board = info["size"] > 0
            if not on_board and not self._held(players, chain):
                absent.append(display_name(chain))
                continue
            holdings = [self._number(p["shares"], chain, hidden) for p in players]
            table.add_row(chain_text(chain) if on_board else Text(f" {display_name(chain)} ", style="dim"),
                          str(info["size"]) if on_board else "—", str(info["price"]) if on_board else "—",
                          view.t("ui.yes") if info["safe"] else "", str(info["bank_stock"]), *holdings,
                          style=None if on_board else "dim")
        table.add_section()
        table.add_row(view.t("ui.cash"), "", "", "", "", *[hidden if p["cash"] is None else str(p["cash"])
                                                            for p in players])
        table.add_row(view.t("ui.tiles"), "", "", "", "", *[str(p["tiles"]) for p in players])
        if obs["options"].get("cards"):
            table.add_row(view.t("ui.cards"), "", "", "", "", *[str(len(p["cards"])) for p in players])
        if not absent:
            return table
        return Group(table, Text(" " + view.t("ui.absent", chains=", ".join(absent)), style="dim"))

    @staticmethod
    def _held(players: list[dict[str, Any]], chain: str) -> bool:
        """Whether a chain off the board still matters: someone holds its shares (or may, unseen)."""
        return any(p["shares"] is None or p["shares"].get(chain) for p in players)

    @staticmethod
    def _number(shares: dict[str, int] | None, chain: str, hidden: str) -> str:
        if shares is None:
            return hidden
        return str(shares.get(chain, 0) or "")

    # --- status and hand -----------------------------------------------------------------------
    def status(self, view: View) -> RenderableType:
        obs = view.obs
        lines = []
        turn_player = obs["turn_player"]
        player = view.names[turn_player] if 0 <= turn_player < len(view.names) else "—"
        phase = view.t(f"phase.{obs['phase']}")
        lines.append(Text.assemble((view.t("ui.turn", turn=obs["turn"], player=player, phase=phase), "bold"),
                                   "   ", (view.t("ui.bag", count=obs["bag"]), "dim")))
        merger = obs["merger"]
        if merger is not None:
            chains = ", ".join(f"{display_name(c)} ({merger['sizes'][c]})" for c in merger["chains"])
            if merger["survivor"]:
                lines.append(Text(view.t("ui.merger", tile=merger["tile"], chains=chains,
                                         survivor=display_name(merger["survivor"]),
                                         current=display_name(merger["current"] or "—")), style="yellow"))
            else:
                text = view.t("ui.merger_open", tile=merger["tile"], chains=chains)
                lines.append(Text(text, style="yellow"))
            lines += self._disposal_help(view, merger)
        ts = obs["turn_state"]
        if obs["phase"] == "buy":
            lines.append(Text(view.t("ui.bought", bought=ts["bought"], limit=ts["buy_limit"])))
            if ts["free_left"]:
                lines.append(Text(view.t("ui.free", count=ts["free_left"])))
        if obs["announced"]:
            lines.append(Text(view.t("ui.announced"), style="bold yellow"))
        elif obs["end_possible"]:
            lines.append(Text(view.t("ui.end_possible"), style="bold yellow"))
        if obs["bank_tiles"]:
            lines.append(Text(view.t("ui.bank_tiles", tiles=", ".join(obs["bank_tiles"])), style="dim"))
        return Group(*lines)

    @staticmethod
    def _disposal_help(view: View, merger: dict[str, Any]) -> list[Text]:
        """When the viewer must dispose of shares: what they hold, what a sale brings, what a trade gives."""
        obs = view.obs
        current, survivor = merger["current"], merger["survivor"]
        if obs["phase"] != "dispose" or obs["to_move"] != view.seat or view.seat is None or not current:
            return []
        shares = obs["players"][view.seat]["shares"] or {}
        price = PRICE[CHAINS.index(current)][merger["sizes"].get(current, 0)]
        return [Text(view.t("ui.dispose", held=shares.get(current, 0), chain=display_name(current), price=price,
                            survivor=display_name(survivor or ""),
                            stock=obs["chains"][survivor]["bank_stock"] if survivor else 0), style="bold yellow")]

    def hand(self, view: View) -> RenderableType:
        hand = view.obs.get("hand")
        if hand is None:
            return Text("")
        if not hand:
            return Text(view.t("ui.hand_empty"))
        text = Text()
        for i, tile in enumerate(hand):
            if i:
                text.append(" ")
            text.append(f" {tile} ", style=PLAYABLE_STYLE if tile in view.legal else HELD_STYLE)
        return Text.assemble(Text(view.t("ui.hand", tiles=""), style="bold"), text)

    # --- actions in words ----------------------------------------------------------------------
    def action_label(self, view: View, action: str) -> str:
        try:
            a = parse_action(action)
        except InvalidActionError:
            return ""
        obs = view.obs
        t = view.t
        if isinstance(a, PlaceTile):
            return t("ui.action.place", tile=TILE_NAMES[a.tile])
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
            return t("ui.action.buy", chain=display_name(chain), price=obs["chains"][chain]["price"])
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
        merger = view.obs["merger"]
        if merger is None or not merger["current"]:
            return ""
        current = merger["current"]
        price = PRICE[CHAINS.index(current)][merger["sizes"].get(current, 0)]
        parts = []
        if a.sell:
            parts.append(view.t("ui.action.sell", n=a.sell, income=a.sell * price))
        if a.trade:
            parts.append(view.t("ui.action.trade", n=a.trade, gain=a.trade // 2,
                                survivor=display_name(merger["survivor"] or "")))
        if a.keep:
            parts.append(view.t("ui.action.keep", n=a.keep))
        return ", ".join(parts)
