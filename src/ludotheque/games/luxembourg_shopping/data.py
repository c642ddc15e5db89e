"""What a Luxembourg-Shopping position holds, how it is copied, and the conservation checks.

Also the steps a turn's queue is made of and the constants the rule chapters share. The rules live in the subclasses,
one a chapter of the rulebook (``start``: A, ``turn``: B, ``cards``: C, D and the cards of B4–B8, ``galleries``: E
and F, ``signs``: H, ``payments``: money and G, ``winning``: I); ``state.py`` puts them together.
"""

from __future__ import annotations

from typing import Any, Self

from ...engine.state import CHANCE, Event, SeatedState
from .datamodel import SHOPS
from .tables import Tables, load_tables

START_CASH = 100_000
"""A. « Ce dernier distribuera à chacun la somme de 100 000 »."""

# The steps of a turn. Chance steps first, then decisions, then the rest.
DEAL_STEP, START_DIE, ROLL_STEP, DOUBLE_CARD, MAIL, BUREAU_CARD, RED_CARD, BANKRUPT_CARD, FREE_SHOP = range(9)
BUY_STEP, GALLERY_STEP, GAIN_SIGN, LOSE_SIGN, SELL_STEP = range(9, 14)
MOVE, LAND, PAYMENT, END_TURN = range(14, 18)
STEP_NAMES = ("deal", "start_die", "roll", "double_card", "mail", "bureau", "bouton_rouge", "bankruptcy", "free_shop",
              "buy", "gallery", "gain_sign", "lose_sign", "sell", "move", "land", "payment", "end_turn")
CHANCE_STEPS = frozenset(range(9))
DECISIONS = frozenset(range(9, 14))

Step = tuple[int, ...]
"""A step: its code, then its arguments (a pile, or a payment's debtor, creditor (-1: the bank), amount and why)."""
PILES = ("even", "odd", "red")
EVEN, ODD, RED = range(3)
WHY = ("bill", "mail_bill", "card", "each", "gallery", "merge", "buy")
"""Why a payment is due (for the log)."""
BANK = -1


class LuxembourgData(SeatedState):
    """The fields of a position; rules live in the subclasses (start, turn, cards, galleries, signs, payments,
    winning)."""

    __slots__ = (
        "bank",
        "bought",
        "cash",
        "dealt",
        "dice",
        "galleries",
        "gallery_of",
        "last_card",
        "last_half",
        "left",
        "moved",
        "owner",
        "player",
        "pos",
        "queue",
        "round",
        "rounds",
        "sign",
        "start_group",
        "start_rolls",
        "starter",
        "t",
        "termination",
        "turns",
        "winner",
    )

    def __init__(self, players: int, options: dict[str, Any], tables: Tables | None = None) -> None:
        self.events: list[Event] | None = None
        self.n = players
        self.options = dict(options)
        self.t = tables if tables is not None else load_tables(self.options)
        self.rounds = int(options.get("rounds", 0))
        self.cash = [START_CASH] * players
        self.bank = 0
        """What the bank has taken in, less what it has paid out: cash + bank is always 100 000 a player."""
        self.pos = [0] * players
        """Each pawn's square; 0 is before square 1, where all pawns start."""
        self.owner = [-1] * (SHOPS + 1)
        """Per shop: its owner's seat, or -1 (the bank's: free)."""
        self.sign = [False] * (SHOPS + 1)
        self.galleries: list[list[int]] = []
        """Each gallery's shops, in increasing order; galleries in order of their lowest shop."""
        self.gallery_of = [-1] * (SHOPS + 1)
        """Per shop: its gallery's index in ``galleries``, or -1."""
        self.left = [0] * players
        """0 while in the game; else the order in which the seat left (1 for the first to be ruined)."""
        self.moved = [False] * players
        """Whether the seat has made its first move (B3: « sauf au premier déplacement »)."""
        self.dealt = 0
        self.start_rolls = [0] * players
        self.start_group = list(range(players))
        """The seats rolling one die for who starts (again when tied for the lowest)."""
        self.starter = -1
        self.player = -1
        """Whose turn it is."""
        self.round = 0
        self.turns = 0
        self.dice = (0, 0)
        self.bought: list[int] = []
        """Shops bought this turn (E: not to be put in a gallery in the same turn)."""
        self.last_card = ""
        self.last_half = "top"
        """Which half of the last card was read: ``top`` (mail, doubles, bankruptcy, « Bouton Rouge ») or ``bottom``
        (« Bureau »)."""
        self.winner = -1
        self.termination = ""
        self.queue: list[Step] = [(DEAL_STEP,)]
        self.actor = CHANCE

    # --- contract -----------------------------------------------------------------------------
    def clone(self) -> Self:
        c = object.__new__(type(self))
        c.events = None
        c.n, c.options, c.t, c.rounds = self.n, self.options, self.t, self.rounds
        c.cash, c.bank, c.pos, c.owner, c.sign = self.cash[:], self.bank, self.pos[:], self.owner[:], self.sign[:]
        c.galleries = [g[:] for g in self.galleries]
        c.gallery_of, c.left, c.moved = self.gallery_of[:], self.left[:], self.moved[:]
        c.dealt, c.start_rolls, c.start_group = self.dealt, self.start_rolls[:], self.start_group[:]
        c.starter, c.player, c.round, c.turns, c.dice = self.starter, self.player, self.round, self.turns, self.dice
        c.bought, c.last_card, c.winner, c.termination = self.bought[:], self.last_card, self.winner, self.termination
        c.last_half = self.last_half
        c.queue = self.queue[:]
        c.actor = self.actor
        return c

    def check_invariants(self) -> None:
        assert sum(self.cash) + self.bank == START_CASH * self.n, "money was made or lost"
        assert all(c >= 0 for c in self.cash), f"negative cash {self.cash}"
        for s in range(1, SHOPS + 1):
            assert not self.sign[s] or self.owner[s] >= 0, f"a sign on free shop {s}"
            assert self.owner[s] < 0 or not self.left[self.owner[s]], f"shop {s} held by a seat out of the game"
        seen: list[int] = []
        for k, g in enumerate(self.galleries):
            assert len(g) >= 3 and len({self.owner[s] for s in g}) == 1 and self.owner[g[0]] >= 0, g
            assert all(self.gallery_of[s] == k for s in g)
            seen.extend(g)
        assert len(seen) == len(set(seen)) == sum(1 for x in self.gallery_of if x >= 0)

    # --- implemented by the rule sections (start, turn, cards, galleries, signs, payments, winning) -----------------
    def _begin_turn(self) -> None:
        raise NotImplementedError

    @property
    def parity(self) -> int:
        raise NotImplementedError

    def _gallery_value(self, g: int) -> int:
        raise NotImplementedError

    def _free_shop(self) -> None:
        raise NotImplementedError

    def _bankruptcy(self) -> None:
        raise NotImplementedError

    def _index_galleries(self) -> None:
        raise NotImplementedError

    def _gain_sign(self, shop: int) -> None:
        raise NotImplementedError

    def _receive(self, seat: int, amount: int, why: str, shop: int = 0) -> None:
        raise NotImplementedError

    def _pay_bank(self, seat: int, amount: int) -> None:
        raise NotImplementedError

    def _check_win(self, seat: int) -> None:
        raise NotImplementedError

    def _finish(self, winner: int, how: str) -> None:
        raise NotImplementedError
