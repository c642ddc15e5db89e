"""What the « A Vendre ! » rule tests share: hand-written positions (``snapshot.state_from_json`` fills in the rest:
with a ``player`` and no ``queue`` it is that player's turn about to roll; the bank's purse is derived from the
players' cash), action texts applied one by one with the invariants and the money checked after each, and short
views of the result.

The shipped (reconstructed) board, for working values out by hand (square: title PA/R):
1 start; 2: 1 Laiterie 200/30; 3: 2 240/40; 4 yellow; 5: red 3 Poste 1000/100; 6: 4 280/40; 7 green; 8: 5 320/50;
9: red 6 Gare 1100/120; 10: 7 360/50; 11 yellow; 12: 8 400/60; 13: red 9 1200/140; 14: 10 440/70; 15: 11 480/70;
16 yellow; 17: 12 520/80; 18: red 13 1300/160; 19 green; 20: 14 560/80; 21: 15 600/90; 22: red 16 1400/180;
23: 17 640/100; 24 yellow; 25: 18 680/100; 26: red 19 1500/200; 27: 20 720/110; 28 yellow; 29: 21 760/110;
30: 22 800/120; 31 green; 32: 23 840/130; 33: red 24 1600/220; 34: 25 880/130; 35 yellow; 36: 26 920/140;
37: red 27 1700/240; 38: 28 960/140; 39: 29 1000/150; 40 yellow; 41: red 30 1800/260; 42: 31 1040/160; 43 green;
44: 32 1080/160; 45: 33 1120/170; 46: red 34 1900/280; 47 yellow; 48: 35 1160/170; 49: 36 1200/180;
50: red 37 2000/300; 51: 38 1240/190; 52 yellow; 53 green; 54: 39 1280/190; 55: red 40 2100/320; 56: 41 1320/200;
57 yellow; 58: red 42 2200/340; 59: 43 1360/200; 60 finish.

The charge cards: H01–H13 honorary, establishments 3, 6, 9, 13, 16, 19, 24, 27, 30, 34, 37, 40, 42; L01–L10 lottery
50, 100, 100, 150, 200, 200 (two copies each), 250, 300, 400, 500; T01–T30 the R of blue squares 2, 3, 6, 8, 10, 12,
14, 15, 17, 20, 21, 23, 25, 27, 29, 30, 32, 34, 36, 38, 39, 42, 44, 45, 48, 49, 51, 54, 56, 59; M01–M05 to green
squares 7, 19, 31, 43, 53 paying 50, 100, 150, 200, 250; M06–M10 to squares 3, 20, 36, 48, 1; D01–D31 steps -1, -2,
-3, -4, -5, -6, -2, -3, +1, +2, +3, +4, -1, -4, +2, +5, -8, -10, +6, -3, -1, -2, -3, -4, -5, -6, -2, -3, +1, +2, +3.
"""

from __future__ import annotations

from typing import Any

from ludotheque.engine import get_game
from ludotheque.games.a_vendre.state import AVendreState

GAME = get_game("a-vendre")
START = 5_100
"""« remet en commençant à chaque participant et à la banque elle-même 5100.— »."""


def position(players: int = 2, **fields: Any) -> AVendreState:
    """A hand-written position, logging its events from here on. ``options`` go in as they are (``game``,
    ``rounds``…)."""
    st = GAME.state_from_json({"players": players, **fields})
    assert isinstance(st, AVendreState)
    st.events = []
    return st


def money(st: AVendreState) -> None:
    assert sum(st.cash) + st.bank == START * (st.n + 1), (st.cash, st.bank)


def play(st: AVendreState, *texts: str) -> AVendreState:
    """Apply action texts (chance outcomes included), checking the invariants and the money after each one."""
    for text in texts:
        st.apply(st.parse_action(text))
        st.check_invariants()
        money(st)
    return st


def legal(st: AVendreState) -> list[str]:
    return [a.text() for a in st.legal_actions()]


def outcomes(st: AVendreState) -> dict[str, float]:
    return {a.text(): p for a, p in st.chance_outcomes()}


def events(st: AVendreState, kind: str | None = None) -> list[dict[str, Any]]:
    return [e.to_json() for e in st.events or [] if kind is None or e.kind == kind]


def owners(st: AVendreState) -> dict[int, int]:
    return {t: st.owner[t] for t in range(1, 44) if st.owner[t] >= 0}


def queue(st: AVendreState) -> list[list[Any]]:
    q: list[list[Any]] = st.to_json()["queue"]
    return q
