"""What happened in Luxembourg-Shopping, in words for the terminal: the deal in one entry, the rolls for who starts
in one, each turn in one (its roll and move, then what followed), with a short form of each for a small screen
(``LogLines``, the screen's ``event_lines``)."""

from __future__ import annotations

from collections.abc import Sequence

from ...cli.render import KEY, MAJOR, NORMAL, ROUTINE, EventLine, View, describe_lines
from ...cli.turn_words import TurnWords
from ...cli.words import money
from ...engine.state import Event
from ...engine.words import join_words
from .screen_position import Position, effect_text, name_of, place

MAJOR_EVENTS = frozenset({"gallery", "merge", "sign", "unsign", "free_shop", "bankrupt_shop", "dissolved", "sell",
                          "ruined"})
"""What changes the board or the race to win: kept in a turn's short form."""
NORMAL_EVENTS = frozenset({"buy", "pay", "receive"})
"""What moves money: kept in a turn's short form, the amount only."""
OTHER_SEAT_EVENTS = frozenset({"pay", "short", "sell", "dissolved", "ruined"})
"""Events whose seat may be another than the turn's player (an owner paying a mail bill and what follows)."""


class LogLines:
    """The log's entries as the screen says them (mixed into the game's renderer)."""

    def event_lines(self, view: View, events: Sequence[Event]) -> list[EventLine]:
        """The deal in one line, the rolls for who starts in one, each turn in one (its roll and move, then what
        followed: payments, the mail, a purchase, a gallery…; its short form keeps the roll and what changed the
        board); the end apart."""
        pos = Position.of(view.obs)
        out: list[EventLine] = []
        i = 0
        while i < len(events):
            e = events[i]
            j = i + 1
            if e.kind == "deal":
                while j < len(events) and events[j].kind == "deal":
                    j += 1
                out.append(self._dealt(view, events[i:j]))
            elif e.kind in ("start_die", "start_tie", "starts"):
                while j < len(events) and events[j].kind in ("start_die", "start_tie", "starts"):
                    j += 1
                out.append(self._start(view, events[i:j]))
            elif e.kind == "game_end":
                out += describe_lines(view, [e], KEY)
            else:
                while j < len(events) and events[j].kind not in ("turn", "game_end", "deal", "start_die"):
                    j += 1
                out.append(self._turn(view, pos, events[i:j]))
            i = j
        return out

    def _dealt(self, view: View, deals: Sequence[Event]) -> EventLine:
        hands: dict[int, list[int]] = {}
        for d in deals:
            hands.setdefault(d.args["seat"], []).append(d.args["shop"])
        # each name set apart from its shops, the hands joined as the language does: "Ada: 3, 8 and 40; Bob: …",
        # « Ada : 3, 8 et 40 ; Bob : … » (no-break spaces before the French « : » and « ; »)
        text = view.t("summary.sep").join(
            view.t("summary.dealt_hand", player=name_of(view, s),
                   shops=join_words([str(x) for x in sorted(h)], view.lang))
            for s, h in hands.items())
        return EventLine(view.t("summary.dealt", hands=text), NORMAL, view.t("summary.dealt_short"))

    def _start(self, view: View, run: Sequence[Event]) -> EventLine:
        """The rolls for who starts, each name set apart from its die as the deal's line does: "Dice for who starts:
        Ada: 5; Bob: 3.", « Dés pour savoir qui commence : Ada : 5 ; Bob : 3. » (it was « Ada 5, Bob 3 »: a name
        that ends in a number ran into its die); a tie and who starts in sentences of their own."""
        sentences: list[str] = []
        rolls: list[str] = []
        for e in run:
            if e.kind == "start_die":
                rolls.append(view.t("summary.start_roll", player=name_of(view, e.args["seat"]), face=e.args["face"]))
                continue
            if rolls:
                sentences.append(view.t("summary.start_rolls", rolls=view.t("summary.sep").join(rolls)))
                rolls = []
            sentences.append(view.game.describe(e, view.lang, view.names))
        if rolls:
            sentences.append(view.t("summary.start_rolls", rolls=view.t("summary.sep").join(rolls)))
        return EventLine(" ".join(sentences), NORMAL)

    def _turn(self, view: View, pos: Position, run: Sequence[Event]) -> EventLine:
        """One turn (or what is left of one) in a line: "Bob, round 4: rolls 3 and 4, to square 26 (shop 22); pays
        6,000 to Ada (a bill); mail I03: shop 5, free: nothing." What another seat does in it (an owner paying a mail
        bill) is said with its name. A turn that moved money or changed the board weighs as a major line, so that when
        room is short the earlier turns are said in their short form (the roll, the amounts, what changed the board)
        before any is left out; a turn that did neither is routine."""
        seats = [e.args["seat"] for e in run if isinstance(e.args.get("seat"), int)]
        player = next((e.args["seat"] for e in run if e.kind not in OTHER_SEAT_EVENTS
                       and isinstance(e.args.get("seat"), int)), seats[0] if seats else None)
        round_number = next((e.args["round"] for e in run if e.kind == "turn"), None)
        words = TurnWords(run)
        for e in words:
            brief: str | None = None  # the clause in the short form, if not the clause itself
            if e.kind == "sell":  # several shops sold in a row: one clause
                sold = [e]
                while (more := words.take("sell", e.args["seat"])) is not None:
                    sold.append(more)
                text = self._sold(view, sold, e.args["seat"] == player)
            elif e.kind == "roll" and (move := words.take("move")) is not None:
                square = move.args["square"]
                text = view.t("summary.c_roll_move", a=e.args["a"], b=e.args["b"], square=square,
                              place=place(view, pos, square, named=False))
            elif e.kind == "double_card" and e.args.get("sign") and words.take("sign") is not None:
                text = view.t("summary.c_double_sign", card=e.args["card"], shop=e.args["shop"])
            elif e.kind in ("pay", "receive"):
                amount = money(view, e.args["amount"])
                if e.kind == "receive" and e.args["seat"] == player:
                    brief = view.t("summary.c_receive_short", amount=amount)
                elif e.kind == "receive":
                    brief = view.t("summary.receive_short", player=name_of(view, e.args["seat"]), amount=amount)
                elif e.args["seat"] == player:
                    brief = view.t("summary.c_pay_short", amount=amount, to=name_of(view, e.args["to"]))
                else:
                    brief = view.t("summary.pay_short", player=name_of(view, e.args["seat"]), amount=amount,
                                   to=name_of(view, e.args["to"]))
                text = self._clause(view, pos, e) if e.args["seat"] == player else \
                    view.game.describe(e, view.lang, view.names).rstrip(".")
            elif e.args.get("seat") == player or e.kind == "dissolved":
                text = self._clause(view, pos, e)
            else:
                text = view.game.describe(e, view.lang, view.names).rstrip(".")
            weighs = e.kind in MAJOR_EVENTS or e.kind in NORMAL_EVENTS
            kept = weighs or e.kind in ("roll", "move") or (e.kind == "double_card" and e.args.get("sign"))
            words.say(text, (text if brief is None else brief) if kept else None, MAJOR if weighs else ROUTINE)
        return words.line(view, name_of(view, player) if player is not None else "", round_number)

    def _clause(self, view: View, pos: Position, e: Event) -> str:
        """What the turn's player does, without their name ("pays 6,000 to Ada (a bill)")."""
        a = dict(e.args)
        for key in ("amount", "cash"):
            if isinstance(a.get(key), int):
                a[key] = money(view, a[key])
        if isinstance(a.get("shops"), list):
            a["shops"] = join_words([str(x) for x in a["shops"]], view.lang)
        if "why" in a:
            a["why"] = view.t(f"why.{a['why']}")
        if "what" in a:
            a["what"] = view.t(f"what.{a['what']}")
        if "to" in a:
            a["to"] = name_of(view, a["to"])
        if isinstance(a.get("effect"), dict):
            a["effect"] = effect_text(view, a["effect"]).rstrip(".")
        kind = e.kind
        if kind == "roll":
            return view.t("summary.c_roll", **a)
        if kind == "move":
            return view.t("summary.c_move", square=a["square"], place=place(view, pos, a["square"], named=False))
        if kind == "cannot_buy":
            return view.t("summary.c_cannot_buy", shop=a["shop"],
                          reason=view.t("cannot.first_move" if a.get("first_move") else "cannot.money"))
        if kind == "double_card":
            return view.t("summary.c_double", card=a["card"])
        if kind == "mail_card":
            if "effect" in a:
                return view.t("summary.c_mail_action", card=a["card"], effect=a["effect"])
            owner = a.get("owner", -1)
            shown = "free" if owner < 0 else "own" if owner == a.get("seat") else "other"
            return view.t("summary.c_mail", card=a["card"],
                          shown=view.t(f"shown.{shown}", shop=a["shop"], owner=name_of(view, owner)))
        key = f"summary.c_{kind}"
        if view.game.catalog.has(key):
            return view.t(key, **a)
        return view.game.describe(e, view.lang, view.names).rstrip(".")

    def _sold(self, view: View, sold: Sequence[Event], own: bool) -> str:
        shops = join_words([str(e.args["shop"]) for e in sold], view.lang)
        amount = money(view, sum(e.args["amount"] for e in sold))
        if own:
            return view.n("summary.c_sell", len(sold), count=len(sold), shops=shops, amount=amount)
        return view.n("summary.sell", len(sold), count=len(sold), shops=shops, amount=amount,
                      player=name_of(view, sold[0].args["seat"]))
