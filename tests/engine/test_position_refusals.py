"""A malformed position (a record's ``start``) is refused in the reader's language: every ``StateFormatError`` a
shipped game raises carries a reason (``position.<what>``) that its catalogue, or the engine's, says in French and
in English with the fields given (``engine/errors.py``)."""

from __future__ import annotations

import ast
import importlib
import json
import string
from pathlib import Path
from typing import Any

import pytest

from ludotheque.cli.main import main
from ludotheque.engine.errors import Reason, StateFormatError, as_json
from ludotheque.engine.game import all_games, get_game
from ludotheque.engine.i18n import LANGUAGES, Catalog
from ludotheque.engine.texts import ENGINE_TEXTS

SHIPPED = [g for g in all_games() if type(g).__module__.startswith("ludotheque.")]


def _sources(module: str) -> list[Path]:
    """The Python files of the package that ``module`` is or belongs to."""
    found = importlib.import_module(module)
    if not hasattr(found, "__path__"):
        found = importlib.import_module(module.rsplit(".", 1)[0])
    return sorted(Path(found.__file__ or "").parent.rglob("*.py"))


def _refusals(path: Path) -> list[ast.Call]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node for node in ast.walk(tree) if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id == "StateFormatError"]


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


CASES = [(g.info.name, path) for g in SHIPPED for path in _sources(type(g).__module__)
         if _refusals(path)] + [("engine", p) for p in _sources("ludotheque.engine") if _refusals(p)]


@pytest.mark.parametrize(("game", "path"), CASES, ids=[f"{g}:{p.name}" for g, p in CASES])
def test_every_refusal_of_a_position_has_words_in_both_languages(game: str, path: Path) -> None:
    """Each ``StateFormatError(message, Reason("position.<what>", {...}))`` names a key of its catalogue whose French
    and English texts use only the fields it gives (read from the source: a literal key and a literal dict)."""
    catalog: Catalog = ENGINE_TEXTS if game == "engine" else get_game(game).catalog
    problems = []
    for call in _refusals(path):
        where = f"{path.name}:{call.lineno}"
        reason = call.args[1] if len(call.args) == 2 else None
        if not (isinstance(reason, ast.Call) and isinstance(reason.func, ast.Name) and reason.func.id == "Reason"
                and reason.args and isinstance(reason.args[0], ast.Constant)):
            problems.append(f"{where}: no Reason(\"position.…\", {{…}}) given")
            continue
        key = str(reason.args[0].value)
        given: set[str] = set()
        if len(reason.args) > 1:
            if not isinstance(reason.args[1], ast.Dict):
                problems.append(f"{where}: the reason's fields are not a literal dict")
                continue
            given = {str(k.value) for k in reason.args[1].keys if isinstance(k, ast.Constant)}
            given |= {name.removesuffix("_key") for name in given if name.endswith("_key")}  # a key said in words
        forms = [f"error.{key}"] if catalog.has(f"error.{key}") else [f"error.{key}_one", f"error.{key}_other"]
        if not key.startswith("position.") or not all(map(catalog.has, forms)):
            problems.append(f"{where}: error.{key} is not in the catalogue")
            continue
        if len(forms) == 2 and "count" not in given:
            problems.append(f"{where}: error.{key} has two forms but no count is given")
        for lang in LANGUAGES:
            missing = set().union(*(_fields(catalog.messages[lang][form]) for form in forms)) - given
            if missing:
                problems.append(f"{where}: error.{key} ({lang}) uses {sorted(missing)}, not given")
    assert not problems, "\n".join(problems)


def test_nested_refusals_are_said_by_the_same_catalogue() -> None:
    inner = Reason("position.players", {"value": as_json("deux")})
    outer = Reason("position.options", {"detail": inner})
    assert ENGINE_TEXTS.reason("fr", outer) == ("les options de la position\u00a0: «\u00a0players\u00a0» = "
                                                 "\"deux\"\u00a0: une position doit dire combien de joueurs il y a")
    assert ENGINE_TEXTS.reason("en", outer) == ("the position's options: 'players' = \"deux\": a position must say how "
                                                 "many players there are")


def test_a_value_is_shown_as_the_file_writes_it() -> None:
    assert as_json("é") == '"é"' and as_json(None) == "null" and as_json([1, True]) == "[1, true]"
    assert as_json({1, 2}) == "{1, 2}"  # not JSON: as Python writes it


def _record(game: str, start: dict[str, Any]) -> dict[str, Any]:
    return {"version": 3, "game": game, "players": 3, "options": {}, "seats": [{"name": n} for n in "ABC"],
            "seed": 1, "start": start, "actions": []}


@pytest.mark.parametrize(("start", "en", "fr"), [
    ({"game": "acquire", "players": "three"}, "'players' = \"three\": a position must say how many players there are",
     "«\u00a0players\u00a0» = \"three\"\u00a0: une position doit dire combien de joueurs il y a"),
    ({"game": "acquire", "players": 3, "colour": 1}, "unknown position field \"colour\"",
     "champ de position inconnu \"colour\"\u00a0; les champs sont\u00a0:"),
    ({"game": "gracias", "players": 3}, "a position of Acquire is a JSON object",
     "une position de Grand Hôtel est un objet JSON avec"),
])
def test_ludo_replay_says_a_malformed_start_in_the_users_language(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                  start: dict[str, Any], en: str, fr: str) -> None:
    path = tmp_path / "start.json"
    path.write_text(json.dumps(_record("acquire", start)), encoding="utf-8")
    for lang, words in (("en", en), ("fr", fr)):
        assert main(["replay", str(path), "--lang", lang]) == 2
        err = capsys.readouterr().err
        assert words in err, err
    assert main(["replay", str(path), "--lang", "fr"]) == 2
    assert "position" in capsys.readouterr().err


def test_a_malformed_position_still_raises_its_english_message() -> None:
    with pytest.raises(StateFormatError, match="a position must say how many players") as caught:
        get_game("acquire").state_from_json({"game": "acquire", "players": None})
    assert caught.value.reason == Reason("position.players", {"value": "null"})


def test_a_start_positions_options_are_checked_as_the_records(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """A start position's own options are refused in the user's language, naming where they are, as the record's."""
    path = tmp_path / "start.json"
    path.write_text(json.dumps(_record("acquire", {"game": "acquire", "players": 3, "options": {"cards": "maybe"}})),
                    encoding="utf-8")
    assert main(["replay", str(path), "--lang", "fr"]) == 2
    err = capsys.readouterr().err
    assert "cards vaut \"maybe\" dans start.options, mais il faut" in err, err
    path.write_text(json.dumps(_record("acquire", {"game": "acquire", "players": 3, "options": {"colour": 1}})),
                    encoding="utf-8")
    assert main(["replay", str(path), "--lang", "fr"]) == 2
    err = capsys.readouterr().err
    assert "«\u00a0colour\u00a0» dans start.options n'est pas un réglage de Grand Hôtel" in err, err


@pytest.mark.parametrize(("options", "players", "en", "fr"), [
    ({"cards": "peut-être"}, 3, "option cards = \"peut-être\": allowed values are true or false (yes or no)",
     "option cards = \"peut-être\"\u00a0: les valeurs permises sont oui ou non (true ou false)"),
    ({"end_rule": "x"}, 3, "option end_rule = \"x\": allowed values are \"seed\", \"classic\"",
     "option end_rule = \"x\"\u00a0: les valeurs permises sont \"seed\", \"classic\""),
    ({"colour": 1}, 3, "acquire has no option \"colour\"; its options are: end_rule, cards, secret_holdings",
     "le jeu acquire n'a pas d'option \"colour\"\u00a0; ses options sont\u00a0: end_rule, cards, secret_holdings"),
    ({}, 9, "acquire is for 2 to 6 players, not 9", "le jeu acquire se joue de 2 à 6 joueurs, pas 9"),
    ("x", 3, "acquire's options are given as an object of name: value, not \"x\"",
     "les options du jeu acquire s'écrivent comme un objet nom\u00a0: valeur, pas \"x\""),
])
def test_a_positions_options_are_refused_whole_in_each_language(options: Any, players: int, en: str,
                                                                 fr: str) -> None:
    """What is wrong with a position's options is said in the reader's language too, not only its frame."""
    with pytest.raises(StateFormatError) as refused:
        get_game("acquire").state_from_json({"game": "acquire", "players": players, "options": options})
    reason = refused.value.reason
    assert ENGINE_TEXTS.reason("en", reason) == f"the position's options: {en}"
    assert ENGINE_TEXTS.reason("fr", reason) == f"les options de la position\u00a0: {fr}"


@pytest.mark.parametrize("raw", ["0", "99", "deux", 2.5, None])
def test_every_refusal_of_an_option_value_has_a_reason_in_both_languages(raw: Any) -> None:
    """Each way an option's value is refused (``OptionSpec.parse``) names a text of the engine's catalogue."""
    from ludotheque.engine.errors import OptionError

    specs = [o for g in SHIPPED for o in g.info.options + g.info.seat_options]
    for spec in specs:
        try:
            spec.parse(raw)
        except OptionError as e:
            assert e.reason is not None and e.reason.key.startswith("option."), (spec.name, raw)
            for lang in LANGUAGES:
                said = ENGINE_TEXTS.reason(lang, e.reason)
                assert said is not None and spec.name in said and "{" not in said, (spec.name, raw, lang, said)


@pytest.mark.parametrize(("typed", "value"), [("1800", 1800), ("1 800", 1800), ("1\u00a0800", 1800), ("1,800", 1800),
                                              (" 8 000 ", 8000), ("0", 0)])
def test_a_whole_number_option_reads_as_the_screen_writes_it(typed: str, value: int) -> None:
    spec = next(o for o in get_game("stack-market").info.seat_options if o.name == "steadiness")
    assert spec.parse(typed) == value


@pytest.mark.parametrize("typed", ["1,5", "18,00", "1 8", "1 8000", "1,800.5"])
def test_a_number_that_is_not_whole_is_not_read_as_one(typed: str) -> None:
    from ludotheque.engine.errors import OptionError

    spec = next(o for o in get_game("stack-market").info.seat_options if o.name == "steadiness")
    with pytest.raises(OptionError, match="whole number"):
        spec.parse(typed)
