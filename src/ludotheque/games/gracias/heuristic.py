"""A heuristic bot for Gracias: each trio choice valued by the round's expected final score.

Every way to split a trio (the card kept, the opponent given the other) is applied to an estimate of
everyone's cards at the end of the round: each player's open cards, its own face-down cards exactly, the
others' face-down cards (and, before it is seen, the taken trio's face-down card) spread over the colours in
proportion to the cards it has not seen. For each colour the estimate then does what the scoring does: a
packet of five (or one per full five with ``packets = "many"``) worth 1 point, and the open cards left worth
1 point each unless their holder has the most of that colour. That last test is made soft: the chance of
*not* having the most is a logistic function of the gap to the largest other holder, whose width grows with
what is still unknown (the others' hidden cards) and with the cards still to come this round (3 a player per
turn left, fewer on the last picks). So early in a round it keeps colours it is comfortably behind in, and
on the last picks it counts exactly.

An action's value is its total (previous rounds plus this estimate) minus a mix of the best opponent's and
the opponents' average, so gifts go where they hurt most: to the leader, onto a colour that makes them the
majority holder (or ties them with it), or away from a player who would be safe with it.

A trio is chosen before its face-down card is seen, by the value of its best split with that card unknown;
once it is in hand, the split is chosen knowing it. It reads only ``view.observation`` and
``view.legal_actions``; ties are broken with ``self.rng``.
"""

from __future__ import annotations

import math
from typing import Any

from ...engine.bots import Bot, SeatView
from ...engine.state import Action
from .actions import TRIO_LETTERS, Keep, Take
from .cards import COLOURS, NUM_COLOURS, PACKET, PER_COLOUR

TURNS = 4
"""Turns in a round (rulebook: "3 manches de 4 tours")."""
CARDS_PER_TURN = 3.0
"""Cards a player gets in a turn, on average: its face-down card, the card it keeps, one gift."""

_INDEX = {name: c for c, name in enumerate(COLOURS)}


def _counts(named: dict[str, int]) -> list[float]:
    out = [0.0] * NUM_COLOURS
    for name, k in named.items():
        out[_INDEX[name]] = float(k)
    return out


class HeuristicBot(Bot):
    """Chooses the trio, the card to keep and the opponent to thank it with that look best for the round."""

    name = "heuristic"

    FUTURE = 1.0
    """Weight of the cards still to come this round in the estimate (they are partly chosen, not drawn)."""
    LEADER = 0.6
    """Weight of the best opponent in the value (the rest goes to the opponents' average)."""

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        obs = view.observation
        valued: list[tuple[Action, float]] = []
        if all(isinstance(a, Take) for a in legal):
            # The trio's face-down card is not seen yet: value each trio by its best split.
            model = _Model(obs, self.seat, self, unseen_own=1)
            for a in legal:
                assert isinstance(a, Take)
                valued.append((a, max(model.value(a.trio, keep, to) for keep, to in model.splits(a.trio))))
        elif all(isinstance(a, Keep) for a in legal):
            # The face-down card is in hand now: split the open cards knowing it.
            model = _Model(obs, self.seat, self, unseen_own=0)
            chosen = TRIO_LETTERS.index(obs["chosen"])
            for a in legal:
                assert isinstance(a, Keep)
                valued.append((a, model.value(chosen, a.keep, a.give_to)))
        else:
            return legal[int(self.rng.random() * len(legal))]
        top = max(v for _, v in valued)
        best = [a for a, v in valued if v > top - 1e-9]
        return best[int(self.rng.random() * len(best))] if len(best) > 1 else best[0]


def _binomial(n: int, q: float) -> list[float]:
    pmf = [1.0]
    for _ in range(n):
        nxt = [0.0] * (len(pmf) + 1)
        for j, x in enumerate(pmf):
            nxt[j] += x * (1 - q)
            nxt[j + 1] += x * q
        pmf = nxt
    return pmf


def _poisson(lam: float) -> list[float]:
    pmf = [math.exp(-lam)]
    total = pmf[0]
    j = 0
    while total < 0.999 and j < 15:
        j += 1
        pmf.append(pmf[-1] * lam / j)
        total += pmf[-1]
    return pmf


def _convolve(a: list[float], b: list[float]) -> list[float]:
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


class _Model:
    """The position as the bot values it, read once per decision from the observation."""

    def __init__(self, obs: dict[str, Any], seat: int, bot: HeuristicBot, unseen_own: int) -> None:
        self.me = seat
        self.bot = bot
        players = obs["players"]
        self.n = n = len(players)
        self.many = obs["options"].get("packets", "one") == "many"
        self.totals = [float(p["total"]) for p in players]
        trios: list[list[int] | None] = []
        seen = [0] * NUM_COLOURS
        for trio in obs["trios"]:
            if trio is None:
                trios.append(None)
                continue
            cols = [_INDEX[c] for c in trio["open"] if c is not None]
            trios.append(cols)
            for c in cols:
                seen[c] += 1
        self.trios = trios
        opened = [_counts(p["open"]) for p in players]
        own_hidden = _counts(players[seat].get("hidden") or {})
        for c in range(NUM_COLOURS):
            seen[c] += int(own_hidden[c]) + sum(int(opened[p][c]) for p in range(n))
        unseen = [max(0, PER_COLOUR - s) for s in seen]
        total_unseen = sum(unseen) or 1
        self.q = q = [u / total_unseen for u in unseen]
        # Known cards at the end of the round and the face-down cards not seen (the trio's for itself).
        self.known = [[int(o + h) for o, h in zip(opened[p], own_hidden, strict=True)] if p == seat
                      else [int(o) for o in opened[p]] for p in range(n)]
        hidden = [unseen_own if p == seat else int(players[p]["hidden_count"]) for p in range(n)]
        # Cards still to come this round, per player, after this choice.
        turns_after = max(0, TURNS - int(obs["tour"]))
        left = sum(1 for t in trios if t is not None)  # trios on the table, this one included
        order = {(seat + k) % n for k in range(1, left)}  # the players who choose after this one
        gifts = (left - 1) / max(1, n - 1)
        damp = bot.FUTURE
        # Per player and colour: the distribution of the cards not known yet.
        self.extra: list[list[list[float]]] = []
        for p in range(n):
            future = CARDS_PER_TURN * turns_after + (2.0 if p in order else 0.0) + (gifts if p != seat else 0.0)
            self.extra.append([_convolve(_binomial(hidden[p], q[c]), _poisson(future * q[c] * damp))
                               for c in range(NUM_COLOURS)])
        self.cache: dict[tuple[int, int, int, int], list[float]] = {}

    def splits(self, t: int) -> list[tuple[int, int]]:
        """Every (card kept, opponent given the other) for trio ``t``."""
        trio = self.trios[t]
        assert trio is not None
        return [(keep, to) for keep in sorted(set(trio)) for to in range(self.n) if to != self.me]

    def value(self, t: int, keep: int, give_to: int) -> float:
        """The bot's standing at the round's end if it keeps ``keep`` from trio ``t`` and gives the other away."""
        me = self.me
        trio = self.trios[t]
        assert trio is not None
        other = trio[1] if trio[0] == keep else trio[0]
        scores = [0.0] * self.n
        for c in range(NUM_COLOURS):
            add_me = 1 if c == keep else 0
            receiver = give_to if c == other else -1
            key = (c, add_me, receiver, 0)
            col = self.cache.get(key)
            if col is None:
                col = self.cache[key] = self.colour_points(c, add_me, receiver)
            for p in range(self.n):
                scores[p] += col[p]
        totals = [t + s for t, s in zip(self.totals, scores, strict=True)]
        others = [totals[p] for p in range(self.n) if p != me]
        lead = self.bot.LEADER
        return totals[me] - lead * max(others) - (1 - lead) * sum(others) / len(others)

    def colour_points(self, c: int, add_me: int, receiver: int) -> list[float]:
        """Each player's expected points from colour ``c`` at the round's scoring."""
        n = self.n
        many = self.many
        packets = [0.0] * n
        opens: list[list[float]] = []
        for p in range(n):
            base = self.known[p][c] + (add_me if p == self.me else 0) + (1 if p == receiver else 0)
            dist: list[float] = []
            for j, pr in enumerate(self.extra[p][c]):
                x = base + j
                k = x // PACKET if many else (1 if x >= PACKET else 0)
                packets[p] += pr * k
                o = x - PACKET * k
                while len(dist) <= o:
                    dist.append(0.0)
                dist[o] += pr
            opens.append(dist)
        cdfs = []
        for dist in opens:
            acc = 0.0
            cdf = []
            for share in dist:
                acc += share
                cdf.append(acc)
            cdfs.append(cdf)
        points = packets
        for p in range(n):
            total = 0.0
            for v, pr in enumerate(opens[p]):
                if v == 0 or pr == 0.0:
                    continue
                below = 1.0
                for r in range(n):
                    if r != p:
                        cdf = cdfs[r]
                        below *= cdf[v] if v < len(cdf) else 1.0
                total += pr * v * (1.0 - below)
            points[p] += total
        return points


__all__ = ["HeuristicBot"]
