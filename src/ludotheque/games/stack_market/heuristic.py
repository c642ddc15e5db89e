"""A heuristic bot for Stack Market: it aims where its building stays safest, stacks crooked before leaving a
rival alone on a building, and invests where the round's end looks best.

**Aims** come from the margins of equilibrium it sees (``Field``). At an interface with k dice above it, a new
die at p keeps the building up while the centre of mass of those dice and p lies in the overlap of the two
faces: a half-plane for each edge of the overlap, in which the distance of p to the edge is (k + 1) times
the margin there. The safest aim is the point as far from the nearest bound on one side as from the one on
the opposite side (left/right, front/back), which leans each die back towards the column's axis when the
building leans; the chance of standing is the normal law of the hand's error between those bounds. The bot
tries a few aims between the top die's centre and that point (and a little past it), weighing the next die's
chance too (fully while more dice are to be placed this turn, half at the turn's last die). At 1,800 µm,
92 % of its towers reach 30 dice (of 1,500), against 34 % when aiming at the top die's centre (of 400), and
the bot loses about 75,000 a game against itself when made to aim at the centre; ``hazard`` is fitted to its
towers.

**Crooked stacking** (rulebook, « Quelques conseils »): on the last die of a turn after which it means to move
its investor while a rival stays on the building, it aims off-centre, where its own die is still nearly as
safe, but the next die (placed with the rival's hand) is least likely to hold.

**Investing** (the setup, and each turn's end) values each choice by a projection of the round: turns in seat
order, each adding the expected number of dice stacked to its player's company, until the reserve is used
up; then the chance of each company ending tallest or smallest (heights spread with the dice still to come),
the chance it collapses on the way (``hazard`` for every die, the first one from the margins seen now),
the takeover's chance (the steadier investor, both hands) and the money each outcome brings, less a fifth of
the best-placed rival's. It moves when another company is worth more than staying.

**Orders** (which dice to stack) are valued the same way, after each order's dice stand or fall: the
stacking bonus for 5 dice, the tallest-building card, the height and top face left for the round's end.

**Other players' hands** are judged from the dice they place: each die's distance from the safest aim,
against their steadiness, gives a spread that includes their intent (random or crooked aims look like a
shaky hand), so sharing a company with a careless player looks as risky as it is.

It reads the table from ``view.sample_state`` (this game re-deals nothing: everything but the cash is on the
table, and it reads no cash) rather than ``view.observation``, which costs a check of every building per
decision; aims are any legal aim (``state.is_legal``), not only the listed grid. It draws no random numbers.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ...engine.bots import Bot, SeatView
from ...engine.state import Action
from . import state as rules
from .actions import AIM_LIMIT_UM, INVEST, STAY, Aim, Invest, Stack, Stacker
from .physics import HALF, Pose, edges, overlap
from .state import (
    AIM,
    CHANGE,
    CHOOSE_STACKER,
    MAX_INVESTORS,
    ORDER,
    RECORD_START,
    SETUP_INVEST,
    STACK_BONUS_DICE,
    START_HEIGHT,
    StackMarketState,
)

_SQRT_HALF = math.sqrt(0.5)
_QUARTER = math.pi / 2

Plane = tuple[float, float, float, int]
"""``a x + b y <= c``, (a, b) a unit outward normal, and the side it bounds (0 +x, 1 +y, 2 -x, 3 -y)."""
Held = tuple[float, float, float, float, int]
"""An interface's plane for the next die: (a, b, bound, c, side), ``bound`` in the next die's centre's terms, c
the overlap's own offset."""

# --- the rules' money, in thousands -----------------------------------------------------------------------
FINE = rules.COLLAPSE_FINE / 1000
MARKER = rules.MARKER_INCOME / 1000
TAKEOVER_BONUS = rules.TAKEOVER_BONUS / 1000
TAKEOVER_FINE = rules.TAKEOVER_FINE / 1000
CARD = rules.CARD_BONUS / 1000
STACK_BONUS = rules.STACK_BONUS / 1000

# --- the bot's judgement ----------------------------------------------------------------------------------
HAZARD_SCALE = 8200.0
HAZARD_POWER = 0.18
"""``hazard``: the chance that a die placed with these aims brings the building down, ``erfc(8200 / (σ H^0.18)
/ √2)`` at height H with spread σ (µm), fitted to 1,500 towers per spread from 450 to 8,000 µm (at 1,800 µm:
0.3 % a die at 20, 1 % at 30; at 3,600 µm: 11 % at 7)."""
STACK_SHARE = 0.5
"""Dice stacked in a turn, as a share of the dice rolled: the longest order would average 0.77 of them (less
about half a die per point on top), but the bot stacks about half (in self-play: 0.38 of 1–4 dice rolled, 0.54
of 5–9, 0.46 of 15–19), often choosing a shorter order."""
PRIOR_DICE = 4.0
"""How many dice of evidence the prior (a player places as carefully as the bot) is worth."""
TAKEOVER_HAND = 0.85
"""The spread that ``hazard`` takes for a takeover's dice, as a share of the stacker's: both hands halve the error,
but the tall building was built with one (4 % of takeovers fail in self-play, where half the spread would
predict almost none)."""
CARD_VALUE = 12.0
"""The tallest-building card, won now: worth its bonus at this round's end and maybe later ones, if kept."""
SHARES = (0.5, 0.75, 1.0, 1.25)
"""The aims tried between the top die's centre (0) and the safest aim (1): a little more survival at 30 dice and
over (1,500 towers: 92 % reach 30 at 1,800 µm instead of 91 %, 82 % reach 40 instead of 80 %)."""
NEXT_TURN = 0.5
"""Weight of the next die's chance when it comes at a later turn (and maybe another hand)."""
CROOKED_KEEP = 0.03
"""A crooked aim may cost at most this much of the bot's own chance of the die standing."""
STAY_BONUS = 0.25
"""Staying wins a tie (thousands)."""
RELATIVE = 0.2
"""Weight of the best-placed rival's expected income in the value of an investment (its gain is our loss)."""


def _phi(z: float) -> float:
    return 0.5 * math.erfc(-z * _SQRT_HALF)


def hazard(height: float, sigma: float) -> float:
    """The chance that the die put at ``height`` brings the building down, aimed as this bot aims."""
    if sigma <= 0:
        return 0.0
    return math.erfc(HAZARD_SCALE / (sigma * max(height, 1.0) ** HAZARD_POWER) * _SQRT_HALF)


def stacked_share(rolled: float, top: int) -> float:
    """The expected number of dice stacked from ``rolled`` dice on a top showing ``top``."""
    return max(0.17 * rolled, STACK_SHARE * rolled - 0.3 * top)


def bonus_chance(rolled: float, top: int) -> float:
    """The chance of stacking at least 5 dice from ``rolled`` dice (measured: 0.24 with 5 dice on a 0, 0.81
    with 10, 0.98 with 20; a higher top lowers it)."""
    return 0.0 if rolled < 5 else 1 - math.exp(-(rolled - 4) / (3.2 + 0.4 * top))


# --- geometry ---------------------------------------------------------------------------------------------
def _side(a: float, b: float) -> int:
    return round(math.atan2(b, a) / _QUARTER) % 4


def _polygon_planes(polygon: list[tuple[float, float]]) -> list[Plane]:
    """The overlap's half-planes (``physics.edges``), each with the side of the die it faces."""
    return [(p.a, p.b, p.c, _side(p.a, p.b)) for p in edges(polygon)]


def _square_planes(x: float, y: float, turn: int) -> list[Plane]:
    angle = math.radians(turn / 100)
    c, s = math.cos(angle), math.sin(angle)
    return [(a, b, a * x + b * y + HALF, _side(a, b)) for a, b in ((c, s), (-s, c), (-c, -s), (s, -c))]


class Field:
    """Where the next die's centre may land with the building standing: half-planes in the table's plane.

    At an interface with k dice above it (centres summing to S), a die at p keeps the building up while
    (S + p) / (k + 1) lies in the overlap, ``a·p <= (k + 1) c - a·S``. The die must also land over the top
    die's face (``square``).
    """

    __slots__ = ("held", "near", "top")

    def __init__(self, held: list[Held], square: list[Plane], top: tuple[float, float, int]) -> None:
        self.held = held
        self.top = top
        """The top die's centre (µm) and turn."""
        tx, ty = top[0], top[1]
        near = [(a, b, bound, side) for a, b, bound, _c, side in held] + square
        reach = [math.inf] * 4
        for a, b, bound, side in near:
            reach[side] = min(reach[side], bound - a * tx - b * ty)
        # Over any aim (half a die from the top's centre along each axis: 11.3 mm away at most), two bounds of a
        # side (normals less than 90° apart) change their distances by less than 16 mm relative to each other:
        # the bounds farther than that beyond the nearest never bind.
        self.near = [plane for plane in near if plane[2] - plane[0] * tx - plane[1] * ty <= reach[plane[3]] + 16000]

    def distances(self, x: float, y: float) -> list[float]:
        """From (x, y) to the nearest bound on each side (negative: past it), for (x, y) over the top die."""
        d = [math.inf] * 4
        for a, b, bound, side in self.near:
            v = bound - a * x - b * y
            if v < d[side]:
                d[side] = v
        return d

    def centre(self) -> tuple[float, float]:
        """The safest aim: as far from the bound on one side as from the bound on the opposite side."""
        x, y = self.top[0], self.top[1]
        for _ in range(3):
            d = self.distances(x, y)
            x += (d[0] - d[2]) / 2
            y += (d[1] - d[3]) / 2
        return x, y

    def survival(self, x: float, y: float, sigma: float) -> float:
        """The chance that a die aimed at (x, y) by a hand of spread ``sigma`` keeps the building up."""
        d = self.distances(x, y)
        s = max(sigma, 1.0)
        along_x = _phi(d[0] / s) + _phi(d[2] / s) - 1
        along_y = _phi(d[1] / s) + _phi(d[3] / s) - 1
        return max(0.0, along_x) * max(0.0, along_y)

    def best_survival(self, sigma: float) -> float:
        return self.survival(*self.centre(), sigma)

    def after(self, x: float, y: float) -> Field:
        """The next die's field once a die sits at (x, y), square on the top die."""
        tx, ty, turn = self.top
        held = [(a, b, bound + c - a * x - b * y, c, side) for a, b, bound, c, side in self.held]
        for a, b, c, side in _polygon_planes(overlap(Pose(round(tx), round(ty), turn), Pose(round(x), round(y), turn))):
            held.append((a, b, 2 * c - a * x - b * y, c, side))
        return Field(held, _square_planes(x, y, turn), (x, y, turn))


class Tower:
    """A building as the bot sees it: its dice's poses and each interface's overlap, kept as dice are added."""

    __slots__ = ("_field", "inter", "poses")

    def __init__(self, poses: list[Pose] | None = None) -> None:
        self.poses: list[Pose] = []
        self.inter: list[list[Plane]] = []
        self._field: Field | None = None
        for pose in poses or []:
            self.add(pose)

    def add(self, pose: Pose) -> None:
        if self.poses:
            self.inter.append(_polygon_planes(overlap(self.poses[-1], pose)))
        self.poses.append(pose)
        self._field = None

    def field(self) -> Field:
        """The next die's field (kept until a die is added)."""
        if self._field is None:
            self._field = self._make_field()
        return self._field

    def _make_field(self) -> Field:
        h = len(self.poses)
        sx = sy = 0.0
        held: list[Held] = []
        for i in range(h - 2, -1, -1):
            above = self.poses[i + 1]
            sx += above.x
            sy += above.y
            k = h - 1 - i
            for a, b, c, side in self.inter[i]:
                held.append((a, b, (k + 1) * c - a * sx - b * sy, c, side))
        top = self.poses[-1]
        return Field(held, _square_planes(top.x, top.y, top.turn), (top.x, top.y, top.turn))


# --- what the bot reads and remembers ---------------------------------------------------------------------
class Table:
    """What every seat sees, read from the position's public fields (never a player's cash)."""

    __slots__ = ("added", "building", "first", "hand", "holder", "investors", "n", "pending", "phase", "poses",
                 "record", "reserve", "round", "steadiness", "takeover", "tops")

    def __init__(self, st: StackMarketState) -> None:
        self.n = st.n
        self.phase = st.phase
        self.poses = [column.poses for column in st.columns]
        self.tops = [faces[-1] if faces else 0 for faces in st.faces]
        self.investors = list(st.investors)
        self.steadiness = list(st.steadiness)
        self.reserve = st.reserve
        self.record, self.holder = st.record, st.holder
        self.hand, self.pending, self.added = list(st.hand), list(st.pending), st.added
        self.building = st.building
        self.takeover = st.tall >= 0
        self.round = st.round
        self.first = st.first

    def heights(self) -> list[int]:
        return [len(p) for p in self.poses]


class Memory:
    """The buildings as last seen (kept between decisions, so that each die is read once) and, per seat, the
    evidence on its hand: its dice's squared distances from the safest aim, in units of its steadiness."""

    __slots__ = ("errors", "investors", "placed", "round", "towers")

    def __init__(self, players: int) -> None:
        self.towers: list[Tower] = [Tower() for _ in range(players)]
        self.investors: list[list[int]] = [[] for _ in range(players)]
        self.errors = [0.0] * players
        self.placed = [0.0] * players
        self.round = -1

    def update(self, table: Table, me: int) -> None:
        same_round = table.round == self.round
        self.round = table.round
        for c, poses in enumerate(table.poses):
            tower = self.towers[c]
            old = len(tower.poses)
            if old and old <= len(poses) and (poses[old - 1] is tower.poses[-1] or tower.poses == poses[:old]):
                # The dice added since were placed by who invested here then: judged if that is one rival.
                placers = [p for p in self.investors[c] if p != me] if same_round and not table.takeover else []
                for pose in poses[old:]:
                    if len(placers) == 1:
                        self._judge(placers[0], tower, pose, table.steadiness[placers[0]])
                    tower.add(pose)
            elif tower.poses != poses:
                self.towers[c] = Tower(poses)
            self.investors[c] = [p for p in range(table.n) if table.investors[p] == c]

    def _judge(self, seat: int, tower: Tower, pose: Pose, steadiness: int) -> None:
        x, y = tower.field().centre()
        sigma = max(steadiness, 300)
        turn = (pose.turn - tower.poses[-1].turn + 4500) % 9000 - 4500
        z = ((pose.x - x) ** 2 + (pose.y - y) ** 2) / sigma**2 + (turn / (sigma / 4)) ** 2
        self.errors[seat] += min(z / 3, 25.0)
        self.placed[seat] += 1

    def spread(self, seat: int, steadiness: int, me: int) -> float:
        """The seat's effective spread (µm): its steadiness, widened by how far its dice land from safe aims
        (a careful hand's dice give 1 on average; the prior counts as ``PRIOR_DICE`` such dice)."""
        if seat == me:
            return float(steadiness)
        ratio = (PRIOR_DICE + self.errors[seat]) / (PRIOR_DICE + self.placed[seat])
        return max(steadiness, 300) * math.sqrt(max(ratio, 1.0))


# --- the round's end, projected ---------------------------------------------------------------------------
class Outlook:
    """The rest of the round as the bot projects it from one position (heights, investors, reserve)."""

    __slots__ = ("_risks", "heights", "holder", "me", "n", "record", "reserve", "spread", "tops", "towers")

    def __init__(self, table: Table, me: int, memory: Memory) -> None:
        self.me = me
        self.n = table.n
        self.heights = table.heights()
        self.tops = table.tops
        self.spread = [memory.spread(p, table.steadiness[p], me) for p in range(table.n)]
        self.record = table.record
        self.holder = table.holder
        self.reserve = table.reserve
        self.towers = memory.towers
        self._risks: dict[tuple[int, int], float] = {}

    def first_risk(self, company: int, seat: int) -> float:
        """The chance that the next die on ``company``, placed by ``seat``, brings it down, from its margins now."""
        risk = self._risks.get((company, seat))
        if risk is None:
            risk = self._risks[company, seat] = 1 - self.towers[company].field().best_survival(self.spread[seat])
        return risk

    def project(self, inv: list[int], heights: list[int], tops: list[int], reserve: int,
                start: int) -> tuple[list[float], list[float], list[float], float]:
        """Turns in seat order from ``start`` until the reserve is used up: each company's expected final height,
        its growth, its chance of not collapsing, and the bot's expected number of stacking bonuses."""
        n, me = self.n, self.me
        h = [float(x) for x in heights]
        alive = [1.0] * n
        first = [heights[c] == len(self.towers[c].poses) for c in range(n)]
        top = list(tops)
        bonus = 0.0
        left = float(reserve)
        seat = start
        for _ in range(12 * n):
            if left < 0.5:
                break
            c = inv[seat]
            if c >= 0 and h[c] > 0:
                rolled = min(h[c], left)
                gain = min(stacked_share(rolled, top[c]), left)
                sigma = self.spread[seat]
                risk = gain * hazard(h[c] + gain / 2 + 1, sigma)
                if first[c]:
                    risk += max(0.0, self.first_risk(c, seat) - hazard(h[c] + 1, sigma))
                    first[c] = False
                risk = min(risk, 1.0)
                alive[c] *= 1 - risk
                if seat == me:
                    bonus += bonus_chance(rolled, top[c]) * (1 - risk)
                h[c] += gain
                left -= gain
                top[c] = 2
            seat = (seat + 1) % n
        return h, [h[c] - heights[c] for c in range(n)], alive, bonus

    def value(self, inv: list[int], heights: list[int] | None = None, tops: list[int] | None = None,
              reserve: int | None = None, start: int | None = None, holder: int | None = None) -> float:
        """What the rest of the round is worth to the bot (thousands), less a share of the best rival's worth."""
        n, me = self.n, self.me
        heights = self.heights if heights is None else heights
        tops = self.tops if tops is None else tops
        holder = self.holder if holder is None else holder
        final, grown, alive, bonus = self.project(inv, heights, tops, self.reserve if reserve is None else reserve,
                                                  (me + 1) % n if start is None else start)
        worth = investors_worth(inv, final, grown, tops, alive, self.spread, holder)
        mine = worth[me] + STACK_BONUS * bonus
        rivals = [worth[p] for p in range(n) if p != me and inv[p] >= 0]
        return mine - RELATIVE * max(rivals, default=0.0)


def investors_worth(inv: Sequence[int], final: Sequence[float], grown: Sequence[float], tops: Sequence[int],
                    alive: Sequence[float], spread: Sequence[float], holder: int) -> list[float]:
    """What each seat's investor should bring at the round's end (thousands): its company's chance of ending the
    tallest (a takeover, which the steadier investor there attempts with both hands) or the smallest, from the
    buildings' projected heights ``final`` (``grown`` this round, ``tops``: dice on top), their chance to stand
    ``alive``, the seats' aiming ``spread``; ``holder`` holds the tallest-building card."""
    n = len(inv)
    markers = [0] * n
    for c in inv:
        if c >= 0:
            markers[c] += 1
    invested = [c for c in range(n) if markers[c] and final[c] >= 1]
    tall = [0.0] * n
    small = [0.0] * n
    success = [1.0] * n
    if len(invested) >= 2:
        key = [final[c] + 0.1 * tops[c] * (grown[c] < 0.5) for c in range(n)]
        sd = [0.3 * grown[c] + 0.6 for c in range(n)]
        for c in invested:
            up = down = 1.0
            for d in invested:
                if d != c:
                    z = (key[c] - key[d]) / math.hypot(sd[c], sd[d])
                    up *= _phi(z)
                    down *= _phi(-z)
            # a collapse on the way brings the building back to three dice: rarely the tallest any more
            tall[c] = up * alive[c]
            small[c] = down * alive[c] + (1 - alive[c])
        t_sum = sum(tall) or 1.0
        s_sum = sum(small) or 1.0
        for c in invested:
            tall[c] /= t_sum
            small[c] = min(small[c] / s_sum, 1 - tall[c])
        for c in invested:
            # the steadier investor stacks, with both hands, the building expected to be the smallest
            sigma = min(spread[p] for p in range(n) if inv[p] == c) * TAKEOVER_HAND
            weight = sum(small[d] for d in invested if d != c) or 1.0
            size = max(1, round(sum(small[d] * final[d] for d in invested if d != c) / weight))
            success[c] = math.exp(-size * hazard(final[c] + (size + 1) / 2, sigma))
    worth = [0.0] * n
    for p in range(n):
        c = inv[p]
        if c < 0:
            continue
        m = markers[c]
        others = sum(tall[d] for d in invested if d != c)
        beaten = sum(tall[d] * success[d] for d in invested if d != c) / others if others else 1.0
        mid = 1 - tall[c] - small[c]
        q = success[c]
        worth[p] = (tall[c] * (q * (MARKER * m + TAKEOVER_BONUS) - (1 - q) * TAKEOVER_FINE)
                    + small[c] * (1 - beaten) * MARKER * m + mid * MARKER * m - FINE * (1 - alive[c]))
        if p == holder:
            worth[p] += CARD * (tall[c] * q + small[c] * (1 - beaten) + mid)
    return worth


# --- the bot ----------------------------------------------------------------------------------------------
class HeuristicBot(Bot):
    """Aims for safety, stacks crooked when leaving a rival, invests where the round's end pays most."""

    name = "heuristic"

    def __init__(self, seat: int, rng: random.Random) -> None:
        super().__init__(seat, rng)
        self.memory: Memory | None = None

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions
        st = view.sample_state(self.rng)  # the table as this seat sees it (the game re-deals nothing)
        assert isinstance(st, StackMarketState)
        table = Table(st)
        if table.phase != AIM and len(legal) == 1:
            return legal[0]
        if self.memory is None:
            self.memory = Memory(table.n)
        self.memory.update(table, self.seat)
        if table.phase == AIM:
            return self._aim(table, self.memory)
        if table.phase == CHOOSE_STACKER:
            choices = [a for a in legal if isinstance(a, Stacker)]
            return min(choices, key=lambda a: (table.steadiness[a.seat], a.seat != self.seat, a.seat))
        outlook = Outlook(table, self.seat, self.memory)
        if table.phase == ORDER:
            return self._order(table, outlook, legal)
        if table.phase == CHANGE:
            inv = table.investors
            return max(legal, key=lambda a: self._option_value(outlook, inv, a))
        if table.phase == SETUP_INVEST:
            return self._setup(table, outlook, legal)
        return legal[0]

    # --- investing --------------------------------------------------------------------------------------
    def _option_value(self, outlook: Outlook, inv: list[int], action: Action, heights: list[int] | None = None,
                      tops: list[int] | None = None, reserve: int | None = None, holder: int | None = None) -> float:
        moved = list(inv)
        if isinstance(action, Invest):
            moved[self.seat] = action.company
        return outlook.value(moved, heights, tops, reserve, holder=holder) + (STAY_BONUS if action == STAY else 0.0)

    def _options(self, inv: list[int]) -> list[Action]:
        """What the bot may do at its turn's end with these investors."""
        mine = inv[self.seat]
        return [STAY, *(INVEST[c] for c in range(len(inv)) if c != mine and inv.count(c) < MAX_INVESTORS)]

    def _best(self, outlook: Outlook, inv: list[int], heights: list[int], tops: list[int], reserve: int,
              holder: int) -> tuple[float, Action]:
        return max(((self._option_value(outlook, inv, a, heights, tops, reserve, holder), a)
                    for a in self._options(inv)), key=lambda va: va[0])

    def _setup(self, table: Table, outlook: Outlook, legal: list[Action]) -> Action:
        """The setup: the players after this one are assumed to take the emptiest companies in turn."""
        n = table.n

        def filled(company: int) -> list[int]:
            guess = list(table.investors)
            guess[self.seat] = company
            for k in range(n):
                p = (table.first + k) % n
                if guess[p] < 0:
                    guess[p] = min(range(n), key=lambda c: (guess.count(c), c))
            return guess

        options = [a for a in legal if isinstance(a, Invest)]
        return max(options, key=lambda a: outlook.value(filled(a.company), start=table.first))

    # --- choosing the order -------------------------------------------------------------------------------
    def _order(self, table: Table, outlook: Outlook, legal: list[Action]) -> Action:
        """Each order by what follows it: its dice stand (bonus, card, the position at the round's end) or one
        of them brings the building down (the fine, and a building of three)."""
        me, inv = self.seat, table.investors
        c = inv[me]
        h = outlook.heights[c]
        sigma = outlook.spread[me]
        stand_first = 1 - outlook.first_risk(c, me)
        values: dict[tuple[int, int], float] = {}
        best: tuple[float, Action] | None = None
        for action in legal:
            if not isinstance(action, Stack):
                continue
            k, last = len(action.order), action.order[-1]
            value = values.get((k, last))
            if value is None:
                stand = stand_first * math.exp(-sum(hazard(h + j, sigma) for j in range(2, k + 1)))
                heights, tops = list(outlook.heights), list(outlook.tops)
                heights[c], tops[c] = h + k, last
                reserve = outlook.reserve + len(table.hand) - k
                holder = outlook.holder
                gain = STACK_BONUS if table.added + k >= STACK_BONUS_DICE else 0.0
                if h + k >= RECORD_START and (h + k > outlook.record or (holder < 0 and h + k >= outlook.record)):
                    gain += 0.0 if holder == me else CARD_VALUE
                    holder = me
                up = gain + self._best(outlook, inv, heights, tops, reserve, holder)[0]
                down = up
                if stand < 0.999:
                    heights[c], tops[c] = START_HEIGHT, 3
                    down = self._best(outlook, inv, heights, tops, max(0, reserve + h + k - 8), outlook.holder)[0]
                value = values[k, last] = stand * up + (1 - stand) * (down - FINE)
            if best is None or value > best[0]:
                best = (value, action)
        return best[1] if best is not None else legal[0]

    # --- aiming -------------------------------------------------------------------------------------------
    def _aim(self, table: Table, memory: Memory) -> Action:
        me, c = self.seat, table.building
        tower = memory.towers[c]
        field = tower.field()
        sigma = table.steadiness[me] / (2 if table.takeover else 1)
        # The next die sits on this one: now if more are to place, else at the building's next turn.
        x, y = safest_aim(field, sigma, 1.0 if len(table.pending) > 1 else NEXT_TURN)
        if not table.takeover and len(table.pending) == 1:
            rival = self._left_with(table, memory)
            if rival >= 0:
                x, y = crooked_aim(field, x, y, float(table.steadiness[me]),
                                   memory.spread(rival, table.steadiness[rival], me))
        top = tower.poses[-1]
        return Aim(_clamp(x - top.x), _clamp(y - top.y), 0)

    def _left_with(self, table: Table, memory: Memory) -> int:
        """The rival the bot means to leave alone on its building once this last die stands (-1: none)."""
        inv, c = table.investors, table.building
        rivals = [p for p in range(table.n) if inv[p] == c and p != self.seat]
        if not rivals:
            return -1
        outlook = Outlook(table, self.seat, memory)
        heights, tops = list(outlook.heights), list(outlook.tops)
        heights[c] += 1
        tops[c] = table.pending[0]
        _, action = self._best(outlook, inv, heights, tops, outlook.reserve + len(table.hand), outlook.holder)
        return rivals[0] if action != STAY else -1


def safest_aim(field: Field, sigma: float, follow: float) -> tuple[float, float]:
    """The safest aim for this die, or one short of it (or beyond) if that leaves the next die safer: each
    valued by the log of this die's chance plus ``follow`` times the log of the next one's."""
    cx, cy = field.centre()
    tx, ty = field.top[0], field.top[1]
    if abs(cx - tx) + abs(cy - ty) < 1:
        return cx, cy
    best = (-math.inf, cx, cy)
    for share in SHARES:
        x, y = tx + share * (cx - tx), ty + share * (cy - ty)
        value = (math.log(max(field.survival(x, y, sigma), 1e-12))
                 + follow * math.log(max(field.after(x, y).best_survival(sigma), 1e-12)))
        if value > best[0]:
            best = (value, x, y)
    return best[1], best[2]


def crooked_aim(field: Field, x: float, y: float, sigma: float, rival: float) -> tuple[float, float]:
    """An aim off the safest one, nearly as safe for this die, that leaves the next die least likely to hold."""
    floor = field.survival(x, y, sigma) - CROOKED_KEEP
    best = (field.after(x, y).best_survival(rival), x, y)
    for r in (1500.0, 3000.0, 4500.0, 6000.0):
        for k in range(8):
            a = k * math.pi / 4
            px, py = x + r * math.cos(a), y + r * math.sin(a)
            if max(abs(px - field.top[0]), abs(py - field.top[1])) > AIM_LIMIT_UM:
                continue
            if field.survival(px, py, sigma) < floor:
                continue
            after = field.after(px, py).best_survival(rival)
            if after < best[0]:
                best = (after, px, py)
    return best[1], best[2]


def _clamp(offset: float) -> int:
    return max(-AIM_LIMIT_UM, min(AIM_LIMIT_UM, round(offset)))
