"""« A Vendre ! »'s terminal screen (``ludo play``), in French and English, 80 and 100 columns wide and as wide as it
wants: screens of random games (2 to 9 players, simple and double) at many positions drawn without error and within
their width; a hand-built position whose holders, pawns, crowded squares, pawns waiting on 60 or setting out on the
second trip, loans, the bank's buyer and a seat out of the game are read back from the screen; the card last read
out; each decision's choices listed and explained (buy or tax, a card or not, which business to auction, bids, a
loan or leaving); an auction said as the sequence of its bids; action words that parse back; the « reconstructed »
banner; the menu in a session on 80 × 24 and a whole game on 100 × 30."""

from __future__ import annotations

import io
import random
import re
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Console

from ludotheque.cli.play import PlaySession
from ludotheque.cli.render import KEY, MAJOR, View, get_renderer
from ludotheque.engine import Match, get_game
from ludotheque.engine.errors import Reason
from ludotheque.engine.record import SeatConfig
from ludotheque.games.a_vendre.actions import parse_action
from ludotheque.games.a_vendre.terminal import SEAT_MARKS, AVendreRenderer, action_words
from tests.cli import terminal_support as support
from tests.cli.terminal_support import Shot, assert_fits, play, scripted, terminal, words

GAME = get_game("a-vendre")
RENDERER = AVendreRenderer()
NAMES = ["Ada", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy"]
BANNER = {"en": "not the printed edition", "fr": "pas l'édition imprimée"}
SCREENS = support.Screens(GAME, RENDERER, NAMES)
view_of, draw = SCREENS.view_of, SCREENS.draw


def position(players: int = 3, options: dict[str, Any] | None = None, bots: bool = False, **fields: Any) -> Match:
    """A match from a hand-built position (``snapshot.state_from_json``), seats named Ada, Bob, Cy… (with ``bots``,
    every seat but Ada's a random bot)."""
    start = {"game": "a-vendre", "players": players, "options": options or {}, **fields}
    seats = [SeatConfig(n, "random" if bots and i else None) for i, n in enumerate(NAMES[:players])]
    return Match(GAME, players, options or {}, seed=1, seats=seats, start=start)


def test_the_game_brings_this_renderer() -> None:
    assert isinstance(get_renderer(GAME), AVendreRenderer)


# --- random games, many positions ----------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "kind", "seed"), [(2, "simple", 1), (4, "double", 2), (9, "simple", 3),
                                                       (9, "double", 4), (6, "double", 5)])
def test_screens_of_random_games_draw_within_their_width(players: int, kind: str, seed: int) -> None:
    """Every few decisions (and at the end), the screen of the seat deciding, then a spectator's, in both languages,
    80 and 100 columns (with the heights ``ludo play`` gives on 80 × 24 and 100 × 30) and without limits."""
    match = Match(GAME, players, {"game": kind}, seed=seed, seats=[SeatConfig(n) for n in NAMES[:players]])
    rng = random.Random(seed)
    checked = 0
    for _ in support.sampled_positions(match, lambda: match.state.random_action(rng), 11, 12):
        for lang in ("en", "fr"):
            for width, height in ((80, 17), (100, 23), (None, None)):
                for seat in (-1, None):
                    text = draw(view_of(match, lang, width, height, seat))
                    assert BANNER[lang] in words(text)
                    assert "ui." not in text and "summary." not in text and "{" not in text
                    if width is not None:
                        assert max(cell_len(line) for line in text.splitlines()) <= width, text
                    if height is not None:
                        assert len(text.splitlines()) <= height, text
                        assert re.search(r"^ 1 +►", text, re.M), text  # the track's first row, always
        checked += 1
    assert checked >= 2


@pytest.mark.parametrize(("lang", "kind"), [("en", "simple"), ("fr", "double"), ("en", "double")])
def test_every_event_of_a_game_is_said(lang: str, kind: str) -> None:
    """The events of whole games, in lines: each turn in one entry naming its player and round, each auction in one
    of its own, the end as a key line; no field left unfilled, no key said instead of its text."""
    for seed in range(6):
        match = Match(GAME, 5, {"game": kind}, seed=seed, seats=[SeatConfig(n) for n in NAMES[:5]])
        match.play_randomly(random.Random(seed), 20000)
        view = view_of(match, lang, 80, None, None)
        lines = RENDERER.event_lines(view, match.log_for(None))
        for line in lines:
            for form in (line.text, line.short):
                assert "{" not in form and "}" not in form and "summary." not in form and "ui." not in form, form
        round_word = "round" if lang == "en" else "tour"
        turns = sum(e.kind == "turn" for e in match.events)
        assert sum(bool(re.search(rf", {round_word} \d+\u00a0?:", line.text)) for line in lines) == turns
        auctions = sum(e.kind == "auction" for e in match.events)
        opened = "Auction of" if lang == "en" else "Enchères sur"
        assert sum(line.text.startswith(opened) for line in lines) == auctions
        assert match.is_over() and lines[-1].weight == KEY


# --- a hand-built position -------------------------------------------------------------------------------------
BUILT: dict[str, Any] = {
    "players": 8, "options": {"game": "double"}, "owners": {"1": 0, "3": 1, "12": 2, "15": 0},
    "pos": [2, 17, 60, 0, 17, 17, 17, 1], "waiting": [False, False, True, False, False, False, False, False],
    "trip": [1, 1, 1, 2, 1, 1, 1, 1], "left": [0, 0, 0, 0, 0, 0, 0, 1],
    "cash": [4_300, 5_100, 5_100, 5_100, 5_100, 5_100, 5_100, 0], "loans": [0, 1, 0, 0, 0, 0, 0, 0],
    "bank_owner": 1, "player": 0, "last_card": "T23",
}
"""A double game of eight: Ada holds title 1 (square 2, her pawn on it) and title 15 (square 21); Bob holds the
establishment 3 (red square 5), has a loan and bought the bank; Cy holds title 12 (square 17, where Bob's, Eve's,
Fay's and Gus's pawns stand) and waits on square 60 with 1 of the 3 titles; Dee sets out on her second trip; Hal is
out of the game. The last card read out is T23, the tax of square 44."""


def cell(text: str, square: int) -> str:
    """The small screen's cell of ``square``: 7 characters, after the row's 3 (the number of its first square)."""
    rows = [line for line in text.splitlines() if re.match(r"^[ \d]\d ", line) and len(line) > 60]
    row = rows[(square - 1) // 10]
    start = 3 + 7 * ((square - 1) % 10)
    return row[start:start + 7]


def built(**changes: Any) -> Match:
    fields = {**BUILT, **changes}
    return position(fields.pop("players"), fields.pop("options"), **fields)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_hand_built_position_shows_holders_pawns_and_waits(lang: str) -> None:
    match = built()
    text = draw(view_of(match, lang, 80, None, 0))
    assert cell(text, 1) == " ►     "  # the start, no pawn left on it
    assert cell(text, 2) == " 1AA   "  # title 1, Ada's, her pawn on it
    assert cell(text, 3) == " 2·    "  # title 2, the bank's
    assert cell(text, 4) == " ?     "  # yellow
    assert cell(text, 5) == " 3B    "  # the establishment 3, Bob's
    assert cell(text, 7) == " »     "  # green
    assert cell(text, 17) == "12CBE+ "  # Cy's title 12; four pawns, three shown
    assert cell(text, 21) == "15A    "
    assert cell(text, 60) == "60 C   "  # Cy waits on square 60
    flat = words(text)
    if lang == "en":
        assert "On square 17: BEFG" in flat
        assert "Before square 1 (trip 2): D" in flat
        assert "Waiting for titles on 60: C 1 of 3" in flat
        assert "A Ada (you): 4,300 · 2 titles (worth 4,700)" in flat  # 4,300 + half of 200 and 600
        assert "B Bob: 5,100 · 1 title · 1 loan (worth 7,030)" in flat  # less 1,100, plus a quarter of bank and loan
        assert "B Bob: 5,100 · 1 title · 1 loan" in flat and "D Dee: 5,100 · 0 titles (worth 5,100) trip 2" in flat
        assert "H Hal out of the game" in flat
        assert "Bank 11,000 (Bob's)" in flat
        assert "double game (3/6 titles)" in flat
    else:
        assert "Sur la case 17 : BEFG" in flat
        assert "Avant la case 1 (2e voyage) : D" in flat
        assert "En attente de titres sur 60 : C 1 sur 3" in flat
        assert "A Ada (vous) : 4 300 · 2 titres (fortune 4 700)" in flat
        assert "B Bob : 5 100 · 1 titre · 1 emprunt" in flat
        assert "D Dee : 5 100 · 0 titre (fortune 5 100) 2e voyage" in flat
        assert "H Hal hors jeu" in flat
        assert "Banque 11 000 (à Bob)" in flat


@pytest.mark.parametrize(("players", "lang"), [(4, "fr"), (4, "en"), (9, "fr"), (9, "en")])
def test_the_players_line_sets_the_name_the_cash_and_the_titles_apart(players: int, lang: str) -> None:
    """On 80 columns each seat reads ``A Ada (vous) : 5 000 · 0 titre``: a colon after the name (a no-break space
    before it in French) and a dot between the cash and the count, never ``5 000 0 titre``, which reads as one
    number; the lines fit 80 columns with 4 players (as ``ludo play`` draws them on 80 × 24) and with 9 (when
    there is the room for their names rather than the grid)."""
    if players == 4:
        shot = play(support.session_for("a-vendre", players, 80, 24, lang, 3, None, "random"), stop_after=1)[0]
        assert_fits(shot, 80, 24)
        text = shot.text
    else:
        match = position(9, {"game": "double"}, player=0, owners={str(t): t % 9 for t in range(1, 30)},
                         cash=[5_000, 5_100, 5_100, 5_100, 5_100, 5_100, 5_100, 5_100, 100])
        text = draw(view_of(match, lang, 80, None, 0))
        assert max(cell_len(line) for line in text.splitlines()) <= 80, text
    colon = "\u00a0:" if lang == "fr" else ":"
    count = "titres?" if lang == "fr" else "titles?"
    money = r"\d{1,3}(?:[\u00a0,]\d{3})*"
    seats = re.findall(rf"(?:^|│ )([A-I]) ([^│\n]+?){colon} ({money}) · (\d+) {count}\b", text, re.M)
    assert [s[0] for s in seats] == list("ABCDEFGHI"[:players]), text
    assert seats[0][1] == "Ada " + ("(vous)" if lang == "fr" else "(you)")
    assert not re.search(rf"\d {money} {count}\b", text), text  # « 5 000 0 titre »


def test_the_big_screen_shows_the_squares_numbers_and_the_players_table() -> None:
    match = built()
    text = draw(view_of(match, "en", 100, None, 0))
    lines = text.splitlines()
    top = next(i for i, line in enumerate(lines) if re.match(r"\s+► ", line))
    assert re.match(r"\s+►\s+1 A\s+2 ·\s+\?\s+3 B\s+4 ·\s+»\s+5 ·", lines[top])
    assert re.match(r"\s+1\s+2 A\s+3\s+4\s+5\s+6", lines[top + 1])  # the squares' numbers, the pawns under them
    assert re.search(r"12 C\s+.*\n\s+11\s+12\s+13\s+14\s+15\s+16\s+17 BEFG\s", text)  # four pawns fit here
    assert "On square 17" not in text
    assert re.search(r"Player\s+Cash\s+Titles\s+Loans\s+Worth\s+Trip\s+Square", text)
    assert re.search(r"A\s+Ada \(you\)\s+4,300\s+2\s+—\s+4,700\s+1\s+2 · title 1 Laiterie", text)
    assert re.search(r"B\s+Bob\s+5,100\s+1\s+1 \(repay 1,100\)\s+7,030\s+1\s+17 · title 12 Quincaillerie", text)
    assert re.search(r"C\s+Cy\s+5,100\s+1\s+—\s+5,360\s+1\s+60 · waits \(titles: 1 of 3\)", text)
    assert re.search(r"D\s+Dee\s+5,100\s+0\s+—\s+5,100\s+2\s+before square 1 \(trip 2\)", text)
    assert re.search(r"H\s+Hal\s+out of the game", text)
    flat = words(text)
    assert "The bank's purse: 11,000. Bought at auction by Bob, who keeps it apart from their own." in flat
    assert "Yours: 1 Laiterie income 30 a visit 15 Cordonnerie income 90 a visit" in flat
    assert "double game: square 60 twice, 3 titles to set out again, 6 to finish" in flat


def test_nine_players_fit_a_small_screen_in_a_grid() -> None:
    """Nine players on 80 × 24: when their names take more lines, a grid under the seats' letters says every seat's
    cash, titles, loans and trip, and the bank's purse."""
    match = position(9, {"game": "double"}, player=0, trip=[1, 2, 1, 1, 1, 1, 1, 1, 2],
                     owners={str(t): t % 9 for t in range(1, 30)})
    match.apply("roll 3")  # Ada to square 4, yellow: a card or not
    long = [f"{name}-Alexandra" for name in NAMES]
    legal = [a.text() for a in match.legal_actions()]
    text = draw(View(GAME, match.state.observation(0), 0, "en", long, legal, 80, 12))
    assert re.search(r"A◂\s+B\s+C\s+D\s+E\s+F\s+G\s+H\s+I\s+bank", text)
    assert re.search(r"cash\s+5,100\s+5,100\s+.*\s+5,100\s+5,100", text)
    assert re.search(r"trip\s+1\s+2\s+1\s+1\s+1\s+1\s+1\s+1\s+2\s*$", text, re.M)
    assert "loans" not in text and max(cell_len(line) for line in text.splitlines()) <= 80
    assert "A Ada (you): 5,100" in words(draw(view_of(match, "en", 80, 17)))  # names when they fit
    grid = built()  # a loan, the bank's buyer, a seat out
    console = Console(file=io.StringIO(), width=80, record=True, color_system=None)
    console.print(RENDERER.players_grid(view_of(grid, "en", 80, None, 0)))
    text = console.export_text()
    assert re.search(r"titles\s+2\s+1\s+1\s+0\s+0\s+0\s+0\s+out\s+\(B's\)", text)
    assert re.search(r"loans\s+—\s+1\s+—\s+—\s+—\s+—\s+—\s+out", text)


# --- the card read out ------------------------------------------------------------------------------------------
def test_the_last_card_its_effect_and_its_words() -> None:
    match = built()
    small = words(draw(view_of(match, "en", 80, None, 0)))
    assert ("Last card T23: pay square 44's income as a tax; the pawn stays (square 44: title 32 Chemiserie, "
            "income 160)." in small)
    assert "On the card" not in small  # the card's own words on a big screen only
    big = words(draw(view_of(match, "en", 100, None, 0)))
    assert "On the card (in French): “Payez la taxe (R) de la case 44. Votre pion reste où il est.”" in big
    french = words(draw(view_of(match, "fr", 100, None, 0)))
    assert "Dernière carte T23 : payez la taxe (R) de la case 44 ; le pion reste (case 44 : titre 32 Chemiserie, " \
           "R 160)." in french
    assert "Sur la carte : « Payez la taxe (R) de la case 44. Votre pion reste où il est. »" in french
    honorary = words(draw(view_of(built(last_card="H02"), "en", 80, None, 0)))
    assert "Last card H02: an honorary appointment: establishment 6, free (establishment: Gare)." in honorary


# --- the decisions and their menus ------------------------------------------------------------------------------
def labelled(match: Match, lang: str) -> dict[str, str]:
    """The legal actions in the player's words, with their explanations."""
    view = view_of(match, lang, 80)
    return {RENDERER.action_words(a, lang): RENDERER.action_label(view, a) for a in view.legal}


def test_buying_or_paying_the_tax() -> None:
    match = position(3, player=0)
    match.apply("roll 2")  # Ada from square 1 to square 3: title 2 Boulangerie, 240, R 40, free
    assert labelled(match, "en") == {
        "buy": "title 2 Boulangerie for 240 (you keep 4,860); each visitor then pays you 40",
        "tax": "40 to the bank instead of buying; the bank keeps the title (you keep 5,060)"}
    assert labelled(match, "fr") == {
        "acheter": "le titre 2 Boulangerie pour 240 (il vous reste 4\u00a0860)\u00a0; chaque visiteur vous paie "
                   "ensuite 40",
        "payer": "40 d'impôt à la banque, qui garde le titre (il vous reste 5\u00a0060)"}
    # the words a hint shows (« acheter — … », « payer — … ») are verbs, and the label does not say the verb again
    assert parse_action("payer") == parse_action("paie") == parse_action("tax") == parse_action("taxe")
    assert "Ada: buy title 2 for 240, or tax 40? (cash 5,100)" in words(draw(view_of(match, "en", 80, 17)))
    assert "Square 3 is blue: business 2 Boulangerie is free. Buy it for its price, 240 (then each visitor pays you " \
           "40), or pay its income, 40, to the bank as a tax? You have 5,100." in words(draw(view_of(match, "en", 100)))


def test_a_card_or_not_on_yellow() -> None:
    match = position(3, player=0)
    match.apply("roll 3")  # square 4, yellow
    assert labelled(match, "en") == {"card": "take a charge card and do what it says", "pass": "no card"}
    assert labelled(match, "fr") == {"piocher": "une carte des charges, pour faire ce qu'elle dit",
                                     "passer": "pas de carte"}  # verbs, as « acheter » and « passer »
    assert parse_action("piocher") == parse_action("pioche") == parse_action("carte") == parse_action("card")
    assert "Ada : une carte des charges, ou non ? (argent 5 100)" in words(draw(view_of(match, "fr", 80, 17)))
    assert "Square 4 is yellow: take a charge card (and do what it says), or not?" in \
        words(draw(view_of(match, "en", 100)))


SHORT: dict[str, Any] = {"owners": {"1": 0, "2": 0, "3": 0}, "cash": [100, 5_100, 5_100], "player": 0,
                         "queue": [["payment", 0, -1, 500, "tax"], ["end_turn"]]}
"""Ada owes the bank 500 and has 100; she holds titles 1 and 2 (businesses) and the establishment 3."""


def test_choosing_the_business_to_auction() -> None:
    match = position(3, **SHORT)
    assert labelled(match, "en") == {"auction 1": "Laiterie (price 200, income 30): opening bid 100",
                                     "auction 2": "Boulangerie (price 240, income 40): opening bid 120"}
    assert set(labelled(match, "fr")) == {"enchères 1", "enchères 2"}
    assert "Ada: short of money: which business to auction? (cash 100)" in words(draw(view_of(match, "en", 80, 17)))
    assert "the bank takes it at that price. You have 100." in words(draw(view_of(match, "en", 100)))


def test_an_auction_is_a_sequence_of_bids() -> None:
    """Bob and Cy bid for Ada's title 2: the screen says the high bid, who is to bid and who is still in; what happened
    says every bid in order (one entry, never left out while the auction goes on), then how it ended."""
    match = position(3, **SHORT)
    start = len(match.events)
    match.apply("auction 2")  # opening bid 120: Bob (Ada's left) bids first
    assert match.current_player == 1
    choices = labelled(match, "en")
    assert choices["bid 130"] == "the least bid (you would keep 4,970)"
    assert choices["bid 5100"] == "all your cash (you would keep 0)"
    assert choices["pass"] == "drop out of this auction (for good)"
    assert "miser 130" in labelled(match, "fr")
    for action in ("bid 130", "bid 150", "bid 200"):
        match.apply(action)
    assert match.current_player == 2
    small = words(draw(view_of(match, "en", 80, 17)))
    assert "Cy: bid 210 or more, or drop out? (cash 5,100)" in small
    assert "Auction: title 2 (Ada), from 120 · high bid 200 (Bob) · still in: B C" in small
    watching = words(draw(view_of(match, "en", 80, 17, seat=0)))  # (the status line says one's own least bid)
    assert "high bid 200 (Bob) · Cy to bid, 210 or more" in watching
    big = words(draw(view_of(match, "en", 100)))
    assert "Auction of Ada's title 2 Boulangerie (price 240, income 40), opening bid 120" in big
    assert "Auction of title 2 Boulangerie: bid 210 or more (in steps of 10, up to your 5,100), or drop out." in big
    view = view_of(match, "en", 80)
    lines = RENDERER.event_lines(view, match.log_for(2)[start:])
    assert lines[-1].text == "Auction of Ada's title 2 Boulangerie, opening bid 120: Bob bids 130, Cy bids 150, " \
                             "Bob bids 200 (under way)"
    assert lines[-1].weight == KEY
    since = len(match.events)
    match.apply("bid 210")
    match.apply("pass")  # Bob drops out: Cy buys it
    lines = RENDERER.event_lines(view_of(match, "en", 80, None, None), match.log_for(None)[start:])
    auction = next(line for line in lines if line.text.startswith("Auction"))
    assert auction.text == "Auction of Ada's title 2 Boulangerie, opening bid 120: Bob bids 130, Cy bids 150, " \
                           "Bob bids 200, Cy bids 210, Bob drops out; Cy buys it for 210."
    assert auction.weight == MAJOR and auction.short == "Auction of title 2: Cy buys it for 210."
    assert [line.text for line in lines[1:]] == [  # still short: her other business goes under the hammer
        "Ada: owes 500 but has 310.", "Auction of Ada's title 1 Laiterie, opening bid 100: no bid yet (under way)"]
    later = RENDERER.event_lines(view_of(match, "fr", 80, None, None), match.log_for(None)[since:])
    assert later[0].text == "Enchères sur le titre 2, suite\u00a0: Cy offre 210, Bob se retire\u00a0; " \
                            "Cy l'achète pour 210."


def test_an_auction_nobody_outbids() -> None:
    match = position(3, **SHORT)
    start = len(match.events)
    match.apply("auction 1")
    match.apply("pass")
    match.apply("pass")
    lines = RENDERER.event_lines(view_of(match, "en", 80, None, None), match.log_for(None)[start:])
    assert lines[0].text == "Auction of Ada's title 1 Laiterie, opening bid 100: Bob drops out, Cy drops out; " \
                            "nobody outbids: the bank takes it and pays Ada 100."


def test_borrowing_or_leaving() -> None:
    match = position(3, owners={"3": 0}, cash=[100, 5_100, 5_100], player=0,
                     queue=[["payment", 0, 1, 500, "income"], ["end_turn"]])
    assert labelled(match, "en") == {
        "borrow": "1,000 now, 1,100 off your fortune at the end",
        "leave": "leave the game: your 100 go to your creditor, your titles back to the bank"}
    assert set(labelled(match, "fr")) == {"emprunter", "abandonner"}
    assert "Ada: borrow 1,000 (repay 1,100), or leave? (cash 100)" in words(draw(view_of(match, "en", 80, 17)))
    assert "borrow 1,000 from the bank (repaid 1,100 at the end; loans so far: 0), or leave the game?" in \
        words(draw(view_of(match, "en", 100)))
    start = len(match.events)
    match.apply("borrow")
    lines = RENDERER.event_lines(view_of(match, "en", 80, None, None), match.log_for(None)[start:])
    assert lines[0].text.startswith("Ada: borrows 1,000 from the bank (loans: 1); pays 500 to Bob (the business's "
                                    "income)")


def test_the_bank_itself_at_auction() -> None:
    """The bank owes a lottery win it cannot pay: it is auctioned from 2,550; its buyer keeps it."""
    match = position(3, cash=[6_000, 6_000, 8_300], player=0,
                     queue=[["bank_pays", 0, 500, "lottery", True], ["end_turn"]])
    assert match.current_player == 0
    assert labelled(match, "en")["bid 2550"] == "the least bid (you would keep 3,450)"
    big = words(draw(view_of(match, "en", 100)))
    assert "Auction of the bank itself (its purse: 100; its buyer keeps it apart, a quarter counting in their " \
           "fortune), from 2,550" in big
    assert "Auction of the bank: bid 2,550 or more" in big
    assert "Auction of the bank, from 2,550 · no bid yet · Ada to bid, 2,550 or more" in \
        words(draw(view_of(match, "en", 80, 17, seat=None)))
    start = len(match.events)
    match.apply("bid 2550")
    match.apply("pass")
    match.apply("pass")
    lines = RENDERER.event_lines(view_of(match, "en", 80, None, None), match.log_for(None)[start:])
    assert lines[0].text == "Auction of the bank, continued: Ada bids 2,550, Bob drops out, Cy drops out; " \
                            "Ada buys the bank for 2,550."
    assert "Bank 2,150 (Ada's)" in words(draw(view_of(match, "en", 80, None, 1)))


def test_a_bid_out_of_range_says_its_limits_as_the_language_writes_them() -> None:
    match = position(3, **SHORT)
    match.apply("auction 2")
    view = view_of(match, "fr", 80)
    reason = RENDERER.refine_reason(view, Reason("bid_range", {"action": "bid 90000", "low": 130, "high": 5100}))
    assert reason.fields["high"] == "5\u00a0100" and reason.fields["low"] == "130"
    assert RENDERER.refine_reason(view, Reason("syntax", {"text": "x"})) == Reason("syntax", {"text": "x"})


@pytest.mark.parametrize(("lang", "buy", "tax"), [("en", "buy", "tax"), ("fr", "acheter", "payer")])
def test_the_menu_in_a_session(lang: str, buy: str, tax: str) -> None:
    """In ``ludo play`` on 80 × 24: the buy step's choices by number, in the person's words, with their explanations,
    the screen fitting."""
    match = position(4, bots=True, player=0)
    match.apply("roll 2")
    first = support.first_screen(match, lang)
    assert re.search(rf"1\s+{buy}\s+\S", first.text) and re.search(rf"2\s+{tax}\s+\S", first.text)
    assert "Boulangerie" in first.text


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_bidding_in_a_session(lang: str) -> None:
    """In ``ludo play`` on 80 × 24, a person asked to bid sees the auction, the bids and the amounts to choose."""
    match = position(3, bots=True, owners={"1": 1, "2": 1}, cash=[5_100, 100, 5_100], player=1,
                     queue=[["payment", 1, -1, 500, "tax"], ["end_turn"]])
    session = PlaySession(match, lang, lambda prompt: "", terminal(80, 24))
    shots = [s for s in play(session, stop_after=3) if s.seat == 0]
    assert shots
    shot = shots[0]
    assert_fits(shot, 80, 24)
    flat = words(shot.text)
    assert ("Auction: title" in flat and "Ada: bid" in flat) or ("Enchères : titre" in flat and "Ada : offrir"
                                                                in flat)
    assert re.search(r"1 (bid|miser) \d+", shot.text)


@pytest.mark.parametrize(("lang", "typed", "message"), [
    ("en", "bid -5", "“-5” is not a number from 10 to 10,000,000"),
    ("fr", "mise -5", "-5 » n'est pas un nombre de 10 à 10 000 000"),
])
def test_a_number_out_of_range_says_its_limits_grouped(lang: str, typed: str, message: str) -> None:
    """A typed number that is none (``mise -5``) is refused with its limits written as the language writes
    numbers, not « de 10 à 10000000 »."""
    match = position(4, bots=True, player=0)
    match.apply("roll 2")
    out = io.StringIO()
    session = PlaySession(match, lang, lambda prompt: "", Console(file=out, width=200, color_system=None))
    session.input_fn = scripted([typed])
    assert session._person_turn(0) is False
    said = " ".join(out.getvalue().replace("\u00a0", " ").split())
    assert message in said, said
    assert "10000000" not in said


# --- words ------------------------------------------------------------------------------------------------------
TEXTS = ["buy", "tax", "card", "pass", "auction 12", "bid 350", "bid 1280", "borrow", "leave", "first 2", "roll 4",
         "draw T07"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_action_words_parse_back(lang: str) -> None:
    support.assert_words_parse_back(RENDERER, action_words, parse_action, TEXTS, lang)
    assert action_words("auction 12", "fr") == "enchères 12"
    assert action_words("bid 1280", "fr") == "miser 1280"  # typed back as it is shown: digits only
    assert action_words("not an action", "fr") == "not an action"


def test_the_banner_goes_with_the_printed_edition() -> None:
    match = built()
    obs = match.state.observation(0)
    obs["data"] = {**obs["data"], "reconstructed": False}
    view = View(GAME, obs, 0, "en", NAMES[:8], [], 80, None)
    assert "printed edition" not in draw(view)
    assert "printed edition" in draw(view_of(match, "en", 80, None, 0))
    assert SEAT_MARKS[0] == "A" and len(SEAT_MARKS) == GAME.info.max_players


# --- whole games in a terminal ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "lang", "seed", "kind"), [(3, "en", 2, "double"), (7, "fr", 4, "simple")])
def test_a_whole_game_fits_100_by_30(players: int, lang: str, seed: int, kind: str) -> None:
    session = support.session_for("a-vendre", players, 100, 30, lang, seed, [f"game={kind}"], "random")
    shots: list[Shot] = play(session, limit=3000)
    for shot in shots:
        assert_fits(shot, 100, 30)
    asked = [s for s in shots if s.prompt == "> " and s.seat >= 0]
    assert asked and all(BANNER[lang] in words(s.text) for s in asked)



def test_the_end_of_the_game_is_said_one_way_in_each_language() -> None:
    """The page's header, the log and the terminal say « La partie est terminée » / "The game is over", as the
    table's end card and the other games do (not « Le jeu est terminé », nor « La partie est finie »)."""
    catalog = GAME.catalog
    assert catalog.t("fr", "web.winner_is", player="Bot 3") == "La partie est terminée\u00a0: Bot 3 gagne"
    assert catalog.t("fr", "web.over") == "La partie est terminée"
    assert catalog.t("en", "web.winner_is", player="Bot 3") == "The game is over: Bot 3 wins"
    assert catalog.t("en", "web.over") == "The game is over"
    match = Match(GAME, 3, {}, seed=1, seats=[SeatConfig(n) for n in NAMES[:3]])
    match.play_randomly(random.Random(1), 20000)
    assert match.is_over()
    end = match.log_for(None)[-1]
    assert GAME.describe(end, "fr", NAMES).startswith("La partie est terminée (")
    assert GAME.describe(end, "en", NAMES).startswith("The game is over (")
    for lang, said in (("fr", "La partie est terminée"), ("en", "The game is over")):
        screen = words(draw(view_of(match, lang, 100, None, None)))
        assert said in screen, screen
    french = " ".join(v for k, v in catalog.messages["fr"].items() if not k.startswith("help."))
    assert "jeu est terminé" not in french and "partie est finie" not in french
