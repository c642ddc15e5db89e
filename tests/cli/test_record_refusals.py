"""Every refusal of a game record (``engine/record.py``) carries a ``Reason`` whose sentences the CLI catalogue
holds in English and French (``record.*``), so that a French player reads why a saved game was refused in French:
in ``ludo replay`` and ``ludo play --load`` (``record_refusal``) and in a tournament's folder (``ludo tournament``).

The malformed records below reach every ``raise RecordError`` of the record module (checked against its source).
"""

from __future__ import annotations

import ast
import json
import re
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ludotheque.cli.main import main
from ludotheque.cli.start import record_refusal
from ludotheque.cli.texts import UI
from ludotheque.engine import GameRecord, RecordError
from ludotheque.engine import record as record_module
from ludotheque.engine.errors import Reason
from ludotheque.engine.record import (
    MAX_ACTION_CHARS,
    MAX_ACTIONS,
    MAX_CONTAINERS,
    MAX_NAME_CHARS,
    MAX_OPTIONS,
    MAX_RECORD_BYTES,
    MAX_START_DEPTH,
    MAX_START_VALUES,
)

PATH = "partie.json"
"""The file name the French refusals name (for the records refused before any file is read)."""


def base(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": "ludotheque-record", "version": 2, "game": "acquire", "players": 3, "options": {},
        "seats": [{"name": f"P{i}", "bot": None} for i in range(3)], "seed": 1, "start": None,
        "actions": ["chance: draw 1A", "0: 1A"]}
    data.update(changes)
    return data


def without(key: str) -> dict[str, Any]:
    data = base()
    del data[key]
    return data


def seat(value: Any) -> dict[str, Any]:
    data = base()
    data["seats"][0] = value
    return data


def nested(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


def from_json(data: Any) -> Callable[[Path], Any]:
    return lambda _: GameRecord.from_json(data)


def loads(text: str) -> Callable[[Path], Any]:
    return lambda _: GameRecord.loads(text)


def load_bytes(content: bytes | None, size: int = 0) -> Callable[[Path], Any]:
    """``GameRecord.load`` of a file holding ``content`` (None: no such file; ``size``: a sparse file that long)."""
    def call(folder: Path) -> Any:
        path = folder / "saved.json"
        if content is not None:
            path.write_bytes(content)
        if size:
            with path.open("wb") as f:
                f.truncate(size)
        return GameRecord.load(path)
    return call


GOOD = {"file": "luxembourg_shopping/data/board.toml", "sha256": "0" * 64}
CASES: dict[str, Callable[[Path], Any]] = {
    # the file and its text
    "unreadable": load_bytes(None),
    "file_too_large": load_bytes(b"", MAX_RECORD_BYTES + 1),
    "not_utf8": load_bytes(b'{"game": "\xff"}'),
    "text_too_long": loads(" " * (MAX_RECORD_BYTES + 1)),
    "containers": loads("[" + "{}," * MAX_CONTAINERS + "{}]"),
    "json_value": loads(""),
    "json_name": loads("{players: 3}"),
    "json_colon": loads('{"players" 3}'),
    "json_comma": loads('{"players": 3 "seed": 1}'),
    "json_string": loads('{"game": "acq'),
    "json_control": loads('{"game": "a\x01"}'),
    "json_escape": loads('{"game": "\\q"}'),
    "json_unicode": loads('{"game": "\\u12"}'),
    "json_extra": loads('{"players": 3} {}'),
    "json_nested": loads("[" * 5_000 + "]" * 5_000),
    "json_huge_number": loads('{"players": ' + "7" * 5_000 + "}"),
    # the record's fields
    "not_object_list": from_json([1, 2]),
    "not_object_text": from_json("acquire"),
    "not_object_null": from_json(None),
    "unknown_field": from_json(base(colour="red")),
    "format": from_json(base(format="chess-record")),
    "version": from_json(base(version=7)),
    "no_version": from_json(without("version")),
    "players": from_json(base(players=99)),
    "players_huge": from_json(base(players=10**30)),
    "start": from_json(base(start=[1, 2])),
    "missing": from_json(without("game")),
    "wrong_type": from_json(base(players="three")),
    "long_game": from_json(base(game="g" * (MAX_NAME_CHARS + 900))),
    "seed": from_json(base(seed=2**70)),
    "options": from_json(base(options={f"o{i}": True for i in range(MAX_OPTIONS + 1)})),
    "option_name": from_json(base(options={1: True})),
    "long_option_name": from_json(base(options={"o" * (MAX_NAME_CHARS + 1): True})),
    "option_value": from_json(base(options={"cards": [1, 2]})),
    "long_named_option_value": from_json(base(options={"o" * 60: {"a": 1, "b": 2}})),
    "long_option_text": from_json(base(options={"cards": "v" * (MAX_NAME_CHARS + 1)})),
    "option_number": from_json(base(options={"cards": -(2**64)})),
    "actions": from_json(base(actions=["0: 5C"] * (MAX_ACTIONS + 1))),
    "action": from_json(base(actions=["chance: draw 1A", 5])),
    "long_action": from_json(base(actions=["0: " + "5" * MAX_ACTION_CHARS])),
    "played_count": from_json(base(played_at=[1.5], played_by=["bot"])),
    "played_at": from_json(base(played_at=[1.5, -3], played_by=["chance", "bot"])),
    "played_by": from_json(base(played_at=[1.5, 2.5], played_by=["chance", "robot"])),
    "seat_count": from_json(base(seats=[{"name": "Ada"}, {"name": "Bob"}])),
    "seat_object": from_json(seat("Ada")),
    "seat_field": from_json(seat({"name": "Ada", "colour": "red"})),
    "seat_name": from_json(seat({"name": 5})),
    "seat_bot": from_json(seat({"name": "Ada", "bot": ["random", "heuristic"]})),
    "long_seat_name": from_json(seat({"name": "Ada" * 1_000})),
    "long_bot_name": from_json(seat({"name": "Ada", "bot": "b" * (MAX_NAME_CHARS + 1)})),
    "seat_settings": from_json(seat({"name": "Ada", "settings": [1, 2]})),
    "seat_setting_value": from_json(seat({"name": "Ada", "settings": {"steadiness": None}})),
    "data": from_json(base(data=[1, 2])),
    "data_entry": from_json(base(data={"board": {"file": "board.toml", "sha": "0"}})),
    "long_data_name": from_json(base(data={"n" * (MAX_NAME_CHARS + 1): GOOD})),
    "long_data_file": from_json(base(data={"board": {**GOOD, "file": "f" * (MAX_ACTION_CHARS + 1)}})),
    "start_depth": from_json(base(start={"board": nested(MAX_START_DEPTH)})),
    "start_size": from_json(base(start={"bag": [0] * (MAX_START_VALUES + 1)})),
    "start_key": from_json(base(start={1: 2})),
    "start_long_key": from_json(base(start={"k" * (MAX_ACTION_CHARS + 1): 2})),
    "start_text": from_json(base(start={"phase": "p" * (MAX_ACTION_CHARS + 1)})),
    "start_number": from_json(base(start={"cash": [1, 2**70]})),
    "start_not_json": from_json(base(start={"cash": (1, 2)})),
    "result_size": from_json(base(result={"scores": [0] * (MAX_START_VALUES + 1)})),
}

SAME_AS_MESSAGE_BUT = {
    "unreadable": ("No such file or directory", "no such file or folder"),
    "seat_object": ('{"name": str, "bot": str or null}', "an object with 'name' (str) and 'bot' (str or null)"),
    "data_entry": ('{"file": text, "sha256": 64 hex digits}',
                   "an object with 'file' (text) and 'sha256' (64 hex digits)"),
}
"""Where the catalogue's English differs from the record module's message, and how: the system's refusal in the
catalogue's words (``os.*``), and no braces (a catalogue's text is a format string). (The cases count 2 or more where
they count: for 1, the catalogue says "a list of 1 item", the message "a list of 1 items".)"""

SYNTAX = {"json", "utf", "null", "true", "false", "person", "bot", "timeout", "chance", "unknown", "name", "file",
          "settings", "sha256", "none", "uxxxx", "ludotheque", "buy", "luxor", *record_module._FIELDS,
          "action", "option", "options", "position", "versions"}
"""Words of the English messages that are the record's own syntax (its fields, its values), or French words too."""


def catalogue_keys(reason: Reason) -> list[str]:
    """The catalogue's keys that say a reason and its parts (every form of a count's text)."""
    from ludotheque.cli.start import RECORD_TEXTS

    texts = RECORD_TEXTS[reason.key]
    keys = list(texts) if isinstance(texts, tuple) else [texts]
    return keys + [key for part in reason.fields.values() if isinstance(part, Reason) for key in catalogue_keys(part)]


def refused(case: str, folder: Path) -> RecordError:
    with pytest.raises(RecordError) as caught:
        CASES[case](folder)
    return caught.value


def words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text.lower()))


def english_words(error: RecordError, case: str, folder: Path) -> set[str]:
    """The words of the English message that are not in the record's input, its file's name or its syntax."""
    source = CASES[case]
    inputs = " ".join(f"{cell.cell_contents!r}"[:10_000] for cell in source.__closure__ or ()).lower()
    inputs += str(folder / "saved.json").lower()
    return {w for w in words(str(error)) - SYNTAX if len(w) > 2 and not w.isdigit() and w not in inputs}


def raise_lines() -> set[int]:
    """The line of every ``raise RecordError(...)`` in the record module."""
    tree = ast.parse(Path(record_module.__file__).read_text(encoding="utf-8"))
    return {node.lineno for node in ast.walk(tree) if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)
            and isinstance(node.exc.func, ast.Name) and node.exc.func.id == "RecordError"}


def test_the_cases_reach_every_refusal_of_the_record_module(tmp_path: Path) -> None:
    reached = set()
    for case in CASES:
        error = refused(case, tmp_path)
        frame = traceback.extract_tb(error.__traceback__)[-1]
        assert frame.filename == record_module.__file__, (case, frame)
        reached.add(frame.lineno)
    assert reached == raise_lines()


@pytest.mark.parametrize("case", CASES)
def test_each_refusal_has_a_reason_said_in_both_languages(tmp_path: Path, case: str) -> None:
    from ludotheque.cli.start import record_reason

    error = refused(case, tmp_path)
    reason = error.reason
    assert reason is not None, f"{case}: {error} has no reason"
    for key in catalogue_keys(reason):
        assert key in UI.messages["en"] and key in UI.messages["fr"], (case, key)
    english, french = record_reason(reason, "en"), record_reason(reason, "fr")
    message = str(error)
    if case in SAME_AS_MESSAGE_BUT:
        written, said = SAME_AS_MESSAGE_BUT[case]
        message = message.replace(written, said)
    assert english == message
    assert french != english
    assert not english_words(error, case, tmp_path) & words(french), french


@pytest.mark.parametrize("case", CASES)
def test_a_french_player_reads_no_english(tmp_path: Path, case: str) -> None:
    """What ``ludo --lang fr replay`` and ``ludo --lang fr play --load`` say of the refused record."""
    error = refused(case, tmp_path)
    french = record_refusal(error, PATH, "fr")
    assert PATH in french
    assert not english_words(error, case, tmp_path) & words(french), french


def test_the_french_sentence_is_the_catalogues_with_its_fields(tmp_path: Path) -> None:
    said = record_refusal(refused("players", tmp_path), PATH, "fr")
    assert said == (f"{PATH} n'est pas une partie enregistrée valable ('players' = 99\u00a0: une partie enregistrée "
                    "compte de 1 à 64 joueurs, et chaque jeu en permet moins)")
    said = record_refusal(refused("actions", tmp_path), PATH, "fr")
    assert "'actions' contient 100\u00a0001 actions\u00a0; une partie enregistrée en contient au plus 100\u00a0000" \
        in said
    said = record_refusal(refused("long_named_option_value", tmp_path), PATH, "fr")
    assert said == (f"{PATH} n'est pas une partie enregistrée valable (l'option '{'o' * 40}'… (60 caractères) = un "
                    "objet de 2 champs\u00a0: une option vaut true, false, un nombre entier ou un texte)")
    said = record_refusal(refused("json_colon", tmp_path), PATH, "fr")
    assert said == f"{PATH} n'est pas du JSON valide (deux-points attendu, ligne 1, colonne 12, caractère 11)"
    said = record_refusal(refused("unreadable", tmp_path), PATH, "fr")
    assert said == f"impossible de lire {PATH}\u00a0: ce fichier ou ce dossier n'existe pas"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("command", ["replay", "play"])
def test_the_command_says_a_field_out_of_range_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                         command: str) -> None:
    path = tmp_path / "saved.json"
    path.write_text(json.dumps(base(players=99)), encoding="utf-8")
    argv = ["replay", str(path)] if command == "replay" else ["play", "--load", str(path)]
    code, _, err = run(capsys, "--lang", "fr", *argv)
    assert code == 2
    assert (f"{path} n'est pas une partie enregistrée valable ('players' = 99\u00a0: une partie enregistrée compte "
            "de 1 à 64 joueurs, et chaque jeu en permet moins)") in err, err
    assert "record" not in err and "allows" not in err, err
    code, _, err = run(capsys, *argv)
    assert code == 2 and "'players' = 99: a record is for 1 to 64 players (and each game allows fewer)" in err, err


def test_a_malformed_record_in_a_tournament_is_said_in_french(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "t"
    assert run(capsys, "tournament", "gracias", "--bots", "heuristic,random,random", "--games", "3",
               "--out", str(folder))[0] == 0
    game0 = folder / "games" / "000000.json"
    game0.write_text(json.dumps({**json.loads(game0.read_text(encoding="utf-8")), "players": 99}), encoding="utf-8")
    code, _, err = run(capsys, "--lang", "fr", "tournament", "--resume", str(folder))
    assert code == 2 and "n'est pas la partie numéro 0 de ce tournoi ('players' = 99\u00a0: une partie enregistrée " \
        "compte de 1 à 64 joueurs, et chaque jeu en permet moins)" in err, err
    code, _, err = run(capsys, "tournament", "--resume", str(folder))
    assert code == 2 and "is not game number 0 of this tournament ('players' = 99: a record is for 1 to 64 players " \
        "(and each game allows fewer))" in err, err
    # a file that is not a record at all is named once, as ``ludo replay`` names it
    game0.write_bytes(b"\xff\xfe not text")
    code, _, err = run(capsys, "--lang", "fr", "tournament", "--resume", str(folder))
    assert code == 2 and err.count("000000.json") == 1, err
    assert "n'est pas un fichier texte en UTF-8\u00a0; une partie enregistrée est du texte JSON\u00a0; supprimez-le " \
        "pour que la partie numéro 0 de ce tournoi soit rejouée" in err, err
    code, _, err = run(capsys, "tournament", "--resume", str(folder))
    assert code == 2 and err.count("000000.json") == 1, err
    assert "is not a text file in UTF-8; a saved game is JSON text; remove it to have game number 0 of this " \
        "tournament played again" in err, err


def replayed_records() -> dict[str, dict[str, Any]]:
    """Well-formed records a game refuses to replay (``engine/match.py``), by the reason each should give."""
    from ludotheque.engine.game import get_game
    from ludotheque.engine.match import Match

    a_vendre = Match(get_game("a-vendre"), 3).to_record().to_json()
    stack = Match(get_game("stack-market"), 3)
    steadier = [{**seat, "settings": {"steadiness": 900}} for seat in stack.to_record().to_json()["seats"]]
    gracias = Match(get_game("gracias"), 3)
    start = gracias.state.to_json()
    record = gracias.to_record().to_json()
    other = Match(get_game("gracias"), 3, {"packets": "many"}).state.to_json()  # the variant (« Variante »)
    return {
        "rules_version": {**record, "rules": "0.9"},
        "data_unknown": {**a_vendre, "data": {**a_vendre["data"], "decor": {"file": "d.toml", "sha256": "0" * 64}}},
        "data_changed": {**a_vendre, "data": {**a_vendre["data"],
                                              "board": {**a_vendre["data"]["board"], "sha256": "0" * 64}}},
        "start_players": {**record, "players": 4, "seats": [*record["seats"], {"name": "P4", "bot": None}],
                          "start": start},
        "start_options": {**record, "start": other},
        "start_settings": {**stack.to_record().to_json(), "seats": steadier, "start": stack.state.to_json()},
    }


@pytest.mark.parametrize("case", sorted(replayed_records()))
def test_a_record_the_game_will_not_replay_is_said_in_french(case: str) -> None:
    """The game's own checks of a record it replays (rules version, data files, a start position that is not the
    record's) carry a reason too: ``ludo --lang fr replay`` says them in French."""
    from ludotheque.cli.start import RECORD_TEXTS, match_from_record, record_reason
    from ludotheque.engine import LudoError
    from ludotheque.engine.match import Match

    record = GameRecord.from_json(replayed_records()[case])
    with pytest.raises(RecordError) as refused_by:
        Match.from_record(record)
    reason = refused_by.value.reason
    assert reason is not None and reason.key == case and case in RECORD_TEXTS, refused_by.value
    assert record_reason(reason, "en") == str(refused_by.value)
    with pytest.raises(LudoError) as said:
        match_from_record(record, PATH, "fr")
    french = str(said.value)
    if "game" in reason.fields:  # named by its title, as the player knows it, not by its id
        from ludotheque.engine.game import get_game

        reason = Reason(reason.key, {**reason.fields, "game": get_game(record.game).info.title("fr")})
        assert f" {record.game} " not in french, french
    assert french.startswith(f"{PATH} n'est pas une partie enregistrée valable (") and record_reason(reason, "fr") \
        in french, french
    assert not {"the", "record", "played", "has", "file", "differ"} & words(french), french


@pytest.mark.parametrize(("data", "en", "fr"), [
    (base(seats=[{"name": "A", "bot": None}]), "'seats' lists 1 seat but 'players' is 3",
     "'seats' compte 1 place, mais 'players' vaut 3"),
    (base(actions=["chance: draw 1A"], played_at=[], played_by=[]), "there is 1 action, one entry each",
     "il y a 1 action"),
    (base(options={"cards": [1]}), "= a list of 1 item:", "= une liste de 1 élément"),
    (base(options={"cards": {"a": 1}}), "= an object of 1 field:", "= un objet de 1 champ"),
    ([], "not a list of 0 items", "pas une liste de 0 élément"),
])
def test_a_count_of_one_is_said_in_the_singular(data: Any, en: str, fr: str) -> None:
    """The texts that agree with their count take the singular for 1 in English, and for 0 and 1 in French."""
    with pytest.raises(RecordError) as caught:
        GameRecord.from_json(data)
    said = {lang: record_refusal(caught.value, PATH, lang) for lang in ("en", "fr")}
    assert en in said["en"] and fr in said["fr"], said


@pytest.mark.parametrize(("change", "en", "fr"), [
    ({"options": {"foo": 1}}, "“foo” in options is not a setting of Stack Market; the settings there are rounds and "
     "removed_dice",
     "«\u00a0foo\u00a0» dans options n'est pas un réglage de Stack Market\u00a0; les réglages possibles y sont rounds "
     "et removed_dice"),
    ({"seat0": {"foo": 1}}, "“foo” in seats[0].settings is not a setting of Stack Market",
     "«\u00a0foo\u00a0» dans seats[0].settings n'est pas un réglage de Stack Market"),
    ({"options": {"rounds": "x"}}, 'rounds is "x" in options, but it must be 1, 2 or 3',
     'rounds vaut "x" dans options, mais il faut 1, 2 ou 3'),
])
def test_a_setting_the_game_does_not_have_or_take_is_said_where_it_is(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], change: dict[str, Any], en: str, fr: str) -> None:
    """A hand-edited record's game option or seat setting that the game refuses: where it is in the record and what
    the game takes, in the player's language (the game's own refusal is English)."""
    from ludotheque.engine.game import get_game
    from ludotheque.engine.match import Match

    data = Match(get_game("stack-market"), 3).to_record().to_json()
    if "seat0" in change:
        data["seats"][0]["settings"] = {**data["seats"][0]["settings"], **change["seat0"]}
    else:
        data["options"] = {**data["options"], **change["options"]}
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2 and f"{path}: {en}" in err, err
    code, _, err = run(capsys, "--lang", "fr", "replay", str(path))
    assert code == 2 and f"{path}\u00a0: {fr}" in err, err


def test_a_record_for_one_player_of_a_game_for_more_says_so_in_the_singular(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "alone.json"
    path.write_text(json.dumps(base(players=1, seats=[{"name": "A", "bot": None}])), encoding="utf-8")
    assert f"{path} is a game for 1 player, but Acquire is for 2 to 6 players" in run(capsys, "replay", str(path))[2]
    assert f"{path} est une partie à 1 joueur, mais Grand Hôtel se joue de 2 à 6 joueurs" in \
        run(capsys, "--lang", "fr", "replay", str(path))[2]


@pytest.mark.parametrize(("bot", "en", "fr"), [
    ("nobot", "seats[1].bot is “nobot”, but Stack Market has no bot of that name; its bots are easy, expert",
     "seats[1].bot vaut «\u00a0nobot\u00a0», mais Stack Market n'a pas de bot de ce nom\u00a0; ses bots sont easy, "
     "expert"),
    ("mcts:iterations=-4", "seats[1].bot: bot “mcts:iterations=-4”: iterations must be above 0, not “-4”",
     "seats[1].bot\u00a0: bot «\u00a0mcts:iterations=-4\u00a0»\u00a0: iterations doit être plus grand que 0, pas "
     "«\u00a0-4\u00a0»"),
])
def test_a_seat_bot_the_game_does_not_have_is_refused_before_play(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], bot: str, en: str, fr: str) -> None:
    """A hand-edited record's seat bot that the game does not have (or whose parameters it refuses): refused when
    the game is loaded to be played, where it is in the record and what the game has, in the player's language."""
    from ludotheque.engine.game import get_game
    from ludotheque.engine.match import Match
    from ludotheque.engine.record import SeatConfig

    seats = [SeatConfig("Ada", None, {}), SeatConfig("Bot 1", "heuristic", {}), SeatConfig("Bot 2", "random", {})]
    data = Match(get_game("stack-market"), 3, seats=seats).to_record().to_json()
    data["seats"][1]["bot"] = bot
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(capsys, "play", "--load", str(path))
    assert code == 2 and f"{path}: {en}" in err, err
    code, _, err = run(capsys, "--lang", "fr", "play", "--load", str(path))
    assert code == 2 and f"{path}\u00a0: {fr}" in err, err
