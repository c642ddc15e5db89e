"""The final ranking shows what decided it (I: the winner, then signs, the largest gallery, galleries, shops, cash),
not the cash alone, which can rank a seat above a richer one: in the terminal, and in the frames a page draws."""

from __future__ import annotations

import random

from rich.console import Console

from ludotheque.cli.outcome import outcome_parts
from ludotheque.engine import get_game
from ludotheque.engine.bots import SeatView
from ludotheque.engine.match import Match
from ludotheque.engine.state import CHANCE
from ludotheque.games.luxembourg_shopping.state import RANKING_COLUMNS, LuxembourgState
from ludotheque.server.protocol import outcome_json
from ludotheque.table.remote import RemoteTable


def finished(seed: int) -> Match:
    from ludotheque.bots import make_bot

    match = Match(get_game("luxembourg-shopping"), 3, seed=seed)
    bots = [make_bot("heuristic", "luxembourg-shopping", s, random.Random(s)) for s in range(3)]
    while not match.is_over():
        if match.current_player == CHANCE:
            match.draw_chance()
        else:
            seat = match.current_player
            match.apply(bots[seat].choose(SeatView(match.state, seat, match.legal_actions())))
    return match


def test_the_ranking_shows_the_figures_that_decided_it() -> None:
    match = finished(7)
    st = match.state
    assert isinstance(st, LuxembourgState)
    out = st.outcome()
    assert [key for key, _ in out.columns] == list(RANKING_COLUMNS)
    figures = dict(out.columns)
    assert figures["ranking.cash"] == tuple(st.cash) == out.scores
    assert figures["ranking.signs"] == tuple(st.signs_of(s) for s in range(3))
    for seat in range(3):  # each seat's figures are its standing's, in order
        assert tuple(values[seat] for _, values in out.columns) == st.standing(seat)[2:]
    assert out.to_json().keys() == {"scores", "ranks", "winners", "termination"}  # a record's result is unchanged
    names = ["Ann", "Bob", "Cy"]
    for lang, headings in (("en", ["Signs", "Largest", "Galleries", "Shops", "Cash"]),
                           ("fr", ["Enseignes", "Plus grande", "Galeries", "Commerces", "Argent"])):
        console = Console(width=100, record=True, color_system=None)
        for part in outcome_parts(match.game, lang, names, out, 100):
            console.print(part)
        text = console.export_text()
        assert all(h in text for h in headings), text
        frame = outcome_json(match.game, out, names, lang)
        assert [c["key"] for c in frame["columns"]] == list(RANKING_COLUMNS)
        assert frame["columns"][0]["title"] == headings[0] and frame["columns"][4]["values"] == list(st.cash)


def test_a_remote_terminal_reads_the_columns_from_the_frame() -> None:
    match = finished(7)
    out = match.state.outcome()
    table = RemoteTable.__new__(RemoteTable)
    table.frame = {"outcome": outcome_json(match.game, out, ["Ann", "Bob", "Cy"], "en")}
    assert table.outcome() == out
