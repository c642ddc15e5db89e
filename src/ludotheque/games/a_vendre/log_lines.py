"""What happened in « A Vendre ! », in words for the terminal: each turn in one entry (its roll and move, then what
followed), each auction in one of its own (every bid in order and how it ended), with a short form of each for a
small screen (``LogLines``, the screen's ``event_lines``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ...cli.render import KEY, MAJOR, NORMAL, ROUTINE, EventLine, View, describe_lines
from ...cli.turn_words import TurnWords
from ...cli.words import short_name
from ...engine.state import Event
from .screen_position import Position, effect_text, money, name_of, place

AUCTION_EVENTS = frozenset({"auction", "bid", "bid_pass", "sold", "sold_to_bank", "bank_sold", "bank_unsold"})
AUCTION_ENDS = frozenset({"sold", "sold_to_bank", "bank_sold", "bank_unsold"})
MAJOR_EVENTS = frozenset({"buy", "honorary", "loan", "leaves", "reached_60", "waits", "short"})
"""What changes the titles, the debts or the race: kept in a turn's short form, and a turn with one weighs more."""
MONEY_EVENTS = frozenset({"pay", "bank_pays"})
"""What moves money: kept in a turn's short form, the amount only."""
CARD_CAUSES: dict[str, tuple[tuple[str, str | None], ...]] = {
    "lottery": (("bank_pays", "lottery"),), "tax": (("pay", "tax"),), "move": (("move", None),),
    "move_to": (("move", None),)}
"""What each kind of charge card makes happen next, in order, as (the event's kind, its ``why``): in a turn's short
form each of these clauses names the card ("receives 200 (card L06)")."""
CARD_KEEPS = frozenset({"reshuffle", "short", "loan"})
"""What may come between a card and what it makes happen (the deck shuffled again; a payment short of money, then a
loan): a shortfall is said with the card too. An auction for the shortfall comes between them as well: it is an
entry of its own, and the turn's entry after it still names the card behind what the card made happen (the tax it
said, paid once the business is sold), never behind the auction's proceeds, which the auction brought."""


def card_causes(effect: dict[str, Any]) -> list[tuple[str, str | None]]:
    """What a card's ``effect`` makes happen, in order (``CARD_CAUSES``; sent to a green square with an amount: the
    move, then the payment to the bank)."""
    causes = list(CARD_CAUSES.get(effect.get("kind", ""), ()))
    if effect.get("kind") == "move_to" and effect.get("amount"):
        causes.append(("pay", "green"))
    return causes


def proceeds(e: Event) -> bool:
    """Whether ``e`` is the bank paying a seller for the business it took at an auction (said with the auction when
    the bank pays it at once, in the turn's next entry when the bank had to be auctioned first)."""
    return e.kind == "bank_pays" and e.args.get("why") == "auction"


class CardTrail:
    """The charge card whose effect is being said, and what it still makes happen (``card_causes``), followed event
    by event through a turn, and through the auctions that cut it in entries."""

    __slots__ = ("card", "causes")

    def __init__(self) -> None:
        self.card: str | None = None
        self.causes: list[tuple[str, str | None]] = []

    def follow(self, e: Event, player: int | None) -> str | None:
        """The card that made ``e`` happen, or None; the trail moved on past ``e``."""
        if e.kind == "card" and e.args.get("seat") == player:
            self.card, self.causes = e.args["card"], card_causes(e.args["effect"])
        elif self.causes and e.kind == self.causes[0][0] and self.causes[0][1] in (None, e.args.get("why")):
            self.causes.pop(0)
            return self.card
        elif self.causes and e.kind in CARD_KEEPS:
            return self.card if e.kind == "short" else None
        elif not (self.causes and proceeds(e)):
            self.card, self.causes = None, []
        return None


class LogLines:
    """The log's entries as the screen says them (mixed into the game's renderer)."""

    def event_lines(self, view: View, events: Sequence[Event]) -> list[EventLine]:
        """Each turn in one entry (its roll and move, then what followed), each auction in one of its own (every bid
        in order and how it ended), the lot for who starts and the end apart."""
        pos = Position.of(view.obs)
        out: list[EventLine] = []
        trail = CardTrail()  # a card's effect said in a turn's entry, followed into the entry after an auction
        i = 0
        while i < len(events):
            e = events[i]
            j = i + 1
            if e.kind == "game_end":
                out += describe_lines(view, [e], KEY)
            elif e.kind == "first":
                out += describe_lines(view, [e], NORMAL)
            elif e.kind in AUCTION_EVENTS:
                while j < len(events) and events[j - 1].kind not in AUCTION_ENDS and \
                        events[j].kind in AUCTION_EVENTS - {"auction"}:
                    j += 1
                if j < len(events) and events[j - 1].kind == "sold_to_bank" and events[j].kind == "bank_pays" and \
                        events[j].args.get("why") == "auction" and events[j].args["amount"] == events[j].args["owed"]:
                    j += 1  # the bank pays the seller the opening bid: said with the auction
                out.append(self._auction(view, pos, events[i:j]))
            else:
                while j < len(events) and events[j].kind not in ("turn", "game_end", "first") and \
                        events[j].kind not in AUCTION_EVENTS:
                    j += 1
                out.append(self._turn(view, pos, events[i:j], trail))
            i = j
        return out

    def _auction(self, view: View, pos: Position, run: Sequence[Event]) -> EventLine:
        """An auction in one entry: "Auction of Bob's title 41 Grand magasin, opening bid 660: Cy drops out, Ada bids
        670; Ada buys it for 670." (what came before one's last move is left out: "Auction of title 41, continued:
        …"). An auction still under way is never left out (its short form names the bidders shorter)."""
        first = run[0]
        end = next((e for e in run if e.kind in AUCTION_ENDS), None)
        open_auction = view.obs["auction"]
        bank = first.args.get("what") == "bank" if first.kind == "auction" else \
            end.kind.startswith("bank_") if end is not None else bool(open_auction and open_auction["kind"] == "bank")
        def said(who: Callable[[int | None], str]) -> tuple[str, str, str]:
            """The auction's head, its bids and how it ended, seats named by ``who``."""
            if first.kind == "auction":
                a = first.args
                head = view.t("summary.auction_bank", amount=money(view, a["amount"])) if bank else \
                    view.t("summary.auction", seller=who(a["seat"]), title=a["title"], name=pos.name(a["title"]),
                           amount=money(view, a["amount"]))
            else:
                title = end.args.get("title") if end is not None else open_auction["title"] if open_auction else None
                head = view.t("summary.auction_bank_more") if bank else \
                    view.t("summary.auction_more", title=title) if title else view.t("summary.auction_some_more")
            bids: list[str] = []
            result = ""
            for e in run:
                a = e.args
                if e.kind == "bid":
                    bids.append(view.t("summary.bid", player=who(a["seat"]), amount=money(view, a["amount"])))
                elif e.kind == "bid_pass":
                    bids.append(view.t("summary.bid_pass", player=who(a["seat"])))
                elif e.kind == "sold":
                    result = view.t("summary.sold", buyer=who(a["buyer"]), amount=money(view, a["amount"]))
                elif e.kind == "sold_to_bank":
                    paid = run[-1].kind == "bank_pays"  # the bank paid the seller at once
                    result = view.t("summary.sold_to_bank_paid" if paid else "summary.sold_to_bank",
                                    seller=who(a["seat"]), amount=money(view, a["amount"]))
                elif e.kind in ("bank_sold", "bank_unsold"):
                    result = view.t(f"summary.{e.kind}", player=who(a.get("seat")),
                                    amount=money(view, a.get("amount", 0)))
            return head, ", ".join(bids), result

        head, bids, result = said(lambda seat: name_of(view, seat))
        brief_head, brief_bids, brief_result = said(lambda seat: short_name(name_of(view, seat), view.names))
        if end is None:  # under way: every bid so far, never left out (the short form with shorter names)
            text = view.t("summary.auction_open", head=head, bids=bids or view.t("summary.no_bids"))
            short = view.t("summary.auction_open", head=brief_head, bids=brief_bids or view.t("summary.no_bids"))
            return EventLine(text, KEY, short if short != text else "")
        sep = view.t("summary.sep")
        full = view.t("summary.auction_done", head=head, bids=bids + sep if bids else "", result=result)
        if first.kind == "auction":
            brief_head = view.t("summary.auction_bank_short") if bank else \
                view.t("summary.auction_short", title=first.args["title"])
        short = view.t("summary.auction_done", head=brief_head, bids="", result=brief_result)
        return EventLine(full, MAJOR, short if short != full else "")

    def _turn(self, view: View, pos: Position, run: Sequence[Event], trail: CardTrail | None = None) -> EventLine:
        """One turn (or what is left of one) in a line: "Bob, round 16: rolls 6, to square 9 (title 6 Gare); pays 120
        to Dee (its income); card T23: pay the tax (R) of square 44; the pawn stays." A turn that moved money or
        changed the titles, a debt or the race weighs as a major line, so that when room is short the earlier turns
        are said in their short form (the roll and the moves, the amounts, what changed) before any is left out; a
        turn that did neither is routine. The short form leaves the cards out but names the one behind a move, a
        payment or a gain ("to square 3 (card M06); pays 40 to Dee; receives 200 (card L06)").

        What is left of a turn after an auction (``trail``: the card said in the turn's entry before it) names the
        card in both forms, since the card is not in its line ("Ada: pays 100 to Bob (a tax, card T13)."); the
        bank's payment for a business it took at the auction names the auction in short ("receives 580
        (auction)")."""
        player = next((e.args["seat"] for e in run if isinstance(e.args.get("seat"), int)), None)
        round_number = next((e.args["round"] for e in run if e.kind == "turn"), None)
        words = TurnWords(run)
        trail = trail if trail is not None else CardTrail()
        said: set[str] = set()  # the cards said in this line
        for e in words:
            brief: str | None = None  # the clause in the short form (None: left out of it)
            by_card = trail.follow(e, player)  # the card that made this clause happen
            if e.kind == "card":
                said.add(e.args["card"])
            card_elsewhere = by_card if by_card is not None and by_card not in said else None
            if e.kind in ("roll", "green") and (move := words.take("move")) is not None:
                square = move.args["square"]
                key = "summary.c_roll_move" if e.kind == "roll" else "summary.c_green_move"
                text = view.t(key, face=e.args.get("face"), square=square, place=place(view, pos, square))
                brief = view.t(f"{key}_short", face=e.args.get("face"), square=square)
            elif e.args.get("seat", player) == player:
                text = self._clause(view, pos, e, card_elsewhere)
                if e.kind == "move":
                    brief = view.t("summary.c_move_short", square=e.args["square"])
                elif e.kind in MAJOR_EVENTS or e.kind == "roll":
                    brief = text if card_elsewhere is None else self._clause(view, pos, e)
                elif e.kind == "pay":
                    brief = view.t("summary.c_pay_short", amount=money(view, e.args["amount"]),
                                   to=short_name(name_of(view, e.args["to"]), view.names))
                elif e.kind == "bank_pays":
                    brief = view.t("summary.c_receive_short", amount=money(view, e.args["amount"]))
                    if proceeds(e):
                        brief = view.t("summary.by_auction", what=brief)
            else:
                text = view.game.describe(e, view.lang, view.names).rstrip(".")
                if e.kind in MAJOR_EVENTS or e.kind in MONEY_EVENTS:
                    brief = text
            if brief is not None and by_card is not None:
                brief = view.t("summary.by_card", what=brief, card=by_card)
            words.say(text, brief, MAJOR if e.kind in MAJOR_EVENTS or e.kind in MONEY_EVENTS else ROUTINE)
        return words.line(view, name_of(view, player) if player is not None else "", round_number)

    def _clause(self, view: View, pos: Position, e: Event, card: str | None = None) -> str:
        """What the turn's player does, without their name ("pays 120 to Dee (its income)"); with the ``card`` that
        made it happen, when the line does not say that card ("pays 100 to Bob (a tax, card T13)", "owes 100 but has
        90 (card T13)")."""
        a = dict(e.args)
        for key in ("amount", "cash", "owed"):
            if isinstance(a.get(key), int):
                a[key] = money(view, a[key])
        if "why" in a:
            a["why"] = view.t(f"why.{a['why']}")
            if card is not None:
                a["why"], card = view.t("summary.why_card", why=a["why"], card=card), None
        if card is not None:
            return view.t("summary.by_card", what=self._clause(view, pos, e), card=card)
        for key in ("to", "holder"):
            if key in a:
                a[key] = name_of(view, a[key])
        kind = e.kind
        if kind == "card":
            return view.t("summary.c_card", card=a["card"], effect=effect_text(view, a["effect"]).rstrip("."))
        if kind == "move":
            return view.t("summary.c_move", square=a["square"], place=place(view, pos, a["square"]))
        if kind in ("buy", "honorary", "honorary_taken"):
            return view.t(f"summary.c_{kind}", title=a["title"], name=pos.name(a["title"]),
                          amount=a.get("amount", ""), holder=a.get("holder", ""))
        if kind == "bank_pays":
            key = "summary.c_bank_pays" if a["owed"] == a["amount"] else "summary.c_bank_pays_short"
            return view.t(key, amount=a["amount"], owed=a["owed"], why=a["why"])
        key = f"summary.c_{kind}"
        if view.game.catalog.has(key):
            return view.t(key, **a)
        return view.game.describe(e, view.lang, view.names).rstrip(".")

