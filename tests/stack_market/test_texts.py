"""What a player reads of Stack Market's margins and money, in the log (the browser's and the terminal's), the hints,
the terminal screen and the browser's catalogue: margins in millimetres with one decimal as the language writes
numbers (« 5,8 mm », "5.8 mm", never micrometres), money as the language writes it (« 50 000 $ », "$50,000")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ludotheque.engine import get_game
from ludotheque.engine.state import Event
from ludotheque.games.stack_market.texts import millimetres, money
from tests.stack_market.test_rules_collapse import OTHERS
from tests.stack_market.test_rules_helpers import play, position, rolls, stay, straight, topple
from tests.stack_market.test_terminal import NAMES, RENDERER, draw, reach, view_of

GAME = get_game("stack-market")
NBSP = "\u00a0"


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Ada places a 3 on company C: 4 dice, it stands (margin 5.8\u00a0mm)."),
    ("fr", "Ada pose un 3 sur la compagnie C\u00a0: 4 dés, il tient (marge 5,8\u00a0mm).")])
def test_a_placed_die_says_its_margin_in_millimetres(lang: str, said: str) -> None:
    event = Event("placed", {"seat": 0, "face": 3, "company": "C", "height": 4, "margin": 5808})
    assert GAME.describe(event, lang, NAMES) == said


@pytest.mark.parametrize(("lang", "texts"), [
    ("en", {"pay": "Ada must pay $20,000 to the bank (the building collapsed).",
            "income": "Ada receives $10,000 (company B).",
            "stack_bonus": "Ada stacked 5 dice this turn: a $10,000 bonus.",
            "card_bonus": "Ada receives the tallest-building bonus: $20,000.",
            "game_end": "The game is over. Cash: Ada: $50,000; Bob: $120,000; Cy: $0."}),
    ("fr", {"pay": "Ada doit payer 20\u00a0000\u00a0$ à la banque (le building s'est écroulé).",
            "income": "Ada reçoit 10\u00a0000\u00a0$ (compagnie B).",
            "stack_bonus": "Ada a empilé 5 dés ce tour\u00a0: bonus de 10\u00a0000\u00a0$.",
            "card_bonus": "Ada reçoit le bonus du plus haut building\u00a0: 20\u00a0000\u00a0$.",
            "game_end": "La partie est terminée. Argent\u00a0: Ada\u00a0: 50\u00a0000\u00a0$\u00a0; "
                        "Bob\u00a0: 120\u00a0000\u00a0$\u00a0; Cy\u00a0: 0\u00a0$."})])
def test_money_in_the_log_is_written_as_the_language_writes_it(lang: str, texts: dict[str, str]) -> None:
    events = {"pay": Event("pay", {"seat": 0, "amount": 20000, "why": "collapse"}),
              "income": Event("income", {"seat": 0, "amount": 10000, "company": "B"}),
              "stack_bonus": Event("stack_bonus", {"seat": 0, "dice": 5, "amount": 10000}),
              "card_bonus": Event("card_bonus", {"seat": 0, "amount": 20000}),
              "game_end": Event("game_end", {"cash": "50000 120000 0"})}
    for kind, said in texts.items():
        assert GAME.describe(events[kind], lang, NAMES) == said


def test_money_and_lengths_helpers() -> None:
    assert money(50000, "en") == "$50,000" and money(-20000, "en") == "-$20,000"
    assert money(50000, "fr") == f"50{NBSP}000{NBSP}$"
    assert millimetres(5808, "en") == f"5.8{NBSP}mm" and millimetres(5808, "fr") == f"5,8{NBSP}mm"


def test_a_whole_game_log_has_no_micrometres_and_dollars_before_english_amounts() -> None:
    match = reach(4, 5, "over")
    for lang in ("en", "fr"):
        texts = [GAME.describe(e, lang, NAMES) for e in match.log_for(None)]
        assert not any("µm" in t for t in texts)
        margins = [m for t in texts for m in re.findall(r"\((?:margin|marge) ([^)]*)\)", t)]
        assert margins and all(re.fullmatch(r"\d+[.,]\d\u00a0mm", m) for m in margins), margins[:5]
        assert all(("." if lang == "en" else ",") in m for m in margins)
        amounts = [t for t in texts if "$" in t]
        assert amounts
        if lang == "en":
            assert not any(re.search(r"\d\s*\$", t) for t in amounts), amounts[:5]
        else:
            assert not any(re.search(r"\$\d", t) for t in amounts), amounts[:5]


def test_hints_say_income_as_money() -> None:
    fields = {"company": "B", "count": 7, "income": 20000}
    assert GAME.describe_reason("stay", fields, "en", NAMES).endswith("about $20,000 by the round's end")
    assert GAME.describe_reason("invest", fields, "fr", NAMES).endswith(
        f"environ 20{NBSP}000{NBSP}$ d'ici la fin de la manche")


def test_the_terminal_and_the_browser_say_ones_cash_as_the_language_writes_money() -> None:
    match = reach(4, 2, "change", 1)
    cash = match.state.observation(match.current_player)["my_cash"]
    english = " ".join(draw(view_of(match, "en", 120, None)).split())
    assert f"your cash: ${cash:,}" in english and f"{cash:,} $" not in english
    french = draw(view_of(match, "fr", 120, None))
    assert f"votre argent{NBSP}: {money(cash, 'fr')}" in french
    assert GAME.catalog.t("en", "web.money", amount="50,000") == "$50,000"
    assert GAME.catalog.t("fr", "web.money", amount=f"50{NBSP}000") == f"50{NBSP}000{NBSP}$"
    assert GAME.catalog.t("en", "web.my_cash", amount=money(50000, "en")) == "Your cash: $50,000"


# --- a count of dice agrees with its noun: "1 die", « 1 dé », "3 dice", « 3 dés » -----------------------------------
ONE_DIE_LEFT = position([straight(4), *OTHERS], ["A", "B", "C", "D"], player=3, removed=47)
"""Late in a round: company A a single 4, the reserve 3 dice. Seat 0 rolls 1 die (a 0, which must go on the 4) and
the building falls; its 2 dice come back (4 in the reserve), A is rebuilt from 3 of them, and the last one leaves
the game."""
ONE_DIE_TURN = [*stay(3), "chance: roll 0", *topple(0), *rolls(3, 1, 0)]


@pytest.mark.parametrize(("lang", "said"), [
    ("en", ["Round 1: Ada's turn; company A, 1 die to roll.",
            "Company A's building collapses (2 dice; it gave way above die 1)!",
            "1 die leaves the game; 0 left in the reserve."]),
    ("fr", [f"Manche 1{NBSP}: au tour d'Ada{NBSP}; compagnie A, 1 dé à lancer.",
            f"Le building de la compagnie A s'écroule (2 dés{NBSP}; il a cédé au-dessus du dé 1){NBSP}!",
            f"1 dé est retiré de la partie{NBSP}; il en reste 0 dans la réserve."])])
def test_a_turn_that_rolls_the_reserves_last_die_says_1_die(lang: str, said: list[str]) -> None:
    match = play(ONE_DIE_TURN, start=ONE_DIE_LEFT)
    texts = [GAME.describe(e, lang, NAMES) for e in match.log_for(None)]
    for text in said:
        assert text in texts, texts
    assert not any(re.search(r"\b1 (dice|dés)\b", t) for t in texts), texts
    lines = [line.text for line in RENDERER.event_lines(view_of(match, lang, 120, None), match.log_for(None))]
    removed = "1 die removed." if lang == "en" else "1 dé retiré."
    assert any(line.endswith(removed) for line in lines), lines


@pytest.mark.parametrize(("lang", "one", "three"), [
    ("en", "company A: 1 die, top 4; with Player 1", "company B: 3 dice, top 3; with Player 2"),
    ("fr", f"compagnie A{NBSP}: 1 dé, dessus 4{NBSP}; avec Player 1",
     f"compagnie B{NBSP}: 3 dés, dessus 3{NBSP}; avec Player 2")])
def test_a_one_die_building_is_offered_as_1_die(lang: str, one: str, three: str) -> None:
    """Seat 3 may move its investor to company A, a single die high, or to B, 3 dice high."""
    match = play([], start=ONE_DIE_LEFT)
    view = view_of(match, lang, 120, 3)
    assert {"invest A", "invest B"} <= set(view.legal)
    assert RENDERER.action_label(view, "invest A") == one
    assert RENDERER.action_label(view, "invest B") == three


@pytest.mark.parametrize(("event", "en", "fr"), [
    (Event("turn", {"seat": 0, "round": 3, "company": "B", "count": 1}),
     "Round 3: Ada's turn; company B, 1 die to roll.",
     f"Manche 3{NBSP}: au tour d'Ada{NBSP}; compagnie B, 1 dé à lancer."),
    (Event("turn", {"seat": 0, "round": 3, "company": "B", "count": 3}),
     "Round 3: Ada's turn; company B, 3 dice to roll.",
     f"Manche 3{NBSP}: au tour d'Ada{NBSP}; compagnie B, 3 dés à lancer."),
    (Event("removed", {"count": 1, "reserve": 0}),
     "1 die leaves the game; 0 left in the reserve.",
     f"1 dé est retiré de la partie{NBSP}; il en reste 0 dans la réserve."),
    (Event("removed", {"count": 5, "reserve": 12}),
     "5 dice leave the game; 12 left in the reserve.",
     f"5 dés sont retirés de la partie{NBSP}; il en reste 12 dans la réserve."),
    (Event("takeover", {"tall": "A", "small": "D", "dice": 1}),
     "Takeover: company A must stack the 1 die of company D.",
     f"Rachat{NBSP}: la compagnie A doit empiler 1 dé de la compagnie D."),
    (Event("takeover", {"tall": "A", "small": "D", "dice": 3}),
     "Takeover: company A must stack the 3 dice of company D.",
     f"Rachat{NBSP}: la compagnie A doit empiler les 3 dés de la compagnie D."),
    (Event("placed", {"seat": 0, "face": 3, "company": "C", "height": 1, "margin": 5808}),
     "Ada places a 3 on company C: 1 die, it stands (margin 5.8\u00a0mm).",
     f"Ada pose un 3 sur la compagnie C{NBSP}: 1 dé, il tient (marge 5,8{NBSP}mm)."),
    (Event("record", {"seat": 1, "company": "B", "height": 16}),
     "Bob holds the tallest-building card: company B stands 16 dice high.",
     f"Bob prend la carte du plus haut building{NBSP}: la compagnie B s'élève à 16 dés."),
], ids=["turn-1", "turn-3", "removed-1", "removed-5", "takeover-1", "takeover-3", "placed-1", "record-16"])
def test_a_count_of_dice_in_the_log_agrees_with_its_noun(event: Event, en: str, fr: str) -> None:
    assert GAME.describe(event, "en", NAMES) == en
    assert GAME.describe(event, "fr", NAMES) == fr


@pytest.mark.parametrize(("count", "en", "fr"), [(1, "1 die", "1 dé"), (3, "3 dice", "3 dés")])
def test_a_hint_agrees_with_the_buildings_height(count: int, en: str, fr: str) -> None:
    fields = {"company": "B", "count": count, "income": 20000}
    assert GAME.describe_reason("invest", fields, "en", NAMES) == \
        f"moves your investor to company B ({en}): about $20,000 by the round's end"
    assert GAME.describe_reason("invest", fields, "fr", NAMES) == \
        f"place votre investisseur sur la compagnie B ({fr}){NBSP}: environ 20{NBSP}000{NBSP}$ d'ici la fin " \
        "de la manche"
    assert GAME.describe_reason("short_order", {"count": 21}, "en", NAMES) == \
        "stacks fewer dice: at 21 dice the building stays safer"
    assert GAME.describe_reason("record", {"count": 16}, "fr", NAMES) == "prend la carte du plus haut building à 16 dés"


@pytest.mark.parametrize(("lang", "placed", "turn"), [
    ("en", "Player 1 places a 3 on company A: 1 die, it stands (margin 5.8\u00a0mm).",
     "Player 1, company A: rolls 3; stacks 3; 1 die, margin 5.8\u00a0mm."),
    ("fr", f"Player 1 pose un 3 sur la compagnie A{NBSP}: 1 dé, il tient (marge 5,8{NBSP}mm).",
     f"Player 1, compagnie A{NBSP}: lance 3{NBSP}; empile 3{NBSP}; 1 dé, marge 5,8{NBSP}mm.")])
def test_the_terminal_says_a_one_die_building_as_1_die(lang: str, placed: str, turn: str) -> None:
    """The terminal's lines for a die placed on an empty building (a run of one die, the building 1 die high) and
    for the turn it ends; a building of 3 dice reads « 3 dés »."""
    view = view_of(play([], start=ONE_DIE_LEFT), lang, 120, None)
    die = Event("placed", {"seat": 0, "company": "A", "face": 3, "height": 1, "x": 0, "y": 0, "turn": 0,
                           "margin": 5808})
    assert [line.text for line in RENDERER.event_lines(view, [die])] == [placed]
    head = [Event("turn", {"seat": 0, "round": 1, "company": "A", "count": 1}),
            Event("rolled", {"seat": 0, "dice": "3"}), Event("order", {"seat": 0, "dice": "3"})]
    assert [line.text for line in RENDERER.event_lines(view, [*head, die])] == [turn]
    three = Event("placed", {**die.args, "height": 3})
    assert [line.text for line in RENDERER.event_lines(view, [three])] == \
        [placed.replace("1 die", "3 dice").replace("1 dé", "3 dés")]


def test_the_browsers_record_agrees_with_its_height() -> None:
    """The browser asks for the record's texts by ``plural`` (``web/view.js``): both forms, in both languages."""
    source = (Path(__file__).parents[2] / "src/ludotheque/games/stack_market/web/view.js").read_text(encoding="utf-8")
    for key in ("web.record_none", "web.record_holder", "web.record_title"):
        assert f'plural(ctx, "{key}"' in source and f't("{key}"' not in source
    catalog = GAME.catalog
    assert catalog.plural("en", "web.record_holder", 16, count=16, player="Ada") == "Record: 16 dice, Ada"
    assert catalog.plural("en", "web.record_holder", 1, count=1, player="Ada") == "Record: 1 die, Ada"
    # a record nobody holds yet (« (personne encore) » read badly)
    assert catalog.plural("fr", "web.record_none", 15, count=15) == f"Record{NBSP}: 15 dés (personne pour l'instant)"
    assert catalog.plural("en", "web.record_none", 15, count=15) == "Record: 15 dice (nobody holds it yet)"
    assert catalog.plural("en", "web.record_none", 1, count=1) == "Record: 1 die (nobody holds it yet)"
    assert catalog.plural("fr", "web.record_title", 1, count=1) == f"Le record du plus haut building{NBSP}: 1 dé"


def test_the_margin_is_called_margin_everywhere() -> None:
    """One word for a building's margin, the distance it is from falling: the company card said "safety 6.0 mm" in
    English while the log and the terminal said "margin" (French says « marge » everywhere). Every English text of
    the game (rules, terminal, browser) says "margin" and none "safety"; the browser's card and placement panel ask
    for the texts that say it."""
    catalog = GAME.catalog
    safety = {key: text for key, text in catalog.messages["en"].items() if "safety" in text.lower()}
    assert not safety, safety
    assert catalog.t("en", "web.margin", mm="6.0 mm") == "margin 6.0 mm"
    assert catalog.t("fr", "web.margin", mm="6,0 mm") == "marge 6,0 mm"
    assert catalog.t("en", "web.exact_stands", mm="4.2 mm") == \
        "Placed exactly there, the building stands (margin 4.2 mm)."
    assert "margin 4.2\u00a0mm" in GAME.describe(Event("placed", {"seat": 0, "face": 3, "company": "C", "height": 4,
                                                                   "margin": 4200}), "en", NAMES)
    source = (Path(__file__).parents[2] / "src/ludotheque/games/stack_market/web/view.js").read_text(encoding="utf-8")
    assert 't("web.margin", {' in source and 't("web.exact_stands", {' in source and "web.safety" not in source
