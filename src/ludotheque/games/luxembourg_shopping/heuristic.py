"""A heuristic bot for Luxembourg-Shopping: it buys shops while it keeps a cash reserve for the bills it may meet,
builds and merges galleries when they pay back, puts its signs where they last, and sells what it misses least.

**The board's numbers** (``BoardStats``, once per board and decks): how often a pawn lands on each square in a
turn (two dice from the square it stands on, with the cards that move it: « Correspondance » upper halves after a
shop, « Bouton Rouge », « Bureau » lower halves), how often a turn's mail shows each shop (C), and how often a turn
starts the bankruptcy procedure (D) from the even or the odd pile. Which shop the procedure takes depends on what
one holds (the drawn number, else the next one up, else the lowest), so a shop's *exposure* is the chance per
turn that it is the one lost.

**Income** of a shop per round: every player still in lands on it as often as the board says (the owner is paid
by Monsieur Jean Poche, the others pay the owner) the zone's amount or, in a gallery, the gallery's value; mail is
paid to the owner when the owner draws it and by the owner to anyone else who draws it (C), the zone's amount,
doubled in a gallery; a sign adds 5 000 to both (H.2). Gallery shops thus bring the gallery's value on every
visit: a gallery pays back its cost in about 33 / players rounds, a merge of two galleries of three in about
22 / players.

**Decisions.**

- *Buy* (B3) when the price leaves the reserve: a floor, plus a share of the largest fee an opponent's shop may
  charge, plus the bills expected over the next round, plus more for the dearer zones (a cheap shop counts as much
  for signs and galleries).
- *Gallery* (E) and *merge* (F): each legal choice is valued by the income it adds, over its expected life (a
  horizon, shortened by the exposure of the gallery's shops to bankruptcy: one lost shop dissolves it), less its
  cost, plus a bonus for progress towards the gallery that wins (I: ``GALLERY_TO_WIN``); a merge that reaches it
  is taken at once. Only choices that leave the reserve are made, and none that does not pay. A gallery is made
  of the shops least exposed, the ones most exposed staying out of it to take the bankruptcy blows.
- *Sign* (H): put on the shop where it lasts longest and earns most (in the biggest gallery, least exposed, most
  visited); *lose a sign*: the one it values least by the same measure.
- *Sell* (G): ``pay`` as soon as it can; until then, the cheapest way to cover the debt, a shop's cost being what
  it is worth beyond the half price it brings (a shop counts for signs, galleries and the rulebook's ranking), its
  sign, and, for the first shop of a gallery, the gallery it dissolves: loose, cheap, unsigned shops go first.

With a rounds limit, in its last rounds it makes every gallery and merge it can and buys with a smaller reserve
(the ranking of a stopped game, I, counts signs, the largest gallery, the galleries, the shops, then money).

The constants were tuned on simulations (the game is mostly luck: most of them move the win rate by a point or
two). Against three random bots, 4 players, 2,000 games, it wins 47 % (fair share 25 %); with 2 players 80 %,
with 6 players 27 %. Four heuristic bots with no rounds limit end a game in about 42 rounds.

It reads the position from ``view.sample_state`` (nothing is hidden in this game: the state re-deals nothing and
is a cheap copy) and draws no random numbers, so it is deterministic.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.bots import Bot, SeatView
from ...engine.memo import per_object
from ...engine.state import Action
from .actions import BUY, PASS, PAY, SELL, Gallery, Merge, Sell, Sign, Unsign
from .datamodel import SHOPS
from .state import (
    BUY_STEP,
    GAIN_SIGN,
    GALLERY_STEP,
    GALLERY_TO_WIN,
    LOSE_SIGN,
    PILES,
    SELL_STEP,
    SIGN_BONUS,
    LuxembourgState,
)
from .tables import BANKRUPTCY, BOUTON_ROUGE, BUREAU, SHOP, Tables

DICE = tuple((total, (6 - abs(total - 7)) / 36) for total in range(2, 13))
"""Two dice: each total and its chance."""


@dataclass(frozen=True, slots=True)
class BoardStats:
    """What the board and decks make of a turn, for one player, in the long run."""

    visits: tuple[float, ...]
    """Per shop: the chance a turn's pawn lands on it (cards that move the pawn included)."""
    mail: tuple[float, ...]
    """Per shop: the chance a turn's mail (C) shows it."""
    bankrupt: tuple[float, float]
    """Per pile (even, odd): the chance a turn starts the bankruptcy procedure (D) drawing from it."""
    draws: tuple[tuple[tuple[int, float], ...], tuple[tuple[int, float], ...]]
    """Per pile: each shop number the procedure may draw and its chance."""


def _moves_and_bankruptcy(t: Tables, square: int, pile: int) -> tuple[list[tuple[int, float]], float]:
    """Where the cards drawn on ``square`` may send the pawn (square, chance), and the chance they start D."""
    kind = t.kind[square]
    if kind == SHOP:
        ids, probs = t.piles[PILES[pile]]
        halves = [(t.cards[c].top, p) for c, p in zip(ids, probs, strict=True)]
    elif kind == BOUTON_ROUGE:
        ids, probs = t.piles["red"]
        halves = [(t.cards[c].top, p) for c, p in zip(ids, probs, strict=True)]
    elif kind == BUREAU:
        ids, probs = t.piles[PILES[pile]]
        halves = [(t.cards[c].bottom or {"kind": "none"}, p) for c, p in zip(ids, probs, strict=True)]
    else:
        return [], 1.0 if kind == BANKRUPTCY else 0.0
    moves = [(int(h["square"]), p) for h, p in halves if h["kind"] == "move_to"]
    return moves, sum(p for h, p in halves if h["kind"] == "bankruptcy")


def _board_stats(t: Tables) -> BoardStats:
    size = t.size
    dist = [1.0 / size] * (size + 1)
    dist[0] = 0.0
    landings = [0.0] * (size + 1)
    mail = [0.0] * (SHOPS + 1)
    bankrupt = [0.0, 0.0]
    follow = {(sq, pile): _moves_and_bankruptcy(t, sq, pile) for sq in range(1, size + 1) for pile in (0, 1)}
    shop_cards = [[(t.cards[c].shop, p) for c, p in zip(*t.piles[PILES[pile]], strict=True) if t.cards[c].shop]
                  for pile in (0, 1)]
    rounds = 40
    for k in range(rounds):
        last = k == rounds - 1  # the long-run figures are read on the last pass
        nxt = [0.0] * (size + 1)
        for x in range(size + 1):
            px = dist[x]
            if px <= 0.0:
                continue
            for total, pd in DICE:
                pile = total % 2  # 0: even, 1: odd (RULINGS: by the dice total)
                y = (x + total - 1) % size + 1
                # The pawn lands on y, and cards may move it on (a move lands too, up to three times).
                todo = [(y, px * pd, 0)]
                while todo:
                    sq, p, depth = todo.pop()
                    moves, bust = follow[sq, pile]
                    if last:
                        landings[sq] += p
                        bankrupt[pile] += p * bust
                        if t.kind[sq] == SHOP:
                            for shop, q in shop_cards[pile]:
                                mail[shop] += p * q
                    stay = p
                    if depth < 3:
                        for dest, q in moves:
                            todo.append((dest, p * q, depth + 1))
                            stay -= p * q
                    nxt[sq] += stay
        dist = nxt
    ids_draws = []
    for pile in (0, 1):
        ids, probs = t.shop_piles[PILES[pile]]
        ids_draws.append(tuple((t.cards[c].shop, p) for c, p in zip(ids, probs, strict=True)))
    return BoardStats(visits=tuple(landings[t.square_of[s]] if s else 0.0 for s in range(SHOPS + 1)),
                      mail=tuple(mail), bankrupt=(bankrupt[0], bankrupt[1]), draws=(ids_draws[0], ids_draws[1]))


def board_stats(t: Tables) -> BoardStats:
    """The board's numbers, worked out once per set of tables (they are shared by the games on the same files)."""
    return per_object(t, _board_stats)


class HeuristicBot(Bot):
    """Buys within a reserve, builds the galleries that pay, keeps its signs safe, sells the least missed shop."""

    name = "heuristic"

    HORIZON = 20.0
    """Rounds over which an investment's income is counted (longer lives are not counted)."""
    RESERVE = 5_000
    """Cash kept whatever the board."""
    WORST_SHARE = 0.35
    """Share of the largest fee an opponent's shop charges kept in reserve."""
    BILL_ROUNDS = 1.0
    """Rounds of expected bills (fees and mail) kept in reserve."""
    ZONE_EXTRA = (0, 10_000, 20_000)
    """More cash kept to buy a shop, by zone (orange, yellow, green): cheap shops count as much for signs and
    galleries."""
    GALLERY_RESERVE = 0.3
    """The reserve for a gallery, as a share of the reserve for buying (a gallery pays back fast)."""
    MERGE_RESERVE = 0.3
    """The same for a merge."""
    PROGRESS = 60_000
    """Worth of a gallery as large as the winning one; a step towards it is worth its share, squared."""
    SHOP_WORTH = 6_000
    """What a shop is worth beyond its half price when sold (signs, galleries, the ranking count shops)."""
    SIGN_WORTH = 25_000
    """What a sign is worth when a shop carrying it is sold (signs win: I.1)."""
    SALE_HAZARD = 0.01
    """Per round: the chance a loose shop is sold when cash runs short (gallery shops go last)."""
    ENDING = 5
    """With a rounds limit, the last rounds, in which galleries and shops are taken for the ranking (I)."""
    ENDING_RESERVE = 0.5
    """The reserve for buying in those rounds, as a share of the usual one."""

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        st = view.sample_state(self.rng)  # nothing is hidden: the position itself, copied
        assert isinstance(st, LuxembourgState)
        m = Model(st, self.seat, self)
        code = st.queue[0][0]
        if code == BUY_STEP:
            return BUY if m.should_buy() else PASS
        if code == GALLERY_STEP:
            return m.best_gallery(legal)
        if code == GAIN_SIGN:
            signs = [a for a in legal if isinstance(a, Sign)]
            return max(signs, key=lambda a: (m.sign_worth(a.shop), -a.shop))
        if code == LOSE_SIGN:
            unsigns = [a for a in legal if isinstance(a, Unsign)]
            return min(unsigns, key=lambda a: (m.sign_worth(a.shop), a.shop))
        if code == SELL_STEP:
            return m.sale(legal)
        return legal[0]  # pragma: no cover - every decision is one of the above


class Model:
    """The position as the bot values it: its shops, their exposure and income, its reserve."""

    def __init__(self, st: LuxembourgState, seat: int, bot: HeuristicBot) -> None:
        self.st, self.me, self.bot = st, seat, bot
        self.t = t = st.t
        self.stats = stats = board_stats(t)
        self.alive = sum(1 for s in range(st.n) if not st.left[s])
        self.mine = [s for s in range(1, SHOPS + 1) if st.owner[s] == seat]
        self.exposure = self._exposure(self.mine)
        # Bills: the fees of opponents' shops (B2, E), and the mail of our shops that others draw (C).
        worst = 0
        bills = 0.0
        for s in range(1, SHOPS + 1):
            holder = st.owner[s]
            if holder >= 0 and holder != seat:
                fee = self.fee(s)
                worst = max(worst, fee)
                bills += stats.visits[s] * fee
        for s in self.mine:
            bills += stats.mail[s] * self.mail_value(s) * (self.alive - 1)
        self.reserve = bot.RESERVE + bot.WORST_SHARE * worst + bot.BILL_ROUNDS * bills
        rounds_left = st.rounds - st.round + 1 if st.rounds else bot.HORIZON
        self.horizon = max(1.0, min(bot.HORIZON, float(rounds_left)))
        self.ending = rounds_left <= bot.ENDING
        """With a rounds limit, its last rounds: the rulebook's ranking (I) counts galleries and shops."""

    # --- what the board makes of the position -----------------------------------------------------
    def _exposure(self, shops: list[int]) -> dict[int, float]:
        """Per shop held: the chance per turn that the bankruptcy procedure (D) takes it."""
        out = dict.fromkeys(shops, 0.0)
        if not shops:
            return out
        for pile in (0, 1):
            rate = self.stats.bankrupt[pile]
            for drawn, p in self.stats.draws[pile]:
                lost = next((s for s in shops if s >= drawn), shops[0])
                out[lost] += rate * p
        return out

    def value(self, gallery: list[int]) -> int:
        """E: a gallery's value, the sum of its shops' zone amounts (its fee, and what creating it costs)."""
        return sum(self.t.income[s] for s in gallery)

    def fee(self, s: int) -> int:
        """B1/B2 and E: what landing on shop ``s`` pays its owner."""
        st = self.st
        g = st.gallery_of[s]
        return (self.value(st.galleries[g]) if g >= 0 else self.t.income[s]) + (SIGN_BONUS if st.sign[s] else 0)

    def mail_value(self, s: int) -> int:
        """C: what a mail card showing shop ``s`` pays (doubled in a gallery, H.2 for a sign)."""
        st = self.st
        return self.t.income[s] * (2 if st.gallery_of[s] >= 0 else 1) + (SIGN_BONUS if st.sign[s] else 0)

    def extra_income(self, shops: list[int]) -> float:
        """Per round: what the shops bring as one gallery beyond what they bring loose (signs add the same)."""
        inc, stats, n = self.t.income, self.stats, self.alive
        value = self.value(shops)
        return sum(n * stats.visits[s] * (value - inc[s]) + stats.mail[s] * inc[s] * (2 - n) for s in shops)

    def life(self, shops: list[int]) -> float:
        """Rounds a gallery of ``shops`` is counted for: the horizon, cut by its shops' exposure."""
        hazard = sum(self.exposure.get(s, 0.0) for s in shops) + 0.2 * self.bot.SALE_HAZARD
        return 1.0 / (1.0 / self.horizon + hazard)

    def gallery_worth(self, shops: list[int]) -> float:
        """A gallery's worth to keep: its extra income over its life, and its progress towards the winning size."""
        return self.extra_income(shops) * self.life(shops) + self.progress(len(shops))

    def progress(self, size: int) -> float:
        return self.bot.PROGRESS * min(1.0, size / GALLERY_TO_WIN[self.st.n]) ** 2

    # --- decisions --------------------------------------------------------------------------------
    def should_buy(self) -> bool:
        """B3: buy when the price leaves the reserve (more of it for the dearer zones)."""
        st, t = self.st, self.t
        shop = t.shop_at[st.pos[self.me]]
        if self.ending:  # the ranking (I) counts shops before money
            return st.cash[self.me] - t.price[shop] >= self.bot.ENDING_RESERVE * self.reserve
        return st.cash[self.me] - t.price[shop] >= self.reserve + self.bot.ZONE_EXTRA[t.zone[shop]]

    def best_gallery(self, legal: list[Action]) -> Action:
        """E and F: the gallery or merge worth most beyond its cost that leaves its reserve, a winning merge at
        once; ``pass`` when none pays."""
        st, me, t = self.st, self.me, self.t
        here = t.shop_at[st.pos[me]]
        cash = st.cash[me]
        best: Action = PASS
        best_value = 0.0
        for a in legal:
            if isinstance(a, Gallery):
                shops = sorted((here, a.a, a.b))
                cost = self.value(shops)
                value = self.gallery_worth(shops) - cost
                share = self.bot.GALLERY_RESERVE
            elif isinstance(a, Merge):
                one, two = st.galleries[st.gallery_of[here]], st.galleries[st.gallery_of[a.shop]]
                merged = one + two
                if len(merged) >= GALLERY_TO_WIN[st.n]:
                    return a  # I.2: the game is won
                cost = self.value(merged)
                value = self.gallery_worth(merged) - self.gallery_worth(one) - self.gallery_worth(two) - cost
                share = self.bot.MERGE_RESERVE
            else:
                continue
            if self.ending:  # the ranking (I): the largest gallery, then the most galleries
                value = 1e9 + len(merged if isinstance(a, Merge) else shops) * 1e6 - cost
            elif cash - cost < share * self.reserve:
                continue
            if value > best_value:
                best, best_value = a, value
        return best

    def sign_worth(self, shop: int) -> float:
        """What a sign on ``shop`` brings over its life there (the life of the shop, longer in a gallery)."""
        st, stats, n = self.st, self.stats, self.alive
        per_round = SIGN_BONUS * (n * stats.visits[shop] + stats.mail[shop] * (2 - n))
        g = st.gallery_of[shop]
        # Gallery shops are sold last when cash runs short, the more so in a big gallery; bankruptcy (D) does not care.
        sale = self.bot.SALE_HAZARD * (0.2 / (1 + len(st.galleries[g]) / 3) if g >= 0 else 1.0)
        hazard = self.exposure.get(shop, 0.0) + sale
        return (per_round + self.bot.SIGN_WORTH / self.bot.HORIZON) / (1.0 / self.bot.HORIZON + hazard)

    def loss(self, shop: int) -> float:
        """What selling a loose shop costs beyond the cash it brings."""
        return self.t.price[shop] / 2 + self.bot.SHOP_WORTH + (self.bot.SIGN_WORTH if self.st.sign[shop] else 0)

    def sale(self, legal: list[Action]) -> Action:
        """G: pay once possible; else the first shop of the cheapest set of sales that covers the debt."""
        if PAY in legal:
            return PAY
        st, t = self.st, self.t
        step = st.queue[0]
        debtor, amount = step[1], step[3]
        short = amount - st.cash[debtor]
        mine = [a.shop for a in legal if isinstance(a, Sell)]
        loose = [s for s in mine if st.gallery_of[s] < 0]
        # Galleries that may be broken, the least missed first: no gallery, then any one, then the k least missed.
        ours = sorted((g for g in st.galleries if st.owner[g[0]] == debtor),
                      key=lambda g: self.gallery_worth(g) + self.value(g))
        broken: list[list[list[int]]] = [[]] + [[g] for g in ours] + [ours[:k] for k in range(2, len(ours) + 1)]
        plans: list[tuple[float, int, list[int]]] = []
        for galleries in broken:
            shops = loose + [s for g in galleries for s in g]
            plan = _cover(short, [(s, t.price[s] // 2, self.loss(s)) for s in shops])
            if plan is not None:
                # Selling any shop of a gallery dissolves it (G): what it is worth is lost once.
                penalty = sum(self.gallery_worth(g) + self.value(g) for g in galleries)
                plans.append((plan[0] + penalty, len(plan[1]), plan[1]))
        if not plans:  # not enough to pay whatever is sold: ruined anyway (G, RULINGS)
            return min((a for a in legal if isinstance(a, Sell)), key=lambda a: (self.loss(a.shop), a.shop))
        chosen = min(plans)[2]
        # Gallery shops first (the gallery is gone anyway, its other shops then count as loose), then the others.
        first = min(chosen, key=lambda s: (st.gallery_of[s] < 0, self.loss(s), s))
        return SELL[first]


def _cover(short: int, items: list[tuple[int, int, float]]) -> tuple[float, list[int]] | None:
    """The set of ``items`` (shop, cash, loss) raising at least ``short`` at the least loss, or None if all of them
    cannot: dynamic programming on the cash raised, capped at ``short``."""
    best: dict[int, tuple[float, tuple[int, ...]]] = {0: (0.0, ())}
    for shop, cash, loss in items:
        for raised, (cost, chosen) in list(best.items()):
            if raised >= short:
                continue
            key = min(short, raised + cash)
            old = best.get(key)
            if old is None or cost + loss < old[0] - 1e-9:
                best[key] = (cost + loss, (*chosen, shop))
    found = best.get(short)
    return None if found is None else (found[0], list(found[1]))


__all__ = ["BoardStats", "HeuristicBot", "Model", "board_stats"]
