"""Every catalogue entry (the terminal's and every registered game's), in French and English.

Each entry is formatted with sample values for its fields, counts at 1 and at 2 and 3, and must: format
without error and leave no brace; have the same fields in both languages; not be left in English in the French
catalogue (a few entries are the same words in both, listed); agree in number with its count (no "1 Luxor
shares", no "2 … tile"; ``_one`` / ``_other`` variants come in pairs); follow each language's typography (French:
a no-break space before « : ; ! ? » and inside « », so that a line is never cut before its punctuation, and no
English quotes; English: none of those spaces or guillemets).
Then the texts the review found wrong are checked as a player reads them.
"""

from __future__ import annotations

import re
import string
from typing import Any

import pytest

from ludotheque.bots.hints import WORDS
from ludotheque.cli.texts import UI
from ludotheque.engine.game import all_games, get_game
from ludotheque.engine.i18n import Catalog
from ludotheque.engine.state import Event
from ludotheque.engine.texts import ENGINE_TEXTS

CATALOGUES: list[tuple[str, Catalog]] = [("cli", UI), ("bots", WORDS), ("engine", ENGINE_TEXTS),
                                         *((g.info.name, g.catalog) for g in all_games())]

WORDS: dict[str, str] = {
    "player": "Ada", "receiver": "Bob", "name": "Ada", "names": "Ada", "chain": "Luxor", "survivor": "Luxor",
    "absorbed": "Festival", "chains": "Festival et Luxor", "take": "Luxor", "give0": "Festival", "give1": "Luxor",
    "tile": "5C", "tiles": "5C", "hand": "5C, 6D", "card": "Héritage", "reason": "r", "step": "s", "phase": "p",
    "game": "Jeu", "wanted": "Jeu", "title": "Jeu", "path": "f.json", "action": "a", "text": "t", "allowed": "a",
    "colour": "c", "keep": "c", "given": "c", "hidden": "c", "first": "c", "second": "c", "colours": "c",
    "packets": "c", "discarded": "c", "totals": "Ada 3", "cash": "Ada 6 000", "parts": "p", "holders": "Ada",
    "sales": "Ada", "trio": "B", "last": "D", "codes": "AFILOPC", "verb": "v", "seed": "7", "bots": "random",
    "ignored": "--seed", "options": "cards", "pair": "cards", "value": "oui", "kind": "int", "example": "e",
    "mark": "▲", "grand": "◆", "opener": "◇", "safe": "■", "packet": "■", "why": "w", "given_bot": "x",
    "seats": "random", "formats": ".png", "folder": "d", "rates": "r", "ends": "e", "fair": "0,5", "length": "9",
    "wins": "w", "shares_list": "s", "amount": "2 000", "price": "600", "income": "1 200",
}
"""Sample values of the fields that are words (names, texts already written, amounts already formatted)."""
AT_LEAST_TWO: dict[str, int] = {"size": 2, "limit": 3, "players": 2, "min": 2, "max": 6, "index": 2,
                                "round": 2, "tour": 2, "turn": 2, "number": 2, "seat": 2,
                                "traded": 2}
"""Count fields that are never 1 here (a chain has 2 hotels or more; a game 2 players or more; an ordinal; shares
traded go two by two)."""
SAME_WORDS = {
    ("bots", "level.expert"),
    ("cli", "seat.bot"), ("cli", "screen.title"), ("cli", "screen.prompt"), ("cli", "end.fortune"),
    ("cli", "simulate.bot"), ("cli", "games.option"), ("acquire", "ui.score"), ("acquire", "ui.hidden"),
    ("acquire", "card.exchange"),
    ("acquire", "summary.holder"), ("acquire", "event.dispose"),
    ("gracias", "ui.score"), ("gracias", "ui.total"), ("gracias", "ui.points"),
    ("gracias", "ui.trios_short"), ("gracias", "colour.orange"), ("gracias", "colour_name.orange"),
    ("gracias", "colours.orange"), ("cli", "args.mv_url"), ("cli", "args.mv_table"),
}
"""Entries that are the same words in French and English (names, symbols, « Fortune », « Total »…)."""

PLURALS = {
    "en": r"shares|tiles|hotels|cards|points|events|players|games|actions|choices|packets|bots|names|seats|rounds|dice",
    "fr": r"actions|pions|hôtels|cartes|événements|joueurs|parties|paquets|bots|noms|places|sièges|manches|tours|dés",
}
SINGULARS = {"en": r"share|tile|hotel|card|event|choice|packet", "fr": r"action|pion|hôtel|carte|événement|paquet"}


def fields_of(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def sample(template: str, count: int) -> dict[str, Any]:
    """Every field: its word, else a count (``count``, or at least 2 where a count is never 1)."""
    return {f: WORDS.get(f, AT_LEAST_TWO.get(f, count)) for f in fields_of(template)}


ENTRIES = [(name, key) for name, catalog in CATALOGUES for key in sorted(catalog.messages["en"])]


def test_every_registered_game_and_the_terminal_are_checked() -> None:
    names = {name for name, _ in CATALOGUES}
    assert {"cli", "acquire", "gracias"} <= names
    assert len(ENTRIES) > 300


@pytest.mark.parametrize(("name", "key"), ENTRIES, ids=[f"{n}:{k}" for n, k in ENTRIES])
def test_entry(name: str, key: str) -> None:
    catalog = dict(CATALOGUES)[name]
    en, fr = catalog.messages["en"][key], catalog.messages["fr"][key]
    assert fields_of(en) == fields_of(fr), f"{key}: the French and English texts have different fields"
    counts = (1,) if key.endswith("_one") else (2, 3) if key.endswith("_other") else (1, 2, 3)
    for lang, template in (("en", en), ("fr", fr)):
        for count in counts:
            text = template.format(**sample(template, count))
            assert "{" not in text and "}" not in text, (key, lang, text)
            if count == 1:  # no "1 Luxor shares", "1 pions"
                plural = re.search(rf"(?<![\d,.\u00a0])1 (?:[A-ZÉ][\w'-]* )?({PLURALS[lang]})\b", text)
                assert plural is None, f"{key} ({lang}): a plural after 1 in {text!r}"
            else:  # no "2 Luxor share"
                singular = re.search(rf"(?<![\d,.\u00a0])[23] (?:[A-ZÉ][\w'-]* )?({SINGULARS[lang]})\b", text)
                assert singular is None, f"{key} ({lang}): a singular after {count} in {text!r}"
    if (name, key) not in SAME_WORDS:
        assert en.format(**sample(en, 2)) != fr.format(**sample(fr, 2)), f"{key}: the French text is the English one"
    variant = re.fullmatch(r"(.*)_(one|other)", key)
    if variant:
        other = f"{variant.group(1)}_{'other' if variant.group(2) == 'one' else 'one'}"
        assert catalog.has(other), f"{key} has no {other}"


@pytest.mark.parametrize(("name", "key"), ENTRIES, ids=[f"{n}:{k}" for n, k in ENTRIES])
def test_typography(name: str, key: str) -> None:
    catalog = dict(CATALOGUES)[name]
    fr, en = catalog.messages["fr"][key], catalog.messages["en"][key]
    assert not re.search(r"\S[:;!?](?=\s|$)", fr), f"{key}: French puts a space before : ; ! ? in {fr!r}"
    shipped = name in ("cli", "bots", "engine") or type(get_game(name)).__module__.startswith("ludotheque.")
    if shipped:  # the browser's texts too: it wraps at an ordinary space, and would start a line with « : »
        assert not re.search(r" [:;!?»%]|« ", fr), \
            f"{key}: French puts a no-break space (U+00A0) before : ; ! ? » % and after «, in {fr!r}"
    assert not re.search(r"«\S|\S»", fr), f"{key}: French guillemets take spaces inside, in {fr!r}"
    assert not re.search(r"[“”\"]", fr), f"{key}: French quotes with « », in {fr!r}"
    if shipped:
        assert "’" not in fr + en, f"{key}: the project's texts take the straight apostrophe ', in {fr!r} / {en!r}"
    assert not re.search(r" [:;!?](?=\s|$)|[«»]", en), f"{key}: English typography in {en!r}"


def test_the_web_pages_own_texts_are_set_as_french_sets_them() -> None:
    """The lobby's, the table's and the account pages' texts (``server/locale``): a no-break space before : ; ! ? » %
    and inside « », so that the browser never starts a line with « : » or ends one with « »."""
    from ludotheque.server.protocol import SERVER_TEXTS

    wrong = {key: fr for key, fr in SERVER_TEXTS.messages["fr"].items()
             if re.search(r" [:;!?»%]|« |\S[:;!?](?=\s|$)|’", fr)}
    assert not wrong, wrong


OPTION_HELPS = [(g.info.name, f"{o.name}:{part}", text) for g in all_games()
                if type(g).__module__.startswith("ludotheque.") for o in (*g.info.options, *g.info.seat_options)
                for part, text in (("help", o.help_fr), ("title", o.title_fr),
                                   *((f"label={v}", fr) for v, _, fr in o.labels))]
"""Each option's French help, title and choices' labels (the form's words)."""


@pytest.mark.parametrize(("game", "option", "fr"), OPTION_HELPS, ids=[f"{g}:{o}" for g, o, _ in OPTION_HELPS])
def test_option_help_typography(game: str, option: str, fr: str) -> None:
    """An option's French help (``ludo --lang fr games``, the browser's table setup) is set as French sets it."""
    assert not re.search(r"\S[:;!?](?=\s|$)", fr), f"{game} {option}: French puts a space before : ; ! ? in {fr!r}"
    assert not re.search(r" [:;!?»%]|« ", fr), \
        f"{game} {option}: French puts a no-break space (U+00A0) before : ; ! ? » % and after «, in {fr!r}"
    assert not re.search(r"«\S|\S»", fr), f"{game} {option}: French guillemets take spaces inside, in {fr!r}"


def describe(game: str, kind: str, lang: str, **args: Any) -> str:
    return get_game(game).describe(Event(kind, args), lang, ["Ada", "Bob", "Cy", "Dee"])


def test_the_texts_the_review_found() -> None:
    # English plurals agree with their counts.
    assert describe("acquire", "bank_holding", "en", tile="1F", chain="Continental", shares=1) == \
        "The bank draws 1F: it holds 1 Continental share."
    assert "9 Continental shares" in describe("acquire", "bank_holding", "en", tile="9F", chain="Continental",
                                              shares=9)
    assert describe("acquire", "discard_dead", "en", seat=0, tiles=["2F"]) == "Ada discards the dead tile 2F."
    assert describe("acquire", "discard_dead", "fr", seat=0, tiles=["2F", "3F"]) == \
        "Ada défausse les pions injouables 2F et 3F."
    assert describe("acquire", "final_sale", "fr", seat=1, chain="Luxor", shares=1, income=700) == \
        "Bob vend 1 action Luxor pour 700."
    # Lists are joined with "and" / "et"; amounts are written as each language writes them.
    assert describe("acquire", "merger", "fr", seat=0, tile="8C", chains=["Festival", "Luxor"], sizes=[2, 3]) == \
        "Ada pose 8C et fusionne Festival et Luxor."
    assert describe("acquire", "merger", "en", seat=0, tile="8C", chains=["Airport", "Festival", "Luxor"],
                    sizes=[2, 2, 3]) == "Ada places 8C and merges Airport, Festival and Luxor."
    assert describe("acquire", "bonus", "fr", seat=1, chain="Luxor", amount=7000) == \
        "Bob reçoit 7\u00a0000 de prime d'actionnaire majoritaire (Luxor)."
    assert "7,000" in describe("acquire", "bonus", "en", seat=1, chain="Luxor", amount=7000)
    # Gracias: a colour agrees with « carte »; counts name the colour.
    assert describe("gracias", "keep", "fr", seat=0, keep="green", give_to=1, given="blue") == \
        "Ada garde la carte verte et donne la carte bleue à Bob. Gracias\u00a0!"
    assert describe("gracias", "reveal", "fr", seat=2, hidden={"green": 2, "purple": 1}) == \
        "Cy retourne ses cartes cachées\u00a0: 2 × vert et 1 × violet."
    # The rulebook's words: « actionnaire principal » and « deuxième actionnaire principal », « petit ouvreur ».
    acquire_rules = get_game("acquire").catalog.t("fr", "rules.summary")
    assert "l'actionnaire principal et le deuxième actionnaire principal" in acquire_rules
    assert "secondaire" not in acquire_rules
    assert "petit ouvreur" in get_game("gracias").catalog.t("fr", "ui.openers", grand="Ada", opener="Bob")
