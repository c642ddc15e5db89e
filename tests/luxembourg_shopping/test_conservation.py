"""Random Luxembourg-Shopping games (random legal decisions, chance from the seed), checked after every action:
money is neither made nor lost between the bank and the players, every shop is owned once or free, signs sit only on
owned shops, a gallery is three or more shops of one owner, a seat out of the game owns nothing. The event log is
also checked against rules that span a turn: no purchase on a player's first move (B3), no extra turn after a
double (RULINGS), no shop bought this turn put in a gallery that turn (B3), no sale to the bank but for a bill one
cannot pay (G), no mail after a Bouton Rouge, Bureau, 33 or 66 square (B5–B8)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludotheque.engine import CHANCE, Match
from ludotheque.games.luxembourg_shopping.actions import Sell
from ludotheque.games.luxembourg_shopping.state import LuxembourgState
from tests.log_support import turns
from tests.luxembourg_shopping.support import GAME

SEEDS = range(100)
MAX_ACTIONS = 6000


def check_position(st: LuxembourgState) -> None:
    st.check_invariants()
    n = st.n
    assert sum(st.cash) + st.bank == 100_000 * n, "money made or lost"
    assert all(c >= 0 for c in st.cash)
    assert all(-1 <= st.owner[s] < n for s in range(1, 57))
    for s in range(1, 57):
        if st.sign[s]:
            assert st.owner[s] >= 0, f"a sign on free shop {s}"
    in_gallery: list[int] = []
    for g in st.galleries:
        assert len(g) >= 3 and len({st.owner[s] for s in g}) == 1 and st.owner[g[0]] >= 0, g
        in_gallery.extend(g)
    assert len(in_gallery) == len(set(in_gallery)), "a shop in two galleries"
    for seat in st.seats_out():
        assert seat not in st.owner[1:], f"seat {seat} is out but owns shops"
        assert st.cash[seat] == 0


def check_log(log: list[dict[str, Any]], players: int) -> None:
    """Turn by turn (a turn runs from its ``turn`` event to the next one)."""
    played = turns(log)
    first_turn_seen: set[int] = set()
    for k, (seat, evs) in enumerate(played):
        kinds = [e["kind"] for e in evs]
        if seat not in first_turn_seen:
            assert "buy" not in kinds, f"seat {seat} bought on its first move: {evs}"
            first_turn_seen.add(seat)
        bought = {e["shop"] for e in evs if e["kind"] == "buy"}
        for e in evs:
            if e["kind"] == "gallery":
                assert not bought & set(e["shops"]), f"a gallery with a shop bought this turn: {evs}"
        rolls = [e for e in evs if e["kind"] == "roll"]
        assert len(rolls) <= 1, "one roll a turn"
        if rolls and rolls[0]["a"] == rolls[0]["b"] and k + 1 < len(played):
            assert played[k + 1][0] != seat or players == 1, "an extra turn after a double"
        moves = [i for i, e in enumerate(evs) if e["kind"] == "move"]
        for i in moves:  # the first thing after arriving on a square other than a shop is never the mail
            nxt = evs[i + 1] if i + 1 < len(evs) else None
            if nxt is not None and nxt["kind"] in ("red_card", "bureau_card", "free_shop", "bankruptcy_card",
                                                     "nothing_to_lose", "no_free_shop"):
                rest = evs[i + 1:]
                following = next((j for j, e in enumerate(rest) if e["kind"] == "move"), len(rest))
                assert not any(e["kind"] == "mail_card" for e in rest[:following]), f"mail after {nxt}: {evs}"


def play_random(players: int, seed: int) -> tuple[Match, int]:
    match = Match(GAME, players, {}, seed=seed)
    rng = random.Random(seed * 7 + players)
    st = match.state
    assert isinstance(st, LuxembourgState)
    in_debt: set[int] = set()
    """Seats that owe what they could not pay (a ``short`` event), until they pay or leave."""
    seen = done = 0
    while not match.is_over() and done < MAX_ACTIONS:
        if match.current_player == CHANCE:
            match.draw_chance()
        else:
            legal = match.legal_actions()
            if any(isinstance(a, Sell) for a in legal):  # G: only while owing what one cannot pay
                assert match.current_player in in_debt, "a sale offered without a debt"
            match.apply(rng.choice(legal))
        done += 1
        for e in match.events[seen:]:
            if e.kind == "short":
                in_debt.add(e.args["seat"])
            elif e.kind in ("pay", "ruined"):
                in_debt.discard(e.args["seat"])
        seen = len(match.events)
        check_position(match.state)  # type: ignore[arg-type]
    return match, done


@pytest.mark.parametrize("players", [2, 4, 6])
def test_random_games_conserve_money_and_keep_the_board_sound(players: int) -> None:
    ends: dict[str, int] = {}
    for seed in SEEDS:
        match, _ = play_random(players, seed)
        check_log([e.to_json() for e in match.events], players)
        st = match.state
        ends[st.termination or "unfinished"] = ends.get(st.termination or "unfinished", 0) + 1
        if match.is_over():
            out = st.outcome()
            assert out.scores == tuple(st.cash) and len(out.ranks) == players and out.winners
            if st.winner >= 0:
                assert out.winners == (st.winner,)
            assert all(out.ranks[s] > out.ranks[w] for s in st.seats_out() for w in out.winners)
    assert sum(ends.values()) == len(SEEDS)
    assert ends.get("unfinished", 0) < len(SEEDS) // 2, ends


def test_random_games_reach_every_chapter() -> None:
    """The random games above do play the rules tested: purchases, galleries, mergers, signs, sales, ruins,
    bankruptcies, jackpots, free shops."""
    kinds: set[str] = set()
    whys: set[str] = set()
    for seed in range(10):
        match, _ = play_random(4, seed)
        kinds.update(e.kind for e in match.events)
        whys.update(str(e.args.get("why")) for e in match.events if e.kind == "receive")
    assert {"buy", "gallery", "merge", "sign", "unsign", "sell", "dissolved", "bankrupt_shop", "free_shop",
            "double_card", "bureau_card", "red_card", "mail_card", "short", "cannot_buy"} <= kinds, kinds
    assert {"own_shop", "mail", "card"} <= whys
