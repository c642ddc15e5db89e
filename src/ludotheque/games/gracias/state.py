"""A Gracias position and its rules (rulebook "Déroulement de la partie", "Décompte", "Fin de la partie").

A game is 3 rounds ("manches") of 4 turns ("tours"). At a round's start the "grand ouvreur" deals 2 open
cards to each player; each turn the turn's opener lays out one trio per player (2 open cards, 1 face
down) and chooses first, then the others in seat order. Choosing a trio: its hidden card face down for
oneself, one open card kept, the other given to an opponent. The opener moves one seat left each turn;
the "grand ouvreur" moves one seat left each round.
"""

from __future__ import annotations

import random
from itertools import compress
from operator import mul
from typing import Any

from ...engine.draws import draw
from ...engine.errors import IllegalActionError, InvalidActionError, Reason, allowed_list
from ...engine.state import CHANCE, TERMINAL, Action, Event, Outcome, SeatedState, rank_scores
from . import view
from .actions import DEAL, KEEP, TAKE, TRIO_LETTERS, Deal, Keep, Take, parse_action
from .cards import COLOUR_BYTES, COLOURS, NUM_COLOURS, PER_COLOUR, Counts, majority_discards, make_packets

ROUNDS = 3
TURNS = 4
OPEN_DEAL = 2
""""Il place alors 2 cartes de ce paquet, face visible, à tour de rôle devant chaque joueur"."""

DEAL_OPEN, DEAL_TRIOS, CHOOSE, KEEP_GIVE, OVER = range(5)
PHASE_NAMES = ("deal_open", "deal_trios", "choose", "keep", "over")


class GraciasState(SeatedState):
    __slots__ = ("chosen", "deal_k", "deck", "grand", "hidden", "many", "open", "opener", "phase", "round", "scores",
                 "taken", "tour", "trios")

    def __init__(self, players: int, options: dict[str, Any]) -> None:
        self.events: list[Event] | None = None
        self.n = players
        self.options = dict(options)
        self.many = options.get("packets", "one") == "many"
        self.deck = [PER_COLOUR] * NUM_COLOURS
        self.open = [[0] * NUM_COLOURS for _ in range(players)]
        self.hidden = [[0] * NUM_COLOURS for _ in range(players)]
        self.trios: list[list[int] | None] = []
        """Per trio: [open colour, open colour, hidden colour], -1 while not dealt; None once taken."""
        self.taken = 0
        """Trios chosen this turn."""
        self.chosen = -1
        """The trio whose open cards the chooser is splitting (its face-down card already taken), or -1."""
        self.round = 0
        self.tour = 0
        self.grand = 0
        """The "grand ouvreur": the youngest player at the first round (seat 0), then one seat left a round."""
        self.opener = 0
        self.scores: list[list[int]] = [[] for _ in range(players)]
        self.phase = DEAL_OPEN
        self.deal_k = 0
        self.actor = CHANCE

    # --- contract -----------------------------------------------------------------------------
    def clone(self) -> GraciasState:
        c = object.__new__(GraciasState)
        c.events = None
        c.n, c.options, c.many = self.n, self.options, self.many
        c.deck = self.deck[:]
        c.open = [x[:] for x in self.open]
        c.hidden = [x[:] for x in self.hidden]
        c.trios = [t[:] if t is not None else None for t in self.trios]
        c.taken, c.round, c.tour, c.grand, c.opener = self.taken, self.round, self.tour, self.grand, self.opener
        c.chosen = self.chosen
        c.scores = [s[:] for s in self.scores]
        c.phase, c.deal_k, c.actor = self.phase, self.deal_k, self.actor
        return c

    def legal_actions(self) -> list[Action]:
        if self.phase == CHOOSE:
            return list(compress(TAKE, self.trios))  # the trios not taken yet (a taken one is None)
        if self.phase != KEEP_GIVE:
            return []
        me = self.actor
        trio = self.trios[self.chosen]
        assert trio is not None
        a, b = trio[0], trio[1]
        n = self.n
        if a == b:
            row = KEEP[a]
            return [*row[:me], *row[me + 1:n]]
        low, high = KEEP[min(a, b)], KEEP[max(a, b)]
        return [*low[:me], *low[me + 1:n], *high[:me], *high[me + 1:n]]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.actor != CHANCE:
            return []
        total = sum(self.deck)
        return [(DEAL[c], n / total) for c, n in enumerate(self.deck) if n]

    def sample_chance(self, rng: random.Random) -> Action:
        if self.actor != CHANCE:
            raise IllegalActionError("no chance event is pending here")
        r = int(rng.random() * sum(self.deck))
        for c, n in enumerate(self.deck):
            if r < n:
                return DEAL[c]
            r -= n
        raise AssertionError("empty deck")

    def parse_action(self, text: str) -> Action:
        """Like the context-free parser, and a trio letter must be one on this table."""
        action = parse_action(text)
        if isinstance(action, Take) and action.trio >= self.n:
            letter, last = text.split()[-1], TRIO_LETTERS[self.n - 1]
            raise InvalidActionError(f"{text!r}: trio {letter!r} is not on the table (trios A to {last})",
                                     Reason("not_trio_here", {"text": letter, "last": last}))
        return action

    def apply_legal(self, action: Action) -> None:
        # (not a match on classes: search applies a few hundred thousand a second)
        if type(action) is Keep:
            self._keep(action)
        elif type(action) is Take:
            self._take(action.trio)
        elif type(action) is Deal:
            self._deal(action.colour)
        else:
            raise IllegalActionError(f"{action!r} is not a Gracias action")

    def illegal(self, action: Action, legal: list[Action]) -> IllegalActionError:
        allowed = allowed_list([a.text() for a in legal])
        key: str = "not_legal"
        fields: dict[str, Any] = {}
        if self.phase == OVER:
            key = "game_over"
        elif self.actor == CHANCE:
            key = "chance_pending"
            if isinstance(action, Deal):  # a colour the pile has run out of
                key, fields = "pile_empty", {"colour_key": f"colour.{COLOURS[action.colour]}"}
        elif isinstance(action, Take) and self.phase == CHOOSE:
            if action.trio >= len(self.trios) or self.trios[action.trio] is None:
                key, fields = "no_trio", {"trio": action.text().split()[1]}
        elif isinstance(action, Keep) and self.phase == KEEP_GIVE:
            trio = self.trios[self.chosen]
            assert trio is not None
            if action.keep not in trio[:2]:
                key, fields = "keep_not_in_trio", {"colour_key": f"colour.{COLOURS[action.keep]}"}
            elif action.give_to == self.actor or not 0 <= action.give_to < self.n:
                key, fields = "give_to", {"seat": action.give_to, "last": self.n - 1}
        elif isinstance(action, Keep):
            key = "take_first"
        elif isinstance(action, Take):
            key = "keep_first"
        from .texts import CATALOG

        reason = Reason(key, {"action": action.text(), "allowed": allowed, **fields})
        return IllegalActionError(CATALOG.reason("en", reason) or key, reason)

    # --- the deal -----------------------------------------------------------------------------
    def _deal(self, colour: int) -> None:
        self.deck[colour] -= 1
        k = self.deal_k
        self.deal_k += 1
        n = self.n
        if self.phase == DEAL_OPEN:
            # Two open cards to each player, one at a time, from the grand ouvreur on.
            seat = (self.grand + k) % n
            self.open[seat][colour] += 1
            self._emit("deal_open", seat=seat, colour=COLOURS[colour])
            if self.deal_k == OPEN_DEAL * n:
                self._lay_out_trios()
            return
        # Trios: a first open card on each, a second open card on each, then a face-down card on each.
        trio = self.trios[k % n]
        assert trio is not None
        layer = k // n
        trio[layer] = colour
        if layer < 2:
            self._emit("deal_trio", trio=k % n, colour=COLOURS[colour])
        else:
            self._emit("deal_hidden", trio=k % n)  # nobody sees it
        if self.deal_k == 3 * n:
            self.phase, self.actor, self.taken = CHOOSE, self.opener, 0
            self._emit("turn", round=self.round + 1, tour=self.tour + 1, seat=self.opener)

    def play_chance(self, rng: random.Random) -> None:
        """The rest of a deal at once, its cards drawn together from the pile (for search; no events)."""
        if self.events is not None or self.actor != CHANCE:
            super().play_chance(rng)
            return
        n, k = self.n, self.deal_k
        opens = OPEN_DEAL * n - k if self.phase == DEAL_OPEN else 0
        deck = self.deck
        cards = draw(bytearray().join(map(mul, COLOUR_BYTES, deck)), opens + 3 * n - (0 if opens else k), rng)
        for colour in cards:
            deck[colour] -= 1
        for colour in cards[:opens]:
            self.open[(self.grand + k) % n][colour] += 1
            k += 1
        if opens or not k:  # the trios dealt whole: trio i's cards are the i-th, the (n + i)-th and the (2n + i)-th
            dealt = cards[opens:]
            self.trios = [dealt[i::n] for i in range(n)]
        else:
            trios = self.trios
            for colour in cards:
                trios[k % n][k // n] = colour  # type: ignore[index]
                k += 1
        self.phase, self.actor, self.taken, self.deal_k = CHOOSE, self.opener, 0, 3 * n

    def _lay_out_trios(self) -> None:
        self.trios = [[-1, -1, -1] for _ in range(self.n)]
        self.phase, self.actor, self.deal_k = DEAL_TRIOS, CHANCE, 0

    # --- choosing a trio ------------------------------------------------------------------------
    def _take(self, t: int) -> None:
        """The chooser takes trio ``t``'s face-down card and looks at it (seen by its owner only)."""
        me = self.actor
        trio = self.trios[t]
        assert trio is not None
        hidden = trio[2]
        trio[2] = -1
        self.hidden[me][hidden] += 1
        self.chosen = t
        self.phase = KEEP_GIVE
        if self.events is not None:  # (search plays without a log: not even the event's fields are made)
            self._emit("take", private_to=me, public={"seat": me, "trio": t}, seat=me, trio=t, hidden=COLOURS[hidden])

    def _keep(self, action: Keep) -> None:
        """« il doit garder une des deux cartes visibles et offrir l'autre » to the opponent of their choice."""
        me = self.actor
        trio = self.trios[self.chosen]
        assert trio is not None
        a, b = trio[0], trio[1]
        other = b if action.keep == a else a
        self.trios[self.chosen] = None
        self.chosen = -1
        self.open[me][action.keep] += 1
        self.open[action.give_to][other] += 1
        if self.events is not None:
            self._emit("keep", seat=me, keep=COLOURS[action.keep], give_to=action.give_to, given=COLOURS[other])
        self.phase = CHOOSE
        self.taken += 1
        if self.taken < self.n:
            self.actor = (me + 1) % self.n  # then the next player in seat order
            return
        self.tour += 1
        if self.tour < TURNS:
            self.opener = (self.opener + 1) % self.n  # the left neighbour becomes the "petit ouvreur"
            self._lay_out_trios()
        else:
            self._score_round()

    # --- scoring ("Décompte") -----------------------------------------------------------------------
    def _score_round(self) -> None:
        n = self.n
        packets: list[Counts] = []
        open_left: list[Counts] = []
        for p in range(n):
            cards = [o + h for o, h in zip(self.open[p], self.hidden[p], strict=True)]
            self._emit("reveal", seat=p, hidden={COLOURS[c]: k for c, k in enumerate(self.hidden[p]) if k})
            pk, left = make_packets(cards, self.many)
            packets.append(pk)
            open_left.append(left)
        discards = majority_discards(open_left)
        for p in range(n):
            kept = sum(open_left[p]) - sum(discards[p])
            points = kept + sum(packets[p])
            self.scores[p].append(points)
            self._emit("round_score", seat=p, round=self.round + 1, points=points, cards=kept,
                       packets={COLOURS[c]: k for c, k in enumerate(packets[p]) if k},
                       discarded={COLOURS[c]: k for c, k in enumerate(discards[p]) if k})
        # "Toutes les cartes posées restantes sont ensuite remises sur la pioche" and reshuffled.
        self.deck = [PER_COLOUR] * NUM_COLOURS
        self.open = [[0] * NUM_COLOURS for _ in range(n)]
        self.hidden = [[0] * NUM_COLOURS for _ in range(n)]
        self.trios = []
        self.round += 1
        if self.round == ROUNDS:
            self.phase, self.actor = OVER, TERMINAL
            self._emit("game_end", totals=[sum(s) for s in self.scores])
            return
        self.tour = 0
        self.grand = self.opener = (self.grand + 1) % n
        self.phase, self.actor, self.deal_k = DEAL_OPEN, CHANCE, 0

    def outcome(self) -> Outcome:
        if self.phase != OVER:
            raise ValueError("the game is not over")
        totals = tuple(sum(s) for s in self.scores)
        # "En cas d'égalité, … le plus de points lors d'une manche … le deuxième meilleur résultat".
        tiebreak = tuple(tuple(sorted(s, reverse=True)) for s in self.scores)
        ranks = rank_scores(totals, tiebreak)
        return Outcome(totals, ranks, tuple(p for p in range(self.n) if ranks[p] == 1), "three_rounds")

    def check_invariants(self) -> None:
        for c in range(NUM_COLOURS):
            on_table = sum(t[i] == c for t in self.trios if t is not None for i in range(3))
            total = self.deck[c] + sum(o[c] for o in self.open) + sum(h[c] for h in self.hidden) + on_table
            assert total == PER_COLOUR, f"{COLOURS[c]}: {total} cards instead of {PER_COLOUR}"
            assert self.deck[c] >= 0
        assert all(len(s) == min(self.round, ROUNDS) for s in self.scores)

    # --- snapshots and views --------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        from .snapshot import state_to_json

        return state_to_json(self)

    def observation(self, seat: int | None) -> dict[str, Any]:
        return view.observe(self, seat)

    def resample(self, seat: int, rng: random.Random) -> GraciasState:
        return view.resample(self, seat, rng)
