"""Luxembourg-Shopping's terminal screen (``ludo play``), in French and English, 80 and 100 columns wide and as wide as
it wants: screens of random games at many positions drawn without error and within their width; a hand-built position
whose owners, signs, galleries and pawns are read back from the board; each decision's choices listed and explained
(buy or pass, gallery pairs and their cost, merges, signs, sales with their prices and paying); action words that
parse back; turns said in lines; the « reconstructed » banner; whole games on 80 × 24 and 100 × 30 terminals."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Group

from ludotheque.cli.outcome import end_reason, outcome_parts
from ludotheque.cli.play import PlaySession
from ludotheque.cli.render import KEY, View, get_renderer
from ludotheque.cli.texts import UI
from ludotheque.engine import Match, get_game
from ludotheque.engine.record import SeatConfig
from ludotheque.engine.state import Outcome
from ludotheque.games.luxembourg_shopping.actions import parse_action
from ludotheque.games.luxembourg_shopping.screen_position import Position
from ludotheque.games.luxembourg_shopping.terminal import SEAT_MARKS, VERBS, LuxembourgRenderer, action_words
from tests.cli import terminal_support as support
from tests.cli.terminal_support import Shot, assert_fits, play, scripted, terminal, words

GAME = get_game("luxembourg-shopping")
RENDERER = LuxembourgRenderer()
NAMES = ["Ada", "Bob", "Cy", "Dee", "Eve", "Fay"]
BANNER = {"en": "not the printed edition", "fr": "pas l'édition imprimée"}
SCREENS = support.Screens(GAME, RENDERER, NAMES)
view_of, draw = SCREENS.view_of, SCREENS.draw


def position(bots: bool = False, **fields: Any) -> Match:
    """A match from a hand-built position (``snapshot.state_from_json``), seats named Ada, Bob, Cy… (with ``bots``,
    every seat but Ada's a random bot)."""
    players = fields.get("players", 3)
    start = {"game": "luxembourg-shopping", "players": players, **fields}
    seats = [SeatConfig(n, "random" if bots and i else None) for i, n in enumerate(NAMES[:players])]
    return Match(GAME, players, {}, seed=1, seats=seats, start=start)


def test_the_game_brings_this_renderer() -> None:
    assert isinstance(get_renderer(GAME), LuxembourgRenderer)


# --- random games, many positions --------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5)])
def test_screens_of_random_games_draw_within_their_width(players: int, seed: int) -> None:
    """Every few decisions (and at the end), the screen of the seat deciding, then a spectator's, in both languages,
    80 and 100 columns (with the heights ``ludo play`` gives on 80 × 24 and 100 × 30) and without limits."""
    match = Match(GAME, players, {}, seed=seed, seats=[SeatConfig(n) for n in NAMES[:players]])
    rng = random.Random(seed)
    checked = 0
    for _ in support.sampled_positions(match, lambda: rng.choice(match.legal_actions()), 7):
        for lang in ("en", "fr"):
            for width, height in ((80, 17), (100, 23), (None, None)):
                for seat in (-1, None):
                    text = draw(view_of(match, lang, width, height, seat))
                    assert BANNER[lang] in words(text)
                    assert all(NAMES[p] in text for p in range(players))
                    if width is not None:
                        assert max(cell_len(line) for line in text.splitlines()) <= width, text
                    if height is not None:
                        assert len(text.splitlines()) <= height + 2, text  # play.py asks again when short
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_event_of_a_game_is_said(lang: str) -> None:
    """The events of a whole game, in lines: each turn in one entry naming its player, the deal and who starts, the
    end as a key line; no field left unfilled."""
    match = Match(GAME, 4, {}, seed=11, seats=[SeatConfig(n) for n in NAMES[:4]])
    match.play_randomly(random.Random(11), 4000)
    view = view_of(match, lang, 80, None, None)
    lines = RENDERER.event_lines(view, match.log_for(None))
    turns = sum(e.kind == "turn" for e in match.events)
    assert len(lines) >= turns
    for line in lines:
        assert line.text and "{" not in line.text and "}" not in line.text
        assert "summary." not in line.text and "ui." not in line.text
    round_word = "round" if lang == "en" else "tour"
    assert sum(f", {round_word} " in line.text for line in lines) == turns
    if match.is_over():
        assert lines[-1].weight == KEY


# --- a hand-built position ---------------------------------------------------------------------------------
BUILT: dict[str, Any] = {
    "players": 3, "owners": {"1": 0, "2": 0, "4": 0, "3": 1, "40": 1}, "signs": [1, 40], "galleries": [[1, 2, 4]],
    "pos": [1, 3, 0], "cash": [91_000, 100_000, 100_000], "player": 0,
}
"""Ada owns shops 1, 2 and 4 in a gallery, a sign on shop 1, her pawn on square 1 (shop 1); Bob owns shop 3 (his pawn
on it) and shop 40 with a sign; Cy has not moved yet."""


def cell(text: str, shop: int) -> str:
    """The small screen's cell of ``shop`` (one of the first squares: shop N is square N up to 4): 7 characters."""
    row = next(line for line in text.splitlines() if re.match(r"\s+1\S", line))
    start = row.index(f"{shop:>2}", 1 + 7 * (shop - 1))
    return row[start:start + 7]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_hand_built_position_shows_owners_signs_galleries_and_pawns(lang: str) -> None:
    match = position(**BUILT)
    text = draw(view_of(match, lang, 80, None, 0))
    assert cell(text, 1) == " 1A★aA "  # Ada's, a sign, gallery a, Ada's pawn
    assert cell(text, 2) == " 2A a  "
    assert cell(text, 3) == " 3B  B "  # Bob's shop, Bob's pawn on it
    assert cell(text, 4) == " 4A a  "
    start = "Before square 1:" if lang == "en" else "Avant la case 1\u00a0:"
    assert f"{start} C" in text  # Cy's pawn is not on the board yet
    flat = words(text)
    cash = "91,000" if lang == "en" else "91 000"  # (words() makes the no-break spaces ordinary ones)
    nine = "9,000" if lang == "en" else "9 000"
    colon = ":" if lang == "en" else " :"
    shops = "shops" if lang == "en" else "commerces"
    assert f"A Ada ({'you' if lang == 'en' else 'vous'}){colon} {cash} · 3 {shops}" in flat
    assert f"1★ [a] {nine}" in flat  # her sign and her gallery's value (3 orange shops: 3 × 3,000)
    assert f"B Bob{colon} 100" in flat and f"2 {shops} 1★" in flat
    assert f"C Cy{colon} 100" in flat
    yours = "Yours:" if lang == "en" else "À vous\u00a0:"
    assert re.search(yours + r" +1 +Boulangerie★\[a\] +2 +Fleuriste\[a\] +4 +Pharmacie\[a\]", text)


def test_the_big_screen_shows_the_square_numbers_and_the_players_table() -> None:
    match = position(**BUILT)
    text = draw(view_of(match, "en", 100, None, 0))
    lines = text.splitlines()
    top = next(i for i, line in enumerate(lines) if re.match(r"\s+1 A★a", line))
    assert re.match(r"\s+1 A★a\s+2 A a\s+3 B\s+4 A a\s+BR", lines[top])
    assert re.match(r"\s+1 A\s+2\s+3 B\s+4\s+5\s+6", lines[top + 1])  # square numbers, pawns under them
    assert re.search(r"A\s+Ada \(you\)\s+91,000\s+3\s+1\s+a: 3 shops, 9,000\s+1 · shop 1", text)
    assert re.search(r"C\s+Cy\s+100,000\s+0\s+0\s+—\s+before square 1", text)
    assert "Your gallery a: shops 1, 2 and 4, worth 9,000." in words(text)
    assert "Yours, orange zone (3,000 a visit):" in text and "Yours, green zone (10,000 a visit):" not in text


def test_seats_out_of_the_game_are_marked() -> None:
    match = position(**{**BUILT, "owners": {"1": 0, "2": 0, "4": 0}, "signs": [1], "left": [0, 1, 0],
                        "cash": [91_000, 0, 100_000]})
    for lang, out in (("en", "out of the game"), ("fr", "hors jeu")):
        text = words(draw(view_of(match, lang, 80, None, 0)))
        assert f"B Bob {out}" in text
        assert f"B Bob {out}" in words(draw(view_of(match, lang, 100, None, 0)))


def players_lines(match: Match, lang: str, seat: int | None = 0) -> list[str]:
    """The small screen's line of the players, 80 columns wide, as printed (its parts wrapped on lines)."""
    view = view_of(match, lang, 80, 17, seat)
    return draw_part(RENDERER.players_line(view, Position.of(view.obs)), 80)


def draw_part(part: Any, width: int) -> list[str]:
    console = support.terminal(width, 50)
    console.print(part)
    return console.export_text().rstrip("\n").split("\n")


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", ["A Ada (you): 91,000 · 3 shops 1★ [a] 9,000 ◂ │ B Bob: 100,000 · 2 shops 1★",
            "C Cy: 100,000 · 0 shops"]),
    ("fr", ["A Ada (vous)\u00a0: 91\u00a0000 · 3 commerces 1★ [a] 9\u00a0000 ◂",
            "B Bob\u00a0: 100\u00a0000 · 2 commerces 1★ │ C Cy\u00a0: 100\u00a0000 · 0 commerce"]),
])
def test_the_players_line_sets_each_name_apart_from_its_cash(lang: str, expected: list[str]) -> None:
    """« B Bot 1 108 000 » read as one number: the name is followed by a colon (French: a no-break space before
    it), the cash by « · » and the shops, amounts as the language writes them."""
    match = position(**{**BUILT, "player": 0})
    match.apply("roll 2 4")  # Ada's turn: the mark ◂ after her
    assert [line.rstrip() for line in players_lines(match, lang)] == expected


SEAT_PART = {"en": re.compile(r"[A-F] [^│]*?\S: \d{1,3}(,\d{3})* · \d+ shops?\b"),
             "fr": re.compile(r"[A-F] [^│]*?\S\u00a0: \d{1,3}(\u00a0\d{3})* · \d+ commerces?\b")}
"""A seat in the players' line: its letter, its name, a colon, its cash, « · », its shops."""


@pytest.mark.parametrize(("players", "seed"), [(4, 3), (6, 5)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_players_line_fits_80_columns_at_4_and_6_players(players: int, seed: int, lang: str) -> None:
    """At positions of random games (shops bought, galleries, signs, seats out), every seat of the players' line is
    said as « name: cash · shops », on lines of at most 80 columns."""
    names = ["Player 0", "Bot 1 (random)", "Bot 2 (random)", "Bot 3 (random)", "Bot 4 (random)", "Bot 5 (random)"]
    match = Match(GAME, players, {}, seed=seed, seats=[SeatConfig(n) for n in names[:players]])
    rng = random.Random(seed)
    checked = 0
    for _ in support.sampled_positions(match, lambda: rng.choice(match.legal_actions()), 9):
        lines = players_lines(match, lang)
        assert max(cell_len(line) for line in lines) <= 80, lines
        obs = match.state.observation(0)
        playing = [p for p in obs["players"] if not p["out"]]
        said = [m.group(0) for line in lines for m in SEAT_PART[lang].finditer(line)]
        assert len(said) == len(playing), lines
        checked += 1
    assert checked >= 3


def test_the_last_card_and_the_dice() -> None:
    match = position(**BUILT)
    match.apply("roll 3 3")  # a double: a card from each pile, before moving
    match.draw_chance()
    obs = match.state.observation(None)
    assert obs["last_card"] is not None
    text = words(draw(view_of(match, "en", 80, None, None)))
    assert "dice 3 + 3: a double" in text
    assert f"Last card: {obs['last_card']['id']} (Correspondance," in text


# --- the decisions and their menus -------------------------------------------------------------------------
def labelled(match: Match, lang: str) -> dict[str, str]:
    """The legal actions in the player's words, with their explanations."""
    view = view_of(match, lang, 80)
    return {RENDERER.action_words(a, lang): RENDERER.action_label(view, a) for a in view.legal}


def test_buying() -> None:
    match = position(**BUILT)
    match.apply("roll 2 4")  # Ada from square 1 to square 7: shop 6, free
    assert [a.text() for a in match.legal_actions()] == ["buy", "pass"]
    assert labelled(match, "en") == {"buy": "shop 6 Papeterie for 8,000 (you keep 83,000)", "pass": "do not buy it"}
    assert labelled(match, "fr") == {"acheter": "le commerce 6 Papeterie pour 8\u00a0000 (il vous reste 83\u00a0000)",
                                     "passer": "ne pas l'acheter"}
    assert "Ada: buy shop 6 for 8,000? (cash 91,000)" in words(draw(view_of(match, "en", 80, 17)))
    assert "Shop 6 Papeterie (orange zone) is free: buy it for 8,000? You have 91,000." in \
        words(draw(view_of(match, "en", 100)))


def test_creating_a_gallery() -> None:
    match = position(players=3, owners={"5": 0, "6": 0, "21": 0, "39": 0}, pos=[0, 0, 0], player=0)
    match.apply("roll 2 4")  # square 6: her shop 5
    choices = labelled(match, "en")  # she has 103,000 after her shop's 3,000
    assert choices["gallery 6 21"] == "shops 5, 6 and 21: costs 12,000, then a visit pays 12,000 (you keep 91,000)"
    assert choices["gallery 21 39"].startswith("shops 5, 21 and 39: costs 19,000")
    assert choices["pass"] == "no gallery this turn"
    assert list(labelled(match, "fr"))[-1] == "passer" and "galerie 6 21" in labelled(match, "fr")
    assert "make a gallery of it and two of your shops 6, 21 and 39?" in words(draw(view_of(match, "en", 100)))


def test_merging_galleries() -> None:
    match = position(players=3, owners={s: 0 for s in ("1", "2", "3", "21", "22", "23")},
                     galleries=[[1, 2, 3], [21, 22, 23]], pos=[0, 0, 0], player=0)
    match.apply("roll 1 2")  # square 3: her shop 3, in gallery a
    choices = labelled(match, "en")
    assert choices["merge 21"] == "with your gallery b (shops 21, 22 and 23): costs 27,000, makes 6 shops"
    assert "fusion 21" in labelled(match, "fr")
    # she has 109,000 after gallery a's value (9,000)
    assert "Ada: merge your gallery a with another? (cash 109,000)" in words(draw(view_of(match, "en", 80, 17)))


def test_signs() -> None:
    match = position(players=3, owners={"5": 0, "40": 0}, pos=[0, 0, 0], player=0,
                     queue=[["gain_sign"], ["end_turn"]])
    assert labelled(match, "en") == {
        "sign 5": "shop 5 Cordonnerie (orange zone): 5,000 more on every transaction with it",
        "sign 40": "shop 40 Haute couture (green zone): 5,000 more on every transaction with it"}
    assert set(labelled(match, "fr")) == {"enseigne 5", "enseigne 40"}
    match = position(players=3, owners={"5": 0, "40": 0}, signs=[5, 40], pos=[0, 0, 0], player=0,
                     queue=[["lose_sign"], ["end_turn"]])
    assert labelled(match, "en") == {"unsign 5": "shop 5 Cordonnerie", "unsign 40": "shop 40 Haute couture"}
    assert "Ada: which sign do you lose?" in words(draw(view_of(match, "en", 80, 17)))


def test_selling_and_paying() -> None:
    match = position(players=3, owners={"5": 0, "40": 0, "41": 0}, galleries=[], signs=[40], pos=[0, 0, 0],
                     cash=[5_000, 100_000, 100_000], player=0, queue=[["payment", 0, 1, 20_000, "bill"], ["end_turn"]])
    choices = labelled(match, "en")
    assert choices == {"sell 5": "Cordonnerie to Mr Jean Poche for 4,000",
                       "sell 40": "Haute couture to Mr Jean Poche for 12,000; its sign is lost",
                       "sell 41": "Joaillerie to Mr Jean Poche for 12,000"}
    assert "Ada: you owe 20,000 to Bob and have 5,000: sell shops" in words(draw(view_of(match, "en", 80, 17)))
    match.apply("sell 40")
    match.apply("sell 41")
    choices = labelled(match, "fr")
    assert choices["payer"] == "20\u00a0000 à Bob (il vous reste 9\u00a0000)"
    assert "vendre 5" in choices
    assert "payez, ou vendez encore" in words(draw(view_of(match, "fr", 80, 17)))


def test_a_sale_that_dissolves_a_gallery_says_so() -> None:
    match = position(players=3, owners={"1": 0, "2": 0, "3": 0}, galleries=[[1, 2, 3]], pos=[0, 0, 0],
                     cash=[0, 100_000, 100_000], player=0, queue=[["payment", 0, -1, 5_000, "card"], ["end_turn"]])
    assert labelled(match, "en")["sell 2"] == "Fleuriste to Mr Jean Poche for 4,000; gallery a is dissolved"
    assert "Mr Jean Poche" in words(draw(view_of(match, "en", 100)))


@pytest.mark.parametrize(("lang", "buy", "passing"), [("en", "buy", "pass"), ("fr", "acheter", "passer")])
def test_the_menu_in_a_session(lang: str, buy: str, passing: str) -> None:
    """In ``ludo play`` on 80 × 24: the buy step's choices by number, in the person's words, with their
    explanations, the screen fitting."""
    match = position(bots=True, **BUILT)
    match.apply("roll 2 4")
    first = support.first_screen(match, lang)
    assert re.search(rf"1\s+{buy}\s+\S", first.text) and re.search(rf"2\s+{passing}\s+\S", first.text)
    assert "Papeterie" in first.text


# --- words --------------------------------------------------------------------------------------------------
TEXTS = ["buy", "pass", "pay", "gallery 12 40", "merge 7", "sign 12", "unsign 12", "sell 12", "deal 17", "die 4",
         "roll 3 5", "card P12", "shop 17"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_action_words_parse_back(lang: str) -> None:
    support.assert_words_parse_back(RENDERER, action_words, parse_action, TEXTS, lang)
    assert action_words("gallery 12 40", "fr") == "galerie 12 40"
    assert action_words("sell 12", "fr") == "vendre 12"
    assert action_words("not an action", "fr") == "not an action"


SHOWN_BEFORE = [("buy", ["acheter", "achète", "achete", "Achète", "ACHETER", "buy"]),
                ("pass", ["passer", "passe", "pass", "non"]),
                ("sell 12", ["vendre 12", "vend 12", "sell 12"]),
                ("pay", ["payer", "paie", "pay"]),
                ("unsign 12", ["retirer 12", "retire 12", "unsign 12"])]
"""Each action the French words used to show (« achète », « passe », « vend 12 », « paie », « retire 12 »), with the
infinitive shown now and the English."""


def test_french_action_words_are_infinitives() -> None:
    """As in the other games (acheter, vendre, investir…): the verbs are infinitives; nouns stay nouns."""
    assert {verb: VERBS["fr"][verb] for verb in ("buy", "pass", "sell", "pay", "unsign")} == {
        "buy": "acheter", "pass": "passer", "sell": "vendre", "pay": "payer", "unsign": "retirer"}
    assert [action_words(text, "fr") for text, _ in SHOWN_BEFORE] == ["acheter", "passer", "vendre 12", "payer",
                                                                      "retirer 12"]
    assert [action_words(t, "fr") for t in ("gallery 12 40", "merge 7", "sign 12", "deal 17", "die 4", "roll 3 5",
                                            "card P12", "shop 17")] == [
        "galerie 12 40", "fusion 7", "enseigne 12", "donne 17", "dé 4", "dés 3 5", "carte P12", "commerce 17"]


def test_the_french_choices_are_infinitives() -> None:
    """The menus of a purchase, a sign lost, a sale and a payment, in French."""
    match = position(**BUILT)
    match.apply("roll 2 4")
    assert list(labelled(match, "fr")) == ["acheter", "passer"]
    match = position(players=3, owners={"5": 0, "40": 0}, signs=[5, 40], pos=[0, 0, 0], player=0,
                     queue=[["lose_sign"], ["end_turn"]])
    assert set(labelled(match, "fr")) == {"retirer 5", "retirer 40"}
    match = position(players=3, owners={"5": 0, "40": 0, "41": 0}, pos=[0, 0, 0], cash=[5_000, 100_000, 100_000],
                     player=0, queue=[["payment", 0, 1, 20_000, "bill"], ["end_turn"]])
    assert set(labelled(match, "fr")) == {"vendre 5", "vendre 40", "vendre 41"}
    match.apply("sell 40")
    match.apply("sell 41")
    assert set(labelled(match, "fr")) == {"vendre 5", "payer"}


@pytest.mark.parametrize(("text", "typed"), SHOWN_BEFORE)
def test_the_forms_shown_before_still_parse(text: str, typed: list[str]) -> None:
    """What a player learnt to type before (and the English) is still the same action, whose text is the English
    one that records keep."""
    for said in typed:
        assert parse_action(said) == parse_action(text), said
        assert parse_action(said).text() == text


def test_the_record_keeps_the_english_texts() -> None:
    """Typed in French, old form or new, the purchase is recorded as « 0: buy », as before: saved records load and
    replay the same."""
    records = []
    for typed in ("achète", "acheter", "buy"):
        match = position(bots=True, **BUILT)
        match.apply("roll 2 4")
        PlaySession(match, "fr", scripted([typed]), terminal(80, 24)).run()
        actions = match.to_record().actions
        assert actions[:2] == ["chance: roll 2 4", "0: buy"]
        records.append(actions)
    assert records[0] == records[1] == records[2]
    assert [parse_action(t).text() for t in TEXTS] == TEXTS


def test_help_refusals_and_the_example_say_the_infinitives() -> None:
    """In ``ludo play`` in French: the example of the prompt's hint, the help's list of actions, the refusal of a
    text that is no action and of an action not allowed now (with what is allowed)."""
    match = position(bots=True, **BUILT)
    match.apply("roll 2 4")
    console = terminal(100, 40)
    PlaySession(match, "fr", scripted(["aide", "zz", "vendre 5"]), console).run()
    said = words(console.export_text())
    assert "par exemple « passer »" in said
    assert "acheter le commerce libre où vous êtes" in said
    for line in ("passer ne pas l'acheter", "retirer 12 l'enseigne", "vendre 12 votre commerce 12",
                 "payer votre dette"):
        assert line in said, line
    assert ("« zz » n'est pas une action ; écrivez acheter, passer, galerie COMMERCE COMMERCE, fusion COMMERCE, "
            "enseigne COMMERCE, retirer COMMERCE, vendre COMMERCE ou payer") in said
    assert "« vendre 5 » n'est pas permis maintenant ; permis : acheter, passer" in said
    assert re.search(r"1 +acheter +le commerce 6 Papeterie", said) and re.search(r"2 +passer +ne pas l'acheter", said)


def test_english_texts_quote_with_curly_quotes() -> None:
    """The shared CLI's quotes (“take D”), not '…': refusals, the data file's words; apostrophes stay straight."""
    catalog = GAME.catalog
    assert catalog.t("en", "error.not_legal", action="sell 5") == "“sell 5” is not legal now"
    assert catalog.t("en", "error.syntax", text="zz").startswith("“zz” is not an action; write buy, pass")
    assert "(square 66 is “+ 1 shop”)" in catalog.t("en", "data.square_count_other", count=60, least=66)
    for key, text in catalog.messages["en"].items():
        assert not re.search(r"(^|[\s(\[])'|'($|[\s),.:;\]])", text.replace("s' ", "s ")), (key, text)
        assert "’" not in text, (key, text)


def test_the_banner_goes_with_the_printed_edition() -> None:
    match = position(**BUILT)
    obs = match.state.observation(0)
    obs["data"] = {**obs["data"], "reconstructed": False}
    view = View(GAME, obs, 0, "en", NAMES[:3], [], 80, None)
    assert "printed edition" not in draw(view)
    assert SEAT_MARKS[0] == "A"


# --- whole games in a terminal ------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "lang", "seed"), [(3, "en", 2), (5, "fr", 4)])
def test_a_whole_game_fits_100_by_30(players: int, lang: str, seed: int) -> None:
    session = support.session_for("luxembourg-shopping", players, 100, 30, lang, seed, bots="random")
    shots: list[Shot] = play(session, limit=3000)
    for shot in shots:
        assert_fits(shot, 100, 30)
    asked = [s for s in shots if s.prompt == "> " and s.seat >= 0]
    assert asked and all(BANNER[lang] in words(s.text) for s in asked)


# --- the end, the deal, the cards: what a player's review of the terminal found ----------------------------------
ROUNDS_PLAYED = {"en": "all the rounds have been played", "fr": "les tours ont été joués"}
"""Why a game stopped by its rounds ended, as Stack Market (« all the rounds have been played ») and « A Vendre ! »
(« les tours ont été joués ») say it."""
CRITERIA = {"en": "ranked by signs, largest gallery, galleries, shops, money",
            "fr": "classement par enseignes, plus grande galerie, galeries, commerces, argent"}
"""What ranks a game stopped by its rounds (rulebook I), said in the line « The game is over: … »."""


@pytest.mark.parametrize("termination", ["signs", "gallery", "last_standing", "rounds_limit"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_final_rankings_title_fits_80_columns_whole(lang: str, termination: str) -> None:
    """The rule over the final ranking says why the game ended without cutting it: it was « ─ Game over: the rounds
    are played; ranked by signs, largest gallery, galleri… ─ » on 80 columns, the ranking's criteria lost."""
    outcome = Outcome((75_000, 109_000, 26_000), (1, 2, 3), (0,), termination,
                      tuple((key, (1, 0, 0)) for key in ("ranking.signs", "ranking.largest_gallery",
                                                         "ranking.galleries", "ranking.shops", "ranking.cash")))
    names = ["Bot 2 (random)", "Player 0", "Bot 1 (heuristic)"]
    text = "\n".join(draw_part(Group(*outcome_parts(GAME, lang, names, outcome, 80)), 80))
    title = next(line for line in text.splitlines() if "─" in line)
    reason = end_reason(GAME, lang, termination)
    assert words(title.strip("─ ")) == words(UI.t(lang, "end.title", reason=reason)), title
    assert "…" not in text and max(cell_len(line) for line in text.splitlines()) <= 80, text
    if termination == "rounds_limit":
        assert reason == ROUNDS_PLAYED[lang]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_game_stopped_by_its_rounds_says_why_and_how_it_ranks_on_80_columns(lang: str) -> None:
    """``ludo play … --seed 4 --option rounds=8`` on 80 × 24, answering "1" to the end: the end screen names the
    reason in its title, whole, and what decides the ranking on wrapped lines of its own; no line wider than 80, no
    word cut."""
    session = support.session_for("luxembourg-shopping", 3, 80, 24, lang, 4, options=["rounds=8"])
    end = play(session, limit=600)[-1]
    assert session.match.state.outcome().termination == "rounds_limit"
    assert max(cell_len(line) for line in end.lines) <= 80, end.text
    assert not re.search(r"\w…", end.text), end.text
    title = words(UI.t(lang, "end.title", reason=ROUNDS_PLAYED[lang]))
    assert any(words(line.strip("─ ")) == title for line in end.lines if line.startswith("─")), end.text
    said = words(end.text)
    assert f"{ROUNDS_PLAYED[lang]} ; {CRITERIA[lang]}." in said if lang == "fr" else \
        f"{ROUNDS_PLAYED[lang]}; {CRITERIA[lang]}." in said
    assert "sont joués" not in said and "rounds are played" not in said


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_end_reasons_wording(lang: str) -> None:
    """« les tours ont été joués », "all the rounds have been played" (not « sont joués », "are played"), in the
    title, the status line and the log line, which adds what ranks the players."""
    assert GAME.catalog.t(lang, "reason.rounds_limit") == ROUNDS_PLAYED[lang]
    sep = "\u00a0; " if lang == "fr" else "; "
    assert GAME.catalog.t(lang, "end.rounds_limit") == f"{ROUNDS_PLAYED[lang]}{sep}{CRITERIA[lang]}"


DEALT = {"en": "Shop cards dealt: {hands}.", "fr": "«\u00a0Cartes Commerçant\u00a0» distribuées\u00a0: {hands}."}
HAND = {"en": "{name}: {shops}", "fr": "{name}\u00a0: {shops}"}
SEP = {"en": "; ", "fr": "\u00a0; "}
AND = {"en": " and ", "fr": " et "}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_deal_sets_each_name_apart_from_its_shops(lang: str) -> None:
    """The deal's line: « Joueur 0 : 13, 14, … et 43 ; Bot 1 (heuristique) : 2, 4, … » (it was « Joueur 0 13, 14, …
    et 43; Bot 1 (heuristique) 2, 4, … »: the names ran into the numbers, the French « ; » had no no-break space)."""
    match = Match(GAME, 3, {}, seed=4, seats=[SeatConfig(n) for n in NAMES[:3]])
    while sum(e.kind == "deal" for e in match.events) < 18:  # six shops each
        match.draw_chance()
    hands: dict[int, list[int]] = {}
    for e in match.events:
        if e.kind == "deal":
            hands.setdefault(e.args["seat"], []).append(e.args["shop"])
    expected = SEP[lang].join(
        HAND[lang].format(name=NAMES[s], shops=", ".join(str(x) for x in sorted(h)[:-1]) + AND[lang] + str(max(h)))
        for s, h in hands.items())
    view = view_of(match, lang, 80, None, None)
    line = RENDERER.event_lines(view, match.log_for(None))[0]
    assert line.text == DEALT[lang].format(hands=expected)


@pytest.mark.parametrize("seed", [4, 11])
def test_french_log_lines_put_a_no_break_space_before_their_punctuation(seed: int) -> None:
    """Every line of a whole game's log in French, its joins built in code (the deal's hands, a turn's clauses)
    included: a no-break space before « ; : ! ? » », after « »."""
    match = Match(GAME, 4, {}, seed=seed, seats=[SeatConfig(n) for n in NAMES[:4]])
    match.play_randomly(random.Random(seed), 4000)
    view = view_of(match, "fr", 80, None, None)
    for line in RENDERER.event_lines(view, match.log_for(None)):
        for text in (line.text, line.short or ""):
            assert not re.search(r"[^\u00a0][;:!?»]|«[^\u00a0]", text), text


OFFICE = {"en": "office, card P04: pay 5,000 to Mr Jean Poche; pays 5,000 to Mr Jean Poche (a card)",
          "fr": "bureau, carte P04\u00a0: payez 5\u00a0000 à Monsieur Jean Poche\u00a0; paie 5\u00a0000 à Monsieur "
                "Jean Poche (une carte)"}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_card_and_its_payment_name_the_same_payee(lang: str) -> None:
    """A « Bureau » card P04 (pay 5 000): the card said « to the bank » and the payment « to Mr Jean Poche » in one
    sentence. The bank is Monsieur Jean Poche (rulebook A, docs/rules A): the card's words name him, as the
    payment does."""
    match = position(players=2, owners={"12": 0, "9": 1}, pos=[24, 0], player=0)
    match.apply("roll 1 3")  # square 28, a Bureau
    match.apply("card P04")
    view = view_of(match, lang, 80, None, None)
    line = next(line for line in RENDERER.event_lines(view, match.log_for(None)) if "P04" in line.text)
    assert OFFICE[lang] in line.text
    bank = GAME.catalog.t(lang, "bank.name")
    for kind in ("pay", "receive"):
        said = GAME.catalog.t(lang, f"effect.{kind}", amount="5")
        assert bank in said and "bank" not in said and "banque" not in said, said


# --- a player's review of the browser and the terminal: the log's words ------------------------------------------
SHORT = {"en": "Ada owes 3,000 but has 1,000: they must sell shops to Mr Jean Poche.",
         "fr": "Ada doit 3\u00a0000 mais n'a que 1\u00a0000\u00a0: Ada doit vendre des commerces à Monsieur "
               "Jean Poche."}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_player_short_of_money_is_said_without_a_gendered_pronoun(lang: str) -> None:
    """Ada (1 000) lands on Bob's shop 12 (3 000) and must sell: the French log said « … : il doit vendre des
    commerces à Monsieur Jean Poche », as if every player were a man; it names the player again."""
    match = position(players=2, owners={"12": 1, "1": 0}, pos=[8, 0], player=0, cash=[1_000, 100_000])
    match.apply("roll 2 4")  # square 14, shop 12
    short = next(e for e in match.events if e.kind == "short")
    assert GAME.describe(short, lang, NAMES[:2]) == SHORT[lang]


PRONOUNS = re.compile(r"\b(il|elle|ils|elles)\b", re.IGNORECASE)
IMPERSONAL = re.compile(r"\bil (faut|vous reste)", re.IGNORECASE)
"""« il faut », « il vous reste » name no one."""


def test_no_french_log_line_calls_a_player_il_or_elle() -> None:
    """What the log says of a player (events, a turn's clauses, why money moved, how the game ended) uses no « il »
    or « elle » for them: a player may be anyone, so the name is said again."""
    messages = GAME.catalog.messages["fr"]
    keys = [k for k in messages if k.split(".")[0] in ("event", "summary", "why", "shown", "end", "reason", "what")]
    assert len(keys) > 100
    for key in keys:
        assert not PRONOUNS.search(IMPERSONAL.sub("", messages[key])), (key, messages[key])


START_NAMES = ["Joueur 0", "Bot 1 (heuristique)", "Bot 2 (aléatoire)"]
"""Names that end in a number or a bracket, as ``ludo play`` gives them: « Joueur 0 5 » read as one number."""
START_ROLLS = {"en": "Dice for who starts: {rolls}.", "fr": "Dés pour savoir qui commence\u00a0: {rolls}."}
ROLL = {"en": "{name}: {face}", "fr": "{name}\u00a0: {face}"}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_rolls_for_who_starts_set_each_name_apart_from_its_die(lang: str) -> None:
    """The start's line: « Dés pour savoir qui commence : Joueur 0 : 5 ; Bot 1 (heuristique) : 3 » as the deal's
    line sets a name apart from its shops (it was « Joueur 0 5, Bot 1 (heuristique) 3 »); a tie rolls again in a
    sentence of its own, then the rolls of the tied seats."""
    match = Match(GAME, 3, {}, seed=4, seats=[SeatConfig(n) for n in START_NAMES])
    while sum(e.kind == "deal" for e in match.events) < 18:
        match.draw_chance()
    for faces in ((5, 3, 3), (4, 6)):  # Bot 1 and Bot 2 tie on 3, then roll 4 and 6
        for face in faces:
            match.apply(f"die {face}")
    rolls = [(e.args["seat"], e.args["face"]) for e in match.events if e.kind == "start_die"]
    assert rolls == [(0, 5), (1, 3), (2, 3), (1, 4), (2, 6)]
    said = [START_ROLLS[lang].format(rolls=SEP[lang].join(ROLL[lang].format(name=START_NAMES[s], face=f)
                                                           for s, f in part)) for part in (rolls[:3], rolls[3:])]
    view = View(GAME, match.state.observation(None), None, lang, START_NAMES, [], 80)
    line = RENDERER.event_lines(view, match.log_for(None))[1].text
    assert line.startswith(said[0] + " ") and said[1] + " " in line, line
    if lang == "fr":
        assert line.startswith("Dés pour savoir qui commence\u00a0: Joueur 0\u00a0: 5\u00a0; "
                               "Bot 1 (heuristique)\u00a0: 3\u00a0; Bot 2 (aléatoire)\u00a0: 3. Égalité"), line
    else:
        assert line.startswith("Dice for who starts: Joueur 0: 5; Bot 1 (heuristique): 3; "
                               "Bot 2 (aléatoire): 3. Tied"), line
