"""A Stack Market position and its rules (rulebook "Mise en place", "Déroulement de la partie", "Fin d'une
manche", "Vers la manche suivante"), read with RULINGS.md.

A turn: roll as many dice as the player's building is high (or what the reserve holds: « Lancer les dés »),
choose the order when there is a choice (« Empiler les dés »), place each die of it with an aim and a hand
error (a chance action) — the building stands or falls by physics (``physics.py``) after every die —, then
optionally move one's investor (« Changer d'investissement »). The round ends on a turn's end with an empty
reserve; the taller invested building then takes over the smaller (``_end_round``), the round is paid, and the
buildings go back to three dice.
"""

from __future__ import annotations

import math
import random
from bisect import insort
from typing import Any

from ...engine.errors import IllegalActionError, Reason, allowed_list
from ...engine.state import CHANCE, TERMINAL, Action, Event, Outcome, SeatedState, rank_scores
from .actions import (
    AIM_LIMIT_UM,
    COMPANY_LETTERS,
    INVEST,
    ROLLS,
    SLIP_LIMIT_UM,
    STAY,
    TURN_LIMIT,
    Aim,
    First,
    Invest,
    Roll,
    Slip,
    Stack,
    Stacker,
    Stay,
    Tiebreak,
    parse_action,
)
from .physics import Column, Pose, Verdict, stacked_on
from .stacking import FACES, is_maximal_order, stacking_choices

START_CASH = 50_000
BANK_TOTAL = 30 * 10_000 + 10 * 50_000
"""« Argent: 40 billets (30 de $10.000, 10 de $50.000) »."""
DICE = {3: 50, 4: 60}
"""« Les 60 dés sont utilisés dans une partie à 4 joueurs. Dans une partie à 3 joueurs, retirez 10 dés »."""
START_HEIGHT = 3
COLLAPSE_FINE = 20_000
REMOVED_PER_COLLAPSE = 5
STACK_BONUS = 10_000
STACK_BONUS_DICE = 5
RECORD_START = 15
MARKER_INCOME = 10_000
TAKEOVER_BONUS = 20_000
TAKEOVER_FINE = 20_000
CARD_BONUS = 20_000
MAX_INVESTORS = 2

AIM_GRID = tuple(Aim(x, y, t) for x in (-3000, -1500, 0, 1500, 3000) for y in (-3000, -1500, 0, 1500, 3000)
                 for t in (-1500, 0, 1500))
"""The finite, standard aims that ``legal_actions`` lists (every aim within the limits is legal)."""
SLIP_GRID = tuple((i, j, k) for i in (-2, -1, 0, 1, 2) for j in (-2, -1, 0, 1, 2) for k in (-1, 0, 1))
"""The standard hand errors ``chance_outcomes`` lists, in spreads (every error within the limits may happen)."""
_SLIP_WEIGHTS = [math.exp(-(i * i + j * j + k * k) / 2) for i, j, k in SLIP_GRID]
SLIP_PROBABILITIES = [w / sum(_SLIP_WEIGHTS) for w in _SLIP_WEIGHTS]

(SETUP_INVEST, ROLL, ORDER, AIM, SLIP, CHANGE, FIRST, TIE, CHOOSE_STACKER, OVER) = range(10)
PHASE_NAMES = ("invest", "roll", "order", "aim", "slip", "change", "first_player", "tie", "choose_stacker", "over")
PURPOSES = ("setup", "turn", "rebuild", "reset")
"""What the dice being rolled are for: the starting buildings, a turn, a building rebuilt after a collapse, the
buildings completed between rounds."""


def turn_spread(spread: int) -> int:
    """The spread of a hand's turn error (1/100°) for a spread of ``spread`` µm: a quarter of it."""
    return spread // 4


class StackMarketState(SeatedState):
    __slots__ = ("added", "aim", "building", "cash", "chooser", "columns", "faces", "first", "hand", "holder",
                 "investors", "last_fall", "pending", "phase", "purpose", "record", "removed", "reserve", "round",
                 "round_last", "small", "stacker", "steadiness", "tall", "target", "tie", "to_roll", "total",
                 "turn_player")

    def __init__(self, players: int, options: dict[str, Any], steadiness: list[int]) -> None:
        self.events: list[Event] | None = None
        self.n = players
        self.options = dict(options)
        self.steadiness = list(steadiness)
        self.cash = [START_CASH] * players
        self.total = DICE[players]
        self.reserve = self.total
        self.removed = 0
        self.faces: list[list[int]] = [[] for _ in range(players)]
        """Per company (one per player), the numbers of its building's dice from the bottom up."""
        self.columns = [Column() for _ in range(players)]
        """Per company, its building's poses (the physics)."""
        self.investors = [-1] * players
        """Per seat, the company its investor is on (-1 before the setup's investing)."""
        self.hand: list[int] = []
        """Dice rolled this turn and not (or not yet) in the order being stacked, sorted."""
        self.pending: list[int] = []
        """The chosen order's dice not placed yet (or the dice of a takeover), next first."""
        self.to_roll = 0
        self.purpose = 0
        self.target = 0
        """The company the dice being rolled are for (setup, rebuild, reset)."""
        self.building = -1
        """The company being stacked on now."""
        self.aim: Aim | None = None
        self.added = 0
        """Dice stacked this turn (the stacking bonus needs 5)."""
        self.record = RECORD_START
        self.holder = -1
        self.first = -1
        self.turn_player = -1
        self.round = 0
        self.round_last = -1
        self.tie = ""
        """While a tie is rolled off: ``tallest`` or ``smallest``."""
        self.tall = self.small = self.chooser = self.stacker = -1
        self.last_fall: dict[str, Any] | None = None
        """The last building that fell, as it was (for views to animate): company, faces, poses, failed_at."""
        self.phase = ROLL
        self.actor = CHANCE
        self._start_roll(0, START_HEIGHT, 0)

    # --- contract -----------------------------------------------------------------------------
    def clone(self) -> StackMarketState:
        c = object.__new__(StackMarketState)
        c.events = None
        c.n, c.options, c.steadiness, c.total = self.n, self.options, self.steadiness, self.total
        c.cash = self.cash[:]
        c.reserve, c.removed = self.reserve, self.removed
        c.faces = [f[:] for f in self.faces]
        c.columns = [col.copy() for col in self.columns]
        c.investors = self.investors[:]
        c.hand, c.pending = self.hand[:], self.pending[:]
        c.to_roll, c.purpose, c.target, c.building = self.to_roll, self.purpose, self.target, self.building
        c.aim, c.added, c.record, c.holder = self.aim, self.added, self.record, self.holder
        c.first, c.turn_player, c.round, c.round_last = self.first, self.turn_player, self.round, self.round_last
        c.tie, c.tall, c.small, c.chooser, c.stacker = self.tie, self.tall, self.small, self.chooser, self.stacker
        c.last_fall = self.last_fall
        c.phase, c.actor = self.phase, self.actor
        return c

    def seat_settings(self) -> list[dict[str, Any]]:
        return [{"steadiness": s} for s in self.steadiness]

    @property
    def rounds(self) -> int:
        return int(self.options.get("rounds", 3))

    def top_face(self, company: int) -> int:
        return self.faces[company][-1]

    def investor_count(self, company: int) -> int:
        return sum(1 for c in self.investors if c == company)

    def spread(self) -> int:
        """The hand error's spread (µm) of the seat placing now: its steadiness, halved with both hands (a
        takeover: « le dé du plus petit building peut être empilé en utilisant les deux mains »)."""
        s = self.steadiness[self.actor_of_slip()]
        return s // 2 if self.tall >= 0 and self.stacker >= 0 else s

    def actor_of_slip(self) -> int:
        return self.stacker if self.stacker >= 0 else self.turn_player

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == AIM:
            return list(AIM_GRID)
        if phase == ORDER:
            return [Stack(o) for o in stacking_choices(self.top_face(self.building), self.hand)]
        if phase == CHANGE:
            mine = self.investors[self.turn_player]
            return [STAY, *(INVEST[c] for c in range(self.n)
                            if c != mine and self.investor_count(c) < MAX_INVESTORS)]
        if phase == SETUP_INVEST:
            return [INVEST[c] for c in range(self.n) if self.investor_count(c) < MAX_INVESTORS]
        if phase == CHOOSE_STACKER:
            return [Stacker(p) for p in self._tall_investors()]
        return []

    def is_legal(self, action: Action) -> bool:
        phase = self.phase
        if phase == AIM:
            return (isinstance(action, Aim) and abs(action.x) <= AIM_LIMIT_UM and abs(action.y) <= AIM_LIMIT_UM
                    and abs(action.turn) <= TURN_LIMIT)
        if phase == SLIP:
            if not isinstance(action, Slip):
                return False
            if self.spread() == 0:
                return action == Slip(0, 0, 0)
            return abs(action.x) <= SLIP_LIMIT_UM and abs(action.y) <= SLIP_LIMIT_UM and abs(action.turn) <= TURN_LIMIT
        if phase == ORDER:
            return isinstance(action, Stack) and bool(action.order) and is_maximal_order(
                self.top_face(self.building), self.hand, action.order)
        return super().is_legal(action)

    def random_action(self, rng: random.Random) -> Action:
        """Any legal move: an aim anywhere within its limits, not only on the grid."""
        if self.phase == AIM:
            return Aim(rng.randint(-AIM_LIMIT_UM, AIM_LIMIT_UM), rng.randint(-AIM_LIMIT_UM, AIM_LIMIT_UM),
                       rng.randint(-TURN_LIMIT, TURN_LIMIT))
        return super().random_action(rng)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.actor != CHANCE:
            return []
        if self.phase == ROLL:
            return [(ROLLS[f], FACES.count(f) / len(FACES)) for f in range(5)]
        if self.phase == SLIP:
            s = self.spread()
            if s == 0:
                return [(Slip(0, 0, 0), 1.0)]
            t = turn_spread(s)
            return [(Slip(i * s, j * s, k * t), p) for (i, j, k), p in zip(SLIP_GRID, SLIP_PROBABILITIES, strict=True)]
        if self.phase == FIRST:
            return [(First(p), 1 / self.n) for p in range(self.n)]
        if self.phase == TIE:
            tied = self._tied()
            return [(Tiebreak(self.tie, c), 1 / len(tied)) for c in tied]
        return []

    def sample_chance(self, rng: random.Random) -> Action:
        """Rolls and hand errors drawn directly: a face of the six, a rounded normal error within the limits."""
        if self.actor == CHANCE and self.phase == ROLL:
            return ROLLS[FACES[int(rng.random() * len(FACES))]]
        if self.actor == CHANCE and self.phase == SLIP:
            s = self.spread()
            t = turn_spread(s)
            x, y, turn = rng.gauss(0.0, s), rng.gauss(0.0, s), rng.gauss(0.0, t)
            return Slip(_clamp(round(x), SLIP_LIMIT_UM), _clamp(round(y), SLIP_LIMIT_UM),
                        _clamp(round(turn), TURN_LIMIT))
        return super().sample_chance(rng)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def apply_legal(self, action: Action) -> None:
        match action:
            case Roll(face=face):
                self._rolled(face)
            case Aim():
                self.aim = action
                self.phase, self.actor = SLIP, CHANCE
            case Slip():
                self._place(action)
            case Stack(order=order):
                self._choose_order(order)
            case Invest(company=company):
                self._invest(company)
            case Stay():
                self._emit("stay", seat=self.turn_player, company=COMPANY_LETTERS[self.investors[self.turn_player]])
                self._end_turn()
            case First(seat=seat):
                self.first = seat
                self._emit("first_player", seat=seat)
                self.phase, self.actor = SETUP_INVEST, seat
            case Tiebreak(company=company):
                self._emit("tiebreak", which=self.tie, company=COMPANY_LETTERS[company])
                if self.tie == "tallest":
                    self._set_tallest(company)
                else:
                    self._set_smallest(company)
            case Stacker(seat=seat):
                self._emit("stacker", seat=self.chooser, stacker=seat)
                self._start_takeover(seat)
            case _:
                raise IllegalActionError(f"{action!r} is not a Stack Market action")

    def illegal(self, action: Action, legal: list[Action]) -> IllegalActionError:
        from .texts import CATALOG

        key = "not_legal"
        fields: dict[str, Any] = {}
        shown = legal
        if self.phase == OVER:
            key = "game_over"
        elif self.actor == CHANCE:
            key = {ROLL: "roll_pending", FIRST: "first_pending", TIE: "tie_pending"}.get(self.phase, "slip_pending")
            fields = {"last": self.n - 1, "which_key": f"tie.{self.tie or 'tallest'}"}
            if self.phase == SLIP:
                shown = []  # any error within the limits may happen: the listed grid would mislead
                if isinstance(action, Slip):
                    key = "slip_perfect" if self.spread() == 0 else "slip_limits"
                    fields = {"limit": SLIP_LIMIT_UM, "turn": TURN_LIMIT}
        elif self.phase == AIM:
            key, fields, shown = "aim_limits", {"limit": AIM_LIMIT_UM, "turn": TURN_LIMIT}, []
            if not isinstance(action, Aim):
                key = "aim_now"
        elif self.phase == ORDER and isinstance(action, Stack):
            key = "order_rules"
            fields = {"top": self.top_face(self.building), "hand": " ".join(map(str, self.hand))}
        elif isinstance(action, Invest) and self.phase in (CHANGE, SETUP_INVEST):
            key = "company_full" if self.investor_count(action.company) >= MAX_INVESTORS else "no_company"
            if action.company < self.n and self.phase == CHANGE and self.investors[self.turn_player] == action.company:
                key = "same_company"
            fields = {"company": COMPANY_LETTERS[action.company], "last": COMPANY_LETTERS[self.n - 1]}
        if shown:
            fields["allowed"] = allowed_list([a.text() for a in shown])
        reason = Reason(key, {"action": action.text(), **fields})
        return IllegalActionError(CATALOG.reason("en", reason) or key, reason)

    # --- rolling ------------------------------------------------------------------------------
    def _start_roll(self, purpose: int, count: int, target: int) -> None:
        """Take ``count`` dice from the reserve and roll them (one chance action each)."""
        self.reserve -= count
        self.to_roll, self.purpose, self.target = count, purpose, target
        self.phase, self.actor = ROLL, CHANCE

    def _rolled(self, face: int) -> None:
        insort(self.hand, face)
        self.to_roll -= 1
        if self.to_roll:
            return
        purpose = PURPOSES[self.purpose]
        if purpose == "turn":
            self._emit("rolled", seat=self.turn_player, dice=" ".join(map(str, self.hand)))
            self._choose_or_skip()
        else:
            self._build_straight(self.target)
            if purpose == "setup":
                if self.target + 1 < self.n:
                    self._start_roll(self.purpose, START_HEIGHT, self.target + 1)
                else:
                    self.phase, self.actor = FIRST, CHANCE
            elif purpose == "rebuild":
                self._remove_dice()
            else:
                self._complete_buildings()

    def _build_straight(self, company: int) -> None:
        """Stack the dice in hand on ``company``, highest on top (« avec le plus grand chiffre sur le dessus »),
        each square on the one below."""
        column, faces = self.columns[company], self.faces[company]
        for face in sorted(self.hand):
            column.place(stacked_on(column.poses[-1] if column.poses else None, 0, 0, 0))
            faces.append(face)
        self._emit("built", company=COMPANY_LETTERS[company], faces=" ".join(map(str, faces)))
        self.hand = []

    # --- a turn -------------------------------------------------------------------------------
    def _begin_turn(self, seat: int) -> None:
        self.turn_player, self.added, self.aim = seat, 0, None
        self.building = self.investors[seat]
        count = min(len(self.faces[self.building]), self.reserve)
        self._emit("turn", seat=seat, round=self.round + 1, company=COMPANY_LETTERS[self.building], count=count)
        if count == 0:  # an empty reserve at a round's start (dice removed), or a building of no dice
            self._end_stacking()
            return
        self._start_roll(PURPOSES.index("turn"), count, self.building)

    def _choose_or_skip(self) -> None:
        choices = stacking_choices(self.top_face(self.building), self.hand)
        if choices == [()]:
            self._emit("nothing_to_stack", seat=self.turn_player)
            self._end_stacking()
        elif len(choices) == 1:
            self._choose_order(choices[0])
        else:
            self.phase, self.actor = ORDER, self.turn_player

    def _choose_order(self, order: tuple[int, ...]) -> None:
        for face in order:
            self.hand.remove(face)
        self.pending = list(order)
        self._emit("order", seat=self.turn_player, dice=" ".join(map(str, order)))
        self.phase, self.actor = AIM, self.turn_player

    def _place(self, slip: Slip) -> None:
        """The die lands where it was aimed plus the hand's error; the building stands or falls."""
        aim = self.aim
        assert aim is not None
        company = self.building
        column = self.columns[company]
        pose = stacked_on(column.poses[-1], aim.x + slip.x, aim.y + slip.y, aim.turn + slip.turn)
        face = self.pending.pop(0)
        self.faces[company].append(face)
        verdict = column.place(pose)
        self.aim = None
        seat = self.actor_of_slip()
        self._emit("placed", seat=seat, company=COMPANY_LETTERS[company], face=face, height=len(column),
                   x=pose.x, y=pose.y, turn=pose.turn, margin=round(verdict.margin) if verdict.stands else None)
        takeover = self.stacker >= 0
        if not verdict.stands:
            self._fell(company, verdict)
            if takeover:
                self._takeover_done(False)
            else:
                self._collapse(company)
            return
        if not takeover:
            self.added += 1
        if self.pending:
            self.phase, self.actor = AIM, seat
        elif takeover:
            self._takeover_done(True)
        else:
            self._end_stacking()

    def _fell(self, company: int, verdict: Verdict) -> None:
        column = self.columns[company]
        self.last_fall = {"company": COMPANY_LETTERS[company], "faces": list(self.faces[company]),
                          "poses": [[p.x, p.y, p.turn] for p in column.poses], "failed_at": verdict.failed_at}
        self._emit("fell", company=COMPANY_LETTERS[company], height=len(column), at=(verdict.failed_at or 0) + 1)

    def _end_stacking(self) -> None:
        """The dice not stacked go back; the stacking bonus and the tallest-building card are won here, the
        building standing at the end of the turn."""
        self.reserve += len(self.hand)
        self.hand = []
        seat, height = self.turn_player, len(self.faces[self.building])
        if self.added >= STACK_BONUS_DICE:
            self.cash[seat] += STACK_BONUS
            self._emit("stack_bonus", seat=seat, dice=self.added, amount=STACK_BONUS)
        if height >= RECORD_START and (height > self.record or (self.holder < 0 and height >= self.record)):
            self.record, self.holder = height, seat
            self._emit("record", seat=seat, height=height, company=COMPANY_LETTERS[self.building])
        self.phase, self.actor = CHANGE, seat

    def _pay(self, seat: int, amount: int, why: str) -> None:
        """Pay the bank, never below zero (« Si un joueur n'a pas assez d'argent, il donne ce qu'il a »)."""
        paid = min(amount, self.cash[seat])
        self.cash[seat] -= paid
        self._emit("pay", private_to=seat, public={"seat": seat, "amount": amount, "why": why}, seat=seat,
                   amount=amount, why=why, paid=paid, left=self.cash[seat])

    def _collapse(self, company: int) -> None:
        """Investors pay, the dice go back, the building is rebuilt from 3 rolled dice, then 5 dice leave."""
        for p in range(self.n):
            if self.investors[p] == company:
                self._pay(p, COLLAPSE_FINE, "collapse")
        self.reserve += len(self.faces[company]) + len(self.hand) + len(self.pending)
        self.faces[company], self.columns[company] = [], Column()
        self.hand, self.pending = [], []
        self._start_roll(PURPOSES.index("rebuild"), min(START_HEIGHT, self.reserve), company)

    def _remove_dice(self) -> None:
        removed = min(REMOVED_PER_COLLAPSE, self.reserve)
        self.reserve -= removed
        self.removed += removed
        self._emit("removed", count=removed, reserve=self.reserve)
        self.phase, self.actor = CHANGE, self.turn_player

    def _invest(self, company: int) -> None:
        seat = self.actor
        before = self.investors[seat]
        self.investors[seat] = company
        if self.phase == SETUP_INVEST:
            self._emit("invest", seat=seat, company=COMPANY_LETTERS[company])
            following = (seat + 1) % self.n
            if following == self.first:
                self._begin_turn(self.first)
            else:
                self.actor = following
            return
        self._emit("change", seat=seat, company=COMPANY_LETTERS[company], before=COMPANY_LETTERS[before])
        self._end_turn()

    def _end_turn(self) -> None:
        """« La manche se termine quand il ne reste plus de dés dans la réserve »."""
        if self.reserve == 0:
            self._end_round()
        else:
            self._begin_turn((self.turn_player + 1) % self.n)

    # --- the round's end: the takeover ---------------------------------------------------------
    def _key(self, company: int) -> tuple[int, int]:
        """Buildings compare by height, then by the number on top."""
        return len(self.faces[company]), self.top_face(company)

    def _invested(self) -> list[int]:
        """Companies with an investor and a building (« au moins 1 dé pour être un building »)."""
        return [c for c in range(self.n) if self.investor_count(c) and self.faces[c]]

    def _tied(self) -> list[int]:
        """The companies tied for the tallest (or, the tallest set aside, for the smallest)."""
        pool = [c for c in self._invested() if self.tie == "tallest" or c != self.tall]
        best = (max if self.tie == "tallest" else min)(self._key(c) for c in pool)
        return [c for c in pool if self._key(c) == best]

    def _end_round(self) -> None:
        self.round_last = self.turn_player
        self._emit("round_end", round=self.round + 1)
        if len(self._invested()) < 2:  # no takeover without two buildings: everyone is paid as not taking part
            self._takeover_done(False)
            return
        self.tie = "tallest"
        tied = self._tied()
        if len(tied) > 1:
            self.phase, self.actor = TIE, CHANCE
        else:
            self._set_tallest(tied[0])

    def _set_tallest(self, company: int) -> None:
        self.tall = company
        self.tie = "smallest"
        tied = self._tied()
        if len(tied) > 1:
            self.phase, self.actor = TIE, CHANCE
        else:
            self._set_smallest(tied[0])

    def _tall_investors(self) -> list[int]:
        """The taller company's investors in seat order from the round's last player (included)."""
        order = [(self.round_last + k) % self.n for k in range(self.n)]
        return [p for p in order if self.investors[p] == self.tall]

    def _set_smallest(self, company: int) -> None:
        self.small, self.tie = company, ""
        self._emit("takeover", tall=COMPANY_LETTERS[self.tall], small=COMPANY_LETTERS[company],
                   dice=len(self.faces[company]))
        investors = self._tall_investors()
        if len(investors) == MAX_INVESTORS:
            self.chooser = investors[0]
            self.phase, self.actor = CHOOSE_STACKER, self.chooser
        else:
            self._start_takeover(investors[0])

    def _start_takeover(self, seat: int) -> None:
        """The smaller building's dice, taken off from the top, go one by one on the taller one."""
        self.stacker = seat
        small = self.small
        self.pending = self.faces[small][::-1]
        self.faces[small], self.columns[small] = [], Column()
        self.building = self.tall
        self.phase, self.actor = AIM, seat

    def _takeover_done(self, success: bool) -> None:
        """« Revenu / Perte après le rachat », and the tallest-building card's bonus."""
        tall, small = self.tall, self.small
        self.reserve += len(self.pending)
        self.pending = []
        if not success and tall >= 0:  # the dice above the interface that gave way fall off; the rest stands
            fall = self.last_fall
            assert fall is not None
            keep = fall["failed_at"] + 1
            self.reserve += len(self.faces[tall]) - keep
            self.faces[tall] = self.faces[tall][:keep]
            self.columns[tall] = Column(self.columns[tall].poses[:keep])
        if tall >= 0:
            self._emit("takeover_result", success=success, tall=COMPANY_LETTERS[tall], small=COMPANY_LETTERS[small],
                       seat=self.stacker)
        income = [0] * self.n
        for p in range(self.n):
            company = self.investors[p]
            markers = self.investor_count(company)
            if company < 0:
                continue
            if company == tall and not success:
                self._pay(p, TAKEOVER_FINE, "takeover")
            elif company == tall:
                income[p] = MARKER_INCOME * markers + TAKEOVER_BONUS
            elif company != small or not success:
                income[p] = MARKER_INCOME * markers
        for p in range(self.n):
            if income[p]:
                self.cash[p] += income[p]
                self._emit("income", seat=p, amount=income[p], company=COMPANY_LETTERS[self.investors[p]])
        if self.holder >= 0 and income[self.holder] >= MARKER_INCOME:
            self.cash[self.holder] += CARD_BONUS
            self._emit("card_bonus", seat=self.holder, amount=CARD_BONUS)
        self._next_round()

    def _next_round(self) -> None:
        """« Tous les buildings sont convertis en building de hauteur 3 »: each keeps its bottom three dice as
        they stand; one with fewer is completed from the reserve, rolled, highest on top."""
        self.round += 1
        self.tall = self.small = self.chooser = self.stacker = -1
        if self.round == self.rounds:
            self.phase, self.actor = OVER, TERMINAL
            self._emit("game_end", cash=" ".join(map(str, self.cash)))
            return
        if self.options.get("removed_dice") == "round":
            self.reserve += self.removed
            self.removed = 0
        for c in range(self.n):
            if len(self.faces[c]) > START_HEIGHT:
                self.reserve += len(self.faces[c]) - START_HEIGHT
                self.faces[c] = self.faces[c][:START_HEIGHT]
                self.columns[c] = Column(self.columns[c].poses[:START_HEIGHT])
        self._emit("round_start", round=self.round + 1)
        self._complete_buildings()

    def _complete_buildings(self) -> None:
        for c in range(self.n):
            count = min(START_HEIGHT - len(self.faces[c]), self.reserve)
            if count > 0:
                self._start_roll(PURPOSES.index("reset"), count, c)
                return
        self._begin_turn((self.round_last + 1) % self.n)

    # --- results and checks -----------------------------------------------------------------------
    def outcome(self) -> Outcome:
        if self.phase != OVER:
            raise ValueError("the game is not over")
        scores = tuple(self.cash)
        ranks = rank_scores(scores)
        return Outcome(scores, ranks, tuple(p for p in range(self.n) if ranks[p] == 1), "rounds")

    def check_invariants(self) -> None:
        on_buildings = sum(len(f) for f in self.faces)
        total = self.reserve + self.to_roll + len(self.hand) + len(self.pending) + on_buildings + self.removed
        assert total == self.total, f"{total} dice in the game instead of {self.total}"
        assert self.reserve >= 0 and self.removed >= 0
        assert all(len(f) == len(col) for f, col in zip(self.faces, self.columns, strict=True))
        assert all(0 <= x <= 4 for f in self.faces for x in f)
        assert all(c >= 0 for c in self.cash), "cash below zero"
        assert all(self.investor_count(c) <= MAX_INVESTORS for c in range(self.n))
        assert self.record >= RECORD_START and (self.holder >= 0 or self.record == RECORD_START)
        if self.turn_player >= 0:
            assert all(0 <= c < self.n for c in self.investors), "every player has invested once play starts"

    # --- snapshots and views --------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        from .snapshot import state_to_json

        return state_to_json(self)

    def observation(self, seat: int | None) -> dict[str, Any]:
        from .view import observe

        return observe(self, seat)

    def resample(self, seat: int, rng: random.Random) -> StackMarketState:
        """Nothing to re-deal: the dice, the buildings and every payment are on the table; only each player's
        cash is hidden, and the rules make it follow from what everyone saw (start, incomes, fines never
        below zero). A copy, then."""
        return self.clone()


def _clamp(value: int, limit: int) -> int:
    return max(-limit, min(limit, value))


__all__ = ["BANK_TOTAL", "PHASE_NAMES", "Pose", "StackMarketState"]
