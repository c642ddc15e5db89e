"""``ludo play`` fits the terminal: every screen of real games, drawn on an 80 × 24 terminal, takes at most 24
lines with the prompt and 80 columns, cuts no header; a 120 × 40 terminal gets the larger layout; what happened
since the person's last move keeps a bot's merger and its bonuses."""

from __future__ import annotations

import argparse
import re
from typing import Any

import pytest

from ludotheque.cli.play import PlaySession, build_session
from ludotheque.cli.words import short_name
from ludotheque.engine import Match, get_game
from ludotheque.engine.record import SeatConfig
from ludotheque.engine.words import format_int
from tests.cli.terminal_support import Shot, assert_fits, play, session_for, terminal, words


@pytest.mark.parametrize(("players", "lang"), [(2, "en"), (4, "fr"), (6, "en"), (5, "fr")])
def test_acquire_fits_80_by_24(players: int, lang: str) -> None:
    shots = play(session_for("acquire", players, 80, 24, lang))
    for shot in shots:
        assert_fits(shot, 80, 24)
    asked = [s for s in shots if s.prompt == "> " and s.seat >= 0]
    assert asked[0].phase == "place" and ("Vos pions" in asked[0].text or "Your tiles" in asked[0].text)
    mid = next(s for s in asked if s.phase == "place" and re.search(r"(Turn|Tour) [2-9]\d ", s.text))
    assert "Continental" in mid.text or "Luxor" in mid.text or "Festival" in mid.text  # the chains beside the board
    assert any(s.phase == "buy" for s in asked)
    cash = "6\u00a0000" if lang == "fr" else "6,000"
    assert cash in asked[0].text
    assert shots[-1].text.count("\n") < 24 and ("Classement final" in shots[-2].text + shots[-1].text
                                                 or "Final ranking" in shots[-2].text + shots[-1].text)


def test_a_merger_disposal_fits_and_says_what_to_do() -> None:
    disposals = []
    for seed in (5, 6, 7):
        shots = play(session_for("acquire", 4, 80, 24, "en", seed))
        disposals += [s for s in shots if s.phase == "dispose" and s.seat == 0]
        if disposals:
            break
    assert disposals, "no disposal for the person in these games"
    for shot in disposals:
        assert_fits(shot, 80, 24)
        assert "Merger at" in shot.text and " yours · " in shot.text  # what is merged, what the person holds
        assert re.search(r"(keep|sell|trade) \d", shot.text)


VERBS = {"en": ("sells", "trades", "keeps"), "fr": ("vend", "échange", "garde")}
SINCE = {"en": ("Since your last move", "your move"), "fr": ("Depuis votre dernier coup", "à vous de jouer")}


def unseen(shot: Shot, names: list[str], lang: str) -> list[dict[str, Any]]:
    """The bonuses and disposals since the person's last move that their screen does not say (with the amount, and
    every number the holder sold, traded and kept)."""
    entries = words(" ".join(shot.section(*SINCE[lang]))).split("• ")
    text = " ".join(entries)
    bank = "the bank" if lang == "en" else "la banque"
    missing = []
    for e in shot.events:
        a = e.args
        if e.kind == "bonus":
            holders = [bank] if a["seat"] < 0 else [names[a["seat"]], short_name(names[a["seat"]])]
            amount = words(format_int(a["amount"], lang))
            if not any(f"{h} ({amount})" in text or f"{h} {amount}" in text for h in holders):
                missing.append(dict(a))
        elif e.kind == "dispose":
            said = [f"{verb} {a[part]}" for verb, part in zip(VERBS[lang], ("sell", "trade", "keep"), strict=True)
                    if a[part]]
            if a["keep"] and not a["sell"] and not a["trade"]:  # "keeps all 7 …" / « garde ses 7 … », or short
                said = [rf"(?:keeps all {a['keep']}|keeps their|keeps {a['keep']}|garde ses {a['keep']}|"
                        rf"garde son|garde {a['keep']})\b"]
            name = names[a["seat"]]
            holder = f"(?:{re.escape(name)}|{re.escape(short_name(name))})"  # in short, a bot's name has no kind
            if not any(all(re.search(holder + r" [^;•]*?" + s, entry) for s in said) for entry in entries):
                missing.append(dict(a))
    return missing


GAMES = [(6, "en", 11, "Bartholomew-Alexander", "heuristic,heuristic,random,heuristic,random", ["cards=true"]),
         (6, "fr", 1, "Bartholomew-Alexander", "heuristic,heuristic,random,heuristic,random", ["cards=true"]),
         (4, "fr", 7, "Ada", "heuristic,random,heuristic", []),
         (4, "en", 5, "Ada", "heuristic,heuristic,heuristic", []),
         (5, "fr", 3, "Ada", "random,heuristic,random,heuristic", ["cards=true"]),
         (3, "en", 2, "Ada", "random,heuristic", []),
         (2, "fr", 4, "Ada", "heuristic", [])]
"""Players, language, seed, the person's name, the bots, the options: the review's games (a long name, six players,
the card variant) and a few more, from two to six players, in both languages."""


@pytest.mark.parametrize(("players", "lang", "seed", "name", "bots", "options"), GAMES)
def test_every_bonus_and_disposal_since_the_last_move_is_on_screen(players: int, lang: str, seed: int, name: str,
                                                                   bots: str, options: list[str]) -> None:
    """On 80 × 24, every bonus paid and every holder's choice since the person's last move is on their next screen
    (in a merger's short form if need be: "Luxor absorbs Festival (7): bonuses Ada 6,000, …; Bob sells 2 trades 2"),
    the screen still fits, and whenever events are left out a line says how many."""
    args = argparse.Namespace(game="acquire", players=players, option=options, seed=seed, names=name, bots=bots,
                              load=None, lang=lang)
    session = build_session(args, lambda prompt: "", terminal(80, 24))
    names = [s.name for s in session.match.seats]
    checked = 0
    for shot in play(session):
        assert_fits(shot, 80, 24)
        if shot.prompt != "> " or shot.seat < 0:
            continue
        assert not unseen(shot, names, lang), shot.text
        checked += sum(e.kind in ("bonus", "dispose") for e in shot.events)
        said = words(" ".join(shot.section(*SINCE[lang])))
        entries = session.renderer.event_lines(session._view(shot.seat, []), shot.events)
        if not all(any(words(form.split("\n")[0]) in said for form in (e.text, e.short) if form) for e in entries):
            assert re.search(r"… \d+ (other events? not shown|autres? événements? non affichés?)", shot.text), \
                shot.text
    assert checked > 3


BUY_POSITION: dict[str, Any] = {
    "players": 4, "options": {"cards": True}, "phase": "buy", "turn": 20, "turn_player": 0,
    "board": {"Airport": ["1A", "2A"], "Festival": ["4A", "5A"], "Imperial": ["7A", "8A"], "Luxor": ["10A", "11A"],
              "Oriental": ["1C", "2C"], "Prestige": ["4C", "5C"], "Continental": ["7C", "8C", "9C"],
              "unincorporated": ["12I"]},
    "hands": [["1E", "3E", "5E", "7E", "9E", "11E"], ["1G", "3G", "5G", "7G", "9G", "11G"],
              ["1I", "3I", "5I", "7I", "9I", "11I"], ["2G", "4G", "6G", "8G", "10G", "12G"]],
    "shares": [{"Luxor": 3, "Festival": 2, "Airport": 2, "Oriental": 1}, {"Luxor": 2}, {}, {"Prestige": 4}],
    "cash": [6000, 5000, 4000, 3000],
    "cards": [["buying-spree", "foresight", "inheritance", "rapid-growth"], [], [], []],
    "turn_state": {"placed": 1, "card_played": True, "exchanges_left": 3, "bought": 0, "buy_limit": 3},
}
"""Seven chains on the board and the O.P.E. card played: 56 choices at the buy step."""


@pytest.mark.parametrize(("lang", "done", "more"), [("en", "done", "“list” shows them all"),
                                                    ("fr", "terminer", "«\u00a0liste\u00a0» les montre tous")])
def test_the_buy_step_with_many_choices_fits(lang: str, done: str, more: str) -> None:
    seats = [SeatConfig("Ada"), *(SeatConfig(n, "heuristic") for n in ("Bob", "Cy", "Dee"))]
    match = Match(get_game("acquire"), 4, {"cards": True}, seed=1, seats=seats, start=BUY_POSITION)
    session = PlaySession(match, lang, lambda prompt: "", terminal(80, 24))
    answers = iter(["list" if lang == "en" else "liste"])
    shots = play(session, lambda shot: next(answers, "1"), stop_after=2)[:2]
    first, listed = shots
    assert first.choices == 56
    assert_fits(first, 80, 24)
    assert f"56 {done}" in first.text and more in first.text  # the last choice (done) stays in view
    assert "Luxor" in first.text and "0 Ada" in first.text  # the chains and the holdings are still there
    assert "55 exchange Luxor Oriental for Continental" in listed.text or \
        "55 ope Luxor Oriental contre Continental" in listed.text  # "list" shows them all


def test_a_larger_terminal_gets_the_larger_layout() -> None:
    small = play(session_for("acquire", 4, 80, 24))
    large = play(session_for("acquire", 4, 120, 40))
    assert len(small) == len(large)  # the same game, answered the same way
    more = 0
    for s, big in zip(small, large, strict=True):
        assert_fits(big, 120, 40)
        if s.prompt != "> " or s.seat < 0:
            continue
        assert "Bank" in big.text and "Cash" in big.text and "Acquire" in big.lines[0]  # the full table, the title
        assert "Bank" not in s.text
        shown = [line for line in big.section("Since your last move", "your move") if line.startswith("• ")]
        fewer = [line for line in s.section("Since your last move", "your move") if line.startswith("• ")]
        assert len(shown) >= len(fewer)
        more += len(shown) > len(fewer)
    assert more > 5


@pytest.mark.parametrize(("players", "lang"), [(3, "en"), (4, "fr"), (6, "en"), (6, "fr")])
def test_gracias_fits_80_by_24(players: int, lang: str) -> None:
    shots = play(session_for("gracias", players, 80, 24, lang))
    for shot in shots:
        assert_fits(shot, 80, 24)
    asked = [s for s in shots if s.prompt == "> " and s.seat >= 0]
    assert {"choose", "keep"} <= {s.phase for s in asked}
    keep = next(s for s in asked if s.phase == "keep")
    assert re.search(r"(keep|garder) \w+ (give|donner) \d", keep.text)
    scorings = [s for s in shots if s.prompt not in ("> ", "")]
    assert len(scorings) == 3  # a stop after each round's scoring
    for shot in scorings:
        # every player's colours, open + face down, the packets and discards marked, the last picks of the round
        assert re.search(r"\d\+\d", shot.text) and "■" in shot.text and "✗" in shot.text
        assert ("Last picks of round" in shot.text) or ("Derniers choix de la manche" in shot.text)
        bot = "Bot 1 (heuristic)" if lang == "en" else "Bot 1 (heuristique)"
        assert all(name in shot.text for name in ("Ada", bot))
        header = next(line for line in shot.lines if "#" in line and ("Player" in line or "Joueur" in line))
        for colour in (("red", "yellow", "green", "blue", "purple", "orange") if lang == "en"
                       else ("rouge", "jaune", "vert", "bleu", "violet", "orange")):
            assert colour in header
        assert "Total" in header and "Points" in header


def test_gracias_headers_are_not_cut() -> None:
    shots = play(session_for("gracias", 6, 80, 24, "en"))
    header = next(line for s in shots for line in s.lines if line.startswith("# Player"))
    assert "Face down" in header and "Total" in header and "…" not in header
    wide = play(session_for("gracias", 6, 120, 40, "en"))
    header = next(line for s in wide for line in s.lines if "Player" in line and "Rounds" in line)
    assert "Roun…" not in header and "Face down" in header


def luxembourg_session(players: int, width: int, height: int, lang: str, seed: int) -> PlaySession:
    """Luxembourg-Shopping with random bots (their games are short: people go bankrupt)."""
    return session_for("luxembourg-shopping", players, width, height, lang, seed, bots="random")


@pytest.mark.parametrize(("players", "lang", "seed"), [(2, "en", 3), (3, "fr", 5), (4, "en", 5), (6, "fr", 7)])
def test_luxembourg_shopping_fits_80_by_24(players: int, lang: str, seed: int) -> None:
    shots = play(luxembourg_session(players, 80, 24, lang, seed), limit=3000)
    for shot in shots:
        assert_fits(shot, 80, 24)
    asked = [s for s in shots if s.prompt == "> " and s.seat >= 0]
    assert asked
    for shot in asked:  # the board's first row (shop 1, its owner's letter), the players, one's own shops
        assert re.search(r"^ +1[A-F·]", shot.text, re.M) and "Ada" in shot.text
        assert ("Yours" in shot.text or "À vous" in shot.text or "no shop" in shot.text
                or "aucun commerce" in shot.text or "out of the game" in shot.text or "hors jeu" in shot.text)
    assert "Final ranking" in shots[-1].text + shots[-2].text or "Classement final" in shots[-1].text + shots[-2].text


def test_luxembourg_shopping_gets_the_larger_layout_on_a_larger_terminal() -> None:
    shots = play(luxembourg_session(4, 120, 40, "en", 5), limit=3000)
    asked = [s for s in shots if s.prompt == "> " and s.seat >= 0]
    assert asked
    for shot in asked:
        assert_fits(shot, 120, 40)
        assert re.search(r"Player +Cash +Shops +Signs ★ +Galleries +Square", shot.text)
        assert re.search(r"^ +1 .* 11[ A-F+]*$", shot.text, re.M)  # the squares' numbers (and pawns) under the shops


def a_vendre_session(players: int, width: int, height: int, lang: str, seed: int, kind: str) -> PlaySession:
    """« A Vendre ! » with random bots, simple or double game."""
    return session_for("a-vendre", players, width, height, lang, seed, [f"game={kind}"], bots="random")


@pytest.mark.parametrize(("players", "lang", "seed", "kind"), [(2, "en", 3, "simple"), (4, "fr", 7, "double"),
                                                               (9, "en", 11, "double"), (6, "fr", 8, "simple"),
                                                               (9, "fr", 8, "double"), (9, "en", 71, "double"),
                                                               (9, "fr", 52, "double")])
def test_a_vendre_fits_80_by_24(players: int, lang: str, seed: int, kind: str) -> None:
    """Two to nine players (the last two games: an auction among nine in a double game, pawns waiting on 60, when the
    screen is at its tightest)."""
    shots = play(a_vendre_session(players, 80, 24, lang, seed, kind), limit=3000)
    for shot in shots:
        assert_fits(shot, 80, 24)
    asked = [s for s in shots if s.prompt == "> " and s.seat >= 0]
    assert asked
    for shot in asked:  # the track's first row (the start, titles 1 and 2 with their holders), the viewer's column
        assert re.search(r"^ 1  ►.{5} 1[A-I·]", shot.text, re.M) and "Ada" in shot.text
        assert re.search(r"^51 38[A-I·]", shot.text, re.M)
    assert "Final ranking" in shots[-1].text + shots[-2].text or "Classement final" in shots[-1].text + shots[-2].text


def test_a_vendre_gets_the_larger_layout_on_a_larger_terminal() -> None:
    shots = play(a_vendre_session(4, 120, 40, "en", 5, "double"), limit=3000)
    asked = [s for s in shots if s.prompt == "> " and s.seat >= 0]
    assert asked
    for shot in asked:
        assert_fits(shot, 120, 40)
        assert re.search(r"Player +Cash +Titles +Loans +Worth +Trip +Square", shot.text)
        assert re.search(r"^ +► .* 7 [A-I·] *$", shot.text, re.M)  # titles over the squares' numbers and pawns
        assert re.search(r"^ +1 .* 10 [A-I+]* *$", shot.text, re.M)
