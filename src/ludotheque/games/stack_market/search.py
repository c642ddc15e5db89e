"""What makes tree search strong per second in Stack Market (``engine/search.py``).

The generic search branches on the 75 listed aims of every die and plays random aims to the end of the game: its
towers fall at once, each placement a physics check, about 150 iterations a second in mid-game and a picture of the
game nobody plays. These hooks:

- **Aims** (``candidates``): one branch for the heuristic's own aim (``heuristic.safest_aim``, from its equilibrium
  margins, ``heuristic.Field``, read straight from the physics' column: the safest aim, or a step short of it if
  that leaves the next die safer), anywhere and not only among the 75 listed aims (an aim is a continuous move:
  the listed ones are 1.5 mm apart, and a die placed at the nearest of them falls more often), and, on the turn's
  last die when a rival shares the building, the heuristic's crooked aim (``heuristic.crooked_aim``): nearly as
  safe for this die, the worst for the next one (« Quelques conseils »: « mal empiler »). Orders
  branch once per number of dice stacked and number left on top (the rest goes back to the reserve, a mere count);
  investments and the stacker keep every legal choice (a handful).
- **Anchor**: the heuristic (``SearchHooks.anchor``): its move is played unless the search finds one clearly
  better (``docs/bots.md``).
- **Rollouts** are two moves long (``ROLLOUT_PLIES``): they place a die at the safest aim (no grid), stack the
  longest order while the building is low, the shortest on a tall one, and stay invested.
- **Evaluation**: the heuristic's projection of the round (turns in seat order until the reserve is used up, the
  chance each building falls on the way, ends tallest or smallest, and the takeover succeeds), done for every seat:
  cash plus what the round's end is expected to pay it (markers, the takeover bonus or fine, a collapse's fine,
  the stacking bonus, the card). In the middle of a turn's dice, they all stand or the building falls, by the
  heuristic's hazard (so a rollout never has to place a long run of dice, each a physics check on a tall building);
  in the middle of a takeover, it succeeds or fails the same way and the round is paid. The expected fortunes
  become chances to win by a softmax whose width grows with the rounds left (fitted on games between heuristic
  bots: log-loss 0.85 against 1.39 for even chances). Cash is each seat's own secret, but every payment is
  public, so the re-dealt state's cash is what the table can work out.
- **Hints** say what a move does in the game's words: the safest aim and its chance to hold, a crooked aim left to
  a rival, an order that earns the stacking bonus or the tallest-building card, a shorter, safer order, where the
  investor goes, the steadier stacker.

Measured (4 players, against three ``heuristic`` bots, seats rotated; ``--jobs 1`` on a shared 2-core machine):

- Speed (``bench/search.py --seconds 1``, iterations a second at 5 %, 50 % and 90 % of a reference game): generic
  69 / 91 / 317, with these hooks 464 / 634 / 606.
- Strength at about 0.1 s a move: the generic search (13 iterations) won 0 of 30 games (interval 0–11 %); with the
  hooks, 50 iterations won 13.5 of 30 before orders were grouped and 9 of 30 after (22.5 of 60, 37.5 %, interval
  26–50 %); 13 iterations (the generic search's number) 7 of 30 (23 %), and without the crooked aim 9.5 of 30
  (32 %). What made the difference: aims where the die holds and a judged position instead of random towers played
  to the end (0 % to 23 % at the same number of iterations), then the iterations that buys (23 % to 38–45 %).
  Those small samples did not hold: at 60 iterations, 60 games, 15.0 % (interval 8.1–26.1 %), and 20.8 % with the
  code that first reported them; at 500 iterations (about 1 s a move), 100 games, 19.3 % (12.8–28.1 %). The search
  played worse than the heuristic it builds on.
- Two changes brought it level with the heuristic or a little past it. Its aims were the listed ones nearest the
  safest (1.5 mm apart), where the heuristic aims exactly: search now branches on the heuristic's own aims (at 100
  iterations, 100 games: 22.0 %, interval 15.0–31.1 %). And it is anchored on the heuristic (``anchor``): it plays the
  heuristic's move unless its favourite is better by a standard error, since a few hundred iterations, each with its
  dice and its physics, cannot tell close moves apart (100 iterations: 29.3 %, 21.3–38.9 %). At 250 iterations, about
  one second a move on the project's machine (``bench/search.py --seconds 3``: 244 / 228 / 309 a second, the
  heuristic's aims costing a quarter of the middle's speed), 200 games: **29.0 %** (23.2–35.6 %, 1.16 times a fair
  share; ``python bench/strength.py --game stack-market --bot mcts:iterations=250 --games 200 --jobs 2``), and 27.6 %
  of 200 more with ``--seed 13``: 28.3 % of 400 (24.1–32.9 %). The goal, 1.5 times a fair share, is not reached.
- No opponent model (``SearchHooks.model``): with the heuristic playing the others in the tree and in rollouts, an
  iteration costs about three and a half times as much, and 100 iterations won 29.0 % of 200 games (23.2–35.6 %,
  ``--seed 12``, 0.18 s a move), the same as 250 without it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...engine.search import SearchHooks, softmax
from ...engine.state import Action, State
from . import state as rules
from .actions import AIM_LIMIT_UM, COMPANY_LETTERS, STAY, Aim, Invest, Stack, Stacker, Stay
from .heuristic import (
    CROOKED_KEEP,
    FINE,
    NEXT_TURN,
    STACK_BONUS,
    TAKEOVER_HAND,
    Field,
    _square_planes,
    bonus_chance,
    crooked_aim,
    hazard,
    investors_worth,
    safest_aim,
    stacked_share,
)
from .physics import Column
from .state import (
    AIM,
    CHANGE,
    CHOOSE_STACKER,
    ORDER,
    RECORD_START,
    SETUP_INVEST,
    STACK_BONUS_DICE,
)

if TYPE_CHECKING:
    from .state import StackMarketState

ROLLOUT_PLIES = 2
"""Moves played out after the tree before the position is judged."""
TALL = 20
"""Rollouts stack the longest order on a building lower than this, the shortest on a taller one."""
WIDTH_NOW = 14_000.0
WIDTH_ROUND = 14_000.0
"""The softmax's width ($): for what the round under way may still bring beyond its projection, and per round to
come."""


def field_of(column: Column) -> Field:
    """The heuristic's field of the next die on ``column`` (``heuristic.Tower.field``), read from the physics' own
    overlaps: no clipping, one pass down the column."""
    poses, planes = column.poses, column._planes
    h = len(poses)
    sx = sy = 0.0
    held: list[tuple[float, float, float, float, int]] = []
    add = held.append
    for i in range(h - 2, -1, -1):
        above = poses[i + 1]
        sx += above.x
        sy += above.y
        k1 = h - i
        for p in planes[i]:
            a, b, c = p.a, p.b, p.c
            # the side the plane bounds, as ``heuristic._side`` (the nearest axis of its normal)
            side = (0 if a > 0 else 2) if abs(a) >= abs(b) else (1 if b > 0 else 3)
            add((a, b, k1 * c - a * sx - b * sy, c, side))
    top = poses[-1]
    return Field(held, _square_planes(top.x, top.y, top.turn), (top.x, top.y, top.turn))


def aims(st: StackMarketState) -> list[Aim]:
    """The aims search branches on: the heuristic's own (``heuristic.safest_aim``: the safest, or a step short of
    it if that leaves the next die safer; anywhere, not only the listed aims), and on the turn's last die, when a
    rival shares the building, its crooked aim too (``heuristic.crooked_aim``) if that is another one. Worked out
    once per building and hands (``AIMS_KEPT``): every iteration of a search asks again for the dice it places."""
    column = st.columns[st.building]
    rival = rival_left(st)
    sigma = st.spread()
    key = (tuple(column.poses), sigma, len(st.pending) > 1, st.steadiness[st.turn_player],
           st.steadiness[rival] if rival >= 0 else -1)
    found = _AIMS.get(key)
    if found is not None:
        return found
    field = field_of(column)
    x, y = safest_aim(field, float(sigma), 1.0 if len(st.pending) > 1 else NEXT_TURN)
    tx, ty = field.top[0], field.top[1]
    safe = Aim(_clamp(x - tx), _clamp(y - ty), 0)
    found = [safe]
    if rival >= 0:
        cx, cy = crooked_aim(field, x, y, float(st.steadiness[st.turn_player]), float(st.steadiness[rival]))
        crooked = Aim(_clamp(cx - tx), _clamp(cy - ty), 0)
        if crooked != safe:
            found.append(crooked)
    if len(_AIMS) >= AIMS_KEPT:
        _AIMS.clear()
    _AIMS[key] = found
    return found


AIMS_KEPT = 1 << 12
"""Positions whose aims are kept (then forgotten all at once)."""
_AIMS: dict[tuple[Any, ...], list[Aim]] = {}


def rival_left(st: StackMarketState) -> int:
    """The rival sharing the building of the turn's player, when the die to place is the turn's last (-1: none)."""
    if st.phase != AIM or st.stacker >= 0 or len(st.pending) != 1:
        return -1
    me, c = st.turn_player, st.building
    return next((p for p in range(st.n) if p != me and st.investors[p] == c), -1)


class Projection:
    """The rest of the round for every seat, as the heuristic projects it for itself (``heuristic.Outlook``)."""

    def __init__(self, st: StackMarketState) -> None:
        self.st = st
        self.n = st.n
        self.fields: dict[int, Field] = {}

    def first_risk(self, company: int, seat: int) -> float:
        """The chance the next die on ``company``, placed by ``seat``, brings it down, from its margins now."""
        field = self.fields.get(company)
        if field is None:
            field = self.fields[company] = field_of(self.st.columns[company])
        return 1 - field.best_survival(float(self.st.steadiness[seat]))

    def now(self) -> list[float]:
        """Per seat: cash and what the rest of the round is expected to bring, from a position where no die is being
        placed (or in the middle of a turn's dice: those that stand, or the building's fall)."""
        st = self.st
        heights = [len(f) for f in st.faces]
        tops = [f[-1] if f else 0 for f in st.faces]
        cash = [float(c) for c in st.cash]
        if st.phase == CHANGE:
            return self.worths(cash, heights, tops, st.reserve, st.turn_player + 1, st.holder, -1)
        if st.phase == ORDER:
            return self.worths(cash, heights, tops, st.reserve + len(st.hand), st.turn_player, st.holder, -1)
        if st.phase == AIM and st.stacker >= 0:
            return self.takeover(cash)
        if st.phase != AIM:
            start = st.turn_player if st.turn_player >= 0 else max(st.first, 0)
            return self.worths(cash, heights, tops, st.reserve, start, st.holder, -1)
        # Dice being placed: they all stand, or the building falls (``heuristic.HeuristicBot._order``).
        me, c = st.turn_player, st.building
        h, k = heights[c], len(st.pending)
        sigma = float(st.steadiness[me])
        stand = (1 - self.first_risk(c, me)) * math.exp(-sum(hazard(h + j, sigma) for j in range(2, k + 1)))
        up_cash = list(cash)
        if st.added + k >= STACK_BONUS_DICE:
            up_cash[me] += 1000 * STACK_BONUS
        holder = st.holder
        if h + k >= RECORD_START and (h + k > st.record or (holder < 0 and h + k >= st.record)):
            holder = me
        up_h, up_t = list(heights), list(tops)
        up_h[c], up_t[c] = h + k, st.pending[-1]
        reserve = st.reserve + len(st.hand)
        up = self.worths(up_cash, up_h, up_t, reserve, me + 1, holder, c)
        if stand > 0.999:
            return up
        down_cash = list(cash)
        for p in range(self.n):
            if st.investors[p] == c:
                down_cash[p] = max(0.0, down_cash[p] - 1000 * FINE)
        down_h, down_t = list(heights), list(tops)
        down_h[c], down_t[c] = 3, 3
        down = self.worths(down_cash, down_h, down_t, max(0, reserve + h + k - 8), me + 1, st.holder, c)
        return [stand * a + (1 - stand) * b for a, b in zip(up, down, strict=True)]

    def takeover(self, cash: list[float]) -> list[float]:
        """A takeover being stacked: its chance to stand when its last die is placed, and the round's payout
        either way (``state._takeover_done``)."""
        st, n = self.st, self.n
        tall, small, stacker = st.tall, st.small, st.stacker
        h, k = len(st.faces[tall]), len(st.pending)
        sigma = st.steadiness[stacker] * TAKEOVER_HAND
        field = field_of(st.columns[tall])
        success = field.best_survival(sigma) * math.exp(-sum(hazard(h + j, sigma) for j in range(2, k + 1)))
        won, lost = list(cash), list(cash)
        income_won, income_lost = [0] * n, [0] * n
        for p in range(n):
            c = st.investors[p]
            if c < 0:
                continue
            m = st.investor_count(c)
            if c == tall:
                income_won[p] = rules.MARKER_INCOME * m + rules.TAKEOVER_BONUS
                lost[p] = max(0.0, lost[p] - rules.TAKEOVER_FINE)
            elif c == small:
                income_lost[p] = rules.MARKER_INCOME * m
            else:
                income_won[p] = income_lost[p] = rules.MARKER_INCOME * m
        for p in range(n):
            won[p] += income_won[p]
            lost[p] += income_lost[p]
        if st.holder >= 0:
            if income_won[st.holder] >= rules.MARKER_INCOME:
                won[st.holder] += rules.CARD_BONUS
            if income_lost[st.holder] >= rules.MARKER_INCOME:
                lost[st.holder] += rules.CARD_BONUS
        return [success * a + (1 - success) * b for a, b in zip(won, lost, strict=True)]

    def worths(self, cash: list[float], heights: list[int], tops: list[int], reserve: int, start: int, holder: int,
               unseen: int) -> list[float]:
        """Per seat: ``cash`` and what the rest of the round brings it, turns from seat ``start`` on (``unseen``: a
        company whose next die's margins are not known yet)."""
        st, n = self.st, self.n
        inv = st.investors
        h = [float(x) for x in heights]
        alive = [1.0] * n
        first = [x > 0 and c != unseen for c, x in enumerate(heights)]
        top = list(tops)
        bonus = [0.0] * n
        left = float(reserve)
        seat = start % n
        for _ in range(12 * n):
            if left < 0.5:
                break
            c = inv[seat]
            if c >= 0 and h[c] > 0:
                rolled = min(h[c], left)
                gain = min(stacked_share(rolled, top[c]), left)
                sigma = float(st.steadiness[seat])
                risk = gain * hazard(h[c] + gain / 2 + 1, sigma)
                if first[c]:
                    risk += max(0.0, self.first_risk(c, seat) - hazard(h[c] + 1, sigma))
                    first[c] = False
                risk = min(risk, 1.0)
                alive[c] *= 1 - risk
                bonus[seat] += bonus_chance(rolled, top[c]) * (1 - risk)
                h[c] += gain
                left -= gain
                top[c] = 2
            seat = (seat + 1) % n
        grown = [h[c] - heights[c] for c in range(n)]
        worth = investors_worth(inv, h, grown, tops, alive, st.steadiness, holder)
        worth = [w + STACK_BONUS * b for w, b in zip(worth, bonus, strict=True)]
        return [cash[p] + 1000 * worth[p] for p in range(n)]


def fortunes(st: StackMarketState) -> list[float]:
    """Each seat's cash and what the round under way is expected to bring it."""
    return Projection(st).now()


class StackMarketSearch(SearchHooks):
    rollout_plies = ROLLOUT_PLIES
    anchor = "heuristic"

    def candidates(self, state: State, legal: list[Action]) -> list[Action]:
        st: StackMarketState = state  # type: ignore[assignment]
        if st.phase == ORDER:
            # Orders that stack as many dice and leave the same number on top are the same to the game: the dice left
            # go back to the reserve (a count), and only the top number rules what may follow.
            seen: dict[tuple[int, int], Action] = {}
            for a in legal:
                if isinstance(a, Stack):
                    seen.setdefault((len(a.order), a.order[-1]), a)
            return list(seen.values())
        if st.phase != AIM:
            return legal
        return list[Action](aims(st))

    def rollout_action(self, state: State, legal: list[Action], rng: random.Random) -> Action:
        st: StackMarketState = state  # type: ignore[assignment]
        phase = st.phase
        if phase == AIM:
            field = field_of(st.columns[st.building])
            cx, cy = field.centre()
            return Aim(_clamp(cx - field.top[0]), _clamp(cy - field.top[1]), 0)
        if phase == ORDER:
            orders = [a for a in legal if isinstance(a, Stack)]
            if len(st.faces[st.building]) < TALL:
                return max(orders, key=lambda a: len(a.order))
            return min(orders, key=lambda a: len(a.order))
        if phase == CHANGE and STAY in legal:
            return STAY
        if phase == SETUP_INVEST:
            return min(legal, key=lambda a: (st.investor_count(a.company) if isinstance(a, Invest) else 9,
                                             rng.random()))
        if phase == CHOOSE_STACKER:
            return min(legal, key=lambda a: st.steadiness[a.seat] if isinstance(a, Stacker) else 0)
        return legal[int(rng.random() * len(legal))]

    def evaluate(self, state: State) -> Sequence[float] | None:
        st: StackMarketState = state  # type: ignore[assignment]
        rounds_after = max(0, st.rounds - st.round - 1)
        return softmax(fortunes(st), WIDTH_NOW + WIDTH_ROUND * math.sqrt(rounds_after))

    def reasons(self, state: State, action: Action, seat: int) -> list[tuple[str, dict[str, Any]]]:
        """A building's height in dice is the field ``count``, by which the hint's two forms agree with it (a
        building rebuilt from a low reserve holds 1 or 2 dice: « 1 dé », "1 die")."""
        st: StackMarketState = state  # type: ignore[assignment]
        out: list[tuple[str, dict[str, Any]]] = []
        if isinstance(action, Aim) and st.phase == AIM:
            field = field_of(st.columns[st.building])
            sigma = float(st.spread())
            tx, ty = field.top[0], field.top[1]
            chance = round(100 * field.survival(tx + action.x, ty + action.y, sigma))
            safe = aims(st)[0]
            best = field.survival(tx + safe.x, ty + safe.y, sigma)
            rival = rival_left(st)
            if action == safe:
                out.append(("safe_aim", {"chance": chance}))
            elif rival >= 0 and chance >= round(100 * best) - 100 * CROOKED_KEEP:
                hand = float(st.steadiness[rival])
                after = round(100 * field.after(tx + action.x, ty + action.y).best_survival(hand))
                if after < round(100 * field.after(tx + safe.x, ty + safe.y).best_survival(hand)):
                    # only where it leaves the next die less safe than the safe aim would ("only 100 %" said nothing)
                    out.append(("crooked_aim", {"chance": chance, "next": after}))
        elif isinstance(action, Stack) and st.phase == ORDER:
            c = st.building
            height = len(st.faces[c]) + len(action.order)
            if st.added + len(action.order) >= STACK_BONUS_DICE:
                out.append(("stack_bonus", {"count": height}))
            if height >= RECORD_START and st.holder != seat and (
                    height > st.record or (st.holder < 0 and height >= st.record)):
                out.append(("record", {"count": height}))
            shortest = min(len(a.order) for a in st.legal_actions() if isinstance(a, Stack))
            if len(action.order) == shortest and height >= TALL:
                out.append(("short_order", {"count": height}))
        elif isinstance(action, Invest | Stay) and st.phase in (CHANGE, SETUP_INVEST):
            c = action.company if isinstance(action, Invest) else st.investors[seat]
            moved = st.clone()
            moved.investors[seat] = c
            worth = (fortunes(moved)[seat] - st.cash[seat]) / 1000
            key = "stay" if action == STAY else "invest"
            out.append((key, {"company": COMPANY_LETTERS[c], "count": len(st.faces[c]),
                              "income": int(round(1000 * worth, -3))}))
        elif isinstance(action, Stacker):
            steadiest = min(st.steadiness[a.seat] for a in st.legal_actions() if isinstance(a, Stacker))
            if st.steadiness[action.seat] == steadiest:
                out.append(("steady_stacker", {}))
        return out


def _clamp(offset: float) -> int:
    return max(-AIM_LIMIT_UM, min(AIM_LIMIT_UM, round(offset)))


HOOKS = StackMarketSearch()
