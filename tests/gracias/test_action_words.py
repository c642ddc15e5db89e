"""The words of Gracias's actions: the French screen shows its verbs in the infinitive, like every game's French
commands (« prendre A », « garder rouge donner 2 », as Acquire's « acheter » and Stack Market's « investir »); what
was typed before (« prend A », « garde rouge donne 2 », other persons, English, any case) is still read as the same
action; and a game's record keeps the English text (``take A``, ``keep red give 2``), whatever was typed, so that
saved games still load."""

from __future__ import annotations

import argparse
import io
import random
import re

import pytest
from rich.console import Console

from ludotheque.cli.play import PlaySession, build_session
from ludotheque.engine import CHANCE, GameRecord, Match, get_game
from ludotheque.games.gracias.actions import DEAL, KEEP, TAKE, parse_action
from ludotheque.games.gracias.cards import COLOURS
from ludotheque.games.gracias.terminal import action_words
from tests.cli.terminal_support import scripted

GAME = get_game("gracias")
OLD_FRENCH = re.compile(r"\b(?:prend|garde|donne)\b")
"""The French words the screen showed before (third person): never shown now."""


def french_session(typed: list[str]) -> tuple[PlaySession, io.StringIO]:
    """``ludo play gracias --lang fr``, seat 0 a person to move first (three bots), ``typed`` the person's input."""
    out = io.StringIO()
    args = argparse.Namespace(game="gracias", players=4, option=[], bots="heuristic,heuristic,heuristic", seed=2,
                              names="Ada", load=None, lang="fr")
    session = build_session(args, scripted(typed), Console(file=out, width=100, color_system=None))
    session.table.advance()
    assert session.match.current_player == 0
    return session, out


def test_the_french_choices_are_infinitives() -> None:
    """The numbered choices, the example of the prompt, the refusals (the action repeated in the words shown, and
    the words to write), and after taking a trio the ways to split it."""
    session, out = french_session(["garde rouge donne 1", "n'importe quoi", "prendre A"])
    assert session._person_turn(0) is True
    screen = " ".join(out.getvalue().replace("\u00a0", " ").split())
    assert re.search(r"\b1 prendre A le trio A \(", screen), screen
    assert re.search(r"par exemple « prendre [A-D] »", screen), screen
    assert "« garder rouge donner 1 » : choisissez d'abord un trio ; actions possibles : prendre A, prendre B" in screen
    assert ("écrivez prendre TRIO (par exemple « prendre B »), puis garder COULEUR donner SIÈGE (par exemple "
            "« garder rouge donner 2 »)") in screen
    assert not OLD_FRENCH.search(screen.split("Depuis votre dernier coup")[-1]), screen
    session.table.advance()
    out.truncate(0)
    out.seek(0)
    session.input_fn = scripted([""])  # Enter redraws, then no more input: the person leaves
    session._person_turn(0)
    screen = " ".join(out.getvalue().replace("\u00a0", " ").split())
    assert re.search(r"\b1 garder \w+ donner [1-3] garder la carte ", screen), screen
    assert not OLD_FRENCH.search(screen.split("à vous de jouer")[-1]), screen


def test_every_action_is_shown_in_the_infinitive_and_read_back() -> None:
    for action in (*TAKE[:4], *(KEEP[c][s] for c in range(len(COLOURS)) for s in range(4))):
        shown = action_words(action.text(), "fr")
        assert shown.split()[0] in ("prendre", "garder") and "donne " not in shown + " ", shown
        assert parse_action(shown) is action
    assert action_words("keep red give 2", "fr") == "garder rouge donner 2"
    assert action_words("take D", "fr") == "prendre D"
    assert action_words("deal purple", "fr") == "tirage violet"  # a chance event: a noun, as before
    assert parse_action("tirage violet") is DEAL[COLOURS.index("purple")]


@pytest.mark.parametrize(("typed", "action"), [
    ("prendre B", "take B"), ("prend B", "take B"), ("prends b", "take B"), ("PRENEZ b", "take B"),
    ("Prendre  C", "take C"), ("take b", "take B"),
    ("garder rouge donner 2", "keep red give 2"), ("garde rouge donne 2", "keep red give 2"),
    ("gardes rouge donnes 2", "keep red give 2"), ("Gardez Verte Donnez 1", "keep green give 1"),
    ("garde bleue donner 0", "keep blue give 0"), ("keep violet give 3", "keep purple give 3"),
    ("garder red give 2", "keep red give 2"), ("keep rouge donne 2", "keep red give 2"),
    ("GARDE Jaune DONNE 1", "keep yellow give 1"),
    ("donne rouge", "deal red"), ("tirage rouge", "deal red"), ("deal rouge", "deal red"),
])
def test_old_and_new_forms_read_as_the_same_action(typed: str, action: str) -> None:
    assert parse_action(typed) == parse_action(action)
    assert parse_action(typed).text() == action


def test_actions_are_recorded_in_english_whatever_was_typed() -> None:
    """The same game played by typing English, the new French words and the old ones: one record, every action
    written ``take X`` or ``keep COLOUR give SEAT``, which loads back to the same position."""
    records = []
    for lang in ("en", "fr", "old"):
        match = Match(GAME, 3, {}, seed=7)
        rng = random.Random(7)
        while not match.is_over():
            if match.current_player == CHANCE:
                match.draw_chance()
                continue
            text = rng.choice(match.legal_actions()).text()
            if lang != "en":
                text = action_words(text, "fr")
            if lang == "old":
                text = text.replace("prendre", "prend").replace("garder", "garde").replace("donner", "donne")
            match.apply(text)
        records.append(match.to_record().to_json())
    assert records[0] == records[1] == records[2]
    played = [a.split(": ", 1)[1] for a in records[0]["actions"] if not a.startswith("chance")]
    assert played and all(re.fullmatch(r"take [A-C]|keep (red|yellow|green|blue|purple|orange) give [0-2]", a)
                          for a in played), played
    again = Match.from_record(GameRecord.from_json(records[0]))
    assert again.state.to_json() == Match.from_record(GameRecord.from_json(records[1])).state.to_json()


def test_a_record_written_before_still_loads() -> None:
    """A record as saved before the French words changed (English action texts): it replays, and its actions
    are written back unchanged."""
    match = Match(GAME, 3, {}, seed=1)
    match.run_chance()
    record = match.to_record().to_json()
    record["actions"] += ["0: take B", f"0: keep {_open_colour(match, 1)} give 2"]
    loaded = Match.from_record(GameRecord.from_json(record))
    assert loaded.to_record().to_json()["actions"][-2:] == record["actions"][-2:]
    assert [a.text() for a in TAKE] == ["take A", "take B", "take C", "take D", "take E", "take F"]
    assert KEEP[0][2].text() == "keep red give 2" and DEAL[5].text() == "deal orange"


def _open_colour(match: Match, trio: int) -> str:
    colour = match.state.observation(0)["trios"][trio]["open"][0]
    assert isinstance(colour, str)
    return colour
