"""Acquire's words at the terminal, from a player's review: the end's screen names nobody to move; French commands
are infinitives (« terminer », « choisir Luxor »; the forms shown before still read; records keep English); each
seat's number, name and cash are set apart (« 0 Ada : 6 000 »), in the cash line and the log's final fortunes; the
options' help and the English texts quote with « » and “…”, never with straight quotes."""

from __future__ import annotations

import argparse
import io
import random
import re
from dataclasses import replace

import pytest
from rich.cells import cell_len
from rich.console import Console, RenderableType

from ludotheque.cli.play import _COMMANDS, PlaySession, build_session
from ludotheque.engine import InvalidActionError, Match, get_game
from ludotheque.engine.state import Event
from ludotheque.engine.text import fold
from ludotheque.engine.words import format_int
from ludotheque.games.acquire.actions import _CARD_ALIASES, FRENCH_VERBS, parse_action, parse_disposal
from ludotheque.games.acquire.chains import parse_chain
from ludotheque.games.acquire.options import OPTIONS
from ludotheque.games.acquire.terminal import VERBS, AcquireRenderer, action_words
from tests.acquire.test_terminal import reach_phase
from tests.cli.terminal_support import Screens, play, terminal

GAME = get_game("acquire")
CATALOG = GAME.catalog
RENDERER = AcquireRenderer()
SCREENS = Screens(GAME, RENDERER)
NBSP = "\u00a0"
BOTS = ["Player 0", "Bot 1 (heuristic)", "Bot 2 (random)", "Bot 3 (heuristic)", "Bot 4 (random)",
        "Bot 5 (heuristic)"]
"""Names that end in a number or a bracket, the cases where a seat's name and its cash could run together."""
INFINITIVES = {"passer", "arrêter", "fonder", "choisir", "absorber", "acheter", "terminer", "annoncer", "vendre",
               "échanger", "garder", "tirer"}
NOUNS = {"carte", "ope", "contre"}
"""The card variant's words (a card, the O.P.E. card's exchange, and « contre » in it)."""


def finished(players: int, seed: int) -> Match:
    match = Match(GAME, players, {}, seed)
    match.play_randomly(random.Random(seed))
    assert match.is_over()
    return match


# --- 1. the end's screen -----------------------------------------------------------------------------------
@pytest.mark.parametrize(("lang", "head"), [("en", "Turn 92 · game over · bag: 0"),
                                            ("fr", f"Tour 92 · partie terminée · sac{NBSP}: 0")])
def test_the_end_screen_names_nobody_to_move(lang: str, head: str) -> None:
    """The review's game (``ludo play acquire --bots heuristic,random --seed 3``, "1" at every prompt): Bot 1 placed
    the last tile, on turn 92; the end's header said "Turn 92 · Bot 2 (random) · game over", naming the next seat
    as if it were its turn. It now names nobody."""
    args = argparse.Namespace(game="acquire", players=None, option=[], seed=3, names=None, bots="heuristic,random",
                              load=None, lang=lang)
    piped = Console(file=io.StringIO(), width=80, height=24, record=True, force_terminal=False, color_system=None)
    session = build_session(args, lambda prompt: "", piped)  # output piped, as in the review: the end's whole screen
    end = play(session)[-1]
    header = next(line for line in end.lines if line.startswith(head))
    assert header == head, header
    assert not any(re.search(r"^(Turn|Tour) \d+ · (Player|Joueur|Bot)", line) for line in end.lines), end.text
    last_turn = [line for line in end.lines if re.match(r"• (Turn|Tour) 92\b", line)]
    assert last_turn and "Bot 1" in last_turn[-1], end.text  # the log says whose turn 92 was


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(("width", "height"), [(80, 24), (None, None)])
@pytest.mark.parametrize("seed", range(6))
def test_once_over_the_status_names_no_player_and_offers_no_announcement(lang: str, width: int | None,
                                                                         height: int | None, seed: int) -> None:
    match = finished(3 + seed % 3, seed)
    names = ["Ada", "Bob", "Cy", "Dee", "Eve"][:match.players]
    for seat in (0, None):
        view = replace(SCREENS.view_of(match, lang, width, height, seat=seat), names=names)
        status = SCREENS.draw(view).split("\n")[0]
        turn = view.obs["turn"]
        expected = {("en", True): f"Turn {turn} · game over", ("fr", True): f"Tour {turn} · partie terminée",
                    ("en", False): f"Turn {turn} — the game is over",
                    ("fr", False): f"Tour {turn} — la partie est terminée"}[lang, width is not None]
        assert status.startswith(expected), status
        assert not any(name in status for name in names), status
        # A game that stalled with the end possible (nobody could place a tile, so nobody announced): nothing is
        # left to announce, and the screen does not offer it.
        stalled = replace(view, obs={**view.obs, "announced": False, "end_possible": True, "end_reason": "stalled"})
        text = SCREENS.draw(stalled)
        assert "may be announced now" not in text and "peut être annoncée maintenant" not in text, text


# --- 2. French command words -------------------------------------------------------------------------------
def test_the_french_command_words_are_infinitives() -> None:
    assert VERBS["fr"]["done"] == "terminer" and VERBS["fr"]["survivor"] == "choisir"
    assert set(VERBS["fr"].values()) == INFINITIVES | NOUNS


def test_choisir_collides_with_no_other_word() -> None:
    """« choisir » is read as one thing only: no other French or English action word, chain, card or command of
    the terminal is written so (« choix » is the terminal's ``list``)."""
    assert [k for k, v in FRENCH_VERBS.items() if fold(k) == "choisir"] == ["choisir"]
    assert "choisir" not in VERBS["en"].values() and list(VERBS["fr"].values()).count("choisir") == 1
    assert "choisir" not in _CARD_ALIASES and "choisir" not in _COMMANDS and "terminer" not in _COMMANDS
    with pytest.raises(InvalidActionError):
        parse_chain("choisir")
    with pytest.raises(InvalidActionError, match="name the chain"):  # alone, it asks for the chain
        parse_action("choisir")


@pytest.mark.parametrize(("typed", "record"), [
    ("terminer", "done"), ("Terminer", "done"), ("terminé", "done"), ("termine", "done"), ("fini", "done"),
    ("done", "done"), ("choisir Luxor", "survivor Luxor"), ("choisir l", "survivor Luxor"),
    ("survivante Luxor", "survivor Luxor"), ("survivant Luxor", "survivor Luxor"), ("survivor Luxor", "survivor Luxor"),
])
def test_the_infinitives_and_the_older_forms_read_and_the_record_keeps_english(typed: str, record: str) -> None:
    assert parse_action(typed).text() == record
    assert action_words(record, "fr") in ("terminer", "choisir Luxor")
    assert action_words(record, "en") == record


def test_typing_terminer_ends_the_purchases_and_the_record_says_done() -> None:
    """« terminer » was refused as « n'est pas une action »; at the buy step it ends the turn, recorded as ``done``."""
    for typed in ("terminer", "terminé", "done"):
        match = reach_phase("buy")
        seat = match.current_player
        session = PlaySession(match, "fr", lambda prompt: "", terminal(80, 24))
        action = session._read_action(seat, typed)
        assert action is not None and action.text() == "done", typed
        match.apply(action)
        assert match.to_record().to_json()["actions"][-1] == f"{seat}: done"


def test_choisir_also_reads_as_the_absorbed_chain_settled_next() -> None:
    """The step is said « choisir la chaîne réglée ensuite »: ``choisir Festival`` then means ``absorb Festival``
    (the choices show « absorber Festival »); at the survivor's step it means ``survivor``."""
    state = GAME.state_from_json({
        "players": 3, "board": {"Prestige": ["6A", "7A", "6B", "6C", "6D"], "Festival": ["3E", "4E", "5E"],
                                "Oriental": ["7E", "8E", "9E"], "Airport": ["6F", "6G"]},
        "hands": [["6E"], [], []], "shares": [{"Oriental": 1}, {"Festival": 2}, {"Oriental": 1}]})
    state.apply(state.parse_action("6E"))
    assert state.observation(0)["phase"] == "absorb_order"
    assert state.parse_action("choisir Festival").text() == "absorb Festival"
    assert state.parse_action("absorber Festival").text() == "absorb Festival"
    tie = GAME.state_from_json({"players": 3, "board": {"Luxor": ["1A", "2A"], "Festival": ["4A", "5A"]},
                                "hands": [["3A"], [], []]})
    tie.apply(tie.parse_action("3A"))
    assert tie.observation(0)["phase"] == "survivor"
    assert tie.parse_action("choisir Luxor").text() == "survivor Luxor"
    assert action_words("survivor Luxor", "fr") == "choisir Luxor"


def _quoted(text: str, lang: str) -> list[str]:
    return re.findall(f"«{NBSP}([^»]*?){NBSP}»" if lang == "fr" else "“([^”]*)”", text)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_command_the_texts_show_reads_back_and_is_an_infinitive_in_french(lang: str) -> None:
    """The help, the refusals' list of actions and every quoted command: what they show reads back, and in French
    the words are the infinitives (« terminé » and « survivante » are no longer shown)."""
    messages = {k: v for k, v in CATALOG.messages[lang].items() if not k.startswith("error.position.")}
    shown = [*_quoted("\n".join(messages.values()), lang)]
    help_lines = [line.strip().split("  ")[0] for line in messages["help.actions"].split("\n")[1:]
                  if line.startswith("  ") and line.split() and "," not in line.strip().split("  ")[0]]
    syntax = re.sub(r" \([^)]*\)$", "", re.split(r"; write |\u00a0; écrivez ", messages["error.syntax"])[1])
    listed = re.split(r", | or | ou ", syntax)
    placeholders = {"CHAÎNE": "Luxor", "CHAIN": "Luxor", "NOM": "héritage", "NAME": "inheritance", "N": "2"}
    commands = [re.sub(r"\b(CHAÎNE|CHAIN|NOM|NAME|N)\b", lambda m: placeholders[m[1]], c)
                for c in shown + help_lines + listed]
    verbs = set(VERBS[lang].values())
    read = set()
    for command in commands:
        head = command.split()[0] if command.split() else ""
        if head not in verbs:
            continue  # a word quoted, not a command (« liste », “5C”)
        if head in (VERBS[lang]["sell"], VERBS[lang]["trade"], VERBS[lang]["keep"]):
            parse_disposal(command)  # a shorthand, completed by the position (« garder tout », “sell 3”)
        else:
            parse_action(command)
        read.add(head)
    assert set(VERBS[lang].values()) - {VERBS[lang][k] for k in ("for", "draw", "trade")} <= read, read  # every command
    if lang == "fr":
        everything = "\n".join(messages.values())
        assert not re.search(r"\b(terminé|survivante)\b", everything.replace("partie est terminée", ""))
        assert "choisir CHAÎNE" in messages["error.syntax"] and ", terminer," in messages["error.syntax"]
        assert "choisir Luxor" in messages["help.actions"]


# --- 3. each seat's number, name and cash apart -------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("players", [4, 6])
@pytest.mark.parametrize("tight", [0, 1, 2])
def test_the_cash_line_sets_each_seats_number_name_and_cash_apart(lang: str, players: int, tight: int) -> None:
    """« Argent : 0 Joueur 0 : 6 000 · 1 Bot 1 (heuristique) : 6 000 », "Cash: 0 Player 0: 6,000 · …" (by seat
    number alone when the screen is short: "0: 6,000"); never "Player 0 6,000"; within 80 columns."""
    match = reach_phase("buy", players)
    view = replace(SCREENS.view_of(match, lang, 80, 24), names=BOTS[:players])
    text = _render(RENDERER.players_line(view, tight))
    lines = text.rstrip("\n").split("\n")
    assert max(cell_len(line) for line in lines) <= 80, text
    flat = "\n".join(lines)
    colon = f"{NBSP}:" if lang == "fr" else ":"
    assert flat.startswith(f"Argent{NBSP}: 0" if lang == "fr" else "Cash: 0"), flat
    for p in view.obs["players"]:
        seat, cash = p["seat"], format_int(p["cash"], lang)
        name = "" if tight >= 2 else " " + re.escape(BOTS[seat])
        assert re.search(rf"(?<!\S){seat}{name}{colon} {re.escape(cash)}(?!\S)", flat), (seat, flat)
    assert not re.search(r"(\d|\)) [\d]", flat.replace(f"{NBSP}", "_")), flat  # a name never runs into an amount


def _render(renderable: RenderableType) -> str:
    console = Console(file=io.StringIO(), width=80, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_end_screen_and_the_logs_final_fortunes_keep_names_and_amounts_apart(lang: str) -> None:
    match = finished(6, 2)
    view = replace(SCREENS.view_of(match, lang, 80, 24, seat=None), names=BOTS)
    text = SCREENS.draw(view)
    assert max(cell_len(line) for line in text.rstrip("\n").split("\n")) <= 80, text
    cash = match.state.observation(None)["players"]
    colon, sep = (f"{NBSP}:", f"{NBSP}; ") if lang == "fr" else (":", "; ")
    flat = " ".join(text.split())
    for p in cash:
        said = f"{p['seat']} {BOTS[p['seat']]}{colon} {format_int(p['cash'], lang)}"
        assert " ".join(said.split()) in flat, (said, text)
    final = next(e for e in match.log_for(None) if e.kind == "final_cash")
    line = GAME.describe(final, lang, BOTS)
    totals = sep.join(f"{name}{colon} {format_int(c, lang)}" for name, c in zip(BOTS, final.args["cash"], strict=True))
    assert line == (f"Final fortunes: {totals}." if lang == "en" else f"Fortunes finales{NBSP}: {totals}."), line
    assert GAME.describe(Event("final_cash", {"cash": [100, 5200]}), "fr", ["Joueur 0", "Bot 1"]) == \
        f"Fortunes finales{NBSP}: Joueur 0{NBSP}: 100{NBSP}; Bot 1{NBSP}: 5{NBSP}200."


# --- 4, 5. quotations: « » in French, “…” in English -------------------------------------------------------
def test_the_options_help_quotes_with_guillemets_and_curly_quotes() -> None:
    end_rule = next(o for o in OPTIONS if o.name == "end_rule")
    assert "“all seven chains on the board, all safe” (seed:" in end_rule.help_en
    assert "“every chain on the board safe” (classic:" in end_rule.help_en
    assert "(seed: the rulebook's “7 chains of more than 10 hotels”)" in end_rule.help_en  # translated
    assert f"«{NBSP}les sept chaînes sur le plateau, toutes fermées{NBSP}» (seed{NBSP}:" in end_rule.help_fr
    assert f"«{NBSP}toutes les chaînes du plateau fermées{NBSP}» (classic{NBSP}:" in end_rule.help_fr
    for option in OPTIONS:
        for text in (option.help_en, option.help_fr):
            assert not re.search(r"(?<![A-Za-z])'", text), text  # an apostrophe only, never a quotation mark
        assert not re.search(r"« | »", option.help_fr), option.help_fr


def test_english_texts_quote_with_curly_quotes() -> None:
    """A straight ' is an apostrophe only (after a letter: "rulebook's", "players'"), never a quotation mark: in the
    refusals, the position refusals and the help."""
    wrong = {key: text for key, text in CATALOG.messages["en"].items() if re.search(r"(?<![A-Za-z}])'", text)}
    assert not wrong, wrong
    assert CATALOG.t("en", "error.needs_chain", text="found") == "“found”: name the chain, e.g. “found Luxor”"
    assert CATALOG.t("en", "error.not_legal", action="buy Luxor", step="place a tile") == \
        "“buy Luxor” is not legal now (step: place a tile)"
    assert CATALOG.t("en", "error.position.hands_count_other", count=2, players=3) == \
        "“hands” lists 2 hands for 3 players"
